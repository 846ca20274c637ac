"""Opening the window: only the SDL parts we use, with the settings measured to be fast here.

The first window fits the screen it opens on (85% of the desktop, at least 800x600); after that
it opens where and as large as it was left (app/settings.py remembers it). F11 toggles full
screen."""

from __future__ import annotations

import os
from typing import Any

WINDOW_TITLE = "Cardtable"
MIN_SIZE = (800, 600)  # the smallest window the screens are laid out for
DESKTOP_SHARE = 0.85

_windowed: tuple[int, int] | None = None  # the window's size before full screen


def first_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """A first window for a desktop of that size: most of it, never under the minimum."""
    w, h = desktop
    return max(MIN_SIZE[0], int(w * DESKTOP_SHARE)), max(MIN_SIZE[1], int(h * DESKTOP_SHARE))


def fitted(saved: Any, desktop: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The window to open: the remembered size and position if they still fit this desktop,
    else the first size, centred (position None)."""
    if isinstance(saved, dict):
        size, pos = tuple(saved.get("size", ())), tuple(saved.get("pos", ()))
        if len(size) == 2 and MIN_SIZE[0] <= size[0] <= desktop[0] and MIN_SIZE[1] <= size[1] <= desktop[1]:
            ok = len(pos) == 2 and 0 <= pos[0] <= desktop[0] - 100 and 0 <= pos[1] <= desktop[1] - 100
            return (int(size[0]), int(size[1])), ((int(pos[0]), int(pos[1])) if ok else None)
    return first_size(desktop), None


def open_window(size: tuple[int, int] | None = None, resizable: bool = True):
    """Open the program's window (see render.init_display) with key repeat for text and sliders:
    `size`, or as it was left last time, or a share of the desktop."""
    import pygame

    from ..render import init_display
    from . import settings

    pygame.display.init()
    desktops = pygame.display.get_desktop_sizes()
    desktop = desktops[0] if desktops else (1280, 720)
    if size is None:
        size, pos = fitted(settings.load().get("window"), desktop)
        os.environ["SDL_VIDEO_WINDOW_POS"] = f"{pos[0]},{pos[1]}" if pos else "centered"
    surface = init_display(size, caption=WINDOW_TITLE, resizable=resizable)
    pygame.key.set_repeat(350, 35)
    return surface


def remember_window() -> None:
    """Note the window's size and position for the next run (not a full-screen one)."""
    import pygame

    from . import settings

    surface = pygame.display.get_surface()
    if surface is None or _windowed is not None:
        return
    try:
        pos = tuple(pygame.Window.from_display_module().position)
    except (pygame.error, AttributeError):
        return
    settings.save(window={"size": list(surface.get_size()), "pos": list(pos)})


def toggle_fullscreen():
    """Full screen at the desktop's size, or back to the window it was; the new surface."""
    global _windowed
    import pygame

    surface = pygame.display.get_surface()
    if surface is None:
        return None
    if _windowed is None:
        _windowed = surface.get_size()
        desktops = pygame.display.get_desktop_sizes()
        return pygame.display.set_mode(desktops[0] if desktops else (0, 0), pygame.FULLSCREEN)
    size, _windowed = _windowed, None
    return pygame.display.set_mode(size, pygame.RESIZABLE)
