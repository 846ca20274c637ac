"""Pictures that stay the same frame after frame (the felt on the window's backdrop with the side
panel's ground; the curtain's stripes), made once per window size and layout and then blitted: one
blit of the window costs about a quarter of filling it and drawing the felt's rounded rectangles."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .palette import BACKDROP, CURTAIN, CURTAIN_STRIPE, PANEL_GROUND, RAIL, TABLE_FELT

_made: dict[str, tuple[tuple, pygame.Surface]] = {}  # kind -> (what it was made for, the picture)


def _blit(surface: pygame.Surface, kind: str, key: tuple, paint: Callable[[pygame.Surface], None]) -> None:
    key = (surface.get_size(), surface.get_bitsize(), surface.get_masks(), *key)
    made = _made.get(kind)
    if made is None or made[0] != key:
        picture = pygame.Surface(surface.get_size(), 0, surface)
        paint(picture)
        made = _made[kind] = (key, picture)
    surface.blit(made[1], (0, 0))


def table_backdrop(surface: pygame.Surface, table: pygame.Rect, side: pygame.Rect | None) -> None:
    """The backdrop, the felt in its rail over `table`, and the side panel's ground."""

    def paint(picture: pygame.Surface) -> None:
        picture.fill(BACKDROP)
        pygame.draw.rect(picture, RAIL, table.inflate(-6, -6), border_radius=36)
        pygame.draw.rect(picture, TABLE_FELT, table.inflate(-18, -18), border_radius=30)
        if side is not None:
            pygame.draw.rect(picture, PANEL_GROUND, side)

    _blit(surface, "table", (tuple(table), tuple(side) if side is not None else None), paint)


def curtain_backdrop(surface: pygame.Surface) -> None:
    """The curtain's cloth: upright stripes over the whole window."""

    def paint(picture: pygame.Surface) -> None:
        w, h = picture.get_size()
        picture.fill(CURTAIN)
        for i in range(0, w, 48):
            pygame.draw.rect(picture, CURTAIN_STRIPE, (i, 0, 24, h))

    _blit(surface, "curtain", (), paint)
