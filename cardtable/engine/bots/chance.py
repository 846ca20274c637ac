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

from ..scoring import comparers
from ..split import has_split, second_key
from ..types import Card, View
from .reading import forced, pressure, read_chance
from .seen import Zones, has_hidden, places

if TYPE_CHECKING:
    from ...hands.value import Key
    from ..rules import Rules

HANDS_PER_DEAL = 4  # the most hands valued per deal, on average over a decision


def win_chance(
    rules: Rules, view: View, rng: random.Random, deals: int, reads: float = 0.0, crowd: float = 0.0
) -> Generator[None, None, float]:
    """Wins over `deals` deals of the unseen cards; a table of many players stops earlier, after
    HANDS_PER_DEAL * deals hands valued (whole deals only), so a decision's work stays bounded.
    `reads`: the deals weighted by how well they fit opponents' betting (reading.py), this sharply
    (0: not weighted). `crowd`: with two opponents or more still in, each is read as having bet at
    least this hard (reading.py: the hands that stay in against several players are good ones)."""
    seat = view["seat"]
    assert seat is not None
    at = places(rules, view, seat)
    others, pool, shared, own, theirs = at.others, at.pool, at.shared, at.own, at.theirs
    if not others or not pool or deals <= 0:
        return 1.0 if not others else 0.5
    floor = crowd if len(others) >= 2 else 0.0
    if reads and (floor > 0 or any(pressure(view, o, forced(rules, view, o)) > 0 for o in others)):
        most = HANDS_PER_DEAL * deals * max(1, len(others))  # every opponent's hand is valued in a deal
        return (yield from read_chance(rules, view, rng, deals, at, most, _fill_hidden, reads, floor))
    declared = view["declared"]
    ranking = view.get("ranking", "published")
    strength, beats = comparers(rules, ranking)  # the quickest ways these rules have, chosen once
    # With nothing hidden among the seat's own places, its hand is the same in every deal.
    fixed = not any(has_hidden(z) for z in (*shared.values(), *own.values()))
    split = has_split(rules)  # a split pot: winning either half is half a win
    valued = done = 0
    wins = 0.0
    my_key = None
    my_low: Key | None = None
    while done < deals and valued < HANDS_PER_DEAL * deals:
        taken: set[int] = set()
        table = _fill_hidden(shared, pool, rng, taken)
        if my_key is None or not fixed:
            my_zones = {**_fill_hidden(own, pool, rng, taken), **table}
            my_key = strength(my_zones, declared[seat] or ())
            valued += 1
            yield
            if split:
                my_low = second_key(rules, my_zones, declared[seat] or ())
                valued += 1
                yield
        best, best_low = True, my_low is not None
        for o in others:
            # An opponent's unseen hand is as big as it lies on the table (its -1 places).
            hand = {**_fill_hidden(theirs[o], pool, rng, taken), **table}
            if best:
                best = not beats(hand, declared[o] or (), my_key)
                valued += 1
                yield
            if best_low:
                theirs_low = second_key(rules, hand, declared[o] or ())
                best_low = theirs_low is None or my_low is None or not theirs_low > my_low
                valued += 1
                yield
            if not best and not best_low:
                break
        wins += (0.5 * best + 0.5 * best_low) if split and my_low is not None else best
        done += 1
    return wins / done


def _fill_hidden(zones: Zones, pool: list[Card], rng: random.Random, taken: set[Card]) -> Zones:
    """The zones with every hidden place (-1) given a different card of `pool` not yet `taken`."""
    out: Zones = {}
    choice = rng.choice  # pool[rng.randrange(len(pool))], the same draw, less to call
    for name, z in zones.items():
        # _pick's first draw is made here: with few cards taken it is nearly always the one
        if isinstance(z, dict):
            grid = dict(z)
            for p, c in z.items():
                if c < 0:
                    c = choice(pool)
                    grid[p] = _pick(pool, rng, taken, 49) if c in taken else c
                    taken.add(grid[p])
            out[name] = grid
        else:
            cards = list(z)
            for i, c in enumerate(z):
                if c < 0:
                    c = choice(pool)
                    cards[i] = _pick(pool, rng, taken, 49) if c in taken else c
                    taken.add(cards[i])
            out[name] = cards
    return out


def _pick(pool: list[Card], rng: random.Random, taken: set[Card], tries: int = 50) -> Card:
    # Rejection is fast when few cards are taken (12,000 unseen); the scan is the rare fallback.
    for _ in range(tries):
        c = rng.choice(pool)
        if c not in taken:
            taken.add(c)
            return c
    c = next(x for x in pool if x not in taken)
    taken.add(c)
    return c
