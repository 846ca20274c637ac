"""New game: seats (2..the variant's maximum), each a named person or a computer player (its level
and style, remembered seat by seat), the variant's declared options, how cards are kept private at one screen (remembered), and a random
or fixed seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ..engine import scoring
from ..errors import VariantError
from ..hands.ranking import EXPLAINED as RANKING_HELP
from ..limits import seat_name_problem
from ..variant import Variant
from . import seating, settings, ui
from .remote_seats import RemoteChoices, start_remote, wait_label
from .scene import App, Scene
from .seat_players import (
    DEFAULT,
    LEVEL_LABELS,
    SHORT_STYLES,
    STYLE_LABELS,
    described,
    next_of,
    remembered_pair,
)

DEFAULT_NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"]
ROW = 46
NAME_W = 150  # a seat's name field: "Computer 10" whole
BUILD_AHEAD_S = 0.004  # of each frame, building the hand tables ahead (the screen itself takes ~1 ms)
PRIVACY_LABELS = {"curtain": "Curtain", "peek": "Peek (hold H)"}
PRIVACY_HELP = {
    "curtain": "a curtain before each person's turn",
    "peek": "cards face down; hold H to look",
}
SPEED_LABELS = {"normal": "Normal speed", "slow": "Slow", "instant": "Instant"}


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
        ui.text(surface, label, rect.center, 24, ui.INK, anchor="center", width=rect.width - 8)
        if enabled:
            self.hit.append((rect, action))

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
        """Two columns, seats on the left and the choices on the right, rows as tall as the
        window allows for the game's most seats, so every row fits from 800x600 up."""
        self.hit = []
        self.notes = []
        surface.fill(ui.FELT)
        w, h = surface.get_size()
        v = self.variant
        small = h < 700 or w < 1100
        ui.text(
            surface, f"New game: {v.name}", (48, 24), 54 if not small else 44, ui.WHITE, True, width=w - 96
        )
        top = 24 + ui.line(54 if not small else 44)
        ui.text(
            surface,
            f"{v.min_players} to {v.max_players} players. "
            + ("Same players as last time; seats" if self.same_players else "Seats")
            + " play in this order.",
            (50, top),
            24,
            (210, 230, 220),
            width=w - 100,
        )
        y = top + ui.line(24) + 10
        foot = h - (70 if small else 90)  # the Start / Back buttons
        row = max(30, min(46, (foot - 12 - y - ui.line(30) - 6) // (v.max_players + 1)))
        right = pygame.Rect(max(660, w // 2) if w >= 1200 else w // 2, y, 0, foot - y)
        right.width = w - 24 - right.left
        self._draw_seats(surface, pygame.Rect(48, y, right.left - 48 - 24, foot - y), row)
        self._draw_choices(surface, right, row)
        bh = 48 if small else 56
        start = pygame.Rect(w - 24 - 230, h - bh - 14, 230, bh)
        back = pygame.Rect(start.left - 20 - 200, start.top, 200, bh)
        self._button(surface, start, "Start  [Enter]", self.start, on=True)
        self._button(surface, back, "Back  [Esc]", self.app.pop)
        howto = pygame.Rect(back.left - 20 - 230, start.top, 230, bh)
        if howto.left < 24:  # no room beside them: at the top right
            howto = pygame.Rect(w - 24 - 230, 24, 230, bh)
        self._button(surface, howto, "How to play  [F1]", self.open_howto)
        note = next((words for rect, words in self.notes if rect.collidepoint(self.pointer)), "")
        if self.message or note:  # why Start was refused; else the row pointed at, in full
            colour = (255, 210, 150) if self.message else (220, 235, 225)
            words = self.message or note
            ui.text(surface, words, (48, start.top - ui.line(26)), 26, colour, width=w - 96)

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect, row: int) -> None:
        v = self.variant
        ui.text(surface, "Seats", area.topleft, 30, ui.WHITE, bold=True)
        y = area.top + ui.line(30) + 6
        x_w = row - 6
        # A computer's level and style beside it in buttons of their own where there is room; in
        # a narrow window the kind's button says the level (Person, Easy, Normal, Hard in turn)
        # and the style is short (pointing at either says it in full, under the options).
        # (wide only when a name such as "Computer 10" still fits beside them)
        wide = area.width - 36 - (110 + 84 + 126 + 10) - x_w - 30 >= NAME_W
        kind_w, level_w, style_w = (110, 84, 126) if wide else (72, 0, 56)
        player_w = level_w + style_w + (10 if wide else 0)
        name_w = min(area.width - 36 - kind_w - player_w - x_w - 30, 260)
        for i, seat in enumerate(self.seats):
            ui.text(surface, f"{i + 1}.", (area.left, y + (row - 8) // 2), 26, ui.WHITE, anchor="midleft")
            seat.name.rect = pygame.Rect(area.left + 36, y, name_w, row - 8)
            seat.name.draw(surface, size=26 if row >= 40 and name_w >= NAME_W else 22)
            kind = pygame.Rect(seat.name.rect.right + 10, y, kind_w, row - 8)
            if wide or not seat.bot:
                label = "Computer" if seat.bot else "Remote" if seat.remote else "Person"
                toggle = (lambda i=i: self.cycle_kind(i)) if wide else (lambda i=i: self.cycle_kind_level(i))
                self._button(surface, kind, label, toggle, on=seat.bot or seat.remote)
                if seat.remote:
                    words = (
                        f"Seat {i + 1}: a person at another computer (a link to send them). Click to change."
                    )
                    self.notes.append((kind, words))
            if seat.bot:
                level = pygame.Rect(kind.right + 10, y, level_w, row - 8) if wide else kind
                style = pygame.Rect(level.right + 10, y, style_w, row - 8)
                self._draw_player(surface, i, level, style, wide)
            gone = pygame.Rect(kind.right + 10 + player_w + 10, y, x_w, row - 8)
            self._button(
                surface, gone, "x", lambda i=i: self.remove_seat(i), enabled=len(self.seats) > v.min_players
            )
            y += row
        add = pygame.Rect(area.left + 36, y, 200, row - 8)
        self._button(surface, add, "+ Add seat", self.add_seat, enabled=len(self.seats) < v.max_players)

    def _draw_player(
        self, surface: pygame.Surface, i: int, level: pygame.Rect, style: pygame.Rect, wide: bool
    ) -> None:
        """Seat i's level and style buttons (in a narrow window the level's is the kind's too)."""
        seat = self.seats[i]
        if wide:
            self._button(surface, level, LEVEL_LABELS[seat.level], lambda: self.cycle_level(i))
            self._button(surface, style, STYLE_LABELS[seat.style], lambda: self.cycle_style(i))
        else:
            self._button(surface, level, LEVEL_LABELS[seat.level], lambda: self.cycle_kind_level(i), on=True)
            self._button(surface, style, SHORT_STYLES[seat.style], lambda: self.cycle_style(i))
        words = f"Seat {i + 1}: a computer player, {described(seat.level, seat.style)}. Click to change."
        self.notes.append((level.union(style), words))

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

    def _draw_choices(self, surface: pygame.Surface, area: pygame.Rect, row: int) -> None:
        """The variant's options, then privacy, computer players' speed and the seed: a label, its
        box, and (where there is room) a line of help."""
        x = area.left
        ui.text(surface, "Options", (x, area.top), 30, ui.WHITE, bold=True)
        y = area.top + ui.line(30) + 6
        label_w = min(300, area.width * 45 // 100)
        box_w = min(220, area.width - label_w - 10)
        help_x = x + label_w + box_w + 20
        help_w = area.right - help_x

        def line(label: str, helptext: str) -> pygame.Rect:
            cut = ui.font(26).size(label)[0] > label_w - 10
            # too long: its words before the brackets ("Hand limit (0 = play until one...)"),
            # whole, rather than a sentence cut short; pointing at the row says it all
            short = label.split(" (")[0] if cut else label
            shown = ui.text(
                surface, short, (x, y + (row - 8) // 2), 26, ui.WHITE, anchor="midleft", width=label_w - 10
            )
            if helptext and help_w >= 120:
                where = (help_x, y + (row - 8) // 2)
                ui.text(surface, helptext, where, 20, (200, 220, 210), anchor="midleft", width=help_w)
            elif helptext:
                cut = True
            if cut:  # pointing at the row says it whole, under the options
                self.notes.append(
                    (
                        shown.union((x, y, label_w + box_w, row - 8)),
                        label + (f": {helptext}" if helptext else ""),
                    )
                )
            return pygame.Rect(x + label_w, y, box_w, row - 8)

        for name, option in self.options.items():
            helptext = RANKING_HELP.get(str(self.values[name]), "") if name == "ranking" else option.help
            box = line(option.label, helptext or "")
            if name in self.inputs:
                self.inputs[name].rect = box
                self.inputs[name].draw(surface, size=26 if row >= 40 else 22)
            elif isinstance(option.default, bool):
                on = bool(self.values[name])
                self._button(
                    surface, box, "On" if on else "Off", lambda n=name: self.cycle_option(n, 1), on=on
                )
            else:
                self._button(surface, box, f"< {self.values[name]} >", lambda n=name: self.cycle_option(n, 1))
            y += row
        box = line("Private cards", PRIVACY_HELP[self.privacy])
        self._button(surface, box, f"< {PRIVACY_LABELS[self.privacy]} >", self.cycle_privacy)
        y += row
        if self.flips:
            box = line("Auto-flip", "flipping rounds run by themselves (T at the table)")
            on = self.auto_flip
            self._button(surface, box, "On" if on else "Off", self.toggle_auto_flip, on=on)
            y += row
        box = line("Computer players", "Space at the table: faster")
        self._button(surface, box, f"< {SPEED_LABELS[self.speed]} >", self.cycle_speed)
        y += row
        if any(s.remote for s in self.seats):  # network play: the host's choices for remote seats
            away = self.remote_choices
            box = line("Remote seat away", "its turn waits this long, then...")
            self._button(surface, box, f"< {wait_label(away.away_wait)} >", away.cycle_wait)
            y += row
            box = line("Meanwhile plays", "a computer player, until its person is back")
            self._button(surface, box, f"< {LEVEL_LABELS[away.away_level]} >", away.cycle_level)
            y += row
        self.seed.rect = line("Seed (blank: random)", "")
        self.seed.draw(surface, size=26 if row >= 40 else 22)
