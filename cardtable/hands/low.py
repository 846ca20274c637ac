"""Lowball: with `lowest_wins: true` the hand the categories rank worst wins.

A hand of `size` cards is valued as usual (its best category, cards and kickers) and its key is
turned round, so the engine's "higher key wins" picks the lowest hand; from a bigger pool every
hand of `size` cards is tried and the best low kept. Which hands count against a low hand is said
by the categories themselves: leave out straights and flushes and they do not count (ace-to-five),
keep them and they do (deuce-to-seven). `order_low: [A]` makes the ace the lowest card.

A wild card in a low hand stands for the lowest value the hand lacks (so it never pairs), as the
card of that value that makes the best low (a suit that spoils no flush, where flushes count).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace

from .rules import Rules
from .value import HandValue, Key

High = Callable[[Rules, Sequence[int], int, frozenset[int]], HandValue]


def invert(key: Key) -> Key:
    """The key that orders hands the other way round (element by element, tuples within)."""
    return tuple(invert(x) if isinstance(x, tuple) else -x for x in key)


def wild_values(rules: Rules, cards: Sequence[int]) -> dict[int, int]:
    """The value index each wild card of a low hand stands for: the lowest ones the hand lacks."""
    col = rules.columns[rules.order]
    have = {col[c] for c in cards if not rules.wild[c] and col[c] >= 0}
    free = sorted(
        (v for v in range(len(rules.value_order)) if v not in have), key=lambda v: rules.value_order[v]
    )
    wild = [c for c in cards if rules.wild[c]]
    return {w: free[min(i, len(free) - 1)] for i, w in enumerate(wild)} if free else {}


def _one(rules: Rules, hand: Sequence[int], size: int, declared: frozenset[int], high: High) -> HandValue:
    wild = [c for c in hand if rules.wild[c]]
    if not wild:
        v = high(rules, hand, size, declared)
        if v.rank >= len(rules.categories):  # no category at all: below every low hand
            return replace(v, key=(-(10**9),))
        return _finish(rules, v, invert(v.key), 0)
    values = wild_values(rules, hand)
    held = set(hand)
    options = [
        [c for c in rules.by_value.get(values.get(w, -1), ()) if c not in held][:8] or [w] for w in wild
    ]
    best: HandValue | None = None
    best_key: Key = ()
    for stand_ins in itertools.product(*options):
        if len(set(stand_ins)) != len(stand_ins):
            continue
        swap = dict(zip(stand_ins, wild))
        sub = [c for c in hand if not rules.wild[c]] + list(stand_ins)
        v = high(rules, sub, size, declared)
        key = invert(v.key)
        if best is None or key > best_key:
            back = tuple(swap.get(c, c) for c in v.cards)
            made = tuple(swap.get(c, c) for c in v.made)
            best, best_key = replace(v, cards=back, made=made), key
    assert best is not None
    return _finish(rules, best, best_key, len(wild))


def _finish(rules: Rules, v: HandValue, key: Key, wilds: int) -> HandValue:
    if rules.natural_beats_wild and key:
        key = (*key[:-1], (-wilds,))  # fewer wild cards is better in a low hand too
    detail = v.detail
    if (
        v.rank < len(rules.categories)
        and not rules.categories[v.rank].parts
        and v.cards
        and rules.value_names
    ):
        top = max(v.cards, key=lambda c: _order(rules, v.cards, c))
        vi = _value_of(rules, v.cards, top)
        detail = f"{rules.value_names[vi]} low" if vi >= 0 else detail
    # (made directly: dataclasses.replace costs more than the rest of a low hand's finish)
    return HandValue(key, v.category, v.rank, v.cards, v.points, v.made, detail)


def _value_of(rules: Rules, cards: Sequence[int], card: int) -> int:
    if rules.wild[card]:
        return wild_values(rules, cards).get(card, -1)
    return rules.columns[rules.order][card]


def _order(rules: Rules, cards: Sequence[int], card: int) -> int:
    vi = _value_of(rules, cards, card)
    return rules.value_order[vi] if vi >= 0 else -1


def top_order(rules: Rules, cards: Sequence[int]) -> int:
    """The order number of the highest of these cards (wild cards as the values they stand for)."""
    return max((_order(rules, cards, c) for c in cards), default=-1)


def evaluate_low(
    rules: Rules, cards: Sequence[int], size: int, declared: frozenset[int], high: High
) -> HandValue:
    """The best low hand of `size` cards from the pool."""
    pool = tuple(cards)
    hands = [pool] if len(pool) <= size else itertools.combinations(pool, size)
    best: HandValue | None = None
    for hand in hands:
        v = _one(rules, hand, size, declared, high)
        if best is None or v.key > best.key:
            best = v
    return best if best is not None else HandValue((0,), "No Hand", len(rules.categories), ())
