"""Stand-in faces right after a zoom step: while the deck browser makes the faces of the new size
(a few frames), faces already made at another ladder size at most NEAR steps away are shown
scaled in their place, the nearest size first, instead of blank grey cards; zooming in from the
far sizes, the tiles they were drawn from. Scaled a strip (or a tile) at a time, kept (charged to
the shared memory budget) for one size only, and within a small share of each frame."""

from __future__ import annotations

import pygame

from .. import clock
from .atlas import FaceAtlas, Strip, group_size
from .cache import Budget, ByteLRU
from .faces import card_height
from .ladder import LEVELS, TILE_MAX, cell
from .slabs import Slabs
from .tiles import Tile, TileCache, tile_cells

Blit = tuple[pygame.Surface, tuple[int, int], pygame.Rect] | tuple[pygame.Surface, tuple[int, int]]

STAND_BUDGET = 0.003  # seconds a frame may spend scaling stand-ins
# Ladder steps a stand-in may come from: a wheel notch or two. From farther (a jump) a picture is
# scaled many times over: blurred, and megabytes a slot at the biggest sizes.
NEAR = 2


class StandIns:
    def __init__(self, atlas: FaceAtlas, tiles: TileCache, budget: Budget) -> None:
        self.atlas = atlas
        self.tiles = tiles
        self._scaled: ByteLRU[tuple[int, ...], Strip] = ByteLRU(budget, "stand-ins", lambda s: s.nbytes)
        self._tile_rows: dict[tuple[int, ...], int] = {}  # rows painted in a tile when scaled
        self._slabs = Slabs()  # memory the scaled tiles reuse from one zoom step to the next
        self._width = 0
        self._until = 0.0
        self._sizes: list[int] | None = None  # other card sizes with strips made, nearest first
        self._tile_sizes: list[int] | None = None  # tile sizes with tiles made, nearest first
        self.shown = 0  # visible slots the frame drew with a stand-in

    def new_frame(self, width: int) -> None:
        """A frame at card `width` begins."""
        self.shown = 0
        self._until = 0.0  # set by the frame's first scaling (see `_room`)
        self._sizes = self._tile_sizes = None
        if width != self._width:  # stand-ins serve one size, just after a zoom step
            self._scaled.clear()
            self._tile_rows.clear()
            self._slabs.reset()
            self._width = width

    def _room(self) -> bool:
        """Whether this frame may scale another stand-in: its share is counted from its first
        scaling, not from the frame's start, so the first frame after a zoom step (which spends
        its start making the new size's tiles) still gets stand-ins."""
        now = clock.now()
        if not self._until:
            self._until = now + STAND_BUDGET
        return now < self._until

    def _other_sizes(self, width: int) -> list[int]:
        """The other card sizes that have strips made, nearest first (once a frame: a frame
        with many slots to fill asks for each, and most sizes have none)."""
        if self._sizes is None:
            made = {w for w, _ in self.atlas.strips if w > TILE_MAX and w != width}
            self._sizes = _nearest(made, width)
        return self._sizes

    def _made_tile_sizes(self, width: int) -> list[int]:
        if self._tile_sizes is None:
            made = {w for w, _, _ in self.tiles.tiles} | {k[2] for k in self._tile_rows}  # or scaled
            self._tile_sizes = _nearest(made, width)
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
            got = self._scaled_tile(width, w2, tx, ty)
            if got is None or row - ty * tr >= got[1]:
                continue
            scaled = got[0]
            self.shown += 1
            return scaled.subsurface(((col - tx * tc) * cw, (row - ty * tr) * ch, width, card_height(width)))
        return None

    def _scaled_tile(self, width: int, w2: int, tx: int, ty: int) -> tuple[pygame.Surface, int] | None:
        """Tile (w2, tx, ty) scaled to `width`'s cells (made now if the tile is there and the
        frame's share allows), with the rows painted in it: kept even if the tile is dropped."""
        key = (-1, width, w2, tx, ty)
        scaled = self._scaled.get(key)
        if scaled is not None:
            return scaled.surface, self._tile_rows.get(key, 0)
        tile = self.tiles.tiles.peek((w2, tx, ty))
        if tile is None or not tile.shown_rows or not self._room():
            return None
        tc, tr = tile_cells(w2)
        cw2, ch2 = cell(w2)
        cw, ch = cell(width)
        # Nearest-pixel `scale`, not `smoothscale`: a stand-in shows for a few frames only.
        src = tile.surface.subsurface((0, 0, tc * cw2, tr * ch2))  # not the odd extra column
        size = (tc * cw, tr * ch)
        into = self._slabs.take(size, tile.surface)
        try:
            surface = pygame.transform.scale(src, size, into) if into else pygame.transform.scale(src, size)
        except ValueError:  # a slab of another pixel format
            surface = pygame.transform.scale(src, size)
        self._scaled.put(key, Strip(surface, []))
        self._tile_rows[key] = tile.shown_rows
        return surface, tile.shown_rows

    def over_tiles(
        self,
        width: int,
        tiles: list[tuple[Tile, int, int]],
        view: tuple[int, int, int, int],
        origin: tuple[int, int],
        grid: tuple[int, int],
    ) -> tuple[list[Blit], list[tuple[int, int]]]:
        """The cells of `tiles` (at `width`, shown in the cells `view` c0, c1, r0, r1) whose rows
        are not painted yet: the blits (onto the screen, `origin` being cell (0, 0)) of tiles of
        another far size that stand in for them, scaled, and the positions left bare as (first,
        end) ranges; `grid`: (columns, positions)."""
        c0, c1, r0, r1 = view
        cols, total = grid
        tc, tr = tile_cells(width)
        blits: list[Blit] = []
        blank: list[tuple[int, int]] = []
        for tile, tx, ty in tiles:
            if tile.shown_rows >= tr:
                continue
            lo_c, hi_c = max(c0, tx * tc), min(c1, tx * tc + tc)
            rows = range(max(r0, ty * tr + tile.shown_rows), min(r1, ty * tr + tr))
            for row, a, b in self._cover(width, [(r, lo_c, hi_c) for r in rows], origin, grid, blits):
                lo, hi = row * cols + a, min(total, row * cols + b)
                if lo < hi:
                    blank.append((lo, hi))
        return blits, blank

    def _cover(
        self,
        width: int,
        bare: list[tuple[int, int, int]],
        origin: tuple[int, int],
        grid: tuple[int, int],
        blits: list[Blit],
    ) -> list[tuple[int, int, int]]:
        """Cover runs of bare cells (row, first column, end column) with painted rows of tiles
        made at another far size, scaled, nearest size first (adding to `blits`); returns the runs
        left bare."""
        cols, total = grid
        cw, ch = cell(width)
        ox, oy = origin
        for w2 in self._made_tile_sizes(width):
            if not bare:
                break
            if w2 == width:
                continue
            tc, tr = tile_cells(w2)
            left: list[tuple[int, int, int]] = []
            for r, a, b in bare:
                ty = r // tr
                for tx in range(a // tc, (b - 1) // tc + 1):
                    lo, hi = max(a, tx * tc), min(b, tx * tc + tc)
                    got = self._scaled_tile(width, w2, tx, ty)
                    if got is None or r - ty * tr >= got[1]:
                        left.append((r, lo, hi))
                        continue
                    scaled = got[0]
                    x, y = (lo - tx * tc) * cw, (r - ty * tr) * ch
                    rect = pygame.Rect(x, y, (hi - lo) * cw, ch)
                    blits.append((scaled, (ox + tx * tc * cw + x, oy + ty * tr * ch + y), rect))
                    self.shown += max(0, min(total, r * cols + hi) - (r * cols + lo))
            bare = left
        return self._cover_from_strips(width, bare, origin, grid, blits)

    def _from_strips(self, width: int, pos: int) -> pygame.Surface | None:
        for w2 in self._other_sizes(width):
            face = self._strip_face(width, w2, pos)
            if face is not None:
                return face
        return None

    def _strip_face(self, width: int, w2: int, pos: int) -> pygame.Surface | None:
        """The face at `pos` from the strip made at card size `w2`, scaled to `width`."""
        g2 = group_size(w2)
        gid2 = pos // g2
        key = (width, w2, gid2)
        scaled = self._scaled.get(key)
        if scaled is None:
            src = self.atlas.strips.peek((w2, gid2))
            if src is None or not self._room():
                return None
            h = card_height(width)
            n = len(src.faces)
            surface = pygame.transform.scale(src.surface, (width, h * n))
            faces = [surface.subsurface((0, i * h, width, h)) for i in range(n)]
            scaled = self._scaled.put(key, Strip(surface, faces))
        i = pos - gid2 * g2
        if i < len(scaled.faces):
            self.shown += 1
            return scaled.faces[i]
        return None

    def _cover_from_strips(
        self,
        width: int,
        bare: list[tuple[int, int, int]],
        origin: tuple[int, int],
        grid: tuple[int, int],
        blits: list[Blit],
    ) -> list[tuple[int, int, int]]:
        """At the nearest tile size, just after a step out from the cards: bare cells covered
        card by card with the faces made a ladder step up, scaled (adding to `blits`); returns the
        runs left bare. Farther out a screen holds too many cards to cover one by one."""
        up = LEVELS.index(width) + 1
        if not bare or up >= len(LEVELS) or LEVELS[up] <= TILE_MAX:
            return bare
        w2 = LEVELS[up]
        cols, total = grid
        cw, ch = cell(width)
        ox, oy = origin
        left: list[tuple[int, int, int]] = []
        for r, a, b in bare:
            run = -1  # first column of the run of cells left bare, if one is open
            for c in range(a, b):
                pos = r * cols + c
                face = self._strip_face(width, w2, pos) if pos < total else None
                if face is None:
                    run = c if run < 0 else run
                    continue
                blits.append((face, (ox + c * cw, oy + r * ch)))
                if run >= 0:
                    left.append((r, run, c))
                    run = -1
            if run >= 0:
                left.append((r, run, b))
        return left


def _nearest(sizes: set[int], width: int) -> list[int]:
    """The sizes within NEAR ladder steps of `width`, nearest first."""
    level = LEVELS.index(width)
    near = [w for w in sizes if abs(LEVELS.index(w) - level) <= NEAR]
    return sorted(near, key=lambda w: abs(LEVELS.index(w) - level))
