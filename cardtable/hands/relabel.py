"""Relabellings that never change a hand's category, for exact counting (counting.py): values of
an attribute no part names are interchangeable, and on a circle no part names a rotation or
mirror image changes nothing either."""

from __future__ import annotations

from . import conditions
from .rules import Rules


def ring_shape(col: tuple[int, ...], m: int, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The hand's counts per value of a circle of m values, the same for every rotation and
    mirror image of the circle."""
    counts = [0] * m
    for c in hand:
        counts[col[c]] += 1
    turns = [tuple(counts[i:] + counts[:i]) for i in range(m)]
    back = counts[::-1]
    turns += [tuple(back[i:] + back[:i]) for i in range(m)]
    return min(turns)


def rotatable(rules: Rules, attr: str) -> bool:
    """A circular attribute whose runs follow its own circle and whose values no part names."""
    if not conditions.handles(rules, "counting"):
        return False
    if attr == rules.order or attr in rules.multi or min(rules.columns[attr]) < 0:
        return False
    for cat in rules.categories:
        for p in cat.parts + cat.alternatives:
            if any(a == attr for a, _ in p.values) or p.cover:
                return False
            for r in p.runs:
                if r.attribute == attr and not (len(r.sequences) == 1 and r.sequences[0].wrap):
                    return False
                if r.attribute == attr and any(len(v) > 1 for v in r.sequences[0].positions.values()):
                    return False
    return any(r.attribute == attr for cat in rules.categories for p in cat.parts for r in p.runs)


def interchangeable(rules: Rules, attr: str) -> bool:
    """Whether relabelling this attribute's values can never change a hand's category."""
    if not conditions.handles(rules, "counting"):
        return False
    if attr == rules.order or attr in rules.multi:
        return False
    for cat in rules.categories:
        for p in cat.parts + cat.alternatives:
            if any(r.attribute == attr for r in p.runs) or any(a == attr for a, _ in p.values) or p.cover:
                return False
    return True
