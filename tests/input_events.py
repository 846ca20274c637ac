"""pygame input events for tests that drive a window: one place to make them."""

from __future__ import annotations

import pygame


def key(k: int, char: str = "", mod: int = 0, kind: int = pygame.KEYDOWN) -> pygame.event.Event:
    """A key press (or, with `kind`, a release), typing `char`."""
    return pygame.event.Event(kind, key=k, mod=mod, unicode=char)


def keyup(k: int) -> pygame.event.Event:
    return key(k, kind=pygame.KEYUP)


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    """A mouse event at `pos`: a move (no button held) or a button press or release."""
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def click(pos: tuple[int, int]) -> pygame.event.Event:
    """A left click, as the table reads it: the button let go at `pos`."""
    return mouse(pygame.MOUSEBUTTONUP, pos)
