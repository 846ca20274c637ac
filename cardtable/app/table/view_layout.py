"""The layout of one table frame read off a view: what it must make room for (`needs_of`: cards
per seat, rows of cards, the board's shape, whether the side panel folds), where an open grid
reaches, and `TableLayout`, the plan (layout.py) together with whose cards it draws large.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.types import View, ZoneView
from .. import frame
from ..controls import card_spots
from ..geometry import SeatBox
from .layout import Board, Needs, TablePlan, plan

FOLD_BELOW = 1100  # narrower windows fold the side panel away (L brings it back)
HAND_ROOM = 5  # the cards a seat has room for, however few it holds now


@dataclass
class TableLayout:
    """One frame's layout: the plan for this view, and which seat is whose."""

    plan: TablePlan
    viewer: int | None  # the seat whose cards are drawn large and choosable
    bottom: int

    @classmethod
    def of(
        cls,
        size: tuple[int, int],
        view: View,
        bottom: int,
        side: bool | None = None,
        bar_rows: int = 1,
        scale: float = 1.0,
        hand_line: bool = False,
    ) -> TableLayout:
        """The layout for `view` in a window of `size`, seat `bottom` at the bottom centre, the
        side panel open or folded (None: as the window's width suits); `hand_line`: a strip
        above the bar for what the viewer's cards make (kept in public frames too, so the table
        does not move when a person looks)."""
        needs = needs_of(size, view, bottom, side, bar_rows, scale, hand_line)
        return cls(plan(needs), view["seat"], bottom)

    def record_regions(self) -> None:
        """The table's top-level areas, for the frame manifest."""
        for name, rect in self.plan.regions():
            frame.region(name, rect)

    def seat(self, seat: int) -> SeatBox:
        return self.plan.seats[seat]


def needs_of(
    size: tuple[int, int],
    view: View,
    bottom: int,
    side: bool | None,
    bar_rows: int,
    scale: float,
    hand_line: bool = False,
) -> Needs:
    """What the layout must make room for in this view."""
    n = len(view["seats"])
    hands, zones = [0] * n, [0] * n
    rows, cols, grid, stacks, spread = 1, 5, False, 0, 0
    for z in view["zones"].values():
        owner = z["owner"]
        if isinstance(owner, int):  # room for five cards at least: seats stay put while dealing
            hands[owner] = max(hands[owner], len(z.get("cards", [])), HAND_ROOM)
            zones[owner] += 1
        elif z["shape"] == "stack":
            stacks += 1
        else:
            spread += 1
            if "cells" in z:
                r, c = grid_extent(z, view)[2:]
                rows, cols, grid = max(rows, r), max(cols, c), True
                if not z.get("size"):  # a growing board: room for it to grow, so seats stay put
                    rows, cols = max(rows, 5), max(cols, 5)
            else:
                cols = max(cols, len(z.get("cards", [])))
    if side is None:
        side = size[0] >= FOLD_BELOW
    own = view["seat"] == bottom
    board = Board(rows, cols, grid, stacks, max(1, spread))
    return Needs(size, tuple(hands), tuple(zones), bottom, own, board, side, bar_rows, scale, hand_line)


def grid_extent(z: ZoneView, view: View) -> tuple[int, int, int, int]:
    """A grid zone's first row and column and its rows and columns: its declared size, or the
    cards on it and the places a card may go."""
    size = z.get("size")
    if size:
        return 0, 0, size[0], size[1]
    place = card_spots(view)
    points = [(r, c) for r, c, _ in z["cells"]] + list(place.spots if place is not None else ())
    points += list(bound_area(z) or ())
    if not points:
        return 0, 0, 1, 1
    r0, c0 = min(p[0] for p in points), min(p[1] for p in points)
    return r0, c0, max(p[0] for p in points) - r0 + 1, max(p[1] for p in points) - c0 + 1


def bound_area(z: ZoneView) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The first and last cell an open grid bounded to rows x cols may still use."""
    bound, cells = z.get("bound"), z.get("cells") or []
    if not bound or not cells:
        return None
    rows, cols = [r for r, _, _ in cells], [c for _, c, _ in cells]
    return (max(rows) - bound[0] + 1, max(cols) - bound[1] + 1), (
        min(rows) + bound[0] - 1,
        min(cols) + bound[1] - 1,
    )
