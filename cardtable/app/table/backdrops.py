"""Pictures that stay the same frame after frame (the felt on the window's backdrop with the side
panel's ground; the curtain's stripes), made once per window size and layout and then blitted: one
blit of the window costs about a quarter of filling it and drawing the felt's rounded rectangles."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .palette import BACKDROP, CURTAIN, CURTAIN_STRIPE, PANEL_GROUND, RAIL, TABLE_FELT

_made: dict[str, tuple[tuple, pygame.Surface]] = {}  # kind -> (what it was made for, the picture)


def _blit(
    surface: pygame.Surface,
    kind: str,
    key: tuple,
    paint: Callable[[pygame.Surface], None],
    foot: pygame.Rect | None = None,
) -> None:
    """The picture of `kind` made for `key` (painted by `paint`) onto `surface`; `foot`: a band
    along the window's foot from its left edge that the frame paints over whole, left out."""
    key = (surface.get_size(), surface.get_bitsize(), surface.get_masks(), *key)
    made = _made.get(kind)
    if made is None or made[0] != key:
        picture = pygame.Surface(surface.get_size(), 0, surface)
        paint(picture)
        made = _made[kind] = (key, picture)
    w, h = surface.get_size()
    if foot is None or foot.left != 0 or foot.bottom != h or foot.top <= 0:
        surface.blit(made[1], (0, 0))
        return
    surface.blit(made[1], (0, 0), pygame.Rect(0, 0, w, foot.top))
    if foot.right < w:  # (the side panel's ground beside the band)
        surface.blit(
            made[1], (foot.right, foot.top), pygame.Rect(foot.right, foot.top, w - foot.right, h - foot.top)
        )


def table_backdrop(
    surface: pygame.Surface, table: pygame.Rect, side: pygame.Rect | None, foot: pygame.Rect | None = None
) -> None:
    """The backdrop, the felt in its rail over `table`, and the side panel's ground; `foot`: the
    band under the felt that the frame paints over whole (the action bar and the hand line),
    left out: a window's blit costs as much as filling it, a tenth of a table frame's paint."""

    def paint(picture: pygame.Surface) -> None:
        picture.fill(BACKDROP)
        pygame.draw.rect(picture, RAIL, table.inflate(-6, -6), border_radius=36)
        pygame.draw.rect(picture, TABLE_FELT, table.inflate(-18, -18), border_radius=30)
        if side is not None:
            pygame.draw.rect(picture, PANEL_GROUND, side)

    _blit(surface, "table", (tuple(table), tuple(side) if side is not None else None), paint, foot)


def curtain_backdrop(surface: pygame.Surface) -> None:
    """The curtain's cloth: upright stripes over the whole window."""

    def paint(picture: pygame.Surface) -> None:
        w, h = picture.get_size()
        picture.fill(CURTAIN)
        for i in range(0, w, 48):
            pygame.draw.rect(picture, CURTAIN_STRIPE, (i, 0, 24, h))

    _blit(surface, "curtain", (), paint)
