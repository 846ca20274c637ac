"""First-game hints: the first time a person meets a kind of decision in a game (each verb's
`hint`, one text per kind), a short hint appears at the top of the side panel (folded: on the
felt, where it hides least) until they decide or close it. "Hide hints" switches them off for good (remembered in settings); the How to play
page switches them back on. The hints are the same for everyone: no card of anybody is in them."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import settings, ui
from .cards import Canvas

HINT_PX = 18
FILL = (250, 246, 228)
EDGE = (214, 170, 60)
PANEL_BG = (24, 30, 28)  # the side panel's own colour (draw_panel)


class Hints:
    """Which hints each person has seen in this game, and the one on show."""

    def __init__(self, enabled: bool | None = None) -> None:
        self.enabled = bool(settings.load()["hints"]) if enabled is None else enabled
        self.seen: set[tuple[int, str]] = set()
        self.showing: tuple[int, str] | None = None

    def current(self, seat: int | None, text: str) -> str:
        """The hint to show `seat` for a decision whose hint is `text` ("" for none)."""
        if not self.enabled or seat is None or not text or (seat, text) in self.seen:
            self.showing = None
            return ""
        self.showing = (seat, text)
        return text

    def decided(self) -> None:
        """The person decided: the hint on show has done its work."""
        if self.showing is not None:
            self.seen.add(self.showing)
            self.showing = None

    def switch_off(self) -> None:
        self.enabled = False
        self.showing = None
        settings.save(hints=False)

    def draw(
        self,
        canvas: Canvas,
        width: int,
        place: Callable[[int, int], pygame.Rect],
        seat: int | None,
        text: str,
        panel: pygame.Rect | None = None,
    ) -> pygame.Rect | None:
        """The hint box, `width` wide, where `place(width, height)` puts it, with its two buttons;
        its rect, or None. `panel`: the box stands on that side panel's log (whose lines behind it
        are cleared)."""
        words = self.current(seat, text)
        if not words:
            return None
        surface = canvas.surface
        lines = ui.wrap(words, HINT_PX, width - 20)
        line_h = ui.font(HINT_PX).get_linesize() + 2
        box = place(width, 40 + len(lines) * line_h + 36)
        if panel is not None:  # the log's lines behind the box and just below it go, none cut in half
            pygame.draw.rect(surface, PANEL_BG, (panel.left, box.top - 4, panel.width, box.height + 26))
        pygame.draw.rect(surface, FILL, box, border_radius=8)
        pygame.draw.rect(surface, EDGE, box, width=2, border_radius=8)
        ui.text(surface, "Hint", (box.left + 10, box.top + 8), 20, (150, 110, 20), True)
        y = box.top + 34
        for line in lines:
            ui.text(surface, line, (box.left + 10, y), HINT_PX, ui.INK)
            y += line_h
        got = ui.tag(surface, "Got it", (box.left + 10, box.bottom - 20), 18, EDGE, anchor="midleft")
        off = ui.tag(
            surface, "Hide hints", (box.right - 10, box.bottom - 20), 18, (225, 220, 205), anchor="midright"
        )
        canvas.hit(got, "button", self.decided)
        canvas.hit(off, "button", self.switch_off)
        canvas.tip(off, "no more hints, in any game (How to play switches them back on)")
        return box


def least_in_the_way(
    felt: pygame.Rect, width: int, height: int, vital: list[pygame.Rect], others: list[pygame.Rect]
) -> pygame.Rect:
    """Where on the felt a box hides least: none of `vital` (the pot, the person's own seat) if any
    place can, then as little of `others` as may be; the top right corner when all else is equal."""
    m = 10
    xs = (felt.right - m - width, felt.left + m, felt.centerx - width // 2)
    ys = (felt.top + m, felt.bottom - m - height, felt.centery - height // 2)
    places = [pygame.Rect(x, y, width, height) for y in ys for x in xs]

    def hidden(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
        return sum(c.width * c.height for c in (box.clip(r) for r in rects))

    return min(places, key=lambda box: (hidden(box, vital), hidden(box, others)))
