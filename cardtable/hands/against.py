"""Odds against ("n to 1"), the way the seeds print them: the published figure read as a number
(published.py reads every printed form as a probability) and a short form for tables."""

from __future__ import annotations

from .published import SCALE, probability


def parse_against(text: str) -> float | None:
    """The published odds as odds against ("40.130 to 1" -> 40.13), None if unreadable."""
    p = probability(text or "")
    if p is None or p <= 0:
        return None
    return (1 - p) / p


def short(x: float | None) -> str:
    """Odds against, short: '4.84', '40.1', '1,651', '2.65 million', '17 decillion'."""
    if x is None:
        return "never seen"
    if x < 100:
        return f"{x:.2f}" if x < 10 else f"{x:.1f}"
    if x < 1e6:
        return f"{x:,.0f}"
    for name, scale in sorted(SCALE.items(), key=lambda kv: -kv[1]):
        if scale >= 1e6 and x >= scale:
            return f"{x / scale:.3g} {name}"
    return f"{x:.3g}"
