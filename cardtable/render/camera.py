"""The camera over a grid of cells: pan, zoom about a point, smooth stepping through the ladder.

Positions are kept in cell units (level-independent), so zooming keeps the point under the
pointer still. Zoom animates by stepping one ladder level every STEP seconds towards the target.
Culling is arithmetic: the visible columns and rows follow from the position and the cell size.
"""

from __future__ import annotations

import math

from .ladder import LEVELS, cell

STEP = 0.045  # seconds per ladder step while animating a zoom


class Camera:
    def __init__(self, cols: int, rows: int, view: tuple[int, int], top: int = 0) -> None:
        self.cols, self.rows = cols, rows
        self.view_w, self.view_h = view
        self.top = top  # screen rows taken by a bar above the table
        self.level = 0
        self.target = 0
        self.anchor: tuple[float, float] = (view[0] / 2, view[1] / 2)
        self.cx = cols / 2  # the cell coordinate at the centre of the view
        self.cy = rows / 2
        self._clock = 0.0

    # ---------------------------------------------------------------- geometry

    @property
    def width(self) -> int:
        return LEVELS[self.level]

    @property
    def cell(self) -> tuple[int, int]:
        return cell(self.width)

    def origin(self) -> tuple[int, int]:
        """Screen position of cell (0, 0)'s top-left corner."""
        cw, ch = self.cell
        vh = self.view_h - self.top
        return round(self.view_w / 2 - self.cx * cw), round(self.top + vh / 2 - self.cy * ch)

    def visible(self) -> tuple[int, int, int, int]:
        """Columns c0..c1 and rows r0..r1 (end exclusive) that show on screen."""
        cw, ch = self.cell
        ox, oy = self.origin()
        c0 = max(0, (-ox) // cw)
        c1 = min(self.cols, math.ceil((self.view_w - ox) / cw))
        r0 = max(0, (self.top - oy) // ch)
        r1 = min(self.rows, math.ceil((self.view_h - oy) / ch))
        return c0, max(c0, c1), r0, max(r0, r1)

    def cell_at(self, px: float, py: float) -> tuple[float, float]:
        cw, ch = self.cell
        ox, oy = self.origin()
        return (px - ox) / cw, (py - oy) / ch

    def fit_level(self) -> int:
        """The largest level at which the whole grid fits the view."""
        best = 0
        for i, w in enumerate(LEVELS):
            cw, ch = cell(w)
            if self.cols * cw <= self.view_w and self.rows * ch <= self.view_h - self.top:
                best = i
        return best

    # ---------------------------------------------------------------- moves

    def clamp(self) -> None:
        self.cx = min(max(self.cx, 0.0), float(self.cols))
        self.cy = min(max(self.cy, 0.0), float(self.rows))

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels."""
        cw, ch = self.cell
        self.cx += dx / cw
        self.cy += dy / ch
        self.clamp()

    def center_on(self, col: float, row: float) -> None:
        self.cx, self.cy = col, row
        self.clamp()

    def set_level(self, level: int, anchor: tuple[float, float] | None = None) -> None:
        """Change level at once, keeping the cell under `anchor` (screen px) where it was."""
        level = min(max(level, 0), len(LEVELS) - 1)
        if anchor is None:
            anchor = (self.view_w / 2, self.top + (self.view_h - self.top) / 2)
        ax, ay = self.cell_at(*anchor)
        self.level = level
        bx, by = self.cell_at(*anchor)
        self.cx += ax - bx
        self.cy += ay - by
        self.clamp()

    def zoom_to(self, level: int, anchor: tuple[float, float] | None = None) -> None:
        """Start a smooth zoom towards `level` about `anchor`."""
        if self.target == self.level:
            self._clock = STEP  # the first step shows at once
        self.target = min(max(level, 0), len(LEVELS) - 1)
        if anchor is not None:
            self.anchor = anchor

    def zoom_by(self, steps: int, anchor: tuple[float, float] | None = None) -> None:
        self.zoom_to(self.target + steps, anchor)

    def jump(self, level: int) -> None:
        self.set_level(level)
        self.target = self.level

    @property
    def animating(self) -> bool:
        return self.target != self.level

    def update(self, dt: float) -> bool:
        """Advance the zoom animation; True when the level changed."""
        if self.target == self.level:
            self._clock = 0.0
            return False
        self._clock += dt
        if self._clock < STEP:
            return False
        self._clock = 0.0
        self.set_level(self.level + (1 if self.target > self.level else -1), self.anchor)
        return True
