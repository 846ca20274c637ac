"""What covers the table: the curtain between two people's turns."""

from __future__ import annotations

import pygame

from .. import frame, ui
from .backdrops import curtain_backdrop
from .cards import Canvas
from .palette import BACKDROP, TABLE_FELT


def draw_curtain(
    canvas: Canvas, name: str, undo: tuple[str, str | None] | None = None, message: str = ""
) -> tuple[pygame.Rect, pygame.Rect | None]:
    """The whole screen covered, naming who is next; the button that lifts it. `undo`: (the name
    of the person who decided last, why they may not take it back or None) while their grace
    lasts, for the button that takes their decision back; `message`: what undo last said. The
    lift button, and the undo button if drawn."""
    surface = canvas.surface
    w, h = surface.get_size()
    curtain_backdrop(surface)
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
    ui.text(surface, f"I am {name}: show me  [Enter]", button.center, 28, ui.INK, anchor="center")
    drawn = [words, button]
    undo_button = None
    if undo is not None:
        decider, why = undo
        undo_button = pygame.Rect(0, 0, 360, 48)
        undo_button.center = (w // 2, button.bottom + 50)
        colour = (200, 190, 215) if why is None else (90, 80, 104)
        pygame.draw.rect(surface, colour, undo_button, border_radius=10)
        ui.text(surface, "Undo my last move  [Ctrl+Z]", undo_button.center, 24, ui.INK, anchor="center")
        said = (
            f"{decider}: a misclick? Take it back before {name} looks." if why is None else f"No undo: {why}."
        )
        note = ui.text(
            surface,
            said,
            (w // 2, undo_button.bottom + 22),
            20,
            (220, 210, 235),
            anchor="center",
            width=w - 40,
        )
        drawn += [undo_button, note]
    if message:
        drawn.append(
            ui.text(
                surface, message, (w // 2, h // 2 - 130), 22, (250, 220, 150), anchor="center", width=w - 40
            )
        )
    frame.region("prompt", title.unionall(drawn))
    return button, undo_button


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
