"""Stand-in faces right after a zoom step: while the deck browser makes the faces of the new size
(a few frames), faces already made at another ladder size are shown scaled in their place, the
nearest size first, instead of blank grey cards; zooming in from the far sizes, the tiles they
were drawn from. Scaled a strip (or a tile) at a time, kept (charged to the shared memory budget)
for one size only, and within a small share of each frame."""

from __future__ import annotations

import time

import pygame

from .atlas import FaceAtlas, Strip, group_size
from .cache import Budget, ByteLRU
from .faces import card_height
from .ladder import LEVELS, TILE_MAX, cell
from .tiles import TileCache, tile_cells

STAND_BUDGET = 0.003  # seconds a frame may spend scaling stand-ins


class StandIns:
    def __init__(self, atlas: FaceAtlas, tiles: TileCache, budget: Budget) -> None:
        self.atlas = atlas
        self.tiles = tiles
        self._scaled: ByteLRU[tuple[int, ...], Strip] = ByteLRU(budget, "stand-ins", lambda s: s.nbytes)
        self._width = 0
        self._until = 0.0
        self._sizes: list[int] | None = None  # other card sizes with strips made, nearest first
        self._tile_sizes: list[int] | None = None  # tile sizes with tiles made, nearest first
        self.shown = 0  # visible slots the frame drew with a stand-in

    def new_frame(self, width: int, start: float) -> None:
        """A frame at card `width` begins (at perf_counter `start`)."""
        self.shown = 0
        self._until = start + STAND_BUDGET
        self._sizes = self._tile_sizes = None
        if width != self._width:  # stand-ins serve one size, just after a zoom step
            self._scaled.clear()
            self._width = width

    def _other_sizes(self, width: int) -> list[int]:
        """The other card sizes that have strips made, nearest first (once a frame: a frame
        with many slots to fill asks for each, and most sizes have none)."""
        if self._sizes is None:
            level = LEVELS.index(width)
            made = {w for w, _ in self.atlas.strips if w > TILE_MAX and w != width}
            self._sizes = sorted(made, key=lambda w: abs(LEVELS.index(w) - level))
        return self._sizes

    def _made_tile_sizes(self, width: int) -> list[int]:
        if self._tile_sizes is None:
            self._tile_sizes = sorted({w for w, _, _ in self.tiles.tiles}, key=lambda w: abs(w - width))
        return self._tile_sizes

    def face(self, width: int, pos: int, cols: int) -> pygame.Surface | None:
        """A face for position `pos` (of a grid `cols` wide) at `width`, scaled from another card
        size whose strip is made, else from a tile of a far size whose row is painted, or None."""
        face = self._from_strips(width, pos)
        return face if face is not None else self._from_tiles(width, pos, cols)

    def _from_tiles(self, width: int, pos: int, cols: int) -> pygame.Surface | None:
        """The slot cut from a tile of a far size scaled to this size's cells (a tile holds a block
        of cells, so scaled to `width`'s cell size each card lands on its own slot)."""
        col, row = pos % cols, pos // cols
        cw, ch = cell(width)
        for w2 in self._made_tile_sizes(width):
            tc, tr = tile_cells(w2)
            tx, ty = col // tc, row // tr
            tile = self.tiles.tiles.peek((w2, tx, ty))
            if tile is None or row - ty * tr >= tile.shown_rows:
                continue
            key = (-1, width, w2, tx, ty)
            scaled = self._scaled.get(key)
            if scaled is None:
                if time.perf_counter() > self._until:
                    return None
                surface = pygame.transform.scale(tile.surface, (tc * cw, tr * ch))
                scaled = self._scaled.put(key, Strip(surface, []))
            self.shown += 1
            return scaled.surface.subsurface(
                ((col - tx * tc) * cw, (row - ty * tr) * ch, width, card_height(width))
            )
        return None

    def _from_strips(self, width: int, pos: int) -> pygame.Surface | None:
        h = card_height(width)
        for w2 in self._other_sizes(width):
            g2 = group_size(w2)
            gid2 = pos // g2
            key = (width, w2, gid2)
            scaled = self._scaled.get(key)
            if scaled is None:
                src = self.atlas.strips.peek((w2, gid2))
                if src is None or time.perf_counter() > self._until:
                    continue
                n = len(src.faces)
                surface = pygame.transform.scale(src.surface, (width, h * n))
                faces = [surface.subsurface((0, i * h, width, h)) for i in range(n)]
                scaled = self._scaled.put(key, Strip(surface, faces))
            i = pos - gid2 * g2
            if i < len(scaled.faces):
                self.shown += 1
                return scaled.faces[i]
        return None
