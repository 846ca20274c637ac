"""Lazy sprite atlases: card faces made on first need, in groups, kept in a byte-budget LRU.

A group is a run of consecutive positions of an order (a suit's cards in the browser; card ids on
the table) at one ladder level, painted into one vertical strip (as fast to blit as separate
surfaces, and one allocation). Groups are asked for while drawing and made afterwards within a time
budget, most recently asked first, so zooming never freezes the window; the least recently used
strips are dropped when the budget is exceeded. Nothing is written to disk: regenerating a strip
is faster than loading it.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence

import pygame

from .faces import FacePainter, card_height

DEFAULT_BUDGET = 64 * 1024 * 1024  # with the tiles, keeps the whole program under 300 MB


def group_size(width: int) -> int:
    """Cards per strip at a width: about 1000 px of row, never more than 40 cards."""
    return max(1, min(40, 1024 // width))


class Strip:
    __slots__ = ("surface", "faces", "nbytes")

    def __init__(self, surface: pygame.Surface, faces: list[pygame.Surface]) -> None:
        self.surface = surface
        self.faces = faces
        self.nbytes = surface.get_width() * surface.get_height() * 4


class FaceAtlas:
    """Faces of `order[p]` for positions p, by ladder width."""

    def __init__(self, painter: FacePainter, order: Sequence[int], budget: int = DEFAULT_BUDGET) -> None:
        self.painter = painter
        self.order = order
        self.budget = budget
        self.strips: OrderedDict[tuple[int, int], Strip] = OrderedDict()
        self.nbytes = 0
        self.wanted: OrderedDict[tuple[int, int], None] = OrderedDict()
        self.generated = 0  # strips made so far (for the bench)
        self.gen_seconds = 0.0

    def set_order(self, order: Sequence[int]) -> None:
        """A new order (a new sort) makes every strip stale."""
        self.order = order
        self.clear()

    def clear(self) -> None:
        self.strips.clear()
        self.wanted.clear()
        self.nbytes = 0

    def strip(self, width: int, gid: int) -> Strip | None:
        """The strip if resident (marking it used), else None and the strip is asked for."""
        key = (width, gid)
        s = self.strips.get(key)
        if s is not None:
            self.strips.move_to_end(key)
            return s
        self.wanted[key] = None
        self.wanted.move_to_end(key)
        return None

    def face(self, width: int, pos: int) -> pygame.Surface | None:
        g = group_size(width)
        s = self.strip(width, pos // g)
        return None if s is None else s.faces[pos % g]

    def make(self, width: int, gid: int) -> Strip:
        """Paint one strip now."""
        t0 = time.perf_counter()
        g = group_size(width)
        first = gid * g
        cards = self.order[first : first + g]
        h = card_height(width)
        surface = pygame.Surface((width, h * max(1, len(cards))), pygame.SRCALPHA)
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        surface.fill((0, 0, 0, 0))
        faces = []
        for i, card in enumerate(cards):
            self.painter.paint(surface, 0, i * h, width, card)
            faces.append(surface.subsurface((0, i * h, width, h)))
        strip = Strip(surface, faces)
        key = (width, gid)
        self.strips[key] = strip
        self.nbytes += strip.nbytes
        self.wanted.pop(key, None)
        self.generated += 1
        self.gen_seconds += time.perf_counter() - t0
        self._evict(keep=key)
        return strip

    def _evict(self, keep: tuple[int, int]) -> None:
        while self.nbytes > self.budget and len(self.strips) > 1:
            key, strip = next(iter(self.strips.items()))
            if key == keep:
                self.strips.move_to_end(key)
                continue
            del self.strips[key]
            self.nbytes -= strip.nbytes

    def generate(self, deadline: float, at_least_one: bool = True) -> int:
        """Make asked-for strips, newest first, until `deadline` (a perf_counter time)."""
        made = 0
        while self.wanted:
            if made and time.perf_counter() >= deadline:
                break
            if not made and not at_least_one and time.perf_counter() >= deadline:
                break
            key = next(reversed(self.wanted))
            self.wanted.pop(key)
            if key not in self.strips:
                self.make(*key)
                made += 1
        return made

    def forget_wanted(self) -> None:
        """Drop requests not renewed (call at the start of a frame: only what shows matters)."""
        self.wanted.clear()
