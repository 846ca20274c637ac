"""Reading the betting: the chance to win against the hands opponents are likely to hold, given
what they have put in this hand, not against any hands at all.

The unseen cards are dealt out as in chance.py; each deal is then weighted by how well the hands it
gave fit the opponents' betting. An opponent's pressure is how far its chips in this hand exceed the
big blind, in doublings (0 for one who only posted, checked or limped; 1.6 for a pot-sized raise
before the flop; more for each raise after, up to MOST_PRESSURE). A hand's fit is its strength among the deals' hands of
that opponent (its rank, 0 to 1) raised to that pressure: a player who raised holds strong hands
more often, and one who raised again more often still. Only the view is read, as everywhere in the
computer players; no game is named.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from ..betting import in_blinds
from ..scoring import comparers
from ..split import has_split, second_key
from ..types import Card, View
from .seen import Places, Zones, has_hidden

if TYPE_CHECKING:
    from ...hands.value import Key
    from ..rules import Rules

# Bets beyond about four big blinds say no more: a player who shoves anything (the random baseline
# did, and took -20 bb/100 from hard in 1,000 hands) would otherwise be read as always holding the
# best hands; capped, hard wins +111 [+19, +203] from it, and keeps +34 [+7, +62] against tight.
MOST_PRESSURE = 2.0
# The share of its hand's cards an opponent must have seen for its betting to be read in full:
# Hold'em's two of seven before the flop are above it (those reads are unchanged).
SEEN_SHARE = 0.25


def pressure(view: View, seat: int, posted: int = 0) -> float:
    """How hard `seat` has bet this hand: doublings of its chips in beyond one big blind, or beyond
    what it had to post (`posted`, `forced`) where that is more."""
    blind = max(1, view["blind"])
    beyond = view["seats"][seat]["total"] - max(blind, posted)
    return min(MOST_PRESSURE, math.log2(1 + beyond / blind)) if beyond > 0 else 0.0


def forced(rules: Rules, view: View, seat: int) -> int:
    """The chips `seat` had to post this hand: the blinds of every posting role it holds (they
    stack: the 12,000-card game's last winner posts a blind on top of the big blind) and the antes.
    A post played only under an option is left out (the view does not say the options)."""
    roles = view["seats"][seat]["roles"]
    return sum(
        in_blinds(step["amount"], view["blind"])
        for step in rules.program
        if step.get("do") == "post"
        and not step.get("when")
        and not step.get("unless")
        and (step["role"] == "all" or step["role"] in roles)
    )


def informed(shared: Zones, theirs: Zones) -> float:
    """How much an opponent's betting can say about the hand it will hold: 1, or less where most of
    that hand's cards are still hidden from it too (its own places and the table's face-up cards
    against all the places its hand is formed from, below SEEN_SHARE). An opponent bets on what it
    has seen: in the 12,000-card game before the flop it has seen 4 of its 104 cards."""
    seen = total = 0
    for z in theirs.values():  # its own places: every card there is its own to see
        seen += len(z)
        total += len(z)
    for z in shared.values():
        cards = list(z.values()) if isinstance(z, dict) else z
        seen += sum(1 for c in cards if c >= 0)
        total += len(cards)
    return min(1.0, seen / total / SEEN_SHARE) if total else 1.0


def read_chance(
    rules: Rules,
    view: View,
    rng: random.Random,
    deals: int,
    at: Places,
    most_valued: int,
    fill: Callable[[Zones, list[Card], random.Random, set[Card]], Zones],
    sharpness: float = 1.0,
    floor: float = 0.0,
) -> Generator[None, None, float]:
    """The weighted share of deals won (a split pot's half counts half), yielding after every hand
    valued and stopping after `most_valued` hands (whole deals only); `fill` deals the unseen cards
    into the hidden places `at` (chance._fill_hidden). `sharpness` multiplies every pressure (a
    sharper reader believes a raise shows a stronger hand); `floor`: the least pressure any
    opponent is read with."""
    seat = view["seat"]
    assert seat is not None
    others, pool, shared, own, theirs = at.others, at.pool, at.shared, at.own, at.theirs
    declared = view["declared"]
    strength, _ = comparers(rules, view.get("ranking", "published"))
    split = has_split(rules)
    keys: dict[int, list[Key]] = {o: [] for o in others}
    results: list[tuple[Key, Key | None, dict[int, Key | None]]] = []  # per deal: my keys, their lows
    valued = 0
    # With nothing hidden among the seat's own places, its hand is the same in every deal: valued
    # once (counted in every deal all the same, so the deals stop where they always did).
    fixed = not any(has_hidden(z) for z in (*shared.values(), *own.values()))
    mine: tuple[Key, Key | None] | None = None
    while len(results) < deals and valued < most_valued:
        taken: set[Card] = set()
        table = fill(shared, pool, rng, taken)
        my_zones = {**fill(own, pool, rng, taken), **table}
        if mine is None or not fixed:
            my_low = second_key(rules, my_zones, declared[seat] or ()) if split else None
            mine = (strength(my_zones, declared[seat] or ()), my_low)
        my_key, my_low = mine
        valued += 1
        yield
        lows: dict[int, Key | None] = {}
        for o in others:
            hand = {**fill(theirs[o], pool, rng, taken), **table}
            keys[o].append(strength(hand, declared[o] or ()))
            if split:
                lows[o] = second_key(rules, hand, declared[o] or ())
            valued += 1
            yield
        results.append((my_key, my_low, lows))
    weights = [1.0] * len(results)
    for o in others:
        power = (
            max(pressure(view, o, forced(rules, view, o)), floor) * sharpness * informed(shared, theirs[o])
        )
        if power > 0:
            ranked = sorted(keys[o])
            for d, key in enumerate(keys[o]):
                rank = (bisect_left(ranked, key) + bisect_right(ranked, key)) / 2  # ties share a rank
                weights[d] *= ((rank + 0.5) / len(ranked)) ** power
    won = total = 0.0
    for d, (my_key, my_low, lows) in enumerate(results):
        best = not any(keys[o][d] > my_key for o in others)
        if split and my_low is not None:
            best_low = not any(low is not None and low > my_low for low in lows.values())
            share = 0.5 * best + 0.5 * best_low
        else:
            share = float(best)
        won += weights[d] * share
        total += weights[d]
    return won / total if total else 0.5
