"""Exact 'contains' counts class by class, for categories whose parts each lie inside one *class*:
the cards sharing the part's `same` attributes (a suit, a colour, a rank and colour; the whole
deck when the part shares nothing).

A hand holds such a part when one class's cards in it hold the part; what a class must hold is
one of: `count` cards; every one of some `values` (a Royal Flush); `count` different values
(`distinct`); a run of `count` positions along a sequence (hands/runpoly.py). For each class a
polynomial counts the card sets of each size that do NOT hold the part (its "fail" polynomial);
the hands holding none are the coefficient of x^K in the product over classes, and the rest hold
the category. Several parts in classes that must differ (`differ` = the `same` attribute: a
Double Royal Flush, or a Full House when ranks hold unequal numbers of cards) need that many
classes holding them: a small dynamic programme over the classes keeps how many classes reach
each part's size so far (capped at the number of parts needing it).

This computes from the category's structure, not the evaluator, so tests/test_profiles.py
checks it against brute force on small product decks.
"""

from __future__ import annotations

import math
from collections import Counter

from .polys import Poly, add, below, binom, mul, power, some, sub
from .rules import Category, Part, Rules
from .runpoly import countable, run_fail


def _attr_ok(rules: Rules, attrs: tuple[str, ...] | list[str]) -> bool:
    return all(a in rules.columns and a not in rules.multi for a in attrs)


def _shape(rules: Rules, part: Part) -> str | None:
    """What the part asks of its class beyond `same`, or None when it is not counted here."""
    if part.none or part.cover or part.declared or part.count < 1 or not _attr_ok(rules, part.same):
        return None
    asks = [k for k, v in (("values", part.values), ("runs", part.runs), ("distinct", part.distinct)) if v]
    if not asks:
        return "count"
    if len(asks) > 1:
        return None
    kind = asks[0]
    if kind == "values":
        ((a, wanted),) = part.values if len(part.values) == 1 else ((None, frozenset()),)
        return kind if a is not None and _attr_ok(rules, [a]) and part.count == len(wanted) else None
    if kind == "runs":
        ok = len(part.runs) == 1 and len(part.runs[0].sequences) == 1
        ok = ok and countable(part.runs[0].sequences[0], part.count)
        return kind if ok and _attr_ok(rules, [part.runs[0].attribute]) else None
    return kind if len(part.distinct) == 1 and _attr_ok(rules, part.distinct) else None


# The largest hand counted here: the polynomials have one term per card of the hand, so the work
# grows as its square (ten cards: a second for the 12,000-card deck; two hundred: under a minute).
MOST_CARDS = 250


def supports(rules: Rules, cat: Category, size: int) -> bool:
    """Whether count() can count this category in hands of `size` cards."""
    if cat.exact or cat.alternatives or not cat.parts or size > MOST_CARDS:
        return False
    first = cat.parts[0]
    if _shape(rules, first) is None:
        return False
    if len(cat.parts) == 1:
        return True
    if len(first.same) != 1 or set(cat.differ) != set(first.same):
        return False
    # identical parts of any shape, or plain counts of different sizes
    return all(p == first for p in cat.parts) or all(
        p.same == first.same and _shape(rules, p) == "count" for p in cat.parts
    )


def classes(rules: Rules, deck_size: int, attrs: tuple[str, ...]) -> tuple[list[list[int]], int]:
    """The live cards grouped by their values of attrs, and how many cards are in no class
    (remembered per rules: every category of a suit shares the suits)."""
    memo = rules.memo.setdefault("exact_classes", {})
    key = (deck_size, tuple(sorted(attrs)))
    if key not in memo:
        memo[key] = _group(rules, deck_size, key[1])
    got: tuple[list[list[int]], int] = memo[key]
    return got


def _group(rules: Rules, deck_size: int, attrs: tuple[str, ...]) -> tuple[list[list[int]], int]:
    groups: dict[tuple[int, ...], list[int]] = {}
    free = 0
    for c in range(deck_size):
        key = tuple(rules.columns[a][c] for a in attrs)
        if rules.dead[c] or any(v < 0 for v in key):
            free += 1
        else:
            groups.setdefault(key, []).append(c)
    return list(groups.values()), free


def part_attribute(part: Part, kind: str) -> str:
    """The attribute a part of this kind ("values", "runs", "distinct") is read along."""
    if kind == "values":
        return part.values[0][0]
    return part.runs[0].attribute if kind == "runs" else part.distinct[0]


