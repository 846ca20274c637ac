"""Exact 'contains' counts by *heavy cells*, for categories of several parts that each take cards
sharing two or more attributes (a cell: one rank and one colour) in cells that must differ, as
`differ` says (Two Pair Mini-Flushes: two cells of different ranks AND different colours).

Such a category needs cells holding at least as many cards as its smallest part. Call a cell
holding that many cards (or more) heavy: whether a hand holds the category depends only on its
heavy cells (how many cards each has, and which of them share a value of each attribute), because
no part fits in a lighter cell. With hands of K cards and parts of k or more, there are at most
K // k heavy cells, so the patterns are few: for each, the per-cell counts (listed largest first)
and, per attribute, which heavy cells share a value (a set partition of the cells). One
representative hand per pattern is tested with the real evaluator (contains.formable), once for
all the patterns that are one another with cells of equal counts in another order (_canonical); the
hands with that pattern are counted as

    (ways to give the blocks distinct values) * prod C(N, count) * (ways to fill the other cards
    into the other cells, each lighter than k) / (orderings of cells with equal counts)

which needs every combination of the attributes' values to be one cell of N cards (a product
deck: 40 ranks x 20 colours, 15 cards each). tests/test_profiles.py checks it by brute force.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from collections.abc import Iterator

from .byclass import classes
from .contains import formable
from .polys import below, binom, mul, power
from .rules import Category, Rules


def _attrs(rules: Rules, cat: Category) -> tuple[str, ...] | None:
    """The cell attributes when the category's parts are plain counts of one cell each."""
    if cat.exact or cat.alternatives or len(cat.parts) < 2:
        return None
    same = set(cat.parts[0].same)
    for p in cat.parts:
        plain = not (p.distinct or p.runs or p.values or p.none or p.cover or p.declared)
        if not plain or set(p.same) != same or p.count < 2:
            return None
    if len(same) < 2 or any(a not in rules.columns or a in rules.multi for a in same):
        return None
    return tuple(sorted(same))


Grid = tuple[list[list[int]], dict[tuple[int, ...], list[int]], int, int]


def _grid(rules: Rules, attrs: tuple[str, ...], deck_size: int) -> Grid | None:
    """Each attribute's values, the cells (key -> cards), cards per cell and cards in no cell,
    when every combination of values is a cell of the same size (else None)."""
    groups, free = classes(rules, deck_size, attrs)  # attrs are sorted: the keys follow them
    cells = {tuple(rules.columns[a][g[0]] for a in attrs): g for g in groups}
    values = [sorted({k[i] for k in cells}) for i in range(len(attrs))]
    sizes = {len(g) for g in cells.values()}
    if len(sizes) != 1 or len(cells) != math.prod(len(v) for v in values):
        return None
    return values, cells, sizes.pop(), free


# Patterns tested with the evaluator at most (a few seconds' work); ten-card hands need about 4,000.
MOST_PATTERNS = 200_000


