"""The odds a game's author printed, read as numbers: "40.130 to 1", "1,651 to 1", "5 in 52",
"16.999 decillion to 1" (short-scale names), so they can stand beside the true figures."""

from __future__ import annotations

import re

SCALE = {
    "thousand": 3,
    "million": 6,
    "billion": 9,
    "trillion": 12,
    "quadrillion": 15,
    "quintillion": 18,
    "sextillion": 21,
    "septillion": 24,
    "octillion": 27,
    "nonillion": 30,
    "decillion": 33,
    "undecillion": 36,
    "duodecillion": 39,
}
_IN = re.compile(r"^\s*([\d,]+)\s*in\s*([\d,]+)\s*$", re.IGNORECASE)
_ODDS = re.compile(r"^\s*([\d,]*\.?\d+)\s*([a-z]+)?\s*to\s*1\s*$", re.IGNORECASE)


def parse_against(text: str) -> float | None:
    """The odds against as a number ("2.5 million to 1" -> 2500000.0), None if unreadable."""
    m = _IN.match(text or "")
    if m:  # "123,552 in 2,598,960": a count of hands out of all of them
        k, n = (int(g.replace(",", "")) for g in m.groups())
        return (n - k) / k if k else None
    m = _ODDS.match(text or "")
    if not m:
        return None
    number = float(m.group(1).replace(",", ""))
    word = (m.group(2) or "").lower()
    if word and word not in SCALE:
        return None
    return number * 10.0 ** SCALE.get(word, 0)


def short(x: float | None) -> str:
    """A figure of odds against, short: '40.1', '1,651', '2.65 million', '1.95e+30'."""
    if x is None:
        return "never seen"
    if x < 100:
        return f"{x:.2f}" if x < 10 else f"{x:.1f}"
    if x < 1e6:
        return f"{x:,.0f}"
    for name, power in sorted(SCALE.items(), key=lambda kv: -kv[1]):
        if power >= 6 and x >= 10.0**power:
            return f"{x / 10.0**power:.3g} {name}"
    return f"{x:.3g}"
