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
    """Median seconds of `repeats` runs of one short match of each game, and the ratio to the
    standard deck's game."""
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
        out["games"][vid] = {
            "seconds": round(statistics.median(runs), 3),
            "completed": report.get("completed"),
            "average_hands": report.get("average_hands"),
        }
    base = out["games"].get(standard or "", {}).get("seconds")
    for row in out["games"].values():
        row["relative_to_standard"] = round(row["seconds"] / base, 2) if base else None
    out["standard_variant"] = standard
    return out
