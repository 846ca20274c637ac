"""Truncated polynomials with big-integer coefficients, for exact counting.

A polynomial is a list of coefficients, lowest degree first; every operation keeps the degrees up
to a bound (the hand size), since a hand never holds more cards than that. The coefficient of x^j
is a number of ways to choose j cards.
"""

from __future__ import annotations

import math

Poly = list[int]


def binom(n: int, top: int) -> Poly:
    """(1 + x)^n: the ways to choose j of n cards."""
    return [math.comb(n, j) for j in range(top + 1)]


def some(n: int, top: int) -> Poly:
    """(1 + x)^n - 1: the ways to choose at least one of n cards."""
    p = binom(n, top)
    p[0] -= 1
    return p


def below(n: int, k: int, top: int) -> Poly:
    """The ways to choose fewer than k of n cards."""
    return [math.comb(n, j) if j < k else 0 for j in range(top + 1)]


def mul(a: Poly, b: Poly, top: int) -> Poly:
    out = [0] * (top + 1)
    for i, x in enumerate(a[: top + 1]):
        if x:
            for j, y in enumerate(b[: top + 1 - i]):
                out[i + j] += x * y
    return out


def add(a: Poly, b: Poly) -> Poly:
    return [x + y for x, y in zip(a, b)]


def sub(a: Poly, b: Poly) -> Poly:
    return [x - y for x, y in zip(a, b)]


def power(a: Poly, n: int, top: int) -> Poly:
    out = [1] + [0] * top
    while n:
        if n & 1:
            out = mul(out, a, top)
        n >>= 1
        if n:
            a = mul(a, a, top)
    return out
