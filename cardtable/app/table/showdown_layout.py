"""Where the showdown's hands go: a grid of cells (a name and category line, the money line, the
cards), as many columns as make the cards largest; when even the smallest readable cards do not
fit every hand, the grid shows whole rows of cells and scrolls. Pure arithmetic, tested over every
game's largest table and every window size (tests/test_layout.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..geometry import card_h
from .layout import minimums

SPREADS = (1.08, 0.8, 0.62)  # a card's step in its row, in card widths: apart, then overlapping
TEXT_LINES = 2  # name and category; what it won and the chips before and after


@dataclass(frozen=True)
class ShowdownGrid:
    cells: tuple[pygame.Rect, ...]  # one per hand on this page, in order
    first: int  # the index of the first hand shown
    cols: int
    card_width: int
    spread: float
    line: int  # the height of one text line in a cell
    rows: int  # rows of cells in all
    shown_rows: int  # rows that fit: fewer than `rows` when the grid scrolls

    @property
    def scrolls(self) -> bool:
        return self.shown_rows < self.rows

    def card_top(self, cell: pygame.Rect) -> int:
        """Where a cell's cards start (a raised card rises a quarter card into this room)."""
        return cell.top + TEXT_LINES * self.line + 4 + self.card_width // 4


def cell_height(width: int, line: int) -> int:
    return TEXT_LINES * line + 4 + card_h(width) + width // 4 + 10


def showdown_grid(
    area: pygame.Rect,
    hands: int,
    most: int,
    line: int,
    size: tuple[int, int],
    scroll: int = 0,
    largest: int = 110,
) -> ShowdownGrid:
    """`hands` hands of at most `most` cards in `area`, text lines `line` high, in a window of
    `size`; `scroll` rows down when it scrolls (kept within range)."""
    gap = 12
    least = minimums(size)[0]
    best: tuple[int, int, float] | None = None  # (card width, columns, spread)
    for cols in range(1, max(1, hands) + 1):
        rows = math.ceil(hands / cols)
        cell_w = (area.width - gap * (cols - 1)) // cols
        cell_h = (area.height - gap * (rows - 1)) // rows
        for spread in SPREADS:
            by_w = int((cell_w - 8) / (1 + spread * max(0, most - 1)))
            by_h = int((cell_h - TEXT_LINES * line - 14) / (1.4 + 0.25))
            width = min(largest, by_w, by_h)
            if best is None or width > best[0] + 1:
                best = (width, cols, spread)
    assert best is not None
    width, cols, spread = best
    rows = math.ceil(hands / cols) if hands else 1
    shown = rows
    if width < least:  # scroll: the smallest readable cards, as many columns as fit them
        width = least
        fits = []  # (columns, spread): the most columns, then the cards most apart
        for spread in SPREADS:
            span = 8 + width * (1 + spread * max(0, most - 1))
            fits.append((max(1, min(hands, int((area.width + gap) // (span + gap)))), spread))
        cols, spread = max(fits)
        rows = math.ceil(hands / cols)
        shown = max(1, min(rows, (area.height + gap) // (cell_height(width, line) + gap)))
    cell_w = (area.width - gap * (cols - 1)) // cols
    cell_h = min(cell_height(width, line), (area.height - gap * (shown - 1)) // shown)
    top_row = max(0, min(scroll, rows - shown))
    cells = []
    for i in range(top_row * cols, min(hands, (top_row + shown) * cols)):
        r, c = divmod(i, cols)
        x = area.left + c * (cell_w + gap)
        y = area.top + (r - top_row) * (cell_h + gap)
        cells.append(pygame.Rect(x, y, cell_w, cell_h))
    return ShowdownGrid(tuple(cells), top_row * cols, cols, width, spread, line, rows, shown)
