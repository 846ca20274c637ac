"""Opening the window: only the SDL parts we use, with the settings measured to be fast here."""

from __future__ import annotations

WINDOW_TITLE = "Cardtable"
DEFAULT_SIZE = (1280, 800)


def open_window(size: tuple[int, int] = DEFAULT_SIZE, resizable: bool = True):
    """Open the program's window (see render.init_display) with key repeat for text and sliders."""
    import pygame

    from ..render import init_display

    surface = init_display(size, caption=WINDOW_TITLE, resizable=resizable)
    pygame.key.set_repeat(350, 35)
    return surface
