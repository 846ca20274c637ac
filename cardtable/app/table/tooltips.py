"""Tooltips and the help button of the table: every button and key says what it does when the
pointer rests on it (the controls' `tip`, gathered in `Canvas.tips` as the frame is drawn), and a
"?" in the side panel opens How to play (as F1 does)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import ui
from .cards import Canvas

TIP_PX = 18
TIP_WIDTH = 380
TIP_FILL = (250, 246, 228)


def draw_help_button(canvas: Canvas, panel: pygame.Rect, open_help: Callable[[], None]) -> pygame.Rect:
    """The "?" at the panel's top-right corner: How to play."""
    rect = pygame.Rect(panel.right - 40, panel.top + 8, 30, 30)
    pygame.draw.circle(canvas.surface, ui.ACCENT, rect.center, 15)
    ui.text(canvas.surface, "?", rect.center, 24, ui.INK, True, "center")
    canvas.hit(rect, "button", open_help)
    canvas.tip(rect, "How to play this game [F1]")
    return rect


def draw_tooltip(canvas: Canvas, pointer: tuple[int, int]) -> pygame.Rect | None:
    """The tip of the place under the pointer, in a box above it (below when there is no room),
    kept inside the window; its box, or None."""
    found = next(((r, w) for r, w in reversed(canvas.tips) if r.collidepoint(pointer)), None)
    if found is None:
        return None
    rect, words = found
    surface = canvas.surface
    lines = ui.wrap(words, TIP_PX, TIP_WIDTH)
    f = ui.font(TIP_PX)
    width = max(f.size(line)[0] for line in lines) + 16
    height = len(lines) * (f.get_linesize() + 2) + 10
    box = pygame.Rect(0, 0, width, height)
    box.midbottom = (rect.centerx, rect.top - 6)
    if box.top < 0:
        box.midtop = (rect.centerx, rect.bottom + 6)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, TIP_FILL, box, border_radius=6)
    pygame.draw.rect(surface, (120, 110, 80), box, width=1, border_radius=6)
    y = box.top + 5
    for line in lines:
        ui.text(surface, line, (box.left + 8, y), TIP_PX, ui.INK)
        y += f.get_linesize() + 2
    return box
