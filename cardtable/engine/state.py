"""Helpers on the plain-data game state (see rules.py for its shape).

Zones: a table zone is `state["zones"][name]`, a seat zone is `state["zones"][name][seat]`. A list
zone (stack, row, fan) is `{"cards": [...], "up": [0|1, ...]}` (the top of a stack is the end of
the list); a grid zone is `{"cells": [[row, col, card, up], ...]}`. `up` marks a card turned face
up for everyone, whatever its zone's visibility.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

from .types import Card, State, Zone

if TYPE_CHECKING:
    from .layout import Layout

T = TypeVar("T")

# A state's append-only lists: their entries are final once written (never changed after), so
# a new state may share them (Rules.apply copies the lists, not their entries).
APPEND_ONLY = ("log", "events", "history")


# Values a copy shares as they are (immutable): no call of `clone` for each of them.
_PLAIN = frozenset({int, str, bool, float, type(None)})
_NESTED = (dict, list)


def clone(value: T) -> T:
    """A deep copy of JSON-shaped data; lists of numbers are copied in one go (the 12,000-card deck).
    Such a list inside a mapping or list (a zone's cards, a grid's cells, a seat's roles) is copied
    where it is met, without a call of `clone` each: a grid game's state cost half as much again."""
    if isinstance(value, dict):
        return cast(
            T,
            {
                k: v
                if type(v) in _PLAIN
                else v[:]
                if type(v) is list and (not v or not isinstance(v[0], _NESTED))
                else clone(v)
                for k, v in value.items()
            },
        )
    if isinstance(value, list):
        if value and isinstance(value[0], _NESTED):
            return cast(
                T,
                [
                    v
                    if type(v) in _PLAIN
                    else v[:]
                    if type(v) is list and (not v or not isinstance(v[0], _NESTED))
                    else clone(v)
                    for v in value
                ],
            )
        return cast(T, list(value))
    return value


def empty_zone(shape: str) -> Zone:
    return {"cells": []} if shape in ("grid", "open_grid") else {"cards": [], "up": []}


def zone(st: State, name: str, seat: int | None = None) -> Zone:
    z = st["zones"][name]
    if isinstance(z, list):
        if seat is None:
            raise ValueError(f"zone '{name}' belongs to each seat: say whose")
        return z[seat]
    return z


def hand_zone(st: State, layout: Layout, seat: int) -> Zone:
    """The seat's hand: its first own zone that is not a grid (an empty zone when it has none)."""
    for name, z in layout.zones.items():
        if z.per_seat and not z.is_grid:
            return zone(st, name, seat)
    return {"cards": [], "up": []}


def put(z: Zone, cards: list[Card], up: int = 0) -> None:
    z["cards"].extend(cards)
    z["up"].extend([up] * len(cards))


def take_top(z: Zone, n: int) -> list[Card]:
    """The top n cards of a list zone, removed (first taken first)."""
    if n <= 0:
        return []
    cards = z["cards"][-n:][::-1]
    del z["cards"][-n:]
    del z["up"][-n:]
    return cards


def remove(z: Zone, cards: list[Card]) -> None:
    for c in cards:
        i = z["cards"].index(c)
        del z["cards"][i]
        del z["up"][i]


def all_cards(st: State) -> list[Card]:
    """Every card in every zone (for conservation checks)."""
    out: list[Card] = []

    def add(z: Zone) -> None:
        if "cells" in z:
            out.extend(cell[2] for cell in z["cells"])
        else:
            out.extend(z["cards"])

    for z in st["zones"].values():
        for one in z if isinstance(z, list) else [z]:
            add(one)
    return out


def in_play(st: State) -> list[int]:
    """Seats still in the match."""
    return [i for i, s in enumerate(st["seats"]) if not s["out"]]


def active(st: State) -> list[int]:
    """Seats still in this hand (in the match and not folded)."""
    return [i for i, s in enumerate(st["seats"]) if not s["out"] and not s["folded"]]


def order_after(st: State, seat: int | None, seats: list[int], direction: int) -> list[int]:
    """`seats` in turn order starting with the first one after `seat` (seat itself last if present)."""
    n = len(st["seats"])
    if seat is None:
        seat = -1 if direction > 0 else 0
    chosen = set(seats)
    return [(seat + direction * k) % n for k in range(1, n + 1) if (seat + direction * k) % n in chosen]


def holder(st: State, role: str) -> int | None:
    for i, s in enumerate(st["seats"]):
        if role in s["roles"] and not s["out"]:
            return i
    return None


def chips_in_play(st: State) -> int:
    return sum(s["chips"] + s["total"] for s in st["seats"])
