"""Drawing New game (new_game.py holds the choices): seats on the left, the game's options and
the table's choices on the right, Start, Back and How to play, each button noted with what it does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..hands.ranking import EXPLAINED as RANKING_HELP
from . import ui
from .remote_seats import wait_label
from .seat_players import LEVEL_LABELS, SHORT_STYLES, STYLE_LABELS, described

if TYPE_CHECKING:
    from .new_game import NewGameScene

NAME_W = 150  # a seat's name field: "Computer 10" whole
PRIVACY_LABELS = {"curtain": "Curtain", "peek": "Peek (hold H)"}
PRIVACY_HELP = {
    "curtain": "a curtain before each person's turn",
    "peek": "cards face down; hold H to look",
}
SPEED_LABELS = {"normal": "Normal speed", "slow": "Slow", "instant": "Instant"}


def _button(
    s: NewGameScene,
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
        s.hit.append((rect, action))


def draw_new_game(s: NewGameScene, surface: pygame.Surface) -> None:
    """Two columns, seats on the left and the choices on the right, rows as tall as the
    window allows for the game's most seats, so every row fits from 800x600 up."""
    s.hit = []
    s.notes = []
    surface.fill(ui.FELT)
    w, h = surface.get_size()
    v = s.variant
    small = h < 700 or w < 1100
    ui.text(surface, f"New game: {v.name}", (48, 24), 54 if not small else 44, ui.WHITE, True, width=w - 96)
    top = 24 + ui.line(54 if not small else 44)
    ui.text(
        surface,
        f"{v.min_players} to {v.max_players} players. "
        + ("Same players as last time; seats" if s.same_players else "Seats")
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
    _draw_seats(s, surface, pygame.Rect(48, y, right.left - 48 - 24, foot - y), row)
    _draw_choices(s, surface, right, row)
    bh = 48 if small else 56
    start = pygame.Rect(w - 24 - 230, h - bh - 14, 230, bh)
    back = pygame.Rect(start.left - 20 - 200, start.top, 200, bh)
    _button(s, surface, start, "Start  [Enter]", s.start, on=True)
    _button(s, surface, back, "Back  [Esc]", s.app.pop)
    howto = pygame.Rect(back.left - 20 - 230, start.top, 230, bh)
    if howto.left < 24:  # no room beside them: at the top right
        howto = pygame.Rect(w - 24 - 230, 24, 230, bh)
    _button(s, surface, howto, "How to play  [F1]", s.open_howto)
    note = next((words for rect, words in s.notes if rect.collidepoint(s.pointer)), "")
    if s.message or note:  # why Start was refused; else the row pointed at, in full
        colour = (255, 210, 150) if s.message else (220, 235, 225)
        words = s.message or note
        ui.text(surface, words, (48, start.top - ui.line(26)), 26, colour, width=w - 96)


def _draw_seats(s: NewGameScene, surface: pygame.Surface, area: pygame.Rect, row: int) -> None:
    v = s.variant
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
    for i, seat in enumerate(s.seats):
        ui.text(surface, f"{i + 1}.", (area.left, y + (row - 8) // 2), 26, ui.WHITE, anchor="midleft")
        seat.name.rect = pygame.Rect(area.left + 36, y, name_w, row - 8)
        seat.name.draw(surface, size=26 if row >= 40 and name_w >= NAME_W else 22)
        kind = pygame.Rect(seat.name.rect.right + 10, y, kind_w, row - 8)
        if wide or not seat.bot:
            label = "Computer" if seat.bot else "Remote" if seat.remote else "Person"
            toggle = (lambda i=i: s.cycle_kind(i)) if wide else (lambda i=i: s.cycle_kind_level(i))
            _button(s, surface, kind, label, toggle, on=seat.bot or seat.remote)
            if seat.remote:
                words = f"Seat {i + 1}: a person at another computer (a link to send them). Click to change."
                s.notes.append((kind, words))
        if seat.bot:
            level = pygame.Rect(kind.right + 10, y, level_w, row - 8) if wide else kind
            style = pygame.Rect(level.right + 10, y, style_w, row - 8)
            _draw_player(s, surface, i, level, style, wide)
        gone = pygame.Rect(kind.right + 10 + player_w + 10, y, x_w, row - 8)
        _button(s, surface, gone, "x", lambda i=i: s.remove_seat(i), enabled=len(s.seats) > v.min_players)
        y += row
    add = pygame.Rect(area.left + 36, y, 200, row - 8)
    _button(s, surface, add, "+ Add seat", s.add_seat, enabled=len(s.seats) < v.max_players)


def _draw_player(
    s: NewGameScene, surface: pygame.Surface, i: int, level: pygame.Rect, style: pygame.Rect, wide: bool
) -> None:
    """Seat i's level and style buttons (in a narrow window the level's is the kind's too)."""
    seat = s.seats[i]
    if wide:
        _button(s, surface, level, LEVEL_LABELS[seat.level], lambda: s.cycle_level(i))
        _button(s, surface, style, STYLE_LABELS[seat.style], lambda: s.cycle_style(i))
    else:
        _button(s, surface, level, LEVEL_LABELS[seat.level], lambda: s.cycle_kind_level(i), on=True)
        _button(s, surface, style, SHORT_STYLES[seat.style], lambda: s.cycle_style(i))
    words = f"Seat {i + 1}: a computer player, {described(seat.level, seat.style)}. Click to change."
    s.notes.append((level.union(style), words))


def _draw_choices(s: NewGameScene, surface: pygame.Surface, area: pygame.Rect, row: int) -> None:
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
            s.notes.append(
                (
                    shown.union((x, y, label_w + box_w, row - 8)),
                    label + (f": {helptext}" if helptext else ""),
                )
            )
        return pygame.Rect(x + label_w, y, box_w, row - 8)

    for name, option in s.options.items():
        helptext = RANKING_HELP.get(str(s.values[name]), "") if name == "ranking" else option.help
        box = line(option.label, helptext or "")
        if name in s.inputs:
            s.inputs[name].rect = box
            s.inputs[name].draw(surface, size=26 if row >= 40 else 22)
        elif isinstance(option.default, bool):
            on = bool(s.values[name])
            _button(s, surface, box, "On" if on else "Off", lambda n=name: s.cycle_option(n, 1), on=on)
        else:
            _button(s, surface, box, f"< {s.values[name]} >", lambda n=name: s.cycle_option(n, 1))
        y += row
    box = line("Private cards", PRIVACY_HELP[s.privacy])
    _button(s, surface, box, f"< {PRIVACY_LABELS[s.privacy]} >", s.cycle_privacy)
    y += row
    if s.flips:
        box = line("Auto-flip", "flipping rounds run by themselves (T at the table)")
        on = s.auto_flip
        _button(s, surface, box, "On" if on else "Off", s.toggle_auto_flip, on=on)
        y += row
    box = line("Computer players", "Space at the table: faster")
    _button(s, surface, box, f"< {SPEED_LABELS[s.speed]} >", s.cycle_speed)
    y += row
    if any(s.remote for s in s.seats):  # network play: the host's choices for remote seats
        away = s.remote_choices
        box = line("Remote seat away", "its turn waits this long, then...")
        _button(s, surface, box, f"< {wait_label(away.away_wait)} >", away.cycle_wait)
        y += row
        box = line("Meanwhile plays", "a computer player, until its person is back")
        _button(s, surface, box, f"< {LEVEL_LABELS[away.away_level]} >", away.cycle_level)
        y += row
    s.seed.rect = line("Seed (blank: random)", "")
    s.seed.draw(surface, size=26 if row >= 40 else 22)
