"""Spreading a deck on a grid: the display order (sorted by any attribute) and the columns.

Positions are grid cells in reading order; the grid is as wide as it needs to be to fit a 16:9
screen, rounded to whole runs of the sort (four suits of 40 cards to a row of the 12,000 deck).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..deck import Deck


def sort_keys(deck: Deck) -> list[str]:
    """The attributes a deck can be sorted by, suit-like (glyph) attributes first."""
    names = list(deck.attributes)
    glyphed = [n for n in names if any(v.glyph for v in deck.attributes[n].values)]
    return glyphed + [n for n in names if n not in glyphed]


def sorted_order(deck: Deck, key: str | None) -> tuple[int, ...]:
    """Cards sorted by `key`, then by the other attributes in declaration order, then by id."""
    names = list(deck.attributes)
    if key in names:
        names.remove(key)
        names.insert(0, key)
    cols = [deck.column(n) for n in names]

    def k(card: int) -> tuple[int, ...]:
        return tuple(col[card] for col in cols) + (card,)

    return tuple(sorted(range(deck.size), key=k))


def run_length(deck: Deck, order: tuple[int, ...], key: str | None) -> int:
    """How many cards in a row share the sort key at the start (the natural row unit)."""
    if not key or key not in deck.attributes or not order:
        return 1
    col = deck.column(key)
    first = col[order[0]]
    n = 0
    for card in order:
        if col[card] != first:
            break
        n += 1
    return n


@dataclass
class GridLayout:
    order: tuple[int, ...]  # card at each position
    cols: int
    key: str | None = None

    def __post_init__(self) -> None:
        self.pos_of = [0] * len(self.order)
        for p, card in enumerate(self.order):
            self.pos_of[card] = p

    @property
    def size(self) -> int:
        return len(self.order)

    @property
    def rows(self) -> int:
        return max(1, math.ceil(len(self.order) / self.cols))

    def cell_of(self, card: int) -> tuple[int, int]:
        p = self.pos_of[card]
        return p % self.cols, p // self.cols


def make_layout(deck: Deck, key: str | None = None, aspect: float = 16 / 9) -> GridLayout:
    if key is None:
        keys = sort_keys(deck)
        key = keys[0] if keys else None
    order = sorted_order(deck, key)
    n = len(order)
    cols = max(1, round(math.sqrt(n * aspect * 1.4)))
    run = run_length(deck, order, key)
    if 1 < run <= cols:
        cols = max(run, round(cols / run) * run)
    elif cols < run <= cols * 3 // 2:
        cols = run
    elif run > cols and n > 1:
        # Long runs (300 suits of one rank): keep the grid shape but try a divisor of the run.
        for c in range(cols, cols // 2, -1):
            if run % c == 0:
                cols = c
                break
    return GridLayout(order, min(cols, n) if n else 1, key)
