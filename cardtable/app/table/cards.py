"""Cards on the table: faces cached by size, and the one way a table frame draws a card.

`Canvas.card` paints a card (a back for -1: the engine never gives the screen a hidden card's id),
lets a card new to its place glide in, makes it a click target and writes it into the frame
manifest with where it was drawn. Every card of a table frame goes through it, the large preview
and the showdown included, so the manifest (and the privacy tests reading it) see them all.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import pygame

from .. import frame
from .animation import Animations
from .palette import BEST

FACE_CACHE = 700  # faces kept per deck, all sizes together
SHARED_DECKS = 2  # decks whose faces outlive a table: a game played again, the rules page's pictures


@dataclass
class Hit:
    """A click target of the last frame."""

    rect: pygame.Rect
    kind: str  # "card" (pointing shows it large), "hand" (choosable), "flip", "spot", "button", "slider"
    payload: Any = None


class Faces:
    """Card faces (and the back, for -1) by width, the most recently used kept, each with the
    size of its smallest text. `min_text` (set for the window by the table) is the smallest text
    a face may carry (render/faces.py)."""

    def __init__(self, deck: Any) -> None:
        from ...render.faces import FacePainter

        self.painter = FacePainter(deck)
        self.min_text = 0
        self._cache = _faces_of(deck)

    def get(self, card: int, width: int) -> pygame.Surface:
        return self.made(card, width)[0]

    def made(self, card: int, width: int) -> tuple[pygame.Surface, int | None]:
        """The face (or back) and its smallest text's px (None: it carries none)."""
        key = (card, width, self.min_text)
        made = self._cache.get(key)
        if made is None:
            self.painter.min_text = self.min_text
            surf = self.painter.back(width) if card < 0 else self.painter.render(card, width)
            made = self._cache[key] = (surf, self.painter.text_px)
            if len(self._cache) > FACE_CACHE:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return made


FaceCache = OrderedDict[tuple[int, int, int], tuple[pygame.Surface, int | None]]
_shared: list[tuple[weakref.ref[Any], FaceCache]] = []  # (deck, its faces), the last used last


def _faces_of(deck: Any) -> FaceCache:
    """The faces made of `deck` (by identity: a loaded deck is never changed), shared by every
    table and picture of it while it is among the last SHARED_DECKS used: a face is the same
    picture whoever paints it (its card, width and smallest text are its key)."""
    for i, (ref, made) in enumerate(_shared):
        if ref() is deck:
            _shared.append(_shared.pop(i))
            return made
    fresh: FaceCache = OrderedDict()
    _shared.append((weakref.ref(deck), fresh))
    del _shared[:-SHARED_DECKS]
    return fresh


class Canvas:
    """One table frame being drawn: its surface, its click targets and the cards it showed."""

    def __init__(self, faces: Faces, anim: Animations) -> None:
        self.faces, self.anim = faces, anim
        self.surface = pygame.Surface((1, 1))
        self.hits: list[Hit] = []
        self.drawn: list[int] = []  # every card id drawn face up in the last frame
        self.tips: list[tuple[pygame.Rect, str]] = []  # what a place says when pointed at (tooltips.py)

    def begin(self, surface: pygame.Surface) -> None:
        self.surface, self.hits, self.drawn, self.tips = surface, [], [], []

    def hit(self, rect: pygame.Rect, kind: str, payload: Any = None) -> None:
        self.hits.append(Hit(rect, kind, payload))

    def tip(self, rect: pygame.Rect, words: str) -> None:
        """A tooltip for `rect`, shown while the pointer rests on it."""
        if words:
            self.tips.append((rect, words))

    def card(
        self,
        card: int,
        pos: tuple[int, int],
        width: int,
        where: str,
        kind: str | None = "card",
        payload: Any = None,
        raised: bool = False,
        outline: tuple[int, int, int] | None = None,
        slot: tuple[str, Any] | None = None,
        private: bool = False,
        mark: bool = False,
    ) -> pygame.Rect:
        """Draw `card` (or a back for -1) with its top-left at `pos`, `where` being its place in
        the manifest ("hand:2", "community", "grid", "preview"...); a click target of `kind`
        (None: none) carrying `payload` (default: the card); `raised` a quarter card; a card new
        to its `slot` (zone, place) glides in from the deck; `private`: one of the viewer's cards
        the others do not see (so the manifest says); `mark`: drawn with the mark of one (a
        crossed-out eye in its lower left corner), where the hand mixes them with up cards."""
        x, y = pos
        if raised:
            y -= width // 4
        face, text_px = self.faces.made(card, width)
        rect = self.surface.blit(face, self.anim.glide(slot, (x, y)))
        if card >= 0:
            self.drawn.append(card)
        if private and mark:
            badge = hidden_mark(width)
            at = self.surface.blit(badge, (rect.left + 3, rect.bottom - 3 - badge.get_height()))
            self.tip(at, "Only you see this card: the others see its back")
        frame.note_card(self.surface, card, rect, where, private, best=outline == BEST, text_px=text_px)
        if outline:
            pygame.draw.rect(
                self.surface, outline, rect.inflate(4, 4), width=3, border_radius=max(3, width // 12)
            )
        if kind is not None:
            self.hit(rect, kind, payload if payload is not None else card)
        return rect


_MARKS: dict[int, pygame.Surface] = {}


def hidden_mark(width: int) -> pygame.Surface:
    """The mark of a card only its owner sees, for a card `width` wide: a crossed-out eye on a
    dark badge, drawn large once per size and smoothed down. Up cards go unmarked."""
    mark = _MARKS.get(width)
    if mark is None:
        side = max(14, min(28, width // 4))
        big = side * 4  # drawn four times larger, then scaled down: smooth edges
        art = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.rect(art, (28, 36, 78, 235), art.get_rect(), border_radius=big // 4)
        ink, line = (250, 246, 232), big // 10
        eye = pygame.Rect(big // 10, big * 7 // 25, big * 4 // 5, big * 11 // 25)
        pygame.draw.ellipse(art, ink, eye, line)  # the eye
        pygame.draw.circle(art, ink, eye.center, big // 9)  # its pupil
        a, b = (big // 5, big * 4 // 5), (big * 4 // 5, big // 5)
        pygame.draw.line(art, (28, 36, 78), a, b, line * 5 // 2)  # the stroke through it, cut clear...
        pygame.draw.line(art, ink, a, b, line)  # ...and drawn
        mark = pygame.transform.smoothscale(art, (side, side))
        _MARKS[width] = mark
    return mark
