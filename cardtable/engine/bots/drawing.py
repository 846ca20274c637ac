"""Which cards to trade in at a draw, by the variant's own ranking: for each way of keeping cards,
the new cards are dealt from those the seat has not seen a fixed number of times, and the hands
made are compared with hands dealt to an opponent's places. The way that wins most often is kept
(a split pot's halves count half each, a hand that does not qualify for the low half wins none of
it); a way that could not beat the best so far even winning every deal left is valued no further
(the same choice, a third fewer hands valued). So a lowball hand breaks a pair (a pair is a poor low) and a high hand keeps it, with no game
named: the ranking's keys say which hand is better.

A generator, like chance.py: it yields after every hand valued; what it returns depends only on
(view, the rng's state, tries).
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Generator
from math import comb
from typing import TYPE_CHECKING

from ..scoring import comparers
from ..split import has_split, second_key
from ..types import Card, View
from .chance import _fill_hidden
from .seen import Zones, places

if TYPE_CHECKING:
    from ...hands.value import HandValue, Key
    from ..rules import Rules

MOST_WAYS = 32  # ways of keeping cards weighed at most: every way for a hand of up to five cards
LEAST_TRIES = 3  # draws of new cards behind each way, at the least


def best_discard(
    rules: Rules,
    view: View,
    rng: random.Random,
    hand: list[Card],
    least: int,
    most: int,
    hands: int,
    value: Callable[[list[Card]], HandValue],
) -> Generator[None, None, list[Card]]:
    """The cards of `hand` to trade in (between `least` and `most` of them), from about `hands`
    hands valued; `value` is what the seat's known cards are worth holding a hand (its ranking's
    key: higher is better)."""
    seat = view["seat"]
    assert seat is not None
    at = places(rules, view, seat)
    name = next((n for n, z in at.own.items() if isinstance(z, list) and set(hand) <= set(z)), None)
    if name is None or not at.pool or most <= 0:
        return []
    strength, _ = comparers(rules, view.get("ranking", "published"))
    declared = view["declared"]
    split = has_split(rules)
    mine = declared[seat] or ()
    ways = _ways(hand, least, most, value)
    tries = max(LEAST_TRIES, hands // len(ways))
    # the hands to beat: hands dealt to an opponent's places (or, with nobody left, to one's own)
    highs: list[Key] = []
    lows: list[Key | None] = []
    others = at.others or [seat]
    for i in range(2 * tries):
        o = others[i % len(others)]
        spots: Zones = at.theirs.get(o) or {
            n: [-1] * len(z) if isinstance(z, list) else z for n, z in at.own.items()
        }
        taken: set[Card] = set()
        made = {**_fill_hidden(spots, at.pool, rng, taken), **_fill_hidden(at.shared, at.pool, rng, taken)}
        theirs = (declared[o] or ()) if o != seat else mine
        highs.append(strength(made, theirs))
        if split:
            lows.append(second_key(rules, made, theirs))
        yield
    highs.sort()
    low_keys = sorted(k for k in lows if k is not None)
    # the same new cards for every way of keeping (the first k of a draw for k cards traded), so
    # the ways are told apart by what they keep, not by their luck
    deals = []
    for _ in range(tries):
        taken = set()
        table = _fill_hidden(at.shared, at.pool, rng, taken)
        rest = {n: z for n, z in _fill_hidden(at.own, at.pool, rng, taken).items() if n != name}
        fresh = [c for c in rng.sample(at.pool, min(len(at.pool), most + len(taken))) if c not in taken][
            :most
        ]
        deals.append((fresh, {**rest, **table}))
    best: tuple[float, int] | None = None
    chosen: list[Card] = []
    for give in ways:
        kept = [c for c in hand if c not in give]
        won = 0.0
        for d, (fresh, others_zones) in enumerate(deals):
            if best is not None and _behind(won, len(deals) - d, len(deals), best[0]):
                break  # it cannot come out ahead even winning every deal left: not valued further
            zones: Zones = {**others_zones, name: kept + fresh[: len(give)]}
            key = strength(zones, mine)
            share = _share(highs, key)
            if split:
                low = second_key(rules, zones, mine)
                share = 0.5 * share + 0.5 * (_share(low_keys, low, len(lows)) if low is not None else 0.0)
            won += share
            yield
        score = (won / len(deals), -len(give))  # ties: trade fewer
        if best is None or score > best:
            best, chosen = score, list(give)
    return chosen


def _behind(won: float, left: int, deals: int, best: float) -> bool:
    """Whether a way that has won `won` so far, with `left` of its `deals` deals still to value
    (each worth a share of at most 1), must end with a share below the best way's `best` (the
    margin, far above float rounding, keeps this exact: a way cut off could never have won)."""
    return (won + left) / deals < best - 1e-9


def _share(keys: list[Key], key: Key, out_of: int | None = None) -> float:
    """The share of `keys` (sorted) that `key` beats, ties counting half; `out_of` counts hands
    that do not qualify (beaten by any that does) among them."""
    below, upto = bisect_left(keys, key), bisect_right(keys, key)
    total = out_of if out_of is not None else len(keys)
    missing = total - len(keys)
    return (missing + below + 0.5 * (upto - below)) / total if total else 1.0


def _ways(
    hand: list[Card], least: int, most: int, value: Callable[[list[Card]], HandValue]
) -> list[tuple[Card, ...]]:
    """The ways of trading in cards weighed: every set of `least` to `most` cards, or, for a hand
    with more ways than MOST_WAYS, every set among the cards whose loss hurts the hand least."""
    spare = list(hand)
    if sum(comb(len(hand), k) for k in range(least, most + 1)) > MOST_WAYS:
        harm = {c: value([x for x in hand if x != c]).key for c in hand}
        spare = sorted(hand, key=lambda c: harm[c], reverse=True)  # losing it leaves the best hand
        while len(spare) > least and sum(comb(len(spare), k) for k in range(least, most + 1)) > MOST_WAYS:
            spare.pop()
    return [g for k in range(least, min(most, len(spare)) + 1) for g in itertools.combinations(spare, k)]
