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

Categories this cannot count go to the other exact methods (`count_contains` below picks one per
category): hands/byclass.py (a part inside one class: a flush of a fixed length, a straight, a
straight flush, a royal flush, n of a kind of one rank and colour), hands/cells.py (several parts
of one rank and colour in different ranks and colours), a declared part, a category without parts.
`supported` says which categories are counted and how; the rest are not counted exactly.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from collections.abc import Iterator

from . import byclass, cells, witness
from .conditions import category_handles, part_handles, used
from .contains import formable
from .rules import Category, Part, Rules


def _one_attribute(rules: Rules, cat: Category) -> str | None:
    """The unordered attribute the category's parts alone constrain, or None."""
    attrs: set[str] = set()
    for p in cat.parts:
        if not part_handles(p, "profiles") or not p.count:
            return None
        attrs |= set(p.same) | set(p.distinct)
    attrs |= set(cat.differ)
    if len(attrs) != 1 or cat.alternatives or rules.combine:
        return None
    (attr,) = attrs
    # The order attribute (rank) is as good as any: 'contains' never compares cards.
    return None if attr in rules.multi or cat.exact else attr


def _equal_split(rules: Rules, attr: str, deck_size: int) -> list[list[int]] | None:
    """The deck's cards by value of attr, when every value holds equally many (else None)."""
    col = rules.columns[attr]
    groups: dict[int, list[int]] = {}
    for card in range(deck_size):
        if col[card] >= 0 and not rules.dead[card]:
            groups.setdefault(col[card], []).append(card)
    sizes = {len(g) for g in groups.values()}
    if len(sizes) != 1 or len(groups) * next(iter(sizes)) != deck_size:
        return None
    return [groups[v] for v in sorted(groups)]


def supported(rules: Rules, deck_size: int | None = None, size: int | None = None) -> dict[int, str]:
    """Category index -> how it is counted exactly ("profiles of rank", "classes of suit", ...)
    in hands of `size` cards (the variant's by default), for every category some method here
    counts; the others are missing."""
    deck_size = len(rules.card_order) if deck_size is None else deck_size
    size = rules.size if size is None else size
    if rules.combine or rules.form.runs_zone is not None or any(rules.wild[:deck_size]):
        return {}
    out: dict[int, str] = {}
    for i, cat in enumerate(rules.categories):
        if cat.exact:
            continue
        attr = _one_attribute(rules, cat)
        counted = category_handles(cat, "counting")  # classes and cells: only then
        if not cat.parts and not cat.alternatives:
            out[i] = "every hand"
        elif len(cat.parts) == 1 and cat.parts[0].declared and _plain_declared(cat.parts[0]):
            out[i] = "declared cards"
        elif attr is not None and _few_profiles(rules, attr, deck_size, size):
            out[i] = f"profiles of {attr}"
        elif counted and byclass.supports(rules, cat, size) and witness.confirms(rules, cat, deck_size, size):
            out[i] = "classes of " + (" and ".join(cat.parts[0].same) or "the deck")
        elif counted and cells.supports(rules, cat, deck_size, size):
            out[i] = "cells of " + " and ".join(cat.parts[0].same)
    return out


# Profiles tested with the evaluator at most (ten cards from 40 ranks of 300: 42 profiles).
MOST_PROFILES = 20_000


def _few_profiles(rules: Rules, attr: str, deck_size: int, size: int) -> bool:
    """Whether attr splits the deck equally into few enough profiles of `size` cards to test."""
    memo = rules.memo.setdefault("exact_few_profiles", {})
    key = (attr, deck_size, size)
    if key not in memo:
        split = _equal_split(rules, attr, deck_size)
        every = () if split is None else partitions(size, len(split[0]), len(split))
        many = sum(1 for _ in itertools.islice(every, MOST_PROFILES + 1))
        memo[key] = split is not None and many <= MOST_PROFILES
    ok: bool = memo[key]
    return ok


def _plain_declared(part: Part) -> bool:
    """The declared cards and no other condition."""
    return {c.field for c in used(part)} <= {"count", "declared"}


def partitions(n: int, most: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Partitions of n into at most `parts` parts, none above `most`, largest first."""
    if n == 0:
        yield ()
        return
    if parts == 0 or n > most * parts:  # cannot fit: stop here, not after a long search
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
    category `supported` names.

    Reading of a declared part: the player names its cards before the deal, so
    for any one declaration a hand contains it when it holds every named card: C(D - k, K - k)
    hands of K cards from D hold k named cards (exactly 1 when k = K). A category without parts
    (High Card) is contained in every hand, as the evaluator says. Hands of more cards than the
    variant's hand size hold what a hand of that size taken from them can be (as `odds` counts
    them), so a category bigger than that is in none."""
    how = supported(rules, deck_size, size)
    out: dict[int, int] = {}
    by_attr: dict[str, list[int]] = {}
    by_cells: dict[tuple[str, ...], list[int]] = {}
    for i, method in how.items():
        cat = rules.categories[i]
        if size > rules.size and cat.size > rules.size:
            out[i] = 0
        elif method == "every hand":
            out[i] = math.comb(deck_size, size)
        elif method == "declared cards":
            k = cat.parts[0].count
            out[i] = math.comb(deck_size - k, size - k) if k <= size else 0
        elif method.startswith("profiles of "):
            by_attr.setdefault(method.removeprefix("profiles of "), []).append(i)
        elif method.startswith("classes of "):
            got = byclass.count(rules, cat, deck_size, size)
            assert got is not None  # supports() said so
            out[i] = got
        else:
            by_cells.setdefault(tuple(sorted(cat.parts[0].same)), []).append(i)
    for attr, cats in by_attr.items():
        out.update(_by_profiles(rules, attr, cats, deck_size, size))
    for cats in by_cells.values():
        out.update(cells.count(rules, cats, deck_size, size))
    return out


def _by_profiles(rules: Rules, attr: str, cats: list[int], deck_size: int, size: int) -> dict[int, int]:
    ordered = _equal_split(rules, attr, deck_size)
    assert ordered is not None  # supported() checked
    per_value = len(ordered[0])
    sub = _only(rules, cats)
    out = dict.fromkeys(cats, 0)
    for profile in partitions(size, per_value, len(ordered)):
        hand = [card for k, group in zip(profile, ordered) for card in group[:k]]
        held = formable(sub, hand, size)
        if not held:
            continue
        n = _hands(len(ordered), per_value, profile)
        for j in held:
            out[cats[j]] += n
    return out


def _only(rules: Rules, indexes: list[int]) -> Rules:
    cats = tuple(rules.categories[i] for i in indexes)
    return dataclasses.replace(rules, categories=cats, never_counts={}, warnings=())
