"""A progress bar for long commands, on standard error, with the time left.

`Bar(label)` is called as `bar(done, total)` by the work (the callback shape the counting and
simulating code take); it draws nothing for runs shorter than a moment. On a terminal it redraws
one line at most ten times a second and `bar.close()` wipes it; into a file or a pipe (a log) it
writes a whole line every ten seconds instead, never a carriage return. Standard output stays
clean for `--json`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

WIDTH = 30
LOG_EVERY = 10.0  # seconds between lines when the output is not a terminal


def left(seconds: float) -> str:
    """'12 s', '3 min 05 s', '2 h 10 min': a short estimate of the time left."""
    s = int(seconds + 0.5)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def line(label: str, done: int, total: int, elapsed: float) -> str:
    """One drawn line: 'game 1,234/2,938 [####......]  42.0%  about 3 min 05 s left'."""
    frac = min(1.0, done / total) if total else 1.0
    filled = int(frac * WIDTH)
    text = f"{done:,}/{total:,} [{'#' * filled}{'.' * (WIDTH - filled)}] {frac:6.1%}"
    if 0 < done < total and elapsed > 0:
        text += f"  about {left(elapsed * (total - done) / done)} left"
    return f"{label} {text}" if label else text


class Bar:
    """Call it with (done, total); close() when the work ends (also on failure)."""

    def __init__(
        self,
        label: str = "",
        out: TextIO | None = None,
        delay: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.out = out if out is not None else sys.stderr
        self.delay = delay
        self.clock = clock
        self.start = clock()
        self.last = 0.0
        self.width = 0
        isatty = getattr(self.out, "isatty", None)
        self.terminal = bool(isatty and isatty())

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        every = 0.1 if self.terminal else LOG_EVERY
        if now - self.start < self.delay or (now - self.last < every and done < total) or not total:
            return
        self.last = now
        text = line(self.label, done, total, now - self.start)
        if not self.terminal:
            self.out.write(text + "\n")
            self.out.flush()
            return
        pad = " " * max(0, self.width - len(text))
        self.width = len(text)
        self.out.write(f"\r{text}{pad}")
        self.out.flush()

    def close(self) -> None:
        if self.width:
            self.out.write("\r" + " " * self.width + "\r")
            self.out.flush()
            self.width = 0

    def __enter__(self) -> Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
