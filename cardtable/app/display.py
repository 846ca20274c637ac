"""Opening the window: only the SDL parts we use, with the settings measured to be fast here."""

from __future__ import annotations

import os

WINDOW_TITLE = "Cardtable"
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)


def prepare_environment() -> None:
    """Settings that must be in place before SDL starts (see shared/notes: a 10x faster flip)."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound: skip ALSA's slow start-up
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def open_window(size: tuple[int, int] = DEFAULT_SIZE, resizable: bool = True):
    """Initialise display and font only, and open the window."""
    prepare_environment()
    import pygame

    pygame.display.init()
    pygame.font.init()
    flags = pygame.RESIZABLE if resizable else 0
    surface = pygame.display.set_mode(size, flags)
    pygame.display.set_caption(WINDOW_TITLE)
    pygame.key.set_repeat(350, 35)
    return surface
