"""The end of a game: who won, the standings (chips or points, and hands won), and what next:
Play again (same seats and options, a new seed), New game (this game's set-up screen), Menu.
A public screen: it draws the public view's numbers only."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.types import View
from .. import ui
from .cards import Canvas
from .draw_overlays import public_screen
from .palette import GLOW

# the end screen's buttons and their keys (Esc leaves too, as everywhere at the table)
BUTTONS = {"Play again": pygame.K_RETURN, "New game": pygame.K_n, "Menu": pygame.K_m}
KEY_NAMES = {pygame.K_RETURN: "Enter", pygame.K_n: "N", pygame.K_m: "M"}


def winners_line(view: View) -> str:
    """ "Ann wins the game!" or "Ann and Bob share the game!"."""
    result = view["result"]
    names = [view["seats"][s]["name"] for s in (result["winners"] if result else [])]
    if not names:
        return "The game is over."
    if len(names) == 1:
        return f"{names[0]} wins the game!"
    return f"{', '.join(names[:-1])} and {names[-1]} share the game!"


def standings(view: View, betting: bool) -> list[tuple[str, int, int]]:
    """(name, chips or points, hands won) per seat, best first."""
    won = view.get("hands_won") or [0] * len(view["seats"])
    rows = [(s["name"], s["chips"] if betting else s["points"], won[i]) for i, s in enumerate(view["seats"])]
    return sorted(rows, key=lambda r: (-r[1], -r[2]))


def draw_finale(canvas: Canvas, view: View, betting: bool, actions: dict[str, Callable[[], None]]) -> None:
    """The whole screen: the winners, the standings and a button (a click target) per action,
    keyed by its label in BUTTONS."""
    surface = canvas.surface
    box = public_screen(canvas, "finale")
    at = (box.centerx, box.top + 30)
    title = ui.text(surface, winners_line(view), at, 48, GLOW, True, "midtop", width=box.width - 40)
    unit = "chips" if betting else "points"
    s = ui.scale()
    y = title.bottom + int(24 * s)
    half = min(box.width // 2 - 24, int(300 * s))
    cols = (box.centerx - half, box.centerx + half * 2 // 5, box.centerx + half)
    rows = standings(view, betting)
    hands_won = betting or any(hands for _, _, hands in rows)  # a points game has no hands to win
    heads = ("Player", unit.capitalize(), "Hands won" if hands_won else "")
    for x, words in zip(cols, [h for h in heads if h]):
        ui.text(surface, words, (x, y), 22, (200, 212, 204), True, "topleft" if x == cols[0] else "topright")
    foot = box.bottom - int(100 * s)  # the buttons
    step = max(ui.line(20), min(ui.line(26) + 12, (foot - y - ui.line(22) - 8) // max(1, len(rows))))
    size = 26 if step >= ui.line(26) + 4 else 20
    y += ui.line(22) + 8
    for place, (name, amount, hands) in enumerate(rows, 1):
        colour = GLOW if place == 1 else ui.WHITE
        room = cols[1] - cols[0] - ui.font(size).size(f"{amount:,}")[0] - 16
        ui.text(surface, f"{place}. {name}", (cols[0], y), size, colour, place == 1, width=room)
        ui.text(surface, f"{amount:,}", (cols[1], y), size, colour, anchor="topright")
        if hands_won:
            ui.text(surface, str(hands), (cols[2], y), size, colour, anchor="topright")
        y += step
    shown = [label for label in BUTTONS if label in actions]
    bw, bh = min(int(250 * s), (box.width - 40) // max(1, len(shown)) - 30), int(56 * s)
    x = box.centerx - (len(shown) * (bw + 30) - 30) // 2
    for label in shown:
        button = pygame.Rect(x, box.bottom - int(34 * s) - bh, bw, bh)
        pygame.draw.rect(surface, ui.ACCENT, button, border_radius=12)
        words = f"{label}  [{KEY_NAMES[BUTTONS[label]]}]"
        ui.text(surface, words, button.center, 24, ui.INK, True, "center", width=bw - 8)
        canvas.hit(button, "button", actions[label])
        x += bw + 30
