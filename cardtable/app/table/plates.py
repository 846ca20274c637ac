"""A seat's plate (name, chips or points, bet, role badges) made once as a picture and blitted
while what it says stays the same: a table frame is painted again for many reasons (the pointer,
the glow's breath, another seat's move) that leave most plates as they were, and a plate's words
are fitted, measured and drawn at each paint otherwise.

The picture holds exactly the plate's pixels (its rounded corners see-through) and notes the
texts the plate drew and its tooltips, which the frame notes again where the picture goes, in
the same order: the manifest and the pixels are those of the plate drawn in place. A plate whose
drawing would reach past its box (never in today's layouts) is drawn in place each time."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from ...render.cache import ByteLRU
from .. import frame, ui

Tip = Callable[[pygame.Rect, str], None]
Body = Callable[[pygame.Surface, pygame.Rect, Tip], list[pygame.Rect]]
Made = tuple[
    pygame.Surface | None, list[tuple[str, tuple[int, int, int, int], int]], list[tuple[pygame.Rect, str]]
]

_SEE_THROUGH = (255, 0, 255)  # the picture's ground beyond the plate's corners: none of its colours
_PLATES: ByteLRU[tuple[Any, ...], Made] = ByteLRU(name="plates", size_of=lambda made: _bytes(made))


def _bytes(made: Made) -> int:
    picture = made[0]
    return picture.get_pitch() * picture.get_height() if picture is not None else 0


def plate_key(
    plate: pygame.Rect, seat: Mapping[str, Any], betting: bool, notes: Mapping[str, str], player: str
) -> tuple[Any, ...]:
    """Everything a plate's picture is drawn from: its size, what its seat's plate says, the
    tooltips of its badges and the text scale."""
    roles = tuple(seat["roles"])
    return (
        plate.size,
        seat["name"],
        seat["kind"],
        seat["folded"],
        seat["out"],
        roles,
        tuple(notes.get(role) for role in roles),
        betting,
        seat["chips"] if betting else seat["points"],
        seat["bet"],
        player,
        ui.scale(),
    )


def draw_plate_face(
    surface: pygame.Surface, plate: pygame.Rect, key: tuple[Any, ...], body: Body, tip: Tip
) -> None:
    """The plate drawn by `body` (onto a surface, at a rectangle, noting tooltips with a function;
    it returns the rectangles it drew), from its picture when one was made for `key`."""
    key = (*key, surface.get_bitsize(), surface.get_masks())
    made = _PLATES.get(key)
    if made is None:
        made = _PLATES.put(key, _make(surface, plate.size, body))
    picture, texts, tips = made
    if picture is None:  # it reaches past its box: drawn in place
        body(surface, plate, tip)
        return
    surface.blit(picture, plate.topleft)
    clip, (x, y) = surface.get_clip(), plate.topleft
    for words, (tx, ty, tw, th), px in texts:
        frame.note_text(surface, words, pygame.Rect(tx + x, ty + y, tw, th).clip(clip), px)
    for rect, words in tips:
        tip(rect.move(x, y), words)


def _make(surface: pygame.Surface, size: tuple[int, int], body: Body) -> Made:
    """The plate's picture, the texts it noted and its tooltips (at the picture's coordinates);
    no picture when something drawn reaches past it."""
    picture = pygame.Surface(size, 0, surface)
    picture.fill(_SEE_THROUGH)
    picture.set_colorkey(_SEE_THROUGH)
    tips: list[tuple[pygame.Rect, str]] = []
    with frame.aside(picture) as record:
        drawn = body(picture, picture.get_rect(), lambda rect, words: tips.append((rect.copy(), words)))
    whole = picture.get_rect()
    if not all(whole.contains(rect) for rect in drawn):
        return None, [], []
    return picture, list(record.texts), tips
