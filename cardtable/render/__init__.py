"""The pygame front end's drawing core: card faces, atlases, camera and scenes.

Only this package (and cardtable/app) may import pygame. Everything here draws from plain data:
a Deck for faces, a view dict for the table. `init_display` sets up SDL the fast way.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any pygame import: stdout stays clean


def init_display(
    size: tuple[int, int], headless: bool = False, caption: str = "Cardtable", resizable: bool = False
):
    """Open the window (or a headless dummy one) and return its surface; only display and font
    are initialised (the sound's mixer opens after the first frame, app/sound.py: ALSA's
    start-up is slow).

    The environment variables must be set before SDL's display starts: the framebuffer
    acceleration under Xvfb costs 10-15 ms a flip.
    """
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # a headless mixer plays into nothing
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    import pygame

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(caption)
    return pygame.display.set_mode(size, pygame.RESIZABLE if resizable else 0)