def _fail(rules: Rules, part: Part, kind: str, cards: list[int], top: int) -> Poly | None:
    """The card sets of each size, from these cards of one class, that do not hold the part."""
    if kind == "count":
        return below(len(cards), part.count, top)
    attr = part_attribute(part, kind)
    col = rules.columns[attr]
    n_at = Counter(col[c] for c in cards if col[c] >= 0)
    loose = len(cards) - sum(n_at.values())  # cards without a value of attr: never help
    if kind == "values":
        wanted = part.values[0][1]
        every, all_on = [1] + [0] * top, [1] + [0] * top
        for v in wanted:
            every = mul(every, binom(n_at.get(v, 0), top), top)
            all_on = mul(all_on, some(n_at.get(v, 0), top), top)
        rest = len(cards) - sum(n_at.get(v, 0) for v in wanted)
        return mul(binom(rest, top), sub(every, all_on), top)
    if kind == "distinct":
        k = part.count
        by_s = [[1] + [0] * top] + [[0] * (top + 1) for _ in range(k - 1)]
        for n in n_at.values():
            w = some(n, top)
            for s in range(k - 2, -1, -1):
                by_s[s + 1] = add(by_s[s + 1], mul(by_s[s], w, top))
        out = [0] * (top + 1)
        for p in by_s:
            out = add(out, p)
        return mul(out, binom(loose, top), top)
    seq = part.runs[0].sequences[0]
    weight = {v: some(n, top) for v, n in n_at.items() if v in seq.positions}
    outside = loose + sum(n for v, n in n_at.items() if v not in seq.positions)
    got = run_fail(seq, weight, part.count, top)
    return None if got is None else mul(got, binom(outside, top), top)


def count(rules: Rules, cat: Category, deck_size: int, size: int) -> int | None:
    """The exact number of `size`-card hands holding the category, or None when not countable."""
    part = cat.parts[0]
    kind = _shape(rules, part)
    if kind is None:
        return None
    found, free = classes(rules, deck_size, part.same)
    counts = sorted({p.count for p in cat.parts}, reverse=True)
    # Parts of different sizes (plain counts) in different classes: a class with at least
    # tops[j] cards can take any part of that size or less. Such parts fit (Hall's theorem, the
    # eligible classes being nested) when, for each j, at least need[j] classes reach tops[j].
    same_parts = all(p == part for p in cat.parts)
    tops = [part.count] if same_parts else counts
    need = tuple(sum(1 for p in cat.parts if p.count >= t) for t in tops)
    seen: dict[tuple[int, tuple[tuple[int, int], ...]], list[Poly] | None] = {}
    groups: Counter[tuple[int, tuple[tuple[int, int], ...]]] = Counter()
    for cards, key in zip(
        found,
        _class_keys(rules, deck_size, part.same, None if kind == "count" else part_attribute(part, kind)),
    ):
        if key not in seen:
            fail = _fail(rules, part, kind, cards, size)
            seen[key] = None if fail is None else _levels(len(cards), fail, tops, same_parts, size)
            if seen[key] is None:
                return None
        groups[key] += 1
    rest = binom(free, size)
    if need == (1,):  # one part: only the sets where no class holds it matter
        none = [1] + [0] * size
        for key, times in groups.items():
            levels = seen[key]
            assert levels is not None
            none = mul(none, power(levels[0], times, size), size)
        return math.comb(deck_size, size) - mul(none, rest, size)[size]
    # states: for each j, how many classes so far reach tops[j] (capped at need[j]) -> card sets
    states: dict[tuple[int, ...], Poly] = {(0,) * len(tops): [1] + [0] * size}
    for key, times in groups.items():
        levels = seen[key]
        assert levels is not None
        for _ in range(times):
            nxt: dict[tuple[int, ...], Poly] = {}
            for state, poly in states.items():
                for level, lpoly in enumerate(levels):
                    if not any(lpoly):
                        continue
                    # level L reaches the L smallest tops: tops[len(tops) - L:]
                    up = tuple(
                        min(a + (j >= len(tops) - level), n) for j, (a, n) in enumerate(zip(state, need))
                    )
                    got = mul(poly, lpoly, size)
                    nxt[up] = add(nxt[up], got) if up in nxt else got
            states = nxt
    return mul(states.get(need, [0] * (size + 1)), rest, size)[size]


def _levels(n: int, fail: Poly, tops: list[int], same_parts: bool, size: int) -> list[Poly]:
    """A class's card sets by how many of the tops they reach: [none, the smallest only, ...]."""
    every = binom(n, size)
    if same_parts:
        return [fail, sub(every, fail)]
    bounds = [*reversed(tops), size + 1]  # ascending thresholds, then past the hand
    out = [below(n, bounds[0], size)]
    for lo, hi in zip(bounds, bounds[1:]):
        out.append([every[j] if lo <= j < hi else 0 for j in range(size + 1)])
    return out


def _class_keys(
    rules: Rules, deck_size: int, same: tuple[str, ...], attr: str | None
) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Per class of `classes`, what matters of it for a part read along `attr` (None: a plain
    count): its size and how many of its cards have each value of attr. Remembered per rules:
    the categories of a 12,000-card deck share a few (a pass over every card per category was
    most of counting them)."""
    memo = rules.memo.setdefault("exact_class_keys", {})
    at = (deck_size, tuple(sorted(same)), attr)
    got: list[tuple[int, tuple[tuple[int, int], ...]]] | None = memo.get(at)
    if got is None:
        found, _ = classes(rules, deck_size, same)
        if attr is None:
            got = [(len(cards), ((0, len(cards)),)) for cards in found]
        else:
            col = rules.columns[attr]
            got = [
                (len(cards), tuple(sorted(Counter(map(col.__getitem__, cards)).items()))) for cards in found
            ]
        memo[at] = got
    return got
