"""What a computer player reads off its seat's view: its hand, the zones a hand is formed from, the
cards it has not seen, and what its own known cards are worth. A hidden card is -1 in a view (or
missing, for a stack nobody may look at), and it stays unknown here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..scoring import evaluate_zones
from ..types import Card, View

if TYPE_CHECKING:
    from ...hands.value import HandValue
    from ..rules import Rules

Grid = dict[tuple[int, int], Card]
Zones = dict[str, list[Card] | Grid]  # by layout name: a list of cards, or {(row, col): card} for a grid


def has_hidden(z: list[Card] | Grid) -> bool:
    """Whether a zone (as zones_for gives it) has a place hidden from the viewer."""
    return any(c < 0 for c in (z.values() if isinstance(z, dict) else z))


def live_opponents(view: View, seat: int) -> list[int]:
    """The seats other than `seat` still in the hand."""
    return [i for i, s in enumerate(view["seats"]) if i != seat and not s["folded"] and not s["out"]]


@dataclass(frozen=True)
class Places:
    """Where a deal of the cards `seat` has not seen goes, as its view shows the table."""

    others: list[int]  # the opponents still in
    pool: list[Card]  # the cards it has not seen
    shared: Zones  # the table's places its hand is formed from
    own: Zones  # its own places
    theirs: dict[int, Zones]  # each opponent's own places


def places(rules: Rules, view: View, seat: int) -> Places:
    others = live_opponents(view, seat)
    mine = zones_for(rules, view, seat)
    shared = {n: z for n, z in mine.items() if not rules.layout.zones[n].per_seat}
    own = {n: z for n, z in mine.items() if n not in shared}
    theirs = {o: {n: z for n, z in zones_for(rules, view, o).items() if n not in shared} for o in others}
    return Places(others, unseen(rules, view), shared, own, theirs)


def hand_cards(view: View) -> list[Card]:
    """The cards of the viewing seat's own hand (its first seat zone that is not a stack)."""
    seat = view["seat"]
    for z in view["zones"].values():
        if z["owner"] == seat and "cards" in z and z["shape"] != "stack":
            return [c for c in z["cards"] if c >= 0]
    return []


def zones_for(rules: Rules, view: View, seat: int) -> Zones:
    """The zones `seat`'s hand is formed from (its own seat zones and the table's, not the deck), as
    the view shows them: -1 where a card is hidden from the viewer."""
    out: Zones = {}
    for key, z in view["zones"].items():
        name, _, owner = key.partition("/")
        if name == rules.layout.deck or (owner and int(owner) != seat):
            continue
        out[name] = {(r, c): card for r, c, card in z["cells"]} if "cells" in z else list(z.get("cards", []))
    return out


def unseen(rules: Rules, view: View) -> list[Card]:
    """Every card of the deck the viewer does not see anywhere (in increasing order)."""
    seen: set[int] = set()
    for z in view["zones"].values():
        if "cells" in z:
            seen.update(card for _, _, card in z["cells"])
        else:
            seen.update(z.get("cards", []))
    return [c for c in range(rules.variant.deck.size) if c not in seen]


def own_value(rules: Rules, view: View, hand: list[Card]) -> HandValue:
    """The value of the viewer's hand if it held `hand`, with the cards it knows (hidden ones left out)."""
    seat = view["seat"]
    assert seat is not None
    zones = zones_for(rules, view, seat)
    for name in zones:
        spec = rules.layout.zones[name]
        if spec.per_seat and not spec.is_grid:
            zones[name] = hand
            break
    known = {
        n: ([c for c in z if c >= 0] if isinstance(z, list) else {p: c for p, c in z.items() if c >= 0})
        for n, z in zones.items()
    }
    return evaluate_zones(rules, known, view["declared"][seat] or (), view.get("ranking", "published"))
