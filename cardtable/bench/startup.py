"""Start-up: seconds from launching a fresh interpreter to the first frame of the menu, and of a
deck's browser (the best of three runs each: the first run also warms the disk cache)."""

from __future__ import annotations

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
    return {
        "startup_s": min(first_frame_s("menu") for _ in range(tries)),
        "first_deck_frame_s": min(first_frame_s(variant) for _ in range(tries)),
    }
