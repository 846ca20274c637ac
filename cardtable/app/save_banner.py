"""The banner a table shows while its game is not being saved ("Not saved: the disk is full").

The game goes on in memory; the last good save stays as it was; the banner goes away at the
first save that works again (the session tries after every action).
"""

from __future__ import annotations

import pygame

from . import ui

BANNER_FILL = (150, 30, 30)
NOTICE_FILL = (40, 52, 70)  # a notice, not an alarm


def draw_save_banner(
    surface: pygame.Surface, problem: str | None, notice: str | None = None
) -> pygame.Rect | None:
    """A red strip across the top of the window saying why the game is not saved; else, in a
    quieter colour, `notice` as it is (a networked game's: who is away, the connection); None if
    there is nothing to say."""
    if not problem and not notice:
        return None
    w, _ = surface.get_size()
    size = 22 if w >= 1000 else 18
    said = f"{problem}. The game goes on; the last good save is kept." if problem else str(notice)
    words = ui.ellipsize(said, size, w - 40)
    height = size + 14
    strip = pygame.Rect(0, 0, w, height)
    pygame.draw.rect(surface, BANNER_FILL if problem else NOTICE_FILL, strip)
    ui.text(surface, words, (w // 2, height // 2), size, ui.WHITE, bold=True, anchor="center")
    return strip
