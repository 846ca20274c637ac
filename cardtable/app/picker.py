"""Naming cards before the deal (ten of 12,000, say): the searchable deck browser as a picker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..deck import Deck
from . import frame, ui
from .browse import record_browser
from .scene import App, Scene

FOOTER = 64


class PickerScene(Scene):
    """Pick exactly `count` different cards; Enter confirms, Esc goes back without naming any."""

    def __init__(
        self, app: App, deck: Deck, count: int, done: Callable[[list[int]], None], painter: Any = None
    ) -> None:
        super().__init__(app)
        from ..render.browser import DeckBrowser

        self.deck, self.count, self.done = deck, count, done
        w, h = app.surface.get_size()
        self.browser = DeckBrowser(
            deck, (w, h - FOOTER), painter=painter, on_pick=lambda card: None, max_picks=count
        )

    @property
    def picks(self) -> list[int]:
        return self.browser.picks

    def confirm(self) -> None:
        if len(self.picks) == self.count:
            cards = list(self.picks)
            self.app.pop()
            self.done(cards)

    def resized(self, size: tuple[int, int]) -> None:
        resize = getattr(self.browser, "resize", None)
        if resize is not None:
            resize((size[0], size[1] - FOOTER))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return
        if (
            event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
            and event.pos[1] >= self.app.surface.get_height() - FOOTER
        ):
            return
        self.browser.handle_event(event)

    def update(self, dt: float) -> None:
        self.browser.update(dt)

    def blank_slots(self) -> int:
        return self.browser.blank_count

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.browser.draw(surface)
        record_browser(self.browser, (w, h - FOOTER))
        bar = pygame.Rect(0, h - FOOTER, w, FOOTER)
        frame.region("actions", bar)
        pygame.draw.rect(surface, (30, 34, 40), bar)
        chosen = ", ".join(self.deck.short(c) for c in self.picks)
        words = (
            f"Named {len(self.picks)} of {self.count}: {chosen}"
            if self.picks
            else (f"Click {self.count} cards to name them; type to search.")
        )
        ui.text(surface, ui.ellipsize(words, 24, w - 420), (16, bar.top + 20), 24, ui.WHITE)
        ready = len(self.picks) == self.count
        ui.text(
            surface,
            "Enter: confirm  ·  Esc: back" if ready else "Esc: back",
            (w - 16, bar.top + 20),
            24,
            ui.ACCENT if ready else (180, 180, 180),
            anchor="topright",
        )
