"""Work done a step at a time: a generator that yields between steps (so a window can spread it
over frames) and returns what it makes."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")


def finish(steps: Generator[None, None, T]) -> T:
    """What the work makes, its remaining steps taken now."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value