def supports(rules: Rules, cat: Category, deck_size: int, size: int) -> bool:
    """Whether count() can count the category in hands of `size` cards, in reasonable time."""
    attrs = _attrs(rules, cat)
    grid = None if attrs is None else _grid(rules, attrs, deck_size)
    if grid is None:
        return False
    values, cells, per_cell, _ = grid
    low = min(p.count for p in cat.parts)
    patterns = 0
    for h in range(1, min(size // low, len(cells)) + 1):
        shapes = sum(1 for _ in itertools.islice(_counts(h, low, min(per_cell, size), size), MOST_PATTERNS))
        patterns += shapes * math.prod(_set_partitions(h, len(v)) for v in values)
        if patterns > MOST_PATTERNS:
            return False
    return True


def _set_partitions(h: int, most: int) -> int:
    """How many set partitions of h cells have at most `most` blocks (Stirling numbers)."""
    row = [1]  # row[k]: partitions of the first i cells into k blocks
    for i in range(h):
        row = [0] + [(k * row[k] if k < len(row) else 0) + row[k - 1] for k in range(1, i + 2)]
    return sum(row[: most + 1])


def _partitions(h: int, most: int) -> Iterator[tuple[int, ...]]:
    """Set partitions of h cells into at most `most` blocks (restricted growth strings)."""

    def grow(prefix: tuple[int, ...], blocks: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == h:
            yield prefix
            return
        for b in range(min(blocks + 1, most)):
            yield from grow((*prefix, b), max(blocks, b + 1))

    yield from grow((), 0)


def _counts(h: int, low: int, high: int, total: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing tuples of h counts in [low, high] summing to at most total."""
    if h == 0:
        yield ()
        return
    for first in range(min(high, total - low * (h - 1)), low - 1, -1):
        for rest in _counts(h - 1, low, first, total - first):
            yield (first, *rest)


Pattern = tuple[tuple[int, ...], ...]  # per attribute, each cell's block (restricted growth)


def _canonical(combo: Pattern, counts: tuple[int, ...]) -> Pattern:
    """The least of the pattern's forms (blocks renumbered by first use) over the orders of its
    cells that sort them by count and, per attribute, how many cells share their block: any
    relabelling maps those orders of one pattern onto those of the other, so both get one form."""
    marks = [(n, *(blocks.count(blocks[i]) for blocks in combo)) for i, n in enumerate(counts)]
    ties = [[i for i, m in enumerate(marks) if m == mark] for mark in sorted(set(marks), reverse=True)]
    orders = itertools.product(*(itertools.permutations(tie) for tie in ties))
    return min(
        tuple(_renumbered([blocks[i] for tie in order for i in tie]) for blocks in combo) for order in orders
    )


def _renumbered(blocks: list[int]) -> tuple[int, ...]:
    first: dict[int, int] = {}
    return tuple(first.setdefault(b, len(first)) for b in blocks)


def count(rules: Rules, cats: list[int], deck_size: int, size: int) -> dict[int, int]:
    """Category index -> exact number of `size`-card hands holding it, for categories sharing
    one set of cell attributes (each must pass supports())."""
    attrs = _attrs(rules, rules.categories[cats[0]])
    assert attrs is not None
    grid = _grid(rules, attrs, deck_size)
    assert grid is not None
    values, cells, per_cell, free = grid
    low = min(p.count for i in cats for p in rules.categories[i].parts)
    sub = dataclasses.replace(
        rules, categories=tuple(rules.categories[i] for i in cats), never_counts={}, warnings=()
    )
    light = below(per_cell, low, size)
    out = dict.fromkeys(cats, 0)
    seen: dict[tuple[tuple[int, ...], Pattern], set[int]] = {}  # pattern -> the categories it holds
    for h in range(1, size // low + 1):
        if h > len(cells):
            break
        fill = mul(power(light, len(cells) - h, size), binom(free, size), size)
        blocks = [list(_partitions(h, len(v))) for v in values]
        for counts in _counts(h, low, min(per_cell, size), size):
            base = math.prod(math.comb(per_cell, n) for n in counts) * fill[size - sum(counts)]
            if not base:
                continue
            held: Counter[int] = Counter()
            for combo in itertools.product(*blocks):
                keys = list(zip(*combo))
                if len(set(keys)) < h:
                    continue  # two "cells" the same: not this pattern
                # Cells of equal counts in another order are the same pattern under other values
                # (what `ways` and `orders` already count on): the evaluator is asked once.
                same = (counts, _canonical(combo, counts))
                got = seen.get(same)
                if got is None:
                    hand = [
                        c
                        for key, n in zip(keys, counts)
                        for c in cells[tuple(v[b] for v, b in zip(values, key))][:n]
                    ]
                    got = seen[same] = formable(sub, hand, size)
                if got:
                    ways = math.prod(math.perm(len(v), max(p) + 1) for v, p in zip(values, combo))
                    for j in got:
                        held[j] += ways
            orders = math.prod(math.factorial(m) for m in Counter(counts).values())
            for j, ways in held.items():
                assert ways % orders == 0
                out[cats[j]] += ways // orders * base
    return out
