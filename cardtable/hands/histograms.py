"""Exact category counts of every hand, by histogram.

Exact counts avoid evaluating 2.6 million hands one by one. When every category depends only on
the hand's per-attribute histograms (how many cards of each rank, of each suit...), which holds
when each part either constrains one attribute or spans the whole hand (a straight flush of five
in a five-card hand), hands are tallied by one packed integer: the sum of per-card codes in which
each attribute value has a small counter. Counting runs in C (collections.Counter over map), and
only one representative hand per distinct histogram is evaluated.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Callable, Iterable

from . import conditions
from .relabel import interchangeable, ring_shape, rotatable
from .rules import Rules

Progress = Callable[[int, int], None]

try:  # Counter.update's own counting loop, in C, without its checks at each of ~250,000 calls
    from _collections import _count_elements as _count_into  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python: the same count in Python

    def _count_into(into: dict[int, int], items: Iterable[int]) -> None:
        for x in items:
            into[x] = into.get(x, 0) + 1


def histogram_safe(rules: Rules, size: int) -> bool:
    """Whether a hand's category follows from its per-attribute histograms alone."""
    if rules.combine or rules.form.runs_zone is not None or not conditions.handles(rules, "histograms"):
        return False
    for cat in rules.categories:
        attrs_of_parts = [p.attributes() for p in cat.parts]
        for p, attrs in zip(cat.parts, attrs_of_parts):
            if len(attrs) > 1 and p.count != size:
                return False
        if len(cat.parts) > 1 and len(set().union(*attrs_of_parts)) > 1:
            return False
        if any(a not in set().union(*attrs_of_parts) for a in cat.differ) and cat.differ:
            return False
    return True


def _codes(rules: Rules, n_cards: int, size: int, top: frozenset[str] = frozenset()) -> tuple[list[int], int]:
    """Per card: its packed histogram code (one counter per attribute value and flag); the
    attributes in `top` take the highest fields, which start at the bit returned."""
    bits = max(2, size.bit_length())
    attrs = sorted(rules.attributes_used() | {rules.order})
    codes = [0] * n_cards
    shift = 0
    for a in [a for a in attrs if a not in top]:
        shift = _place(rules, a, codes, bits, shift)
    for flags in (rules.wild, rules.dead, rules.trump):
        for c in range(n_cards):
            if flags[c]:
                codes[c] += 1 << (bits * shift)
        shift += 1
    top_bit = bits * shift
    for a in [a for a in attrs if a in top]:
        shift = _place(rules, a, codes, bits, shift)
    return codes, top_bit


def _place(rules: Rules, attr: str, codes: list[int], bits: int, shift: int) -> int:
    """Add a counter per value of `attr` to each card's code, from field `shift`; the next free field."""
    col = rules.columns[attr]
    width = (max(col) if attr not in rules.multi else max(col).bit_length()) + 2
    for c in range(len(codes)):
        x = col[c]
        if attr in rules.multi:
            slots = [i + 1 for i in range(x.bit_length()) if x >> i & 1] or [0]
        else:
            slots = [x + 1]
        for s in slots:
            codes[c] += 1 << (bits * (shift + s))
    return shift + width


