"""The deck browser from the menu: every card of a variant's deck, zoomed, sorted and searched."""

from __future__ import annotations

import pygame

from ..variant import Variant
from .scene import App, Scene


class BrowserScene(Scene):
    def __init__(self, app: App, variant: Variant) -> None:
        super().__init__(app)
        from ..render.browser import DeckBrowser

        self.browser = DeckBrowser(variant.deck, app.surface.get_size())

    def resized(self, size: tuple[int, int]) -> None:
        resize = getattr(self.browser, "resize", None)
        if resize is not None:
            resize(size)

    def handle(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and not self.browser.search.query
            and self.browser.selected is None
        ):
            self.app.pop()
            return
        self.browser.handle_event(event)

    def update(self, dt: float) -> None:
        self.browser.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.browser.draw(surface)
