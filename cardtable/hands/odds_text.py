"""One way to print a probability for people: "4.8%" from one in a hundred up, "1 in 20.9" or
"1 in 37,900" below, "about 1 in 5.2 billion" past a billion (number words up to decillion,
then "1 in 1.7e+40"). `column` prints a list of them with the same number of significant
figures, the fewest with which different values never print alike."""

from __future__ import annotations

import math
from collections.abc import Sequence

WORDS = (
    (1e33, "decillion"),
    (1e30, "nonillion"),
    (1e27, "octillion"),
    (1e24, "septillion"),
    (1e21, "sextillion"),
    (1e18, "quintillion"),
    (1e15, "quadrillion"),
    (1e12, "trillion"),
    (1e9, "billion"),
)
LEAST = 2  # significant figures: never fewer (a column of one value reads "4.8%", not "5%")
MOST = 17  # past this a float has no more to tell


def _figures(x: float, digits: int) -> str:
    """x to `digits` significant figures, grouped by thousands, no trailing zeros after a point."""
    if x == 0:
        return "0"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(x))))
    text = f"{round(x, decimals):,.{decimals}f}"
    if decimals:  # a whole number stays whole; 20.90 reads 20.9
        text = text.rstrip("0").rstrip(".")
    if decimals == 0 and digits < len(str(int(abs(x)))):  # 37,905 to three figures: 37,900
        magnitude = 10 ** (math.floor(math.log10(abs(x))) - digits + 1)
        text = f"{round(x / magnitude) * magnitude:,.0f}"
    return text


def chance(p: float, digits: int = 3) -> str:
    """A probability in words, to `digits` significant figures."""
    if p <= 0:
        return "never"
    if p >= 1:
        return "always"
    if p >= 0.01:
        text = _figures(p * 100, digits)
        while text == "100" and digits < MOST:  # not every hand: never rounded up to all of them
            digits += 1
            text = _figures(p * 100, digits)
        return f"{text}%"
    n = 1 / p
    for scale, word in WORDS:
        if n >= scale:
            if n >= 1000 * WORDS[0][0]:
                return f"about 1 in {n:.{digits - 1}e}"
            return f"about 1 in {_figures(n / scale, digits)} {word}"
    return f"1 in {_figures(n, digits)}"


def column(ps: Sequence[float], least: int = LEAST) -> list[str]:
    """The probabilities printed alike in precision: the fewest significant figures (at least
    `least`) with which no two different values print the same."""
    distinct = sorted(set(ps))
    for digits in range(least, MOST + 1):
        seen: dict[str, float] = {}
        if all(seen.setdefault(chance(p, digits), p) == p for p in distinct):
            return [chance(p, digits) for p in ps]
    return [chance(p, MOST) for p in ps]


def many(n: int) -> str:
    """A count for people: '2,598,960', or 'about 17 decillion' past a billion."""
    for scale, word in WORDS:
        if n >= scale and n < 1000 * WORDS[0][0]:
            return f"about {_figures(n / scale, 2)} {word}"
    return f"{n:,}" if n < 1e9 else f"about {n:.1e}"
