"""New game: seats (2..the variant's maximum), each a named person or a computer player (its level
and style, remembered seat by seat), the variant's declared options, how cards are kept private at one screen (remembered), and a random
or fixed seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ..engine import scoring
from ..errors import VariantError
from ..limits import seat_name_problem
from ..variant import Variant
from . import seating, settings, ui
from .new_game_draw import draw_new_game
from .remote_seats import RemoteChoices, start_remote
from .scene import App, Scene
from .seat_players import (
    DEFAULT,
    LEVEL_LABELS,
    STYLE_LABELS,
    next_of,
    remembered_pair,
)

DEFAULT_NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"]
BUILD_AHEAD_S = 0.004  # of each frame, building the hand tables ahead (the screen itself takes ~1 ms)


def flipping_rounds(variant: Variant) -> bool:
    """Whether the game has rounds that may run by themselves (Auto-flip: a verb that only picks
    which face-down card comes out)."""
    from ..engine.verbs import REGISTRY

    phases = variant.sections.get("phases")
    steps = phases.program if phases is not None else []
    return any(getattr(REGISTRY.get(str(step.get("do", ""))), "may_run_itself", False) for step in steps)


@dataclass
class SeatRow:
    name: ui.TextInput
    bot: bool
    level: str = DEFAULT[0]  # a computer player's (engine/bots)
    style: str = DEFAULT[1]
    remote: bool = False  # a person playing from another computer (network play)


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
        remembered = settings.load()
        # each seat's computer player as last chosen (the last one's for seats beyond)
        self.players = [p for p in map(remembered_pair, remembered.get("computer_players", [])) if p]
        self.seats = [SeatRow(ui.TextInput(DEFAULT_NAMES[0]), False, *self._player(0))]
        self.seats += [
            SeatRow(ui.TextInput(f"Computer {i}"), True, *self._player(i)) for i in range(1, count)
        ]
        last = seating.last_seating(variant.max_players)  # the same players as last time, if any
        self.same_players = bool(last)  # said under the title
        if last:
            self.seats = [
                SeatRow(
                    ui.TextInput(seat["name"]),
                    seat["kind"] == "bot",
                    *(remembered_pair([seat.get("level"), seat.get("style")]) or self._player(i)),
                )
                for i, seat in enumerate(last)
            ]
            for row, seat in zip(self.seats, last):
                row.remote = seat["kind"] == "human" and seat.get("remote") == "yes"
            while len(self.seats) < variant.min_players:
                self.add_seat()
        self.seed = ui.TextInput("", 12, "0123456789")
        ranking = self.options.get("ranking")
        chosen = remembered.get("rankings", {}).get(variant.id)
        if ranking is not None and ranking.choices and chosen in ranking.choices:
            self.values["ranking"] = chosen  # the ranking last chosen for this game
        self.privacy: str = remembered["privacy"]
        self.speed: str = remembered["bot_speed"]
        self.flips = flipping_rounds(variant)  # Auto-flip is offered: on by default in Peek mode
        self.auto_flip: bool = remembered["auto_flip"] or self.privacy == "peek"
        self.message = ""
        self.hit: list[tuple[pygame.Rect, Any]] = []  # clickable areas of the last frame
        self.notes: list[tuple[pygame.Rect, str]] = []  # rows drawn short: their words in full
        self.pointer = (-1, -1)
        self.built_ahead = False  # the hand tables the game will use: made while a person chooses
        self.remote_choices = RemoteChoices()  # remote seats' away wait and stand-in (remote_seats.py)

    # ------------------------------------------------------------------ choices
    def _player(self, i: int) -> tuple[str, str]:
        """Seat i's computer player as remembered."""
        return self.players[min(i, len(self.players) - 1)] if self.players else DEFAULT

    def add_seat(self) -> None:
        if len(self.seats) < self.variant.max_players:
            n = len(self.seats)
            self.seats.append(SeatRow(ui.TextInput(f"Computer {n}"), True, *self._player(n)))

    def cycle_level(self, i: int) -> None:
        self.seats[i].level = next_of(list(LEVEL_LABELS), self.seats[i].level)

    def cycle_style(self, i: int) -> None:
        self.seats[i].style = next_of(list(STYLE_LABELS), self.seats[i].style)

    def remove_seat(self, i: int) -> None:
        if len(self.seats) > self.variant.min_players:
            del self.seats[i]

    def cycle_kind(self, i: int) -> None:
        """Person, Computer, Remote (a person at another computer), in turn."""
        row = self.seats[i]
        if row.bot:
            self.toggle_kind(i)
            row.remote = True
        elif row.remote:
            row.remote = False
        else:
            self.toggle_kind(i)

    def toggle_kind(self, i: int) -> None:
        """A person's seat (here or remote) a computer's, or a computer's a person's here."""
        row = self.seats[i]
        row.remote = False
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
        self.auto_flip = self.auto_flip or self.privacy == "peek"  # peeking at every flip is a chore

    def toggle_auto_flip(self) -> None:
        self.auto_flip = not self.auto_flip

    def cycle_speed(self) -> None:
        i = settings.SPEEDS.index(self.speed)
        self.speed = settings.SPEEDS[(i + 1) % len(settings.SPEEDS)]

    def chosen(self) -> tuple[list[dict[str, str]], int | None, dict[str, Any]] | None:
        """The seats, seed and options as chosen, or None with self.message saying what is wrong."""
        seats = []
        for i, row in enumerate(self.seats):
            name = row.name.value.strip() or (f"Computer {i}" if row.bot else f"Player {i + 1}")
            why = seat_name_problem(name)  # (the field holds fewer characters than a save keeps)
            if why:
                self.message = why[0].upper() + why[1:] + "."
                return None
            if row.bot:
                seats.append({"name": name, "kind": "bot", "level": row.level, "style": row.style})

            else:
                seats.append({"name": name, "kind": "human"})
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
        # the table reads these; New game offers them first next time
        settings.save(
            bot_speed=self.speed,
            computer_players=[[r.level, r.style] for r in self.seats],
            **({"auto_flip": self.auto_flip} if self.flips else {}),
        )
        remote = any(row.remote for row in self.seats)
        try:
            scene = (
                start_remote(self, seats, seed, values)
                if remote
                else start_game(
                    self.app,
                    self.variant,
                    seats,
                    seed,
                    values,
                    self.privacy,
                    lambda: NewGameScene(self.app, self.variant),
                )
            )
        except (ValueError, VariantError) as exc:  # BrokenRules: the rules failed as the game began
            self.message = (
                str(exc.problems[0]) if isinstance(exc, VariantError) and exc.problems else str(exc)
            )
            return
        except Exception as exc:  # nothing a variant does may crash New game: said, and it stays
            self.message = f"{self.variant.path}: this game cannot start ({type(exc).__name__}: {exc})"
            return
        if scene is None:
            self.message = "Playing this game is not available in this version yet."
        else:
            settings.save(privacy=self.privacy)  # New game offers it first next time
            # and these players (a remote seat as one: its link is new each game)
            seating.remember_seating(
                [{**s, "remote": "yes"} if r.remote else s for s, r in zip(seats, self.seats)]
            )
            if "ranking" in values:  # and this game's ranking, for this game
                rankings = dict(settings.load().get("rankings", {}))
                rankings[self.variant.id] = values["ranking"]
                if len(rankings) <= settings.MAX_REMEMBERED_RANKINGS:
                    settings.save(rankings=rankings)
            self.app.replace(scene)
            if remote:  # each remote seat's link, before the table
                from .invite import open_invite

                open_invite(self.app, getattr(scene, "session", None))

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
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()  # the form complete: the game starts; else it says what is missing
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
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
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, action in self.hit:
                if rect.collidepoint(event.pos):
                    self.message = ""
                    action()
                    return

    def update(self, dt: float) -> None:
        if not self.built_ahead:
            # A first game on this machine builds its lookup tables (up to a second): a few ms
            # a frame of it now, while the screen waits for a person, and not at Start.
            try:
                self.built_ahead = scoring.build_ahead(self.variant, BUILD_AHEAD_S)
            except Exception as exc:  # the table builds or says it at Start; never a crash here
                self.built_ahead = True
                self.message = (
                    f"{self.variant.path}: its hands cannot be prepared ({type(exc).__name__}: {exc})"
                )

    def draw(self, surface: pygame.Surface) -> None:
        draw_new_game(self, surface)

    def cycle_kind_level(self, i: int) -> None:
        """Person, then a computer player at each level in turn, then Remote, then a person again."""
        seat = self.seats[i]
        if not seat.bot:
            self.cycle_kind(i)
            if seat.bot:
                seat.level = next(iter(LEVEL_LABELS))
        elif seat.level == list(LEVEL_LABELS)[-1]:
            self.cycle_kind(i)
        else:
            self.cycle_level(i)
