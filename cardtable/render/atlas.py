"""Lazy sprite atlases: card faces made on first need, in groups, kept in a byte-budget LRU.

A group is a run of consecutive positions of an order (a suit's cards in the browser; card ids on
the table) at one ladder level, painted into one vertical strip (as fast to blit as separate
surfaces, and one allocation). Groups are asked for while drawing and made afterwards within a time
budget, most recently asked first, so zooming never freezes the window. Strips are charged to the
shared memory budget (render/cache.py): the least recently used pictures of all kinds are dropped
when it is exceeded. Nothing is written to disk: regenerating a strip
is faster than loading it.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence

import pygame

from .. import clock
from .cache import Budget, ByteLRU
from .faces import FacePainter, card_height


def group_size(width: int) -> int:
    """Cards per strip at a width: about 1000 px of row, never more than 40 cards."""
    return max(1, min(40, 1024 // width))


class Strip:
    __slots__ = ("surface", "faces", "nbytes")

    def __init__(self, surface: pygame.Surface, faces: list[pygame.Surface]) -> None:
        self.surface = surface
        self.faces = faces
        self.nbytes = surface.get_pitch() * surface.get_height()


class FaceAtlas:
    """Faces of `order[p]` for positions p, by ladder width."""

    def __init__(
        self, painter: FacePainter, order: Sequence[int], budget: int | Budget | None = None
    ) -> None:
        """`budget`: the shared one by default; a number of bytes gives the atlas its own."""
        self.painter = painter
        self.order = order
        own = Budget(budget) if isinstance(budget, int) else budget
        self.strips: ByteLRU[tuple[int, int], Strip] = ByteLRU(own, "strips", lambda s: s.nbytes)
        self.wanted: OrderedDict[tuple[int, int], None] = OrderedDict()
        # Strips not on screen yet but likely next (along the pan), best first: made when the
        # frame's budget has time left after the visible ones.
        self.ahead: OrderedDict[tuple[int, int], None] = OrderedDict()
        self.generated = 0  # strips made so far (for the bench)
        self.gen_seconds = 0.0

    def set_order(self, order: Sequence[int]) -> None:
        """A new order (a new sort) makes every strip stale."""
        self.order = order
        self.clear()

    @property
    def budget(self) -> int:
        return self.strips.budget.limit

    @property
    def nbytes(self) -> int:
        return self.strips.nbytes

    def clear(self) -> None:
        self.strips.clear()
        self.wanted.clear()
        self.ahead.clear()

    def strip(self, width: int, gid: int) -> Strip | None:
        """The strip if resident (marking it used), else None and the strip is asked for."""
        key = (width, gid)
        s = self.strips.get(key)
        if s is not None:
            return s
        self.wanted[key] = None
        self.wanted.move_to_end(key)
        return None

    def want_ahead(self, width: int, gid: int) -> None:
        """Ask for a strip before it shows (a prefetch): after every visible one, in asking order."""
        key = (width, gid)
        if key not in self.strips and key not in self.wanted:
            self.ahead[key] = None

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
        self.strips.put(key, strip)
        self.wanted.pop(key, None)
        self.ahead.pop(key, None)
        self.generated += 1
        self.gen_seconds += time.perf_counter() - t0
        return strip

    def generate(self, deadline: float, at_least_one: bool = True) -> int:
        """Make asked-for strips, newest first, then strips asked for ahead in order, until
        `deadline` (a time on clock.now()); at least one strip when `at_least_one`, so a frame
        whose drawing used up the budget still makes progress."""
        made = 0
        while self.wanted:
            if made and clock.now() >= deadline:
                break
            if not made and not at_least_one and clock.now() >= deadline:
                break
            key = next(reversed(self.wanted))
            self.wanted.pop(key)
            if key not in self.strips:
                self.make(*key)
                made += 1
        while self.ahead:
            if (made or not at_least_one) and clock.now() >= deadline:
                break
            key = next(iter(self.ahead))
            self.ahead.pop(key)
            if key not in self.strips:
                self.make(*key)
                made += 1
        return made

    def forget_wanted(self) -> None:
        """Drop requests not renewed (call at the start of a frame: only what shows matters)."""
        self.wanted.clear()
        self.ahead.clear()
