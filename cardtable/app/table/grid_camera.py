"""Zoom and pan of the table's grids (the 10x10 board, the growing board), over the whole board
region: the wheel zooms about the pointer, a right-drag pans, 0 (or F) fits the grid again."""

from __future__ import annotations

import pygame

from ..geometry import card_h, grid_cell_size, grid_gap


class GridCamera:
    """Remembers where the grid was drawn last frame, for the pointer."""

    def __init__(self) -> None:
        self.zoom = 1.0
        self.pan = [0.0, 0.0]
        self.area: pygame.Rect | None = None  # where the grid was drawn last frame
        self.origin = (0, 0)  # its top-left card's corner
        self.drag: tuple[int, int] | None = None  # where a right-drag was last

    def fit(self) -> None:
        self.zoom, self.pan = 1.0, [0.0, 0.0]

    def zoom_about(self, factor: float, pointer: tuple[int, int]) -> None:
        """Zoom about the pointer (the point under it stays put), between 1x and 6x."""
        new = max(1.0, min(6.0, self.zoom * factor))
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

    def cover(self, area: pygame.Rect, rows: int, cols: int, most: int = 110) -> pygame.Rect:
        """What a rows x cols grid drawn in `area` covers (its cards, their places, the bound
        drawn round them): the fitted grid, or all of `area` once zoomed in."""
        if self.zoom > 1:
            return area.copy()
        width = grid_cell_size(rows, cols, area, most)
        gap = grid_gap(width)
        total_w, total_h = cols * (width + gap) - gap, rows * (card_h(width) + gap) - gap
        box = pygame.Rect(0, 0, total_w + 8, total_h + 8)  # the bound's line, 4 px round the cards
        box.center = area.center
        return box.clip(area)

    def place(
        self, area: pygame.Rect, rows: int, cols: int, most: int = 110
    ) -> tuple[pygame.Rect, int, int, tuple[int, int]]:
        """Lay a rows x cols grid of cards in `area` (cards are clipped to it): the area, the
        card width, the gap between cards and the top-left card's corner, zoomed and panned."""
        fitted = grid_cell_size(rows, cols, area, most)
        width = int(fitted * self.zoom)
        gap = grid_gap(width)
        total_w, total_h = cols * (width + gap) - gap, rows * (card_h(width) + gap) - gap
        zoomed = self.zoom > 1
        left = int(area.centerx - total_w // 2 + self.pan[0] * zoomed)
        top = int(area.centery - total_h // 2 + self.pan[1] * zoomed)
        self.area, self.origin = area, (left, top)
        return area, width, gap, (left, top)
