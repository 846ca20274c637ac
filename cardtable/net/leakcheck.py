"""Does a message carry a card its seat may not know? Given the message and what the seat may
know (the public view's cards and the seat's own), the card ids that should not be there.

Card ids sit in a view under a few keys only (a zone's `cards` and `cells`, `declared`, a shown
hand's `cards` and `made`, a template's `cards`); every number under those keys counts, in the
views and anywhere else in the message, so a host that slipped a card in anywhere it could be
read as one is caught. Hidden cards are -1 and never count.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..engine.types import State, View
from ..session import visible_cards

CARD_KEYS = frozenset({"cards", "made", "declared", "card", "give", "reveal"})


def card_ids(value: Any) -> set[int]:
    """Every card id in `value` (a message, a view): numbers under CARD_KEYS, and a grid cell's
    third number. (Walked with a stack: a view of a big game is thousands of nodes. Plain dicts
    and lists are told by their exact type first, and a list of numbers is read through a set:
    a big deck's zone is thousands of the same hidden -1, so its distinct values are few.)"""
    out: set[int] = set()
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        node, cards = stack.pop()
        if type(node) is dict or isinstance(node, Mapping):
            for key, inner in node.items():
                if key == "cells" and isinstance(inner, list):
                    out.update(c[2] for c in inner if isinstance(c, list) and len(c) == 3 and _card(c[2]))
                elif _container(inner):
                    stack.append((inner, cards or key in CARD_KEYS))
                elif (cards or key in CARD_KEYS) and _card(inner):
                    out.add(inner)
        elif isinstance(node, list):
            items: Iterable[Any] = node
            try:
                distinct = set(node)  # each distinct value once (a container is unhashable)
            except TypeError:
                pass
            else:  # a set keeps one of equal values of other types (False and 0): ints only
                if all(type(x) is int for x in distinct):
                    items = distinct
            for inner in items:
                if _container(inner):
                    stack.append((inner, cards))
                elif cards and _card(inner):
                    out.add(inner)
    return out


_PLAIN = frozenset({int, str, float, bool, type(None)})


def _container(value: Any) -> bool:
    """A Mapping or a list (the walk goes into it); the usual types answered without isinstance."""
    kind = type(value)
    return kind is dict or kind is list or (kind not in _PLAIN and isinstance(value, (Mapping, list)))


def _card(value: Any) -> bool:
    return type(value) is int and value >= 0


def may_know(public: View, own_cards: set[int]) -> set[int]:
    """What a seat may know: every card the public view shows, and the seat's own."""
    return card_ids(public) | visible_cards(public) | own_cards


def seat_may_know(rules: Any, state: State, seat: int | None) -> set[int]:
    """`may_know` for `seat` (None: anybody) at `state`, the full state: the public view's cards
    and, for a seat, its own."""
    own = own_cards(rules, state, seat) if seat is not None else set()
    return may_know(rules.view(state, None), own)


def own_cards(rules: Any, state: State, seat: int) -> set[int]:
    """The cards of `seat`'s own zones that its owner may look at (the zone's visibility is
    "owner" or "everyone"), and its face-up cards anywhere: read from the full state (the test's
    side, never the host's message)."""
    out: set[int] = set()
    for name, spec in rules.layout.zones.items():
        raw = state["zones"][name]
        if not isinstance(raw, list) or seat >= len(raw):
            continue
        zone = raw[seat]
        if spec.visibility in ("owner", "everyone"):
            out.update(zone.get("cards", ()))
            out.update(cell[2] for cell in zone.get("cells", ()))
    return out


def leaks(message: Mapping[str, Any], allowed: set[int]) -> set[int]:
    """The card ids in `message` beyond `allowed` (empty: nothing leaks)."""
    return card_ids(message) - allowed
