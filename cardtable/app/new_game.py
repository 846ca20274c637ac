"""New game: seats (2..the variant's maximum), each a named person or a computer player, the
variant's declared options, how cards are kept private at one screen (remembered), and a random
or fixed seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ..variant import Variant
from . import settings, ui
from .scene import App, Scene

DEFAULT_NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"]
ROW = 46
PRIVACY_LABELS = {"curtain": "Curtain", "peek": "Peek (hold H)"}
PRIVACY_HELP = {
    "curtain": "a curtain before each person's turn",
    "peek": "cards face down; hold H to look",
}
SPEED_LABELS = {"normal": "Normal speed", "slow": "Slow", "instant": "Instant"}


@dataclass
class SeatRow:
    name: ui.TextInput
    bot: bool


class NewGameScene(Scene):
    def __init__(self, app: App, variant: Variant) -> None:
        super().__init__(app)
        self.variant = variant
        self.options: dict[str, Any] = dict(variant.sections.get("options", {}))
        self.values: dict[str, Any] = {name: o.default for name, o in self.options.items()}
        self.inputs: dict[str, ui.TextInput] = {
            name: ui.TextInput(str(o.default), 9, "0123456789")
            for name, o in self.options.items()
            if isinstance(o.default, int) and not isinstance(o.default, bool) and o.choices is None
        }
        count = max(variant.min_players, min(variant.max_players, 3))
        self.seats = [SeatRow(ui.TextInput(DEFAULT_NAMES[0]), False)]
        self.seats += [SeatRow(ui.TextInput(f"Computer {i}"), True) for i in range(1, count)]
        self.seed = ui.TextInput("", 12, "0123456789")
        remembered = settings.load()
        self.privacy: str = remembered["privacy"]
        self.speed: str = remembered["bot_speed"]
        self.message = ""
        self.hit: list[tuple[pygame.Rect, Any]] = []  # clickable areas of the last frame

    # ------------------------------------------------------------------ choices
    def add_seat(self) -> None:
        if len(self.seats) < self.variant.max_players:
            self.seats.append(SeatRow(ui.TextInput(f"Computer {len(self.seats)}"), True))

    def remove_seat(self, i: int) -> None:
        if len(self.seats) > self.variant.min_players:
            del self.seats[i]

    def toggle_kind(self, i: int) -> None:
        row = self.seats[i]
        row.bot = not row.bot
        taken = {s.name.value for s in self.seats}
        if row.bot and row.name.value in DEFAULT_NAMES:
            row.name.value = f"Computer {i}"
        elif not row.bot and row.name.value.startswith("Computer"):
            row.name.value = next((n for n in DEFAULT_NAMES if n not in taken), f"Player {i + 1}")

    def cycle_option(self, name: str, step: int) -> None:
        option = self.options[name]
        if isinstance(option.default, bool):
            self.values[name] = not self.values[name]
        elif option.choices:
            i = option.choices.index(self.values[name]) if self.values[name] in option.choices else 0
            self.values[name] = option.choices[(i + step) % len(option.choices)]

    def cycle_privacy(self) -> None:
        i = settings.PRIVACY.index(self.privacy)
        self.privacy = settings.PRIVACY[(i + 1) % len(settings.PRIVACY)]

    def cycle_speed(self) -> None:
        i = settings.SPEEDS.index(self.speed)
        self.speed = settings.SPEEDS[(i + 1) % len(settings.SPEEDS)]

    def chosen(self) -> tuple[list[dict[str, str]], int | None, dict[str, Any]] | None:
        """The seats, seed and options as chosen, or None with self.message saying what is wrong."""
        seats = []
        for i, row in enumerate(self.seats):
            name = row.name.value.strip() or (f"Computer {i}" if row.bot else f"Player {i + 1}")
            seats.append({"name": name, "kind": "bot" if row.bot else "human"})
        if len({s["name"] for s in seats}) < len(seats):
            self.message = "Two seats have the same name: give everyone their own."
            return None
        values = dict(self.values)
        for name, field in self.inputs.items():
            if not field.value:
                self.message = f"{self.options[name].label} needs a number."
                return None
            values[name] = int(field.value)
            why = self.options[name].problem(values[name])
            if why:
                self.message = why[0].upper() + why[1:] + "."
                return None
        seed = int(self.seed.value) if self.seed.value else None  # None: a secret seed
        return seats, seed, values

    def start(self) -> None:
        chosen = self.chosen()
        if chosen is None:
            return
        from .launch import start_game

        seats, seed, values = chosen
        settings.save(bot_speed=self.speed)  # the table reads it; New game offers it first next time
        try:
            scene = start_game(
                self.app,
                self.variant,
                seats,
                seed,
                values,
                self.privacy,
                lambda: NewGameScene(self.app, self.variant),
            )
        except ValueError as exc:
            self.message = str(exc)
            return
        if scene is None:
            self.message = "Playing this game is not available in this version yet."
        else:
            settings.save(privacy=self.privacy)  # New game offers it first next time
            self.app.replace(scene)

    def open_howto(self) -> None:
        from .howto import HowToScene
        from .rules_view import RulesScene

        self.app.push(HowToScene(self.app, self.variant, lambda: RulesScene(self.app, self.variant)))

    # ------------------------------------------------------------------ scene
    def fields(self) -> list[ui.TextInput]:
        return [row.name for row in self.seats] + list(self.inputs.values()) + [self.seed]

    def handle(self, event: pygame.event.Event) -> None:
        fields = self.fields()
        if any(f.handle(event) for f in fields):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                focus = next((i for i, f in enumerate(fields) if f.focused), -1)
                for f in fields:
                    f.focused = False
                fields[(focus + 1) % len(fields)].focused = True
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_F1:
                self.open_howto()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_TAB:
                fields[0].focused = True
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.add_seat()
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.remove_seat(len(self.seats) - 1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, action in self.hit:
                if rect.collidepoint(event.pos):
                    self.message = ""
                    action()
                    return

    def _button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        label: str,
        action: Any,
        on: bool = False,
        enabled: bool = True,
    ) -> None:
        colour = ui.ACCENT if on else (ui.PANEL if enabled else (150, 150, 145))
        pygame.draw.rect(surface, colour, rect, border_radius=8)
        ui.text(surface, label, rect.center, 24, ui.INK, anchor="center")
        if enabled:
            self.hit.append((rect, action))

    def draw(self, surface: pygame.Surface) -> None:
        self.hit = []
        surface.fill(ui.FELT)
        w, h = surface.get_size()
        v = self.variant
        ui.text(surface, f"New game: {v.name}", (48, 32), 54, ui.WHITE, bold=True)
        ui.text(
            surface,
            f"{v.min_players} to {v.max_players} players. Seats play in this order.",
            (50, 86),
            24,
            (210, 230, 220),
        )
        y = 130
        ui.text(surface, "Seats", (48, y), 30, ui.WHITE, bold=True)
        y += 36
        for i, row in enumerate(self.seats):
            ui.text(surface, f"{i + 1}.", (48, y + ROW // 2 - 4), 26, ui.WHITE, anchor="midleft")
            row.name.rect = pygame.Rect(84, y, 300, ROW - 8)
            row.name.draw(surface)
            self._button(
                surface,
                pygame.Rect(396, y, 150, ROW - 8),
                "Computer" if row.bot else "Person",
                lambda i=i: self.toggle_kind(i),
                on=row.bot,
            )
            self._button(
                surface,
                pygame.Rect(556, y, 40, ROW - 8),
                "x",
                lambda i=i: self.remove_seat(i),
                enabled=len(self.seats) > v.min_players,
            )
            y += ROW
        self._button(
            surface,
            pygame.Rect(84, y, 200, ROW - 8),
            "+ Add seat",
            self.add_seat,
            enabled=len(self.seats) < v.max_players,
        )
        x, y = 660, 130
        ui.text(surface, "Options", (x, y), 30, ui.WHITE, bold=True)
        y += 36
        for name, option in self.options.items():
            ui.text(surface, option.label, (x, y + ROW // 2 - 4), 26, ui.WHITE, anchor="midleft")
            box = pygame.Rect(x + 300, y, 220, ROW - 8)
            if name in self.inputs:
                self.inputs[name].rect = box
                self.inputs[name].draw(surface)
            elif isinstance(option.default, bool):
                self._button(
                    surface,
                    box,
                    "On" if self.values[name] else "Off",
                    lambda n=name: self.cycle_option(n, 1),
                    on=bool(self.values[name]),
                )
            else:
                self._button(surface, box, f"< {self.values[name]} >", lambda n=name: self.cycle_option(n, 1))
            if option.help:
                ui.text(
                    surface,
                    option.help[:60],
                    (x + 530, y + ROW // 2 - 4),
                    20,
                    (200, 220, 210),
                    anchor="midleft",
                )
            y += ROW
        ui.text(surface, "Private cards", (x, y + ROW // 2 - 4), 26, ui.WHITE, anchor="midleft")
        box = pygame.Rect(x + 300, y, 220, ROW - 8)
        self._button(surface, box, f"< {PRIVACY_LABELS[self.privacy]} >", self.cycle_privacy)
        ui.text(
            surface,
            PRIVACY_HELP[self.privacy],
            (x + 530, y + ROW // 2 - 4),
            20,
            (200, 220, 210),
            anchor="midleft",
        )
        y += ROW
        ui.text(surface, "Computer players", (x, y + ROW // 2 - 4), 26, ui.WHITE, anchor="midleft")
        box = pygame.Rect(x + 300, y, 220, ROW - 8)
        self._button(surface, box, f"< {SPEED_LABELS[self.speed]} >", self.cycle_speed)
        ui.text(
            surface,
            "Space at the table: faster",
            (x + 530, y + ROW // 2 - 4),
            20,
            (200, 220, 210),
            anchor="midleft",
        )
        y += ROW
        ui.text(surface, "Seed (blank: random)", (x, y + ROW // 2 - 4), 26, ui.WHITE, anchor="midleft")
        self.seed.rect = pygame.Rect(x + 300, y, 220, ROW - 8)
        self.seed.draw(surface)
        self._button(surface, pygame.Rect(w - 300, h - 90, 250, 56), "Start  [Enter]", self.start, on=True)
        self._button(surface, pygame.Rect(w - 560, h - 90, 230, 56), "Back  [Esc]", self.app.pop)
        howto = pygame.Rect(w - 820, h - 90, 240, 56) if w >= 900 else pygame.Rect(w - 250, 24, 230, 48)
        self._button(surface, howto, "How to play  [F1]", self.open_howto)
        if self.message:
            ui.text(surface, self.message, (48, h - 70), 26, (255, 210, 150))
