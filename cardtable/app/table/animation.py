"""What moves on the table, by the table's own clock: cards gliding in from the deck and speech
bubbles over the seats.

It holds places and public words only, never a card's identity: a gliding card is drawn from the
view of the frame it is drawn in, and how many cards each place holds is public. So, unlike what
the viewer points at and chooses (choices.py), it outlives a change of viewer: cards dealt behind
the curtain still glide in when it lifts. An animation that ever carries a card's id must be
dropped when the viewer changes, as the choices are.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.types import View
from .. import ui

BUBBLE_TIME = 2.2  # seconds a speech bubble stays up
BUBBLE_PAD = (14, 8)  # round a speech bubble's words
DEAL_TIME = 0.28  # seconds a newly arrived card takes to glide in from the deck
PULSE_HALF = 1.0  # seconds the glow round the seat to move stays wide, then narrow


class Animations:
    def __init__(self) -> None:
        self.clock = 0.0
        self.bubbles: dict[int, tuple[str, float]] = {}  # seat -> (words, when said)
        self.deck_pos: tuple[int, int] | None = None  # where arriving cards come from
        self._slots_seen: dict[str, set[Any]] = {}  # per zone: the places that held a card last frame
        self._arrivals: dict[tuple[str, Any], float] = {}  # (zone, place) -> when a card arrived there

    def tick(self, dt: float) -> None:
        self.clock += dt

    # ---- cards arriving
    def note_arrivals(self, view: View) -> None:
        """Mark the places that hold a card now but did not last frame: those cards glide in."""
        for name, z in view["zones"].items():
            if z["shape"] == "stack":
                continue
            now = {(r, c) for r, c, _ in z["cells"]} if "cells" in z else set(range(len(z["cards"])))
            before = self._slots_seen.get(name)
            if before is not None:
                for place in now - before:
                    self._arrivals[(name, place)] = self.clock
            self._slots_seen[name] = now

    def arrivals(self) -> list[float]:
        """When the cards that may still be gliding in arrived (those drawn at their place since
        are forgotten)."""
        return list(self._arrivals.values())

    def glide(self, slot: tuple[str, Any] | None, pos: tuple[int, int]) -> tuple[int, int]:
        """Where a card bound for `pos` is now: on its way from the deck if it just arrived."""
        start = self._arrivals.get(slot) if slot is not None else None
        if start is None or slot is None or self.deck_pos is None:
            return pos
        t = (self.clock - start) / DEAL_TIME
        if t >= 1:
            del self._arrivals[slot]
            return pos
        ease = 1 - (1 - t) ** 3  # easing out
        (dx, dy), (x, y) = self.deck_pos, pos
        return int(dx + (x - dx) * ease), int(dy + (y - dy) * ease)

    # ---- speech bubbles and the glow of the seat to move
    def say(self, seat: int, words: str) -> None:
        self.bubbles[seat] = (words, self.clock)

    def draw_bubble(self, surface: pygame.Surface, seat: int, panel: pygame.Rect) -> None:
        words = self.saying(seat)
        if words:
            at = _bubble_at(panel)
            ui.tag(surface, words, at, 22, (255, 255, 255), pad=BUBBLE_PAD, radius=10, anchor="midbottom")

    def saying(self, seat: int) -> str:
        """The words of the seat's speech bubble now up ("" for none)."""
        bubble = self.bubbles.get(seat)
        return bubble[0] if bubble and self.clock - bubble[1] < BUBBLE_TIME else ""

    def bubble_box(self, seat: int, panel: pygame.Rect) -> pygame.Rect | None:
        """Where the seat's speech bubble now up stands over `panel` (as draw_bubble puts it)."""
        words = self.saying(seat)
        if not words:
            return None
        box = pygame.Rect((0, 0), ui.measure(words, 22, True))
        box.midbottom = _bubble_at(panel)
        return box.inflate(BUBBLE_PAD)

    def pulse(self) -> int:
        """The breathing width of the glow round the seat to move: 5 px for a second, then 3 px
        for a second. Two widths held a second each read as a slow breath, and the table is
        painted again only when the width changes (app/table/still.py keeps the frame between)."""
        return 5 if self.clock % (2 * PULSE_HALF) < PULSE_HALF else 3


def _bubble_at(panel: pygame.Rect) -> tuple[int, int]:
    """The point a speech bubble's words stand on: just above the middle of `panel`."""
    return panel.centerx, panel.top - 6
