"""The replay viewer: step through a saved or finished game forwards and backwards.

Left/Right step one decision, PageUp/PageDown ten, Home/End to the start or the end, or drag the
slider. What is shown is the table's public view at each step: a replay never shows a card that
was hidden from the table. Once the whole game is over, the cards the table saw at some moment of
a hand (at a showdown, turned face up) show through that whole hand; a hand folded unseen stays
hidden. The stepping itself (a checkpoint every few decisions) is the engine's `Timeline`.

The table is drawn by the table scene when it is available; otherwise a readable text rendering
of the same view is drawn.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..engine import Rules
from ..engine.replay import Timeline, describe_action
from ..engine.types import Action, View
from ..saves import SavedGame
from ..saves.hidden import masked
from ..saves.restore import public_reason
from . import ui
from .scene import App, Scene
from .table import TableScene

STRIP_H = 64


class _Still:
    """What the table scene needs of a session, frozen at the replay's current step: it answers
    from the replay's view; nothing is played from a replay."""

    def __init__(self, viewer: ReplayScene) -> None:
        self._viewer = viewer
        self.variant = viewer.variant
        self.rules = viewer.rules
        self.seats = viewer.saved.seats
        self.seed = viewer.saved.seed
        self.store = None

    def view(self, seat: int | None) -> View:
        return self._viewer.view()

    def to_move(self) -> int | None:
        return self._viewer.view()["to_move"]

    def is_over(self) -> bool:
        return bool(self._viewer.view()["over"])

    def check(self, action: object) -> str | None:
        return "this is a replay: nothing is played here"

    def act(self, action: Action) -> None:
        pass

    def bot_seed(self) -> int:
        return 0

    def undo_point(self, seat: int) -> int | None:
        return None

    def undo(self, seat: int) -> bool:
        return False

    def undo_refusal(self, seat: int) -> str | None:
        return "this is a replay"


