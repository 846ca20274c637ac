"""Start-up: seconds from launching a fresh interpreter to the first frame of the menu, and of a
deck's browser: the median of repeated runs (not the best: a regression must show)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def first_frame_s(what: str) -> float:
    """Seconds from a fresh interpreter to its first frame: "menu", or a variant id or path."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "cardtable.bench.first_frame", what], check=True, capture_output=True
    )
    return round(time.perf_counter() - start, 3)


def run(variant: str, tries: int = 3) -> dict[str, float]:
    first_frame_s("menu")  # once to warm the disk cache, not counted
    menu = [first_frame_s("menu") for _ in range(tries)]
    deck = [first_frame_s(variant) for _ in range(tries)]
    return {
        "startup_s": round(statistics.median(menu), 3),
        "startup_s_max": max(menu),
        "first_deck_frame_s": round(statistics.median(deck), 3),
        "first_deck_frame_s_max": max(deck),
    }