def count_exact(
    rules: Rules,
    n_cards: int,
    size: int,
    progress: Progress | None,
    classify: Callable[[tuple[int, ...]], Iterable[int]],
) -> Counter[int]:
    """Category index -> number of hands, over every hand of `size` cards, each counted for the
    categories `classify` gives it (a hand of each histogram class is classified)."""
    # Values of an unordered attribute that no part names are interchangeable: only the sorted
    # counts matter, so histograms that differ by a relabelling share one evaluation.
    # On a circle whose values no part names, a rotation or mirror image changes nothing either.
    # Those attributes take the codes' top fields, so a histogram's shape under them is worked
    # out once per distinct top part, not once per histogram.
    free = [a for a in sorted(rules.attributes_used()) if interchangeable(rules, a)]
    circles = [a for a in sorted(rules.attributes_used()) if rotatable(rules, a)]
    codes, top_bit = _codes(rules, n_cards, size, top=frozenset(free + circles))
    tally: Counter[int] = Counter()
    # The loops that added codes never tallied before: (the hand's first cards, their code), and
    # how many codes were tallied after each. A code's first hand is found from them only when
    # its shape or class is new (a few thousand codes of 282,256 in a 52-card deck).
    grew: list[tuple[tuple[int, ...], int]] = []
    marks: list[int] = []
    tops = n_cards - size + 1
    done = [0]

    # The last two cards of a hand come from the sums of pairs of cards, listed by their first
    # card highest first (those from card j on are a first stretch of the list): one count in C
    # per hand of size - 2 cards, not one per hand of size - 1 (for a hand of 3 or more cards,
    # whose decks are small enough to list their pairs).
    pair_sums: list[int] = []
    pairs_from = [0] * (n_cards + 1)  # card j -> how many pairs have their first card >= j
    top_pair: dict[int, tuple[int, int]] = {}  # a pair sum -> its pair with the highest first card
    if size >= 3:
        for d in range(n_cards - 2, -1, -1):
            for e in range(d + 1, n_cards):
                pair_sums.append(codes[d] + codes[e])
                top_pair.setdefault(pair_sums[-1], (d, e))
            pairs_from[d] = len(pair_sums)

    def tick() -> None:
        done[0] += 1
        if progress:
            progress(done[0], tops)

    def counted(cards: tuple[int, ...], head: int, items: Iterable[int]) -> None:
        before = len(tally)
        _count_into(tally, map(head.__add__, items))
        if len(tally) > before:
            grew.append((cards, head))
            marks.append(len(tally))

    def walk(start: int, depth: int, total: int, cards: tuple[int, ...]) -> None:
        if depth == size - 2:
            counted(cards, total, itertools.islice(pair_sums, pairs_from[start]))
            return
        for c in range(start, n_cards - (size - 1 - depth)):
            walk(c + 1, depth + 1, total + codes[c], cards + (c,))
            if depth == 0:
                tick()

    def first_hand(i: int, k: int) -> tuple[int, ...]:
        """A hand whose code is k, the i-th code tallied: the hand of the count that first
        tallied k, and its last one or two cards found from k."""
        if size == 1:
            return (codes.index(k),)
        hand, head = grew[bisect.bisect_right(marks, i)]
        if size >= 3:
            return (*hand, *top_pair[k - head])
        c = hand[-1]
        return (*hand, c + 1 + list(map(head.__add__, codes[c + 1 :])).index(k))

    if size == 1:
        tally.update(codes)
    elif size == 2:  # a hand of two cards: the second from a slice of the codes (any deck size)
        for c in range(n_cards - 1):
            counted((c,), codes[c], codes[c + 1 :])
            tick()
    else:
        walk(0, 0, 0, ())
    cols = [rules.columns[a] for a in free]
    rings = [(rules.columns[a], len(set(rules.columns[a]))) for a in circles]
    low_mask = (1 << top_bit) - 1
    # Per code, its class: the code's own fields and its shape under the relabellings (a number
    # per distinct shape, worked out once per distinct top part), as one integer. The hands of a
    # class are summed first, and each class classified once, by the first hand of its first code.
    shape_of: dict[int, int] = {}  # top part -> its shape's number, in the class's top fields
    numbers: dict[tuple[tuple[int, ...], ...], int] = {}
    per_class: dict[int, int] = {}
    firsts: dict[int, tuple[int, int]] = {}
    for i, (k, n) in enumerate(tally.items()):
        shape = shape_of.get(k >> top_bit)
        if shape is None:
            hand = first_hand(i, k)
            seen = (
                *(tuple(sorted(Counter(col[c] for c in hand).values())) for col in cols),
                *(ring_shape(col, m, hand) for col, m in rings),
            )
            shape = shape_of[k >> top_bit] = numbers.setdefault(seen, len(numbers)) << top_bit
        canon = shape | k & low_mask
        got = per_class.get(canon)
        if got is None:
            per_class[canon] = n
            firsts[canon] = (i, k)
        else:
            per_class[canon] = got + n
    out: Counter[int] = Counter()
    for canon, n in per_class.items():
        for rank in classify(first_hand(*firsts[canon])):
            out[rank] += n
    return out
