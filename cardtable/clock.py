"""The clock that work budgets read.

Drawing, thinking and measuring a little each frame stop when their budget of seconds is spent. In
the program that is the real clock. Tests put a counting clock in its place (`use(Counting())`), so
how much work fits in a budget follows from the work alone, never from how fast or how busy the
machine is. Measurements that are only reported (how long a strip took) read the real clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]

_clock: Clock = time.perf_counter


def now() -> float:
    """Seconds, on the clock budgets read."""
    return _clock()


def use(clock: Clock) -> Clock:
    """Make `clock` the one budgets read; the one it replaces."""
    global _clock
    previous, _clock = _clock, clock
    return previous


class Counting:
    """A clock that moves on `tick` seconds each time it is read: a budget of b seconds lasts
    b / tick readings, whatever the machine does meanwhile."""

    def __init__(self, tick: float = 0.001) -> None:
        self.tick = tick
        self.seconds = 0.0

    def __call__(self) -> float:
        self.seconds += self.tick
        return self.seconds
