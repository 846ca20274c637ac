"""Rectangle arithmetic for the table: where the seats sit round the felt, how big a fan of cards
is, how a grid of cards fits a box. Pure arithmetic (pygame.Rect only), so the layout can be
tested over every game and window size without drawing anything (see table/layout.py).

Seats go round the felt clockwise from the bottom centre: up the left side, along the top, down
the right side. How many go on each side is chosen per game: a tall board (the 10x10 grid) sends
them to the sides, a wide one (a row of cards) to the top.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .ui import largest_where

CARD_RATIO = 1.4  # a card's height over its width
OTHERS_SPREAD = 0.35  # how much of each card of another seat's fan shows
OWN_SPREAD = 0.72  # the viewer's own cards: enough to read every corner


def face_text_floor(size: tuple[int, int]) -> int:
    """The smallest text a card face may carry in a window of `size`: 12 px from 1280x720 up,
    10 px below (800x600 laptops' cards are 24 px wide)."""
    return 12 if size[0] >= 1280 and size[1] >= 720 else 10


def card_h(width: int) -> int:
    return round(width * CARD_RATIO)  # as render/faces.py paints them


def fan_span(count: int, width: int, spread: float) -> int:
    """The width of a fan of `count` cards."""
    return width + int(width * spread) * max(0, count - 1)


def fan_positions(
    count: int, centre: tuple[int, int], width: int, spread: float = 0.62, max_width: int | None = None
) -> list[tuple[int, int]]:
    """Top-left corners of `count` overlapping cards centred on `centre`."""
    if count == 0:
        return []
    step = width * spread
    if max_width is not None and count > 1:
        step = max(0.0, min(step, (max_width - width) / (count - 1)))
    total = width + step * (count - 1)
    height = card_h(width)
    x0 = centre[0] - int(total) // 2  # as a Rect of that width centred there: never a pixel over
    return [(int(x0 + i * step), centre[1] - height // 2) for i in range(count)]


def grid_gap(width: int) -> int:
    """The gap between the cards of a grid: a little, more for larger cards."""
    return max(2, min(6, width // 12))


def grid_cell_size(rows: int, cols: int, area: pygame.Rect, most: int = 140) -> int:
    """The largest card width (at most `most`, at least 4) that fits a rows x cols grid of cards
    in `area`."""

    def fits(width: int) -> bool:
        gap = grid_gap(width)
        return cols * (width + gap) - gap <= area.width and rows * (card_h(width) + gap) - gap <= area.height

    # A grid's extent grows with its card width (and its gap with it): the widths that fit are
    # the ones below some width, found by halving.
    return largest_where(4, most, fits) if most > 4 else 4


@dataclass(frozen=True)
class SeatBox:
    """One seat's place: its plate (name, chips, roles) and its cards beside or below it."""

    box: pygame.Rect  # the seat's whole region
    plate: pygame.Rect
    cards: pygame.Rect  # the fans are centred in it, one row per zone
    card_width: int
    own: bool


def plate_size(scale: float) -> tuple[int, int]:
    """A seat's plate: two lines (name; chips and bet) with room for the role badges."""
    return int(168 * scale), int(50 * scale)


def seat_box(
    at: pygame.Rect,
    plate: tuple[int, int],
    count: int,
    zones: int,
    width: int,
    spread: float,
    beside: bool,
    own: bool,
) -> SeatBox:
    """A seat laid out in the space `at` (which it never leaves): the plate, then its cards
    beside it (`beside`) or below it, as wide as they are or as `at` allows."""
    pw, ph = min(plate[0], at.width), plate[1]
    rows_h = card_h(width) * zones + (width // 4 if own else 0) + 4 * (zones - 1)
    if beside:
        h = max(ph, rows_h) if count else ph
        room = at.width - pw - 8
        span = min(room, fan_span(count, width, spread)) if count else 0
        w = pw + (8 + span if count else 0)
        box = pygame.Rect(0, 0, min(w, at.width), min(h, at.height))
        box.center = at.center
        plate_r = pygame.Rect(box.left, box.centery - ph // 2, pw, ph)
        cards = pygame.Rect(plate_r.right + 8, box.top, max(0, span), box.height)
    else:
        h = ph + (6 + rows_h if count else 0)
        span = min(at.width, fan_span(count, width, spread)) if count else 0
        box = pygame.Rect(0, 0, max(pw, span), min(h, at.height))
        box.center = at.center
        plate_r = pygame.Rect(box.centerx - pw // 2, box.top, pw, ph)
        cards = pygame.Rect(
            box.centerx - span // 2, plate_r.bottom + 6, span, box.bottom - plate_r.bottom - 6
        )
    return SeatBox(box, plate_r, cards, width, own)


def seat_sides(others: int, top: int) -> tuple[int, int, int]:
    """How `others` seats (all but the bottom one) split into left, top and right, `top` of them
    along the top and the rest shared by the sides, the left side taking the odd one."""
    rest = others - top
    return (rest + 1) // 2, top, rest // 2


def column_slots(area: pygame.Rect, heights: list[int], downwards: bool, gap: int) -> list[pygame.Rect]:
    """Slots down a column for boxes of `heights` (listed top to bottom, or bottom up when not
    `downwards`), `gap` apart, the room left over shared out evenly between them."""
    if not heights:
        return []
    order = heights if downwards else heights[::-1]
    spare = max(0, area.height - sum(order) - gap * (len(order) - 1)) // len(order)
    slots, y = [], area.top
    for h in order:
        slots.append(pygame.Rect(area.left, y, area.width, min(h + spare, area.bottom - y)))
        y += h + spare + gap
    return slots if downwards else slots[::-1]


def row_slots(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """`count` equal slots along a row, left to right."""
    if count == 0:
        return []
    w = area.width // count
    return [pygame.Rect(area.left + i * w, area.top, w, area.height) for i in range(count)]


def contains(outer: pygame.Rect, inner: pygame.Rect) -> bool:
    return (
        outer.contains(inner) or (inner.width == 0 or inner.height == 0) and outer.collidepoint(inner.topleft)
    )
