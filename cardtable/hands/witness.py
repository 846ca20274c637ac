"""The real evaluator's word on how hands/byclass.py reads a category.

byclass counts from the category's structure (a part inside one class needs so many cards, these
values, a run...). Before a category is counted that way, one hand that holds it by that reading
(the fewest cards, in as many classes as it has parts) is shown to the evaluator, which must find
the category, and the same hand less one card, which must not. A category the evaluator reads
otherwise is then left uncounted rather than miscounted.
"""

from __future__ import annotations

import dataclasses

from .byclass import _shape, classes, part_attribute
from .contains import formable
from .rules import Category, Part, Rules


def _smallest(rules: Rules, part: Part, kind: str, cards: list[int]) -> list[int] | None:
    """The fewest of these cards (one class) holding the part as byclass reads it, or None."""
    n = part.count
    if kind == "count":
        return cards[:n] if len(cards) >= n else None
    attr = part_attribute(part, kind)
    col = rules.columns[attr]
    one: dict[int, int] = {}  # value -> a card of it
    for c in cards:
        if col[c] >= 0:
            one.setdefault(col[c], c)
    if kind == "values":
        wanted = part.values[0][1]
        return [one[v] for v in sorted(wanted)] if wanted <= one.keys() else None
    if kind == "distinct":
        values = sorted(one)[:n]
        return [one[v] for v in values] if len(values) == n else None
    seq = part.runs[0].sequences[0]
    at = {p: v for v, ps in seq.positions.items() for p in ps}
    for start in range(seq.length if seq.wrap else seq.length - n + 1):
        span = [(start + i) % seq.length for i in range(n)]
        if all(p in at and at[p] in one for p in span):
            return [one[at[p]] for p in span]
    return None


def confirms(rules: Rules, cat: Category, deck_size: int, size: int) -> bool:
    """Whether the evaluator agrees with byclass's reading of the category (see the module)."""
    parts = sorted(cat.parts, key=lambda p: -p.count)  # the biggest part first, the smallest last
    kinds = [_shape(rules, p) for p in parts]
    found, _ = classes(rules, deck_size, parts[0].same)
    found = sorted(found, key=len, reverse=True)
    shown: list[list[int]] = []
    used: set[int] = set()
    for part, kind in zip(parts, kinds):
        if kind is None:
            return False
        for i, cards in enumerate(found):
            got = None if i in used else _smallest(rules, part, kind, cards)
            if got is not None:
                shown.append(got)
                used.add(i)
                break
    hand = [c for cards in shown for c in cards]
    if len(shown) < len(parts) or len(hand) > size:
        return True  # no such hand of this size: nothing to show, and byclass counts none
    alone = dataclasses.replace(rules, categories=(cat,), never_counts={}, warnings=())
    return formable(alone, hand, size) == {0} and not formable(alone, hand[:-1], size)
