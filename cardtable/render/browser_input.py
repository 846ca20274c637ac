"""The deck browser's input: the wheel, drags, clicks and keys, turned into camera moves, searches
and picks (the browser itself draws and keeps the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .browser import DeckBrowser


def handle_event(self: DeckBrowser, ev: pygame.event.Event) -> None:
    """Wheel zooms about the pointer, a drag pans, a click picks or shows a card large, typing searches."""
    cam = self.camera
    if ev.type == pygame.MOUSEWHEEL:
        cam.zoom_by(1 if ev.y > 0 else -1, pygame.mouse.get_pos())
    elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
        self._drag, self._dragged = ev.pos, False
    elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
        self.selected = self.card_at(*ev.pos)
    elif ev.type == pygame.MOUSEMOTION and self._drag is not None:
        dx, dy = ev.pos[0] - self._drag[0], ev.pos[1] - self._drag[1]
        if self._dragged or abs(dx) + abs(dy) > 4:
            self._dragged = True
            cam.pan(-dx, -dy)
            self._drag = ev.pos
    elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
        if self._drag is not None and not self._dragged:
            self.click(*ev.pos)
        self._drag = None
    elif ev.type == pygame.TEXTINPUT:
        self.set_query(self.search.query + ev.text)
    elif ev.type == pygame.KEYDOWN:
        _key(self, ev)


def _key(self: DeckBrowser, ev: pygame.event.Event) -> None:
    cam, k = self.camera, ev.key
    step = 120
    if k == pygame.K_BACKSPACE:
        self.set_query(self.search.query[:-1])
    elif k == pygame.K_ESCAPE:
        if self.selected is not None:
            self.selected = None
        else:
            self.set_query("")
    elif k in (pygame.K_RETURN, pygame.K_F3):
        self.next_match(-1 if ev.mod & pygame.KMOD_SHIFT else 1)
    elif k == pygame.K_TAB:
        self.cycle_sort()
    elif k == pygame.K_LEFT:
        cam.pan(-step, 0)
    elif k == pygame.K_RIGHT:
        cam.pan(step, 0)
    elif k == pygame.K_UP:
        cam.pan(0, -step)
    elif k == pygame.K_DOWN:
        cam.pan(0, step)
    elif k in (pygame.K_PAGEUP, pygame.K_KP_PLUS) or (k == pygame.K_EQUALS and ev.mod & pygame.KMOD_CTRL):
        cam.zoom_by(1)
    elif k in (pygame.K_PAGEDOWN, pygame.K_KP_MINUS) or (k == pygame.K_MINUS and ev.mod & pygame.KMOD_CTRL):
        cam.zoom_by(-1)
    elif k == pygame.K_HOME:
        cam.center_on(self.layout.cols / 2, self.layout.rows / 2)
        cam.zoom_to(cam.fit_level())
