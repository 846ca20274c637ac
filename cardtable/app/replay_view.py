"""The replay viewer: step through a saved or finished game forwards and backwards.

Left/Right step one decision, PageUp/PageDown ten, Home/End to the start or the end, or drag the
slider. Tab cycles whose view is shown: the table's, then each seat's (keys 1-9 pick a seat, T the
table). A seat's view shows only what that seat saw at the time; once the game is over, the
table's view shows everything (every hand, every face-down card but the deck's).

The table is drawn by the table scene when it is available; otherwise a readable text rendering
of the same view is drawn.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..commands.replay import Check, walk
from ..engine import Rules
from ..saves import SavedGame
from ..session import describe_action
from . import ui
from .scene import App, Scene

STRIP_H = 64
CHECKPOINT = 16  # one state kept in this many


def full_view(rules: Any, state: dict[str, Any]) -> dict[str, Any]:
    """The table's view with every card shown except the deck's own stack (for a finished game)."""
    view = rules.view(state, None)
    for name, spec in rules.layout.zones.items():
        if name == rules.layout.deck:
            continue
        raw = state["zones"][name]
        owners = list(range(len(state["seats"]))) if spec.per_seat else [None]
        for owner in owners:
            z = raw[owner] if owner is not None else raw
            key = name if owner is None else f"{name}/{owner}"
            if "cells" in z:
                view["zones"][key]["cells"] = [[r, c, card] for r, c, card, _ in z["cells"]]
            else:
                view["zones"][key]["cards"] = list(z["cards"])
    return view


class _Still:
    """What the table scene needs of a session, frozen at one state of the replay."""

    def __init__(self, viewer: ReplayScene) -> None:
        self._viewer = viewer
        self.variant = viewer.variant
        self.rules = viewer.rules
        self.seats = viewer.saved.seats
        self.seed = viewer.saved.seed
        self.store = None

    @property
    def state(self) -> dict[str, Any]:
        return self._viewer.state

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.state["log"]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._viewer.view()

    def act(self, action: dict[str, Any]) -> None:  # a replay is only watched
        pass

    def undo(self, seat: int) -> bool:
        return False


class ReplayScene(Scene):
    def __init__(self, app: App, saved: SavedGame, variant: Any) -> None:
        super().__init__(app)
        self.saved = saved
        self.variant = variant
        self.rules = Rules(variant)
        # Keeping every state of a long 12,000-card game would take gigabytes: keep one state in
        # CHECKPOINT and replay the few decisions from there when stepping.
        self.result = Check()
        self.checkpoints: list[dict[str, Any]] = []
        self.actions: list[dict[str, Any]] = []  # the decisions; step i > 0 applies actions[i - 1]
        self.marks: list[int] = []  # the table talk's length after each step
        last: dict[str, Any] = {}
        for step in walk(self.rules, saved, self.result):
            if len(self.marks) % CHECKPOINT == 0:
                self.checkpoints.append(step.state)
            if step.action is not None:
                self.actions.append(step.action)
            self.marks.append(len(step.state["events"]))
            last = step.state
        self.final = last
        self._at: tuple[int, dict[str, Any]] | None = None
        self.index = 0
        self.seat: int | None = None  # None: the table's view
        self.slider = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self._view_key: tuple[int, int | None] | None = None
        self._view: dict[str, Any] = {}
        self.table: Any = self._make_table()

    # ------------------------------------------------------------------ where we are
    @property
    def steps(self) -> int:
        return len(self.marks)

    @property
    def state(self) -> dict[str, Any]:
        return self.state_at(self.index)

    def state_at(self, index: int) -> dict[str, Any]:
        """The state after `index` decisions: from the nearest checkpoint (or the last state
        asked for, when that is nearer), replaying the decisions in between."""
        if self._at is not None and self._at[0] == index:
            return self._at[1]
        base = index - index % CHECKPOINT
        if self._at is not None and base <= self._at[0] < index:
            base, state = self._at
        else:
            state = self.checkpoints[base // CHECKPOINT]
        for j in range(base, index):
            state = self.rules.apply(state, self.actions[j])
        self._at = (index, state)
        return state

    @property
    def game_over(self) -> bool:
        """Whether the whole recorded game ended (then the table's view may show everything)."""
        return bool(self.final and self.final["over"] and self.result.valid)

    def go(self, index: int) -> None:
        self.index = max(0, min(self.steps - 1, index))

    def choose_seat(self, seat: int | None) -> None:
        if seat is None or 0 <= seat < len(self.saved.seats):
            self.seat = seat

    def next_seat(self) -> None:
        order: list[int | None] = [None, *range(len(self.saved.seats))]
        self.seat = order[(order.index(self.seat) + 1) % len(order)]

    def view(self) -> dict[str, Any]:
        key = (self.index, self.seat)
        if key != self._view_key:
            if self.seat is None and self.game_over:
                view = full_view(self.rules, self.state)
            else:
                view = self.rules.view(self.state, self.seat)
            view["legal"] = []  # nothing is played from a replay
            self._view, self._view_key = view, key
        return self._view

    def caption(self) -> str:
        who = "the table (everything)" if self.seat is None and self.game_over else "the table"
        if self.seat is not None:
            who = self.saved.seats[self.seat]["name"]
        what = "the start"
        if self.index > 0:
            new = self.state["events"][self.marks[self.index - 1] : self.marks[self.index]]
            action = self.actions[self.index - 1]
            what = new[0]["text"] if new else describe_action(action, self.saved.seats)
        return f"Decision {self.index} of {self.steps - 1}: {what}  ·  seen by {who}"

    # ------------------------------------------------------------------ drawing with the table scene
    def _make_table(self) -> Any:
        try:
            from .table import TableScene
        except ImportError:
            return None
        viewer = self

        class ReplayTable(TableScene):  # the table scene, watching instead of playing
            def viewer(self) -> int | None:
                return viewer.seat

            def curtain_for(self) -> int | None:
                return None

            def view(self) -> dict[str, Any]:
                return viewer.view()

            def update(self, dt: float) -> None:
                self.clock += dt

        try:
            return ReplayTable(self.app, _Still(self), bot_delay=0.0)
        except Exception:  # the table scene changed shape: fall back to the text rendering
            return None

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
            elif k == pygame.K_TAB:
                self.next_seat()
            elif k == pygame.K_t:
                self.choose_seat(None)
            elif pygame.K_1 <= k <= pygame.K_9:
                self.choose_seat(k - pygame.K_1)
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
            try:
                self.table.message = self.caption()
                self.table.draw(surface)
            except Exception:  # never let the viewer crash on a table scene it does not match
                self.table = None
        if self.table is None:
            self._draw_text(surface)
        self._draw_strip(surface)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        strip = pygame.Surface((w, STRIP_H), pygame.SRCALPHA)
        strip.fill((10, 20, 16, 215))
        surface.blit(strip, (0, h - STRIP_H))
        hint = "←/→ step · Home/End · Tab or 1-9/T: whose view · Esc: back"
        if self.table is None:  # the table scene shows the caption in its own bar
            ui.text(surface, ui.ellipsize(self.caption(), 20, w - 520), (24, h - STRIP_H + 8), 20, ui.WHITE)
        ui.text(surface, hint, (w - 24, h - STRIP_H + 8), 18, (190, 210, 200), anchor="topright")
        pygame.draw.rect(surface, (90, 90, 100), self.slider, border_radius=7)
        frac = self.index / max(1, self.steps - 1)
        done = self.slider.copy()
        done.width = int(self.slider.width * frac)
        pygame.draw.rect(surface, (150, 130, 70), done, border_radius=7)
        pygame.draw.circle(surface, ui.ACCENT, (self.slider.left + done.width, self.slider.centery), 10)
        if not self.result.valid:
            why = ui.ellipsize(f"The replay stops early: {self.result.reason}", 20, w - 48)
            ui.text(surface, why, (24, h - STRIP_H - 26), 20, (255, 170, 170))

    def _draw_text(self, surface: pygame.Surface) -> None:
        """The view as text: seats, zones with their cards, and the latest table talk."""
        surface.fill(ui.FELT)
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
