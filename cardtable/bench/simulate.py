"""Self-play speed: seconds for computer players to play a few short matches of every game (each
match capped at a few hands where the game has a hand limit), the median of repeated runs, and
each game's time per hand relative to the standard deck's in the same run (so machines of
different speeds compare).

Every run starts cold: what the evaluator learnt in the run before (remembered set checks,
bucket counts) is forgotten, since the runs replay the very same hands; only the lookup table a
small deck gets once per machine is kept, read (or built) before the clock starts. Times are
CPU seconds of this process (what the match costs whatever else the machine runs) and wall
seconds; the ratios are of CPU seconds per hand."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..variant import Variant

HANDS = 3  # hands per match, where the game has a hand limit
MATCHES = 4  # matches per run (seeds 0, 1...): one match of one game can be a single folded hand


def _cold(variant: Variant) -> None:
    """Forget what the evaluator learnt about the variant's hands, but its lookup table."""
    from ..hands.api import ranker
    from ..hands.rules import Rules

    rules = variant.sections.get("hands")
    if not isinstance(rules, Rules):
        return
    table = rules.memo.get("table")
    rules.memo.clear()
    if table is not None:
        rules.memo["table"] = table
    ranker(rules)  # the lookup table, where the deck is small enough: read or built off the clock


def seconds(variant: Variant, games: int) -> tuple[float, float, dict[str, Any]]:
    """(CPU seconds, wall seconds, the simulate report) of `games` matches from a cold start."""
    from ..commands.simulate import simulate

    _cold(variant)
    wall, cpu = time.perf_counter(), time.process_time()
    report = simulate(variant, games, max(2, variant.min_players), 0, HANDS, False)
    return time.process_time() - cpu, time.perf_counter() - wall, report


def run(
    variants: Mapping[str, Variant],
    standard: str | None,
    progress: Callable[[str], None],
    quick: bool = False,
) -> dict[str, Any]:
    """Median seconds of `repeats` runs of a few short matches of each game, per hand, and the
    ratio to the standard deck's game per hand (CPU time)."""
    repeats = 1 if quick else 3
    matches = 2 if quick else MATCHES
    out: dict[str, Any] = {"hands_per_match": HANDS, "matches": matches, "repeats": repeats, "games": {}}
    for vid in sorted(variants):
        if "phases" not in variants[vid].sections:
            continue
        progress(f"simulating {vid}")
        cpus: list[float] = []
        walls: list[float] = []
        report: dict[str, Any] = {}
        for _ in range(repeats):
            cpu, wall, report = seconds(variants[vid], matches)
            cpus.append(cpu)
            walls.append(wall)
        cpu, wall = statistics.median(cpus), statistics.median(walls)
        hands = (report.get("average_hands") or 1) * matches
        out["games"][vid] = {
            "seconds": round(wall, 3),
            "cpu_seconds": round(cpu, 3),
            "completed": report.get("completed"),
            "average_hands": report.get("average_hands"),
            "seconds_per_hand": round(wall / hands, 4),
            "cpu_seconds_per_hand": round(cpu / hands, 4),
        }
    # Per hand: a match may end before its hands are up (a player out of chips).
    base = out["games"].get(standard or "", {}).get("cpu_seconds_per_hand")
    for row in out["games"].values():
        row["relative_to_standard"] = round(row["cpu_seconds_per_hand"] / base, 2) if base else None
    out["standard_variant"] = standard
    return out
