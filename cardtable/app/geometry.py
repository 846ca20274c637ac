"""Where things go on the table: seats round an ellipse, zones by their declared place.

Pure arithmetic on rectangles, so it can be tested without drawing. The seat being shown sits at
the bottom centre; the others follow round the table in seat order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

SIDE_PANEL = 300  # the log and rules panel on the right
ACTION_BAR = 120  # the actions along the bottom


@dataclass
class TableGeometry:
    size: tuple[int, int]
    seats: int
    bottom_seat: int  # the seat drawn at the bottom centre

    @property
    def table(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, 0, w - SIDE_PANEL, h - ACTION_BAR)

    @property
    def panel(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - SIDE_PANEL, 0, SIDE_PANEL, h)

    @property
    def bar(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, h - ACTION_BAR, w - SIDE_PANEL, ACTION_BAR)

    @property
    def card_width(self) -> int:
        t = self.table
        return max(36, min(96, int(min(t.width / 13, t.height / 8.5))))

    def seat_angle(self, seat: int) -> float:
        """Radians on screen (y down): the bottom seat at pi/2, the others clockwise after it."""
        k = (seat - self.bottom_seat) % self.seats
        return math.pi / 2 + 2 * math.pi * k / self.seats

    def seat_centre(self, seat: int) -> tuple[int, int]:
        t = self.table
        a = self.seat_angle(seat)
        rx, ry = t.width / 2 - 110, t.height / 2 - 62
        return int(t.centerx + rx * math.cos(a)), int(t.centery + ry * math.sin(a))

    def seat_panel(self, seat: int) -> pygame.Rect:
        cx, cy = self.seat_centre(seat)
        rect = pygame.Rect(0, 0, 200, 56)
        rect.center = (cx, cy)
        return rect.clamp(self.table.inflate(-8, -8))

    def seat_cards_anchor(self, seat: int, width: int, count: int = 0, own: bool = False) -> tuple[int, int]:
        """The centre of a seat's cards. The shown seat holds them beside its panel (where the
        board cannot be); the others just inside their panel, towards the middle."""
        panel = self.seat_panel(seat)
        height = int(width * 1.4)
        if own:
            span = width + int(width * 0.72) * max(0, count - 1)
            x = panel.right + 16 + span // 2
            if x + span // 2 > self.table.right - 8:  # no room on the right: above the panel
                return panel.centerx, panel.top - height // 2 - 10
            return x, panel.centery - height // 4
        t = self.table
        dx, dy = t.centerx - panel.centerx, t.centery - panel.centery
        dist = math.hypot(dx, dy) or 1
        reach = abs(dx / dist) * (panel.width / 2 + width / 2) + abs(dy / dist) * (
            panel.height / 2 + height / 2
        )
        reach += 6
        return int(panel.centerx + dx / dist * reach), int(panel.centery + dy / dist * reach)

    def footprint(self, seat: int, width: int, count: int, own: bool) -> pygame.Rect:
        """What a seat takes up: its panel and its cards."""
        cx, cy = self.seat_cards_anchor(seat, width, count, own)
        spread = 0.72 if own else 0.35
        span = width + int(width * spread) * max(0, count - 1)
        cards = pygame.Rect(0, 0, span, int(width * 1.4) + (width // 4 if own else 0))
        cards.center = (cx, cy)
        return self.seat_panel(seat).union(cards) if count else self.seat_panel(seat)

    def centre_area(self, footprints: list[pygame.Rect] | None = None) -> pygame.Rect:
        """The middle of the table for boards, grids, the deck and pots: as large as it can be
        without reaching any seat's panel or cards."""
        t = self.table
        bounds = t.inflate(-int(t.width * 0.12), -int(t.height * 0.1))
        rects = tuple(tuple(f) for f in footprints or ())
        area = pygame.Rect(_largest_clear(tuple(bounds), rects, t.center))
        if area.width < 120 or area.height < 120:  # a crowded table: fall back to the middle
            area = pygame.Rect(0, 0, int(t.width * 0.5), int(t.height * 0.45))
            area.center = t.center
        return area

    def place_rect(self, place: str, centre: pygame.Rect) -> pygame.Rect:
        """A rectangle for a table zone's declared place, within the centre area."""
        c = centre
        third = c.height // 3
        if place == "above_center":
            return pygame.Rect(c.left, c.top, c.width, third)
        if place == "below_center":
            return pygame.Rect(c.left, c.bottom - third, c.width, third)
        if place == "left":
            return pygame.Rect(c.left, c.top, c.width // 4, c.height)
        if place == "right":
            return pygame.Rect(c.right - c.width // 4, c.top, c.width // 4, c.height)
        if place == "corner":
            t = self.table
            return pygame.Rect(t.left + 12, t.top + 12, 110, 170)
        return c


@lru_cache(maxsize=64)
def _largest_clear(
    bounds: tuple[int, int, int, int],
    footprints: tuple[tuple[int, int, int, int], ...],
    centre: tuple[int, int],
) -> tuple[int, int, int, int]:
    """The largest rectangle within `bounds`, around `centre`, that touches no footprint.

    Each edge is either the bound's or one just past a footprint on that side of the centre; with
    at most ten seats every combination is tried (a few thousand), and the answer is cached.
    """
    box = pygame.Rect(bounds)
    rects = [pygame.Rect(f).inflate(16, 16) for f in footprints]
    cx, cy = centre
    lefts = [box.left] + [r.right for r in rects if box.left < r.right < cx]
    rights = [box.right] + [r.left for r in rects if cx < r.left < box.right]
    tops = [box.top] + [r.bottom for r in rects if box.top < r.bottom < cy]
    bottoms = [box.bottom] + [r.top for r in rects if cy < r.top < box.bottom]
    best, best_area = (cx - 1, cy - 1, 2, 2), 0
    for left in lefts:
        for right in rights:
            for top in tops:
                for bottom in bottoms:
                    size = (right - left) * (bottom - top)
                    if size <= best_area:
                        continue
                    candidate = pygame.Rect(left, top, right - left, bottom - top)
                    if candidate.collidelist(rects) == -1:
                        best, best_area = (candidate.x, candidate.y, candidate.w, candidate.h), size
    return best


def fan_positions(
    count: int, centre: tuple[int, int], width: int, spread: float = 0.62, max_width: int | None = None
) -> list[tuple[int, int]]:
    """Top-left corners of `count` overlapping cards centred on `centre`."""
    if count == 0:
        return []
    step = width * spread
    if max_width is not None and count > 1:
        step = min(step, (max_width - width) / (count - 1))
    total = width + step * (count - 1)
    height = int(width * 1.4)
    x0 = centre[0] - total / 2
    return [(int(x0 + i * step), centre[1] - height // 2) for i in range(count)]


def grid_cell_size(rows: int, cols: int, area: pygame.Rect) -> int:
    """The card width that fits a rows x cols grid of cards into `area`."""
    gap = 4
    by_width = (area.width - gap * (cols - 1)) / cols
    by_height = ((area.height - gap * (rows - 1)) / rows) / 1.4
    return max(8, int(min(by_width, by_height, 110)))
