"""What covers the table: the curtain between two people's turns."""

from __future__ import annotations

import pygame

from .. import frame, ui
from .cards import Canvas
from .palette import BACKDROP, TABLE_FELT


def draw_curtain(canvas: Canvas, name: str) -> pygame.Rect:
    """The whole screen covered, naming who is next; the button that lifts it."""
    surface = canvas.surface
    w, h = surface.get_size()
    surface.fill((30, 22, 40))
    for i in range(0, w, 48):
        pygame.draw.rect(surface, (40, 30, 54), (i, 0, 24, h))
    title = ui.text(
        surface, f"Pass the screen to {name}", (w // 2, h // 2 - 60), 64, ui.WHITE, True, "center"
    )
    words = ui.text(
        surface,
        f"Everyone else, look away: {name}'s cards are about to be shown.",
        (w // 2, h // 2),
        28,
        (220, 210, 235),
        anchor="center",
        width=w - 40,
    )
    button = pygame.Rect(0, 0, 360, 64)
    button.center = (w // 2, h // 2 + 80)
    pygame.draw.rect(surface, ui.ACCENT, button, border_radius=12)
    ui.text(surface, f"I am {name}: show me  [Space]", button.center, 28, ui.INK, anchor="center")
    frame.region("prompt", title.unionall([words, button]))
    return button


def public_screen(canvas: Canvas, region: str) -> pygame.Rect:
    """A screen that belongs to no seat, covering the table: its felt box, recorded as `region`."""
    surface = canvas.surface
    w, h = surface.get_size()
    frame.shows(None)
    surface.fill(BACKDROP)
    box = pygame.Rect(16, 16, w - 32, h - 32)
    pygame.draw.rect(surface, TABLE_FELT, box, border_radius=24)
    frame.region(region, box)
    return box
