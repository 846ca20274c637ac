"""Where everything of one table frame goes, decided by one layout step that knows what each part
holds: the felt goes first to what matters in this game (the 10x10 grid or the growing board gets
most of it), the seats shrink to a compact plate and fan when there are many, the side panel (the
table talk and the large card under the pointer) folds away in a small window (L unfolds it).

`plan(needs)` is pure arithmetic on a few numbers (`Needs`: window, cards per seat, the board's
shape), cached, and testable without drawing: tests/test_layout.py checks it over every game,
seat count and window size. Reading those numbers off a view is view_layout.py's. The regions a
plan names in the frame manifest never overlap and lie inside the window.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from ..geometry import (
    OTHERS_SPREAD,
    OWN_SPREAD,
    SeatBox,
    card_h,
    column_slots,
    fan_span,
    grid_cell_size,
    plate_size,
    row_slots,
    seat_box,
    seat_sides,
)
from .grid_camera import GridCamera

__all__ = ["Board", "GridCamera", "Needs", "TablePlan", "minimums", "plan"]


@dataclass(frozen=True)
class Board:
    """What the middle of the table holds: a grid (rows x cols), or a row of `cols` cards; and
    how many piles (deck, discard) sit beside it."""

    rows: int
    cols: int
    grid: bool
    stacks: int
    spread: int = 1  # zones sharing the board area (rows and grids), stacked


@dataclass(frozen=True)
class Needs:
    size: tuple[int, int]
    hands: tuple[int, ...]  # per seat, the most cards in one of its zones
    zones: tuple[int, ...]  # per seat, how many zones (rows of cards) it has
    bottom: int  # the seat at the bottom centre
    own: bool  # the bottom seat is the viewer's, drawn large
    board: Board
    side: bool  # the side panel is open
    bar_rows: int = 1  # rows of buttons in the action bar
    scale: float = 1.0
    hand_line: bool = False  # a strip above the bar for the viewer's "your hand" line


@dataclass(frozen=True)
class TablePlan:
    size: tuple[int, int]
    table: pygame.Rect  # the felt: the window but the side panel and the bar
    bar: pygame.Rect
    side: pygame.Rect | None  # the side panel, None when folded
    header: pygame.Rect | None
    preview: pygame.Rect | None
    log: pygame.Rect | None
    seats: tuple[SeatBox, ...]  # by seat number
    centre: pygame.Rect  # the middle, clear of every seat
    labels: pygame.Rect  # the board's labels, along the top of the middle
    pot: pygame.Rect
    stacks: pygame.Rect | None  # the piles' strip on the left of the middle
    board: pygame.Rect  # the board's cards
    board_card: int  # the width of the board's cards, unzoomed
    stack_card: int
    hand: pygame.Rect | None = None  # the "your hand" strip above the bar (named only in private frames)

    def regions(self) -> list[tuple[str, pygame.Rect]]:
        """The top-level areas, as the frame manifest names them."""
        out = [(f"seat:{i}", s.box) for i, s in enumerate(self.seats)]
        out += [("community", self.board), ("pot", self.pot), ("actions", self.bar)]
        if self.stacks is not None:
            out.append(("deck", self.stacks))
        if self.header is not None and self.preview is not None and self.log is not None:
            out += [("header", self.header), ("preview", self.preview), ("log", self.log)]
        return out


def minimums(size: tuple[int, int]) -> tuple[int, int]:
    """The smallest card width on the table, and on a grid: (40, 32) from 1280x720 up, else 24."""
    w, h = size
    return (40, 32) if w >= 1280 and h >= 720 else (24, 24)


def bar_height(rows: int, scale: float) -> int:
    """The action bar: the status line and `rows` rows of buttons."""
    return int((12 + 26 + max(1, rows) * 40) * scale)


def hand_line_height(scale: float) -> int:
    """The strip above the bar that says what the viewer's cards make."""
    return int(28 * scale)


def button_height(scale: float) -> int:
    return int(34 * scale)


@lru_cache(maxsize=64)
def plan(needs: Needs) -> TablePlan:
    """The plan for `needs`. Seats are placed by their turn from the bottom seat only, so the plan
    of a table seen from another seat is that of the same table turned round to put it first:
    the arithmetic is done (and cached) once for every seat a person may view from."""
    n, bottom = len(needs.hands), needs.bottom
    if not bottom:
        return _plan(needs)
    turned = _plan(
        replace(
            needs,
            hands=needs.hands[bottom:] + needs.hands[:bottom],
            zones=needs.zones[bottom:] + needs.zones[:bottom],
            bottom=0,
        )
    )
    seats = tuple(turned.seats[(i - bottom) % n] for i in range(n))
    return replace(turned, seats=seats)


