"""Where everything of one table frame goes: the seats round the table, the middle for the
boards, the side panel and the action bar, and the zoomable grid. Arithmetic on rectangles from
the window size and the view (see ../geometry.py); the draw_* modules paint into these places."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.types import View, ZoneView
from .. import frame
from ..geometry import TableGeometry, grid_cell_size

PANEL_HEADER = 64  # the side panel's title lines
PREVIEW_H = 284  # the large card under the pointer, with its name
PREVIEW_W = 180


@dataclass
class TableLayout:
    geo: TableGeometry
    viewer: int | None  # the seat whose cards are drawn large and choosable
    footprints: list[pygame.Rect]  # per seat: its panel and its cards
    centre: pygame.Rect  # the middle of the table, clear of every seat

    @classmethod
    def of(cls, size: tuple[int, int], view: View, bottom: int) -> TableLayout:
        """The layout for `view` in a window of `size`, seat `bottom` at the bottom centre."""
        geo = TableGeometry(size, len(view["seats"]), bottom)
        viewer = view["seat"]
        footprints = []
        for seat in range(len(view["seats"])):
            own = seat == viewer
            count = sum(len(z.get("cards", [])) for z in view["zones"].values() if z["owner"] == seat)
            footprints.append(geo.footprint(seat, seat_card_width(geo, own), count, own))
        return cls(geo, viewer, footprints, geo.centre_area(footprints))

    def record_regions(self) -> None:
        """The table's top-level areas, for the frame manifest."""
        for seat, footprint in enumerate(self.footprints):
            frame.region(f"seat:{seat}", footprint)
        frame.region("community", self.centre)
        frame.region("actions", self.geo.bar)

    def panels(self) -> dict[int, pygame.Rect]:
        return {seat: self.geo.seat_panel(seat) for seat in range(self.geo.seats)}

    def table_zones(
        self, view: View
    ) -> tuple[list[tuple[str, ZoneView, tuple[int, int], int]], list[tuple[str, ZoneView, pygame.Rect]]]:
        """The table's zones placed: stacks as (name, zone, top-left, card width) in a strip on
        the left of their place, the rows and grids as (name, zone, area) sharing the rest."""
        by_place: dict[str, list[tuple[str, ZoneView]]] = {}
        for name, z in view["zones"].items():
            if z["owner"] == "table":
                by_place.setdefault(z["place"] if z["place"] != "seat" else "center", []).append((name, z))
        stacks, others = [], []
        for place, zones in by_place.items():
            area = self.geo.place_rect(place, self.centre)
            piles = [(n, z) for n, z in zones if z["shape"] == "stack"]
            spread = [(n, z) for n, z in zones if z["shape"] != "stack"]
            if piles:
                width = max(34, self.geo.card_width * 3 // 5)
                strip = pygame.Rect(area.left, area.top, width + 24, area.height)
                for i, (name, z) in enumerate(piles):
                    stacks.append((name, z, (strip.left, strip.top + i * (int(width * 1.4) + 50)), width))
                area = pygame.Rect(
                    area.left + strip.width + 12, area.top, area.width - strip.width - 12, area.height
                )
            if spread:
                share = area.height // len(spread)
                for i, (name, z) in enumerate(spread):
                    others.append((name, z, pygame.Rect(area.left, area.top + i * share, area.width, share)))
        return stacks, others

    def panel_parts(self, preview: bool) -> tuple[pygame.Rect, pygame.Rect | None, pygame.Rect]:
        """The side panel: its title lines, the large preview (when a card is pointed at), and
        the log (or the rules) below."""
        p = self.geo.panel
        header = pygame.Rect(p.left, p.top, p.width, PANEL_HEADER)
        top = header.bottom
        big = pygame.Rect(p.left, top, p.width, PREVIEW_H) if preview else None
        if big is not None:
            top = big.bottom
        return header, big, pygame.Rect(p.left, top, p.width, p.bottom - top)


def seat_card_width(geo: TableGeometry, own: bool) -> int:
    """The viewer's own cards are drawn large; the others' small."""
    return int(geo.card_width * (1.1 if own else 0.55))


class GridCamera:
    """Zoom and pan of the table's grids (the 10x10 board): the wheel zooms about the pointer,
    a right-drag pans, 0 fits again. Remembers where the grid was drawn, for the pointer."""

    def __init__(self) -> None:
        self.zoom = 1.0
        self.pan = [0.0, 0.0]
        self.area: pygame.Rect | None = None  # where the grid was drawn last frame
        self.origin = (0, 0)  # its top-left card's corner
        self.drag: tuple[int, int] | None = None  # where a right-drag was last

    def fit(self) -> None:
        self.zoom, self.pan = 1.0, [0.0, 0.0]

    def zoom_about(self, factor: float, pointer: tuple[int, int]) -> None:
        """Zoom about the pointer (the point under it stays put), between 1x and 5x."""
        new = max(1.0, min(5.0, self.zoom * factor))
        scale = new / self.zoom
        ox, oy = self.origin
        self.pan[0] += (pointer[0] - ox) * (1 - scale)
        self.pan[1] += (pointer[1] - oy) * (1 - scale)
        self.zoom = new
        if new == 1.0:
            self.pan = [0.0, 0.0]

    def drag_to(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.pan[0] += pos[0] - self.drag[0]
            self.pan[1] += pos[1] - self.drag[1]
            self.drag = pos

    def place(self, area: pygame.Rect, rows: int, cols: int) -> tuple[pygame.Rect, int, tuple[int, int]]:
        """Lay a rows x cols grid of cards in `area`: the inner area (cards are clipped to it),
        the card width and the top-left card's corner, zoomed and panned."""
        inner = area.inflate(-4, -24).move(0, 10)
        width = int(grid_cell_size(rows, cols, inner) * self.zoom)
        height = int(width * 1.4)
        total_w, total_h = cols * (width + 4) - 4, rows * (height + 4) - 4
        zoomed = self.zoom > 1
        left = int(inner.centerx - total_w // 2 + self.pan[0] * zoomed)
        top = int(inner.centery - total_h // 2 + self.pan[1] * zoomed)
        self.area, self.origin = inner, (left, top)
        return inner, width, (left, top)
