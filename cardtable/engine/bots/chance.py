"""The chance that the viewer's hand is the best of those still in, estimated from its view alone:
the cards it has not seen are dealt at random into every place hidden from it (the other seats'
hands, face-down table cards) a fixed number of times, and the hands are compared.

`win_chance` is a generator: it yields after every hand evaluated, so a caller can spread the work
over frames; what it returns depends only on (view, the rng's state, deals), never on the clock.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import TYPE_CHECKING

from ..scoring import strength_zones
from ..types import Card, View
from .seen import Grid, Zones, unseen, zones_for

if TYPE_CHECKING:
    from ..rules import Rules

HANDS_PER_DEAL = 4  # the most hands valued per deal, on average over a decision


def win_chance(rules: Rules, view: View, rng: random.Random, deals: int) -> Generator[None, None, float]:
    """Wins over `deals` deals of the unseen cards; a table of many players stops earlier, after
    HANDS_PER_DEAL * deals hands valued (whole deals only), so a decision's work stays bounded."""
    seat = view["seat"]
    assert seat is not None
    others = [i for i, s in enumerate(view["seats"]) if i != seat and not s["folded"] and not s["out"]]
    pool = unseen(rules, view)
    if not others or not pool or deals <= 0:
        return 1.0 if not others else 0.5
    mine = zones_for(rules, view, seat)
    shared = {n: z for n, z in mine.items() if not rules.layout.zones[n].per_seat}
    own = {n: z for n, z in mine.items() if n not in shared}
    theirs = {o: {n: z for n, z in zones_for(rules, view, o).items() if n not in shared} for o in others}
    declared = view["declared"]
    ranking = view.get("ranking", "published")
    # With nothing hidden among the seat's own places, its hand is the same in every deal.
    fixed = not any(_hidden(z) for z in mine.values())
    valued = wins = done = 0
    my_key = None
    while done < deals and valued < HANDS_PER_DEAL * deals:
        taken: set[int] = set()
        table = _fill_hidden(shared, pool, rng, taken)
        if my_key is None or not fixed:
            my_key = strength_zones(
                rules, {**_fill_hidden(own, pool, rng, taken), **table}, declared[seat] or (), ranking
            )
            valued += 1
            yield
        best = True
        for o in others:
            # An opponent's unseen hand is as big as it lies on the table (its -1 places).
            hand = {**_fill_hidden(theirs[o], pool, rng, taken), **table}
            beaten = strength_zones(rules, hand, declared[o] or (), ranking) > my_key
            valued += 1
            yield
            if beaten:
                best = False
                break
        wins += best
        done += 1
    return wins / done


def _hidden(z: list[Card] | Grid) -> bool:
    return any(c < 0 for c in (z.values() if isinstance(z, dict) else z))


def _fill_hidden(zones: Zones, pool: list[Card], rng: random.Random, taken: set[Card]) -> Zones:
    """The zones with every hidden place (-1) given a different card of `pool` not yet `taken`."""
    out: Zones = {}
    for name, z in zones.items():
        if isinstance(z, dict):
            out[name] = {p: (c if c >= 0 else _pick(pool, rng, taken)) for p, c in z.items()}
        else:
            out[name] = [c if c >= 0 else _pick(pool, rng, taken) for c in z]
    return out


def _pick(pool: list[Card], rng: random.Random, taken: set[Card]) -> Card:
    # Rejection is fast when few cards are taken (12,000 unseen); the scan is the rare fallback.
    for _ in range(50):
        c = pool[rng.randrange(len(pool))]
        if c not in taken:
            taken.add(c)
            return c
    c = next(x for x in pool if x not in taken)
    taken.add(c)
    return c
