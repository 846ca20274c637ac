"""Choosing from the keyboard: the number keys choose the viewer's cards, the arrows move among
the places a card may go or the board's cards that may be flipped, and Enter takes the one
outlined. What is chosen belongs to the viewer like a click's choice (choices.py): it is
forgotten when the viewer changes.

The places are the click targets the last frame drew ("spot" and "flip" hits), so the arrows go
where the eye sees the next one, in a grid, a row or a growing board alike.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ...engine.types import Action, View
from ..controls import verb_of
from .cards import Hit
from .choices import Choices
from .your_hand import own_cards

NUMBER_KEYS = {
    **{getattr(pygame, f"K_{n}"): (n - 1) % 10 for n in range(10)},  # 1..9 the first to ninth, 0 the tenth
    **{getattr(pygame, f"K_KP{n}"): (n - 1) % 10 for n in range(10)},
}
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
TARGETS = ("spot", "flip")  # the hits the arrows move among


class Chooser(Protocol):
    """What the keys need of the table scene."""

    choices: Choices
    message: str

    @property
    def hits(self) -> list[Hit]: ...
    def view(self) -> View: ...
    def act(self, action: Action) -> bool: ...
    def place(self, at: tuple[int, int]) -> None: ...
    def preview_points(self, at: tuple[int, int]) -> str: ...


def choose_by_number(t: Chooser, index: int) -> str:
    """Choose or unchoose the viewer's `index`th card, left to right; what to say when that
    cannot be ("" when it was done)."""
    view = t.view()
    verb = verb_of(view)
    limit = verb.selects(view["legal"]) if verb is not None and view["legal"] else None
    seat = view["seat"]
    if verb is None or seat is None or not view["legal"] or limit is None:
        return "No cards to choose now."
    cards = own_cards(view, seat)
    if index >= len(cards):
        return f"You hold {len(cards)} cards: {keys_for(len(cards))} choose them."
    t.choices.toggle(cards[index], limit)
    return ""


def keys_for(count: int) -> str:
    """The number keys that choose `count` cards: "1-5", "1-9, 0"."""
    if count <= 1:
        return "1"
    if count <= 9:
        return f"1-{count}"
    return "1-9, 0"


def targets(t: Chooser) -> list[Hit]:
    """The places the arrows move among in the last frame: grid places, cards to flip."""
    return [h for h in t.hits if h.kind in TARGETS]


def move_focus(t: Chooser, key: int) -> bool:
    """Move the outline to the nearest place in the arrow's direction (the first place when none
    is outlined); False when there is no place to move among (the arrows do what they did)."""
    there = targets(t)
    if not there:
        return False
    dx, dy = ARROWS[key]
    now = _focused(t, there)
    origin = now.rect.center if now is not None else t.choices.focus_at
    if origin is None:
        _focus(t, min(there, key=lambda h: (h.rect.top, h.rect.left)))
        return True
    best: tuple[float, Hit] | None = None
    for hit in there:
        if hit is now:
            continue
        ox, oy = hit.rect.centerx - origin[0], hit.rect.centery - origin[1]
        along, across = ox * dx + oy * dy, abs(ox * dy) + abs(oy * dx)
        if along <= 0 and now is not None:
            continue
        score = abs(along) + 2 * across
        if best is None or score < best[0]:
            best = (score, hit)
    if best is not None:
        _focus(t, best[1])
    return True


def take_focus(t: Chooser) -> bool:
    """Enter on an outlined place: put the chosen card there, or flip the outlined card. False
    when nothing is outlined (Enter does what it did)."""
    hit = _focused(t, targets(t))
    if hit is None:
        return False
    if hit.kind == "spot":
        t.place(hit.payload)
    else:
        t.act(hit.payload)
    return True


def focus_rect(t: Chooser) -> pygame.Rect | None:
    """Where the outlined place is in the last frame, to draw its outline."""
    hit = _focused(t, targets(t))
    return hit.rect if hit is not None else None


def _focused(t: Chooser, there: list[Hit]) -> Hit | None:
    focus = t.choices.focus
    if focus is None:
        return None
    return next((h for h in there if (h.kind, _key(h.payload)) == focus), None)


def _focus(t: Chooser, hit: Hit) -> None:
    t.choices.focus, t.choices.focus_at = (hit.kind, _key(hit.payload)), hit.rect.center
    t.choices.spot = (hit.payload, t.preview_points(hit.payload)) if hit.kind == "spot" else None


def _key(payload: Any) -> Any:
    """A place's identity from one frame to the next: its grid place, or its flip's action."""
    if isinstance(payload, dict):
        return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in payload.items()))
    return payload
