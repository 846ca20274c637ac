"""Small measuring helpers shared by the bench modules."""

from __future__ import annotations

import itertools
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def median_p95_ms(samples: Sequence[float]) -> tuple[float, float]:
    """The median and 95th percentile of samples in seconds, in milliseconds."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return round(statistics.median(ordered) * 1000, 3), round(p95 * 1000, 3)


def rate(fn: Callable[[], Any], budget: float = 0.6, least: int = 20) -> float:
    """Calls per second of fn over about `budget` seconds (and at least `least` calls)."""
    n, start = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - start
        if n >= least and elapsed >= budget:
            return n / elapsed


def rate_over(items: Sequence[T], fn: Callable[[T], Any]) -> float:
    """Calls per second of fn, cycling through the prepared inputs."""
    cyc = itertools.cycle(items)
    return rate(lambda: fn(next(cyc)))


def rss_mb() -> float:
    """Resident memory of this process, in MB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)
