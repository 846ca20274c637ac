"""Reused pixel memory for the far zoom's stand-ins (tiles scaled to a neighbouring size).

A new surface costs its pages' first touch: a 660x660 one 0.6-0.8 ms in a frame (the memory budget
trims freed memory back to the system), five times the scaling into it. So the scaled tiles go into
square slabs kept from one zoom step to the next, each holding a grid of same-sized pictures; a
few frames after a step the slabs are handed back (`reset`) and serve the next step.
"""

from __future__ import annotations

import pygame

SLAB_PX = 660  # holds one tile scaled up a ladder step (at most 660x660); or several scaled down
MAX_SLABS = 8  # about 14 MB at most, kept once made (16 showed the same zoom sweep, 5 MB more resident)


class Slabs:
    def __init__(self) -> None:
        self._spare: list[pygame.Surface] = []
        # Slabs in use: the slab, the size of the pictures it holds, how many it holds so far.
        self._used: list[tuple[pygame.Surface, tuple[int, int], int]] = []

    @property
    def count(self) -> int:
        return len(self._spare) + len(self._used)

    def take(self, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface | None:
        """A `size` area of a slab (in `like`'s pixel format), or None when `size` does not fit a
        slab or every slab there may be is full."""
        w, h = size
        if not (0 < w <= SLAB_PX and 0 < h <= SLAB_PX):
            return None
        per_row, fits = SLAB_PX // w, (SLAB_PX // w) * (SLAB_PX // h)
        for i, (slab, held, n) in enumerate(self._used):
            if held == size and n < fits and slab.get_bitsize() == like.get_bitsize():
                self._used[i] = (slab, held, n + 1)
                return slab.subsurface(((n % per_row) * w, (n // per_row) * h, w, h))
        fresh = self._new_or_spare(like)
        if fresh is None:
            return None
        self._used.append((fresh, size, 1))
        return fresh.subsurface((0, 0, w, h))

    def _new_or_spare(self, like: pygame.Surface) -> pygame.Surface | None:
        for i, slab in enumerate(self._spare):
            if slab.get_bitsize() == like.get_bitsize():
                return self._spare.pop(i)
        if self.count >= MAX_SLABS:
            return None
        # An odd width keeps SDL off its slow path for opaque copies (see the notes on pygame).
        return pygame.Surface((SLAB_PX + 1, SLAB_PX), 0, like)

    def reset(self) -> None:
        """Every picture in the slabs is done with: they serve again."""
        self._spare.extend(slab for slab, _, _ in self._used)
        self._used = []
