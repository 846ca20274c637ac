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


def frame_stats(samples: Sequence[float], cpu: Sequence[float] = ()) -> dict[str, float]:
    """p50, p95 and max of frame times in seconds, in milliseconds (the DESIGN's key names); with
    `cpu`, the same of the process's CPU time per frame (what the frame cost, without the time
    other programs on a shared machine took the processor)."""
    out = {"frame_ms_median": 0.0, "frame_ms_p95": 0.0, "frame_ms_max": 0.0}
    if samples:
        med, p95 = median_p95_ms(samples)
        out = {"frame_ms_median": med, "frame_ms_p95": p95, "frame_ms_max": round(max(samples) * 1000, 3)}
    if cpu:
        med, p95 = median_p95_ms(cpu)
        out |= {"cpu_ms_median": med, "cpu_ms_p95": p95, "cpu_ms_max": round(max(cpu) * 1000, 3)}
    return out


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


def peak_rss_mb() -> float:
    """The most this process has ever been resident, in MB: the kernel's high-water mark (VmHWM,
    the same as getrusage's ru_maxrss), so no peak between samples is missed."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


class RssSampler:
    """Resident memory sampled through a run (at most every `every` seconds when asked), beside
    the kernel's peak: what the program holds at each moment, not only at the end."""

    def __init__(self, every: float = 0.05) -> None:
        self.every = every
        self.samples = 0
        self.max_mb = 0.0
        self._last = 0.0

    def sample(self, force: bool = False) -> None:
        now = time.perf_counter()
        if force or now - self._last >= self.every:
            self._last = now
            self.samples += 1
            self.max_mb = max(self.max_mb, rss_mb())

    def as_dict(self) -> dict[str, float | int]:
        self.sample(force=True)
        return {
            "rss_peak_mb": peak_rss_mb(),
            "rss_sampled_max_mb": self.max_mb,
            "rss_end_mb": rss_mb(),
            "rss_samples": self.samples,
        }


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
