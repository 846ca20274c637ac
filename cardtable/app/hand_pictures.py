"""Pictures of hands: an example of each category drawn with the deck's real faces, the cards
that make the pattern raised and outlined. The examples are found by the engine (hands/examples.py) a few per
frame, within a time budget, so no frame waits for them; each is found once per rules object."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from .. import clock
from ..hands.examples import Example, Search, example_search
from ..render.faces import card_height
from . import frame
from .table.cards import Faces
from .table.palette import BEST

GAP = 1.08  # card spacing, in card widths
LIFT = 0.25  # how far a pattern card is raised, in card widths


class HandPictures:
    """The example hands of one variant's categories, and how to draw them."""

    def __init__(self, variant: Any) -> None:
        self.rules = variant.sections.get("hands")
        self.faces = Faces(variant.deck)
        self.found: dict[int, Example | None] = {}
        self._searches: dict[int, Search] = {}  # examples being looked for, a step at a time

    def ready(self, index: int) -> bool:
        return index in self.found

    def work(self, indexes: Iterable[int], budget: float) -> bool:
        """Look for the examples of these categories for about `budget` seconds (at least one
        step: one trial hand valued); True when all of them are found."""
        if self.rules is None:
            return True
        end = clock.now() + budget
        stepped = False
        for i in indexes:
            if i in self.found:
                continue
            search = self._searches.get(i)
            if search is None:
                search = self._searches[i] = example_search(self.rules, i)
            while not stepped or clock.now() < end:
                stepped = True
                try:
                    next(search)
                except StopIteration as done:
                    self.found[i] = done.value
                    del self._searches[i]
                    break
            else:
                return False
        return True

    @staticmethod
    def card_width(count: int, box: pygame.Rect) -> int:
        """The widest card that fits `count` of them, one raised, in `box`."""
        by_width = int(box.width / max(1, count * GAP))
        by_height = int(box.height / (card_height(100) / 100 + LIFT))
        return max(12, min(by_width, by_height, 110))

    def draw(self, surface: pygame.Surface, index: int, box: pygame.Rect, where: str = "") -> int:
        """The example of category `index` in `box`, left-aligned, pattern cards raised; the
        width of the cards drawn (0 when there is no example, or not yet)."""
        ex = self.found.get(index)
        if ex is None:
            return 0
        width = self.card_width(len(ex.cards), box)
        lift = int(width * LIFT)
        y = box.top + lift + max(0, (box.height - lift - card_height(width)) // 2)
        made = set(ex.made)
        x = box.left
        for card in ex.cards:
            top = y - lift if card in made else y
            rect = surface.blit(self.faces.get(card, width), (x, top))
            frame.note_card(surface, card, rect, where or f"example:{index}", best=card in made)
            if card in made:  # outlined as the table outlines the cards of your best hand
                pygame.draw.rect(
                    surface, BEST, rect.inflate(4, 4), width=3, border_radius=max(3, width // 12)
                )
            x += int(width * GAP)
        return x - box.left

    def caption(self, index: int) -> str:
        """What the example is, where a hand's name says more than its category: a hand of
        combined sets names its size and how its sets count ('Example: 7-card Match (8 cards in
        several sets, counted one smaller)'); "" otherwise, or before it is found."""
        ex = self.found.get(index)
        if ex is None or self.rules is None or not self.rules.combine or not ex.value.detail:
            return ""
        return f"Example: {ex.value.detail}, the {len(ex.made)} cards raised and outlined."
