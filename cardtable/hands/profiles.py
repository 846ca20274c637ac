"""Exact 'contains' counts by profiles, for decks far too big to enumerate (the 12,000-card deck
holds about 1.7e34 ten-card hands).

A category whose parts constrain one unordered attribute only (cards of the same suit, of
pairwise different colours, several such groups that differ in it) is held by a hand or not
according to the hand's *profile* in that attribute alone: the multiset of how many cards it has
of each value. Values holding equally many cards of the deck are interchangeable, so every hand
with profile λ (parts λ1 >= λ2 >= ... summing to K, ℓ of them) is counted at once:

    hands(λ) = V! / ((V - ℓ)! · Π multiplicities of equal parts!) · Π C(N, λi)

(V values of N cards each). One representative hand per profile is tested with the real
evaluator (contains.formable), so the patterns are never re-implemented here. For K = 10 there
are 42 profiles: the exact big integers come at once.

Not yet counted this way: categories mixing attributes (a straight flush, a pair of one rank and
colour) or running along an ordered one (straights); `supported` says which categories are.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

from .contains import formable
from .rules import Category, Rules


def _one_attribute(rules: Rules, cat: Category) -> str | None:
    """The unordered attribute the category's parts alone constrain, or None."""
    attrs: set[str] = set()
    for p in cat.parts:
        if p.runs or p.values or p.none or p.cover or p.declared or not p.count:
            return None
        attrs |= set(p.same) | set(p.distinct)
    attrs |= set(cat.differ)
    if len(attrs) != 1 or cat.alternatives or rules.combine:
        return None
    (attr,) = attrs
    return None if attr in rules.multi or attr == rules.order else attr


def supported(rules: Rules) -> dict[int, str]:
    """Category index -> the attribute it is counted by, for the categories counted here."""
    out = {}
    for i, cat in enumerate(rules.categories):
        attr = _one_attribute(rules, cat)
        if attr is not None:
            out[i] = attr
    return out


def partitions(n: int, most: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Partitions of n into at most `parts` parts, none above `most`, largest first."""
    if n == 0:
        yield ()
        return
    if parts == 0:
        return
    for first in range(min(n, most), 0, -1):
        for rest in partitions(n - first, first, parts - 1):
            yield (first, *rest)


def _hands(values: int, per_value: int, profile: tuple[int, ...]) -> int:
    """How many hands have exactly this profile in an attribute of `values` equal values."""
    ways = math.perm(values, len(profile))
    for m in Counter(profile).values():
        ways //= math.factorial(m)
    for k in profile:
        ways *= math.comb(per_value, k)
    return ways


def count_contains(rules: Rules, deck_size: int, size: int) -> dict[int, int]:
    """Category index -> the exact number of `size`-card hands that contain it, for every
    supported category (ValueError when an attribute's values hold unequal numbers of cards)."""
    by_attr: dict[str, list[int]] = {}
    for i, attr in supported(rules).items():
        by_attr.setdefault(attr, []).append(i)
    out: dict[int, int] = {}
    for attr, cats in by_attr.items():
        col = rules.columns[attr]
        groups: dict[int, list[int]] = {}
        for card in range(deck_size):
            if col[card] >= 0:
                groups.setdefault(col[card], []).append(card)
        sizes = {len(g) for g in groups.values()}
        if len(sizes) != 1 or len(groups) * next(iter(sizes)) != deck_size:
            raise ValueError(f"'{attr}' does not split the deck into equal groups: no profile count")
        per_value = sizes.pop()
        ordered = [groups[v] for v in sorted(groups)]
        sub = _only(rules, cats)
        for profile in partitions(size, per_value, len(ordered)):
            hand = [card for k, group in zip(profile, ordered) for card in group[:k]]
            held = formable(sub, hand, size)
            if not held:
                continue
            n = _hands(len(ordered), per_value, profile)
            for j in held:
                out[cats[j]] = out.get(cats[j], 0) + n
        for i in cats:
            out.setdefault(i, 0)
    return out


def _only(rules: Rules, indexes: list[int]) -> Rules:
    import dataclasses

    cats = tuple(rules.categories[i] for i in indexes)
    return dataclasses.replace(rules, categories=cats, never_counts={}, warnings=())
