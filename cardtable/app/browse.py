"""The deck browser from the menu: every card of a variant's deck, zoomed, sorted and searched."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..variant import Variant
from . import frame
from .scene import App, Scene

if TYPE_CHECKING:
    from ..render.browser import DeckBrowser


class BrowserScene(Scene):
    manifest_scene = "browser"

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

    def blank_slots(self) -> int:
        return self.browser.blank_count

    def draw(self, surface: pygame.Surface) -> None:
        self.browser.draw(surface)
        record_browser(self.browser, surface.get_size())


def record_browser(browser: DeckBrowser, size: tuple[int, int], where: str = "grid") -> None:
    """Note in the frame what the deck browser drew: its bar, the spread and every card on screen
    (listed only when the manifest is asked for: at the far zoom levels that is all 12,000), and
    the card shown large. The browser lives in the renderer, which knows nothing of frames, so this
    follows its own arithmetic: the camera's visible cells in the layout's order."""
    from ..render.browser import BAR_H
    from ..render.faces import card_height

    w, h = size
    spread = pygame.Rect(0, BAR_H, w, h - BAR_H)
    frame.region("bar", pygame.Rect(0, 0, w, BAR_H))
    frame.region("deck", spread)
    record = frame.current()
    if record is None:
        return
    hud, font = browser._hud_text(w), browser.painter.font(20)
    tw, th = font.size(hud)
    record.texts.append((hud, (14, (BAR_H - th) // 2, tw, th), font.point_size))
    cam = browser.camera
    (cw, ch), (ox, oy), (c0, c1, r0, r1) = cam.cell, cam.origin(), cam.visible()
    width, order, cols = cam.width, browser.layout.order, browser.layout.cols
    height = card_height(width)

    def cards(rec: frame.FrameRecord) -> None:
        for r in range(r0, r1):
            for c in range(c0, c1):
                p = r * cols + c
                if p >= len(order):
                    break
                rect = pygame.Rect(ox + c * cw, oy + r * ch, width, height).clip(spread)
                if rect.width and rect.height:
                    rec.cards.append((order[p], True, (rect.x, rect.y, rect.width, rect.height), where))

    record.later(cards)
    if browser.selected is not None and browser._big is not None:  # the card shown large, named
        face = browser._big[1].get_rect(center=(w // 2, BAR_H + (h - BAR_H) // 2))
        record.cards.append((browser.selected, True, (face.x, face.y, face.width, face.height), "preview"))
        name, font = browser.deck.name(browser.selected), browser.painter.font(26)
        label = pygame.Rect((0, 0), font.size(name))
        label.midtop = (w // 2, face.bottom + 8)
        record.texts.append((name, (label.x, label.y, label.width, label.height), font.point_size))
