"""Stand-in faces right after a zoom step: while the deck browser makes the faces of the new size
(a few frames), faces already made at another ladder size are shown scaled in their place, the
nearest size first, instead of blank grey cards. Scaled a strip at a time, kept (charged to the
shared memory budget) for one size only, and within a small share of each frame."""

from __future__ import annotations

import time

import pygame

from .atlas import FaceAtlas, Strip, group_size
from .cache import Budget, ByteLRU
from .faces import card_height
from .ladder import LEVELS, TILE_MAX

STAND_BUDGET = 0.003  # seconds a frame may spend scaling stand-ins


class StandIns:
    def __init__(self, atlas: FaceAtlas, budget: Budget) -> None:
        self.atlas = atlas
        self._scaled: ByteLRU[tuple[int, int, int], Strip] = ByteLRU(budget, "stand-ins", lambda s: s.nbytes)
        self._width = 0
        self._until = 0.0
        self._sizes: list[int] | None = None  # other card sizes with strips made, nearest first
        self.shown = 0  # visible slots the frame drew with a stand-in

    def new_frame(self, width: int, start: float) -> None:
        """A frame at card `width` begins (at perf_counter `start`)."""
        self.shown = 0
        self._until = start + STAND_BUDGET
        self._sizes = None
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

    def face(self, width: int, pos: int) -> pygame.Surface | None:
        """A face for position `pos` at `width` scaled from another size whose strip is made
        (card sizes only), or None."""
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
