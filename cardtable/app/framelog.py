"""The window's frames, logged for measuring the program from outside (CARDTABLE_FRAME_LOG).

With the environment variable CARDTABLE_FRAME_LOG set to a file, the program's loop writes one
tab-separated line per frame: when it began (seconds since the epoch, to line it up with what an
outside tour did), its wall-clock milliseconds from the events to the flip (and the collection a
new screen settles with), the process's CPU milliseconds in that time, the scene's name and the
visible card slots the frame left undrawn (the deck browser's; 0 elsewhere). `cardtable bench`
measures the same things headless; this is how a person's own window at its own size says them.
Without the variable nothing is measured or written.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

VARIABLE = "CARDTABLE_FRAME_LOG"
HEADER = "start\twall_ms\tcpu_ms\tscene\tblank\n"


class FrameLog:
    """Times frames (`begin` ... `end`) and writes a line for each."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.out.write(HEADER)
        self._start = self._wall = self._cpu = 0.0

    def begin(self) -> None:
        self._start, self._wall, self._cpu = time.time(), time.perf_counter(), time.process_time()

    def end(self, scene: str, blank: int) -> None:
        wall = (time.perf_counter() - self._wall) * 1000
        cpu = (time.process_time() - self._cpu) * 1000
        self.out.write(f"{self._start:.6f}\t{wall:.3f}\t{cpu:.3f}\t{scene}\t{blank}\n")

    def close(self) -> None:
        self.out.close()


def open_log() -> FrameLog | None:
    """The frame log the environment asks for, or None; a file that cannot be written is one
    line on standard error, and the program runs without it."""
    path = os.environ.get(VARIABLE)
    if not path:
        return None
    try:
        out = open(path, "w", encoding="utf-8", buffering=1)  # noqa: SIM115 (closed by FrameLog.close); a line a frame: kept if killed
    except OSError as exc:
        print(f"cardtable: {VARIABLE}: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return None
    return FrameLog(out)