@lru_cache(maxsize=32)
def _plan(needs: Needs) -> TablePlan:
    w, h = needs.size
    s = needs.scale
    side_w = max(230, min(380, int(w * 0.21))) if needs.side else 0
    strip = hand_line_height(s) if needs.hand_line else 0
    bar_h = min(h // 3, bar_height(needs.bar_rows, s))
    table = pygame.Rect(0, 0, w - side_w, h - bar_h - strip)
    bar = pygame.Rect(0, h - bar_h, w - side_w, bar_h)
    hand = pygame.Rect(0, h - bar_h - strip, w - side_w, strip) if strip else None
    side = header = preview = log = None
    if side_w:
        side = pygame.Rect(w - side_w, 0, side_w, h)
        header = pygame.Rect(side.left, 0, side_w, int(60 * s))
        big = min(side_w - 40, int((h - header.height) * 0.45 / 1.4))
        preview = pygame.Rect(side.left, header.bottom, side_w, card_h(big) + int(34 * s))
        log = pygame.Rect(side.left, preview.bottom, side_w, h - preview.bottom)
    best: tuple[float, TablePlan] | None = None
    for candidate in _candidates(needs, table):
        score = _score(needs, candidate)
        if best is None or score > best[0]:
            best = (score, candidate)
    assert best is not None
    p = best[1]
    return TablePlan(
        needs.size, table, bar, side, header, preview, log, p.seats, p.centre, p.labels, p.pot,
        p.stacks, p.board, p.board_card, p.stack_card, hand,
    )  # fmt: skip


def _score(needs: Needs, p: TablePlan) -> float:
    """Readable first (every card at its minimum), then the board as large as it is useful, then
    the seats' cards larger."""
    card_min, grid_min = minimums(needs.size)
    others = [s.card_width for i, s in enumerate(p.seats) if i != needs.bottom or not needs.own]
    seat_w = min(others, default=card_min)
    own_w = p.seats[needs.bottom].card_width
    board_min = grid_min if needs.board.grid else card_min
    readable = (p.board_card >= board_min) + (seat_w >= card_min) + (own_w >= card_min)
    useful = min(p.board_card, int((70 if needs.board.grid else 100) * needs.scale))
    comfortable = min(own_w, int(48 * needs.scale)) if needs.own else 0  # one's own cards, readable
    return (
        readable * 10_000
        + useful * (8 if needs.board.grid else 2)
        + seat_w
        + 0.5 * own_w
        + 3 * comfortable
        - 2 * _squeezed(needs, p.seats[needs.bottom])
    )


def _squeezed(needs: Needs, own: SeatBox) -> float:
    """How many pixels of each of the viewer's cards its fan hides beyond its usual overlap,
    for want of room (0 when the fan has its full spread, or is not the viewer's)."""
    count = needs.hands[needs.bottom]
    if not needs.own or count < 2:
        return 0.0
    step = (own.cards.width - own.card_width) / (count - 1)
    return max(0.0, int(own.card_width * OWN_SPREAD) - step)


def _candidates(needs: Needs, table: pygame.Rect) -> list[TablePlan]:
    """Arrangements worth scoring: every split of the seats between the sides and the top, each
    form of seat, a few card sizes; then, for the best of those, the viewer's card size. A few
    hundred rectangles' arithmetic, once per set of needs (plans are cached)."""
    s = needs.scale
    card_min, _ = minimums(needs.size)
    widths = sorted({*range(int(64 * s), card_min, -8), card_min}, reverse=True)
    least_own = card_min if needs.own else 0  # first the board and the seats; then the own cards grow
    others = len(needs.hands) - 1
    shapes = []
    for width in widths:
        for top in range(min(others, 5) + 1):
            for beside in (True, False):
                for foot in _feet(others):
                    p = _arrange(needs, table, width, least_own or width, top, beside, foot)
                    if p is not None:
                        shapes.append((_score(needs, p), width, top, beside, foot, p))
    if not shapes:  # nothing fits: the smallest arrangement, squeezed
        p = _arrange(needs, table, card_min, card_min, others // 3, False, "between", squeeze=True)
        assert p is not None
        return [p]
    out = []
    ranked = sorted(shapes, key=lambda x: -x[0])
    # the best few of each form of foot: a long own hand may only show its worth at its own size
    for foot in _feet(others):
        for _, width, top, beside, _, p in [x for x in ranked if x[4] == foot][:3]:
            out.append(p)
            for own in (int(96 * s), int(80 * s), int(64 * s), int(52 * s)) if needs.own else ():
                q = _arrange(needs, table, width, max(card_min, own), top, beside, foot)
                if q is not None:
                    out.append(q)
    return out


def _feet(others: int) -> tuple[str, ...]:
    """Where the bottom seat may go: `between` the side columns, `below` them along the whole
    felt (its fan under the side seats), or in the `corner` at the foot of the left side."""
    return ("between", "below", "corner") if others >= 2 else ("between", "below")


def _arrange(
    needs: Needs,
    table: pygame.Rect,
    width: int,
    own_w: int,
    top: int,
    beside: bool,
    foot: str,
    squeeze: bool = False,
) -> TablePlan | None:
    """Seats at card width `width` (the bottom one `own_w`), `top` of them along the top and the
    others down the sides (their cards `beside` their plates or below), the bottom seat along the
    bottom between the sides, below them, or at the foot of the left side (`foot`, see _feet);
    the middle what is left. None when the seats do not fit."""
    # The seats never depend on the board: a grid that grows a row (a card placed) plans the
    # middle of each arrangement again, not its seats.
    seated = _seated(_boardless(needs), tuple(table), width, own_w, top, beside, foot, squeeze)
    if seated is None:
        return None
    seats, centre = seated
    return _middle(needs, list(seats), centre, width)


NO_BOARD = Board(0, 0, False, 0)


@lru_cache(maxsize=64)
def _boardless(needs: Needs) -> Needs:
    return replace(needs, board=NO_BOARD)


@lru_cache(maxsize=4096)
def _seated(
    needs: Needs,
    felt: tuple[int, int, int, int],
    width: int,
    own_w: int,
    top: int,
    beside: bool,
    foot: str,
    squeeze: bool,
) -> tuple[tuple[SeatBox, ...], pygame.Rect] | None:
    """The seats of `_arrange` on the felt, and the centre left between them; None when they do
    not fit."""
    table = pygame.Rect(felt)
    s = needs.scale
    n = len(needs.hands)
    gap = max(6, int(10 * s))
    inner = table.inflate(-2 * gap, -2 * gap)
    plate = plate_size(s)
    order = [(needs.bottom + k) % n for k in range(n)]
    corner, below = foot == "corner", foot == "below"
    if corner:  # the bottom seat is the lowest of the left side
        left_n = (n - top + 1) // 2
        lefts, tops, rights = order[:left_n], order[left_n : left_n + top], order[left_n + top :]
    else:
        left_n, top_n, _ = seat_sides(n - 1, top)
        lefts, tops, rights = (
            order[1 : 1 + left_n],
            order[1 + left_n : 1 + left_n + top_n],
            order[1 + left_n + top_n :],
        )
    own = needs.own

    def size_of(seat: int, side_form: bool) -> tuple[int, int]:
        mine = seat == needs.bottom
        at_w = own_w if mine else width
        count, zones = needs.hands[seat], max(1, needs.zones[seat])
        span = fan_span(count, at_w, OWN_SPREAD if mine and own else OTHERS_SPREAD) if count else 0
        rows_h = card_h(at_w) * zones + 4 * (zones - 1) + (at_w // 4 if mine and own else 0) if count else 0
        if side_form:
            return plate[0] + (8 + span if count else 0), max(plate[1], rows_h)
        return max(plate[0], span), plate[1] + (6 + rows_h if count else 0)

    bottom_h = 0 if corner else size_of(needs.bottom, True)[1]
    # below: the side columns stop above the bottom seat, which has the felt's whole width
    sides_h = inner.height - (bottom_h + gap if below else 0)
    heights: dict[str, list[int]] = {}
    col_w = {}
    for name, side in (("left", lefts), ("right", rights)):
        sizes = [size_of(seat, beside) for seat in side]
        col_w[name] = max((sz[0] for sz in sizes), default=0)
        heights[name] = [sz[1] for sz in sizes]
        if sum(sz[1] + gap for sz in sizes) > sides_h + gap and not squeeze:
            return None
    lw, rw = col_w["left"], col_w["right"]
    if lw + rw + 2 * gap + plate[0] > inner.width and not squeeze:
        return None
    mid = pygame.Rect(inner.left + lw + (gap if lw else 0), inner.top, 0, sides_h)
    mid.width = inner.right - (rw + gap if rw else 0) - mid.left
    top_sizes = [size_of(seat, False) for seat in tops]
    top_h = max((sz[1] for sz in top_sizes), default=0)
    if sum(sz[0] + gap for sz in top_sizes) > mid.width + gap and not squeeze:
        return None
    seats: dict[int, SeatBox] = {}
    if not corner:
        count = needs.hands[needs.bottom]
        spread = OWN_SPREAD if own else OTHERS_SPREAD
        foot_w = inner.width if below else mid.width
        # the viewer's fan may overlap more, down to a third of each card showing
        if plate[0] + 8 + fan_span(count, own_w, min(spread, 0.3)) > foot_w and not squeeze:
            return None
        at = pygame.Rect(inner.left if below else mid.left, inner.bottom - bottom_h, foot_w, bottom_h)
        zones = max(1, needs.zones[needs.bottom])
        seats[needs.bottom] = seat_box(at, plate, count, zones, own_w, spread, True, own)
    centre = pygame.Rect(mid.left, mid.top + (top_h + gap if top_h else 0), mid.width, 0)
    centre.height = mid.bottom - (bottom_h + gap if bottom_h and not below else 0) - centre.top
    if centre.height < int(60 * s) and not squeeze:
        return None
    for name, seats_on, x, w_col in (
        ("left", lefts, inner.left, lw),
        ("right", rights, inner.right - rw, rw),
    ):
        column = pygame.Rect(x, inner.top, w_col, sides_h)
        for seat, slot in zip(seats_on, column_slots(column, heights[name], name == "right", gap)):
            seats[seat] = _fit(needs, seat, slot, plate, width, own_w, beside)
    for seat, slot in zip(tops, row_slots(pygame.Rect(mid.left, mid.top, mid.width, top_h), len(tops))):
        seats[seat] = _fit(needs, seat, slot.inflate(-gap, 0), plate, width, own_w, False)
    return tuple(seats[i] for i in range(n)), centre


def _fit(
    needs: Needs, seat: int, at: pygame.Rect, plate: tuple[int, int], width: int, own_w: int, beside: bool
) -> SeatBox:
    count, zones = needs.hands[seat], max(1, needs.zones[seat])
    if seat == needs.bottom:
        spread = OWN_SPREAD if needs.own else OTHERS_SPREAD
        return seat_box(at, plate, count, zones, own_w, spread, beside, needs.own)
    return seat_box(at, plate, count, zones, width, OTHERS_SPREAD, beside, False)


def _middle(needs: Needs, seats: list[SeatBox], centre: pygame.Rect, width: int) -> TablePlan:
    """The middle divided: the piles' strip on the left, the labels and the pot along the top,
    the board below."""
    labels, pot, stacks, area, card, stack_card = _divided(needs.board, needs.scale, tuple(centre), width)
    empty = pygame.Rect(0, 0, 0, 0)
    return TablePlan(
        needs.size, empty, empty, None, None, None, None, tuple(seats), centre, labels, pot, stacks,
        area, card, stack_card,
    )  # fmt: skip


@lru_cache(maxsize=4096)
def _divided(
    board: Board, s: float, middle: tuple[int, int, int, int], width: int
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect | None, pygame.Rect, int, int]:
    """`_middle`'s arithmetic: the labels, the pot, the piles' strip, the board's area, and the
    board's and the piles' card widths. (Many arrangements leave the same middle: kept.)"""
    centre = pygame.Rect(middle)
    strip_h = int(28 * s)
    stacks = None
    stack_card = min(width, int(56 * s))
    rest = centre.copy()
    if board.stacks:
        label_h = int(58 * s)
        each = (centre.height - 8) // board.stacks
        stack_card = max(16, min(stack_card, int((each - label_h - 14) / 1.4)))
        stack_w = max(stack_card + 20, int(60 * s))
        stacks = pygame.Rect(centre.left, centre.top, stack_w, centre.height)
        rest = pygame.Rect(stacks.right + 8, centre.top, centre.width - stack_w - 8, centre.height)
    pot_w = min(rest.width // 2, int(300 * s))
    pot = pygame.Rect(rest.right - pot_w, rest.top, pot_w, strip_h)
    labels = pygame.Rect(rest.left, rest.top, rest.width - pot_w - 8, strip_h)
    area = pygame.Rect(rest.left, rest.top + strip_h + 4, rest.width, rest.height - strip_h - 4)
    share = area.copy()
    share.height = area.height // max(1, board.spread)
    if board.grid:
        card = grid_cell_size(board.rows, board.cols, share, int(110 * s))
    else:
        room = max(5, board.cols)
        card = max(8, min(int(110 * s), int(share.width / (room * 1.08)), int((share.height - 4) / 1.4)))
    return labels, pot, stacks, area, card, stack_card
