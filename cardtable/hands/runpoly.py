"""Counting card sets whose values hold no run: the transfer matrix along an ordered attribute.

Along one sequence of a run (hands/rules.py `Sequence_`), walk the positions low to high keeping
how long the span of present values is; a set "fails" while no span reaches the run's
length. Each present value is weighed by the ways to choose at least one of its cards, so the
result counts card sets, not value sets. A value that takes two positions too far apart to meet
in one run (an ace that may count low) is decided once, outside the walk; a sequence that wraps also keeps the span it began with.
"""

from __future__ import annotations

import itertools

from .polys import Poly, add, mul
from .rules import Sequence_


def countable(seq: Sequence_, n: int) -> bool:
    """Whether run_fail can count runs of n along this sequence: no two values share a position,
    and no value's two positions fit in one run (which would need two cards of that value)."""
    seen: set[int] = set()
    for ps in seq.positions.values():
        if seen & set(ps):
            return False
        seen |= set(ps)
        for p, q in itertools.combinations(ps, 2):
            gap = abs(p - q)
            if (min(gap, seq.length - gap) if seq.wrap else gap) < n:
                return False
    return True


def run_fail(seq: Sequence_, weight: dict[int, Poly], n: int, top: int) -> Poly | None:
    """Sum over the sets S of the sequence's values holding no run of n positions of the
    product of weight[v] for v in S (a value missing from `weight` is never present). None when
    two values share a position (not counted here)."""
    if not countable(seq, n):
        return None
    at = {p: v for v, ps in seq.positions.items() for p in ps}
    zero = [0] * (top + 1)
    one = [1] + [0] * top
    if n > seq.length or n < 1:  # no run can form: every set fails
        out = one
        for w in weight.values():
            out = mul(out, add(one, w), top)
        return out if n >= 1 else zero
    multi = sorted(v for v, ps in seq.positions.items() if len(ps) > 1 and v in weight)
    total = zero
    for forced in itertools.product((False, True), repeat=len(multi)):
        fixed = dict(zip(multi, forced))
        factor = one
        for v, on in fixed.items():
            if on:
                factor = mul(factor, weight[v], top)
        total = add(total, mul(factor, _walk(seq, at, weight, fixed, n, top), top))
    return total


def _walk(
    seq: Sequence_, at: dict[int, int], weight: dict[int, Poly], fixed: dict[int, bool], n: int, top: int
) -> Poly:
    # state: (the first span's length, whether it is still growing, the current span)
    one = [1] + [0] * top
    states: dict[tuple[int, bool, int], Poly] = {(0, True, 0): one}
    for p in range(seq.length):
        v = at.get(p)
        nxt: dict[tuple[int, bool, int], Poly] = {}
        for (pre, growing, cur), poly in states.items():
            on_ok = v is not None and fixed.get(v, v in weight)
            off_ok = v is None or not fixed.get(v, False)
            if off_ok:
                _put(nxt, (pre, False, 0), poly)
            if on_ok and v is not None and cur + 1 < n:
                w = poly if v in fixed else mul(poly, weight[v], top)
                _put(nxt, (min(pre + 1, n) if growing else pre, growing, cur + 1), w)
        states = nxt
    out = [0] * (top + 1)
    for (pre, growing, cur), poly in states.items():
        if growing or not seq.wrap or pre + cur < n:
            out = add(out, poly)
    return out


def _put(states: dict[tuple[int, bool, int], Poly], key: tuple[int, bool, int], poly: Poly) -> None:
    states[key] = add(states[key], poly) if key in states else poly
