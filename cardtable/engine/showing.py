"""What the seats show: their face-up cards, the lowest or highest of them (a bring-in), and the
best hand they make (who acts first on a stud street). Only face-up cards count, so this reads
nothing hidden: any seat could work it out from the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import active, zone

if TYPE_CHECKING:
    from ..hands.rules import Rules as HandRules
    from ..hands.value import Key
    from .context import Ctx


def up_cards(g: Ctx, seat: int, zones: list[str] | None = None) -> list[int]:
    """The seat's face-up cards in its own zones (or the ones named)."""
    out: list[int] = []
    for name, spec in g.layout.zones.items():
        if not spec.per_seat or spec.is_grid or (zones is not None and name not in zones):
            continue
        z = zone(g.st, name, seat)
        out += [c for c, up in zip(z["cards"], z["up"]) if up]
    return out


def _hands(g: Ctx) -> HandRules | None:
    return g.variant.sections.get("hands")


def card_rank(g: Ctx, card: int, ties: tuple[str, list[str]] | None) -> tuple[int, int]:
    """A card's standing for a bring-in: its order in the ranking, then its place in `ties`
    (an attribute and its values from low to high, such as the suits' order)."""
    hands = _hands(g)
    order = hands.card_order[card] if hands is not None else card
    tie = -1
    if ties is not None:
        attr, values = ties
        a = g.deck.attributes[attr]
        v = a.values[g.deck.column(attr)[card]].id if g.deck.column(attr)[card] >= 0 else None
        tie = values.index(v) if v in values else -1
    return order, tie


def extreme(g: Ctx, zones: list[str], by: str, ties: tuple[str, list[str]] | None) -> tuple[int, int] | None:
    """(seat, card): the seat still in showing the lowest (or highest) single card."""
    best: tuple[tuple[int, int], int, int] | None = None
    for seat in g.order(g.dealer(), active(g.st)):
        for c in up_cards(g, seat, zones):
            key = card_rank(g, c, ties)
            if by == "highest":
                key = (-key[0], -key[1])
            if best is None or key < best[0]:
                best = (key, seat, c)
    return (best[1], best[2]) if best else None


def best_showing(g: Ctx) -> int | None:
    """The seat still in whose face-up cards make the best hand (the first after the dealer when
    several tie); None when nobody shows a card."""
    from ..hands.api import evaluate_pool

    hands = _hands(g)
    if hands is None:
        return None
    best: tuple[Key, int] | None = None
    for seat in g.order(g.dealer(), active(g.st)):
        up = up_cards(g, seat)
        if not up:
            continue
        key = evaluate_pool(hands, up, min(len(up), hands.size)).key
        if best is None or key > best[0]:
            best = (key, seat)
    return best[1] if best else None