class ReplayScene(Scene):
    def __init__(self, app: App, saved: SavedGame, variant: Any) -> None:
        super().__init__(app)
        self.saved = saved
        self.variant = variant
        self.rules = Rules(variant)
        self.timeline = Timeline(self.rules, saved.seats, saved.seed, saved.options, saved.log)
        self.index = 0
        self.slider = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self._view_at: int | None = None
        self._view: View | None = None
        self.table = self._make_table() if self.steps else None

    # ------------------------------------------------------------------ where we are
    @property
    def steps(self) -> int:
        return self.timeline.steps

    @property
    def game_over(self) -> bool:
        """Whether the whole recorded game ended (then the cards the table saw may show)."""
        return self.timeline.over

    def go(self, index: int) -> None:
        self.index = max(0, min(self.steps - 1, index))

    def view(self) -> View:
        """What is shown at this step (the replay's public view; nothing is played from it)."""
        if self._view is None or self._view_at != self.index:
            self._view = self.timeline.view_at(self.index)
            self._view["legal"] = []
            self._view_at = self.index
        return self._view

    def caption(self) -> str:
        what = "the start"
        if self.index > 0:
            talk = self.view()["log"]
            new = talk[self.timeline.marks[self.index - 1] : self.timeline.marks[self.index]]
            action = self.timeline.actions[self.index - 1]
            if not new and not self.game_over:  # a game in progress: no hidden decision's cards
                action = masked(action)  # type: ignore[assignment]
            what = new[0] if new else describe_action(action, self.saved.seats)
        seen = "every card the table saw this hand" if self.game_over else "the table's view"
        return f"Decision {self.index} of {self.steps - 1}: {what}  ·  {seen}"

    # ------------------------------------------------------------------ drawing with the table scene
    def _make_table(self) -> TableScene:
        viewer = self

        class ReplayTable(TableScene):  # the table scene, watching instead of playing
            def viewer(self) -> int | None:
                return None  # the public table

            def curtain_for(self) -> int | None:
                return None

            def view(self) -> View:
                return viewer.view()

            def update(self, dt: float) -> None:
                self.clock += dt

        return ReplayTable(self.app, _Still(self), bot_delay=0.0)  # _Still answers as a session

    # ------------------------------------------------------------------ events
    def resized(self, size: tuple[int, int]) -> None:
        self.slider = pygame.Rect(24, size[1] - 24, max(100, size[0] - 48), 12)
        if self.table is not None:
            self.table.resized(size)

    def _slide(self, x: int) -> None:
        if self.steps > 1:
            frac = (x - self.slider.left) / max(1, self.slider.width)
            self.go(round(frac * (self.steps - 1)))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            moves = {
                pygame.K_RIGHT: self.index + 1,
                pygame.K_LEFT: self.index - 1,
                pygame.K_PAGEDOWN: self.index + 10,
                pygame.K_PAGEUP: self.index - 10,
                pygame.K_HOME: 0,
                pygame.K_END: self.steps - 1,
            }
            if k in moves:
                self.go(moves[k])
            elif k == pygame.K_ESCAPE:
                self.app.pop()
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.slider.inflate(0, 24).collidepoint(event.pos)
        ):
            self.dragging = True
            self._slide(event.pos[0])
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._slide(event.pos[0])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEWHEEL:
            self.go(self.index - event.y)

    def update(self, dt: float) -> None:
        if self.table is not None:
            self.table.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None:
            self.table.message = self.caption()
            w, h = surface.get_size()  # the table lays itself out above the strip, never under it
            self.table.draw(surface.subsurface((0, 0, w, max(1, h - STRIP_H))))
        else:  # a log whose game cannot even be set up: its story in words
            self._draw_text(surface)
        self._draw_strip(surface)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        strip = pygame.Surface((w, STRIP_H), pygame.SRCALPHA)
        strip.fill((10, 20, 16, 215))
        surface.blit(strip, (0, h - STRIP_H))
        hint = "←/→ step · PgUp/PgDn: ten · Home/End · Esc: back"
        if self.table is None:  # the table scene shows the caption in its own bar
            ui.text(surface, ui.ellipsize(self.caption(), 20, w - 520), (24, h - STRIP_H + 8), 20, ui.WHITE)
        ui.text(surface, hint, (w - 24, h - STRIP_H + 8), 18, (190, 210, 200), anchor="topright")
        pygame.draw.rect(surface, (90, 90, 100), self.slider, border_radius=7)
        frac = self.index / max(1, self.steps - 1)
        done = self.slider.copy()
        done.width = int(self.slider.width * frac)
        pygame.draw.rect(surface, (150, 130, 70), done, border_radius=7)
        pygame.draw.circle(surface, ui.ACCENT, (self.slider.left + done.width, self.slider.centery), 10)
        if self.timeline.stop is not None:
            stop = self.timeline.stop
            why = public_reason(self.saved, stop.index, stop.reason)  # no hidden decision's cards
            why = ui.ellipsize(f"The replay stops early: {why}", 20, w - 48)
            ui.text(surface, why, (24, h - STRIP_H - 26), 20, (255, 170, 170))

    def _draw_text(self, surface: pygame.Surface) -> None:
        """The view as text: seats, zones with their cards, and the latest table talk."""
        surface.fill(ui.FELT)
        if not self.steps:  # the game could not even be set up: the strip says why
            return
        view = self.view()
        deck = self.variant.deck
        lines = [f"{self.variant.name}  ·  hand {view['hand_number']}  ·  {self.saved.variant_id}", ""]
        for s in view["seats"]:
            flags = (
                ", ".join(s["roles"]) + (" · folded" if s["folded"] else "") + (" · out" if s["out"] else "")
            )
            lines.append(f"{s['name']}: {s['chips']:,} chips, {s['total']:,} in  {flags}".rstrip())
        lines.append("")
        for key, z in view["zones"].items():
            if "cells" in z:
                shown = [f"{deck.short(c)}@{r},{col}" if c >= 0 else "##" for r, col, c in z["cells"]]
            else:
                shown = [deck.short(c) if c >= 0 else "##" for c in z.get("cards", [])]
            body = (
                " ".join(shown[:40]) + (" …" if len(shown) > 40 else "") if shown else f"{z['count']} cards"
            )
            lines.append(f"{key}: {body}")
        lines += ["", *view["log"][-12:]]
        y = 24
        for line in lines:
            for part in ui.wrap(line, 22, surface.get_width() - 48):
                if y > surface.get_height() - STRIP_H - 54:
                    return
                ui.text(surface, part, (24, y), 22, ui.WHITE)
                y += 24
