"""The odds a game's author published (`published:` on a category), read as a probability so
they can stand beside the measured ones: "147 in 1,906,884", "40.130 to 1" (odds against, with
number words up to decillion), "0.0077%" or a plain probability "0.000077"."""

from __future__ import annotations

import math
import re

SCALE = {
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
    "quadrillion": 1e15,
    "quintillion": 1e18,
    "sextillion": 1e21,
    "septillion": 1e24,
    "octillion": 1e27,
    "nonillion": 1e30,
    "decillion": 1e33,
}
_NUMBER = r"([\d,]*\.?\d+)\s*([a-z]+)?"


def _number(digits: str, word: str | None) -> float | None:
    try:
        x = float(digits.replace(",", ""))
    except ValueError:
        return None
    if word:
        if word not in SCALE:
            return None
        x *= SCALE[word]
    return x


def probability(text: str) -> float | None:
    """The published figure as a probability, or None when it is not in a form understood."""
    t = text.strip().lower()
    m = re.fullmatch(_NUMBER + r"\s+in\s+" + _NUMBER, t)
    if m:
        a, b = _number(m[1], m[2]), _number(m[3], m[4])
        return a / b if a is not None and b else None
    m = re.fullmatch(_NUMBER + r"\s+to\s+1", t)
    if m:
        a = _number(m[1], m[2])
        return 1 / (a + 1) if a is not None else None
    m = re.fullmatch(r"([\d.]+)\s*%", t)
    if m:
        return float(m[1]) / 100
    m = re.fullmatch(r"0?\.\d+|1(\.0*)?|0", t)
    return float(t) if m else None


def rounded(p: float) -> str:
    """A measured share for a screen, to three significant figures ('36.0%', '0.922%'), then
    '1 in 12,988' below 0.01%: a sample's figure, not more precise than it is."""
    if p <= 0:
        return "0%"
    if p < 1e-4:
        return _one_in(p)
    decimals = max(0, 2 - math.floor(math.log10(p * 100)))
    return f"{p:.{decimals}%}"


def share(p: float) -> str:
    """A probability for people: '4.7534%' down to 0.01%, then '1 in 12,988', then '1 in 1.7e+34'."""
    if p <= 0:
        return "0"
    return f"{p:.4%}" if p >= 1e-4 else _one_in(p)


def _one_in(p: float) -> str:
    """'1 in 12,988', or '1 in 1.7e+34' when the number is past reading digit by digit."""
    return f"1 in {1 / p:,.0f}" if p >= 1e-12 else f"1 in {1 / p:.2g}"
