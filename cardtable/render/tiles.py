"""Cached tiles for far zoom: blocks of the spread pre-drawn, so thousands of tiny cards cost a
dozen blits a frame. At the farthest level the tiles together are the overview of the deck.

A tile is painted row by row within the frame's time budget; when the search or the sort changes
it is repainted in place (the old picture shows until then), so typing never stalls.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame

from .. import clock
from .cache import Budget, ByteLRU
from .ladder import cell

TILE_PX = 480

# paint_cell(surface, x, y, width, position) draws the card at a grid position into a tile.
CellPainter = Callable[[pygame.Surface, int, int, int, int], None]


class Tile:
    __slots__ = ("surface", "version", "next_row", "shown_rows", "nbytes")

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.version: object = None
        self.next_row = 0
        self.shown_rows = 0  # rows painted at least once: the rest still show bare felt
        self.nbytes = surface.get_pitch() * surface.get_height()


def tile_cells(width: int) -> tuple[int, int]:
    """Columns and rows of cells in one tile at a card width."""
    cw, ch = cell(width)
    return max(1, TILE_PX // cw), max(1, TILE_PX // ch)


class TileCache:
    def __init__(self, background: tuple[int, int, int], budget: int | Budget | None = None) -> None:
        """`budget`: the shared one by default (render/cache.py); a number of bytes gives its own."""
        self.background = background
        own = Budget(budget) if isinstance(budget, int) else budget
        self.tiles: ByteLRU[tuple[int, int, int], Tile] = ByteLRU(own, "tiles", lambda t: t.nbytes)
        self.pending: OrderedDict[tuple[int, int, int], None] = OrderedDict()
        self.later: OrderedDict[tuple[int, int, int], None] = OrderedDict()  # tiles ahead of the pan

    @property
    def nbytes(self) -> int:
        return self.tiles.nbytes

    def clear(self) -> None:
        self.tiles.clear()
        self.pending.clear()
        self.later.clear()

    def get(self, width: int, tx: int, ty: int, version: object, ahead: bool = False) -> Tile:
        """The tile (made blank if new); asks for painting if it is stale or unfinished (`ahead`:
        a tile not on screen yet, painted after those that are)."""
        key = (width, tx, ty)
        tile = self.tiles.get(key)
        if tile is None:
            tc, tr = tile_cells(width)
            cw, ch = cell(width)
            # An odd width keeps SDL off its slow path for opaque copies.
            surface = pygame.Surface((tc * cw + 1, tr * ch))
            if pygame.display.get_surface() is not None:
                surface = surface.convert()
            surface.fill(self.background)
            tile = self.tiles.put(key, Tile(surface))
        if tile.version != version:
            tile.version = version
            tile.next_row = 0
        tc, tr = tile_cells(width)
        if tile.next_row < tr and key not in self.pending:
            (self.later if ahead else self.pending)[key] = None
        return tile

    def paint(self, cols: int, total: int, paint_cell: CellPainter, deadline: float) -> int:
        """Paint pending tiles row by row until `deadline` (at least one row), then tiles ahead;
        returns rows painted."""
        rows = 0
        for queue in (self.pending, self.later):
            while queue:
                if rows and clock.now() >= deadline:
                    return rows
                key = next(iter(queue))
                tile = self.tiles.peek(key)
                if tile is None or not self._paint_row(key, tile, cols, total, paint_cell):
                    queue.pop(key)
                    continue
                rows += 1
        return rows

    def _paint_row(
        self, key: tuple[int, int, int], tile: Tile, cols: int, total: int, paint_cell: CellPainter
    ) -> bool:
        """Paint the tile's next row; False when it had none left."""
        width, tx, ty = key
        tc, tr = tile_cells(width)
        if tile.next_row >= tr:
            return False
        cw, ch = cell(width)
        r = tile.next_row
        row = ty * tr + r
        surf = tile.surface
        surf.fill(self.background, (0, r * ch, surf.get_width(), ch))
        base = row * cols
        for c in range(tx * tc, min(cols, tx * tc + tc)):
            p = base + c
            if p >= total:
                break
            paint_cell(surf, (c - tx * tc) * cw, r * ch, width, p)
        tile.next_row += 1
        tile.shown_rows = max(tile.shown_rows, tile.next_row)
        return True

    def forget_pending(self) -> None:
        self.pending.clear()
        self.later.clear()
