"""Self-play speed: seconds for computer players to play short matches of every game (each match
capped at a few hands where the game has a hand limit), the median of repeated runs, and each
game's time relative to the standard deck's in the same run (so machines of different speeds
compare)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..variant import Variant

HANDS = 3  # hands per match, where the game has a hand limit


def seconds(variant: Variant, games: int) -> tuple[float, dict[str, Any]]:
    from ..commands.simulate import simulate

    start = time.perf_counter()
    report = simulate(variant, games, max(2, variant.min_players), 0, HANDS, False)
    return time.perf_counter() - start, report


def run(
    variants: Mapping[str, Variant],
    standard: str | None,
    progress: Callable[[str], None],
    quick: bool = False,
) -> dict[str, Any]:
    """Median seconds of `repeats` runs of one short match of each game, per hand, and the ratio
    to the standard deck's game per hand."""
    repeats = 1 if quick else 3
    out: dict[str, Any] = {"hands_per_match": HANDS, "repeats": repeats, "games": {}}
    for vid in sorted(variants):
        if "phases" not in variants[vid].sections:
            continue
        progress(f"simulating {vid}")
        runs: list[float] = []
        report: dict[str, Any] = {}
        for _ in range(repeats):
            took, report = seconds(variants[vid], 1)
            runs.append(took)
        took = statistics.median(runs)
        hands = report.get("average_hands") or 1
        out["games"][vid] = {
            "seconds": round(took, 3),
            "completed": report.get("completed"),
            "average_hands": report.get("average_hands"),
            "seconds_per_hand": round(took / hands, 4),
        }
    # Per hand: a match may end before its hands are up (a player out of chips).
    base = out["games"].get(standard or "", {}).get("seconds_per_hand")
    for row in out["games"].values():
        row["relative_to_standard"] = round(row["seconds_per_hand"] / base, 2) if base else None
    out["standard_variant"] = standard
    return out
