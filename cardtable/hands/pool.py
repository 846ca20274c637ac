"""A pool of cards a hand may use: its cards best first, and its cards grouped by the values of
some attributes (the buckets the matcher's candidates come from, search.py)."""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Rules

Cards = tuple[int, ...]


class Pool:
    """The cards a hand may use, best first, with per-attribute buckets computed on demand."""

    __slots__ = ("rules", "cards", "_buckets")

    def __init__(self, rules: Rules, cards: Sequence[int]) -> None:
        self.rules = rules
        place = _place(rules)
        if place is None:
            order, trump = rules.card_order, rules.trump
            self.cards: Cards = tuple(sorted(cards, key=lambda c: (-order[c], not trump[c], c)))
        else:
            self.cards = tuple(sorted(cards, key=place.__getitem__))
        self._buckets: dict[tuple[str, ...], list[Cards]] = {}

    def buckets(self, attrs: tuple[str, ...]) -> list[Cards]:
        """Groups of live cards sharing a value of every attribute in attrs, biggest value first."""
        got = self._buckets.get(attrs)
        if got is None:
            got = bucket(self.rules, self.cards, attrs)
            self._buckets[attrs] = got
        return got


PLACED = 1024  # decks up to this many cards have their cards' places in a pool worked out at once


def _place(rules: Rules) -> list[int] | None:
    """Per card its place in the whole deck best first: higher order, then trumps before other
    cards of the same order, then by number (a pool is sorted by these, remembered per rules).
    None for a bigger deck: its rules are copied per category counted, each copy valuing a few
    pools, and sorting the whole deck for each would cost more than it saves."""
    if len(rules.card_order) > PLACED:
        return None
    got: list[int] | None = rules.memo.get("pool_places")
    if got is None:
        order, trump = rules.card_order, rules.trump
        got = [0] * len(order)
        for i, c in enumerate(sorted(range(len(order)), key=lambda c: (-order[c], not trump[c], c))):
            got[c] = i
        rules.memo["pool_places"] = got
    return got


def card_keys(rules: Rules, card: int, attrs: tuple[str, ...]) -> list[tuple[int, ...]]:
    """Every bucket key of a card: one per combination of its values (several for multi-values)."""
    keys: list[tuple[int, ...]] = [()]
    for a in attrs:
        x = rules.columns[a][card]
        if a in rules.multi:
            members = []
            while x:  # its set bits, lowest first: a step per value, not per bit of a wide mask
                low = x & -x
                members.append(low.bit_length() - 1)
                x ^= low
            keys = [k + (m,) for k in keys for m in members]
        elif x < 0:
            return []
        else:
            keys = [k + (x,) for k in keys]
    return keys


def bucket(rules: Rules, cards: Cards, attrs: tuple[str, ...]) -> list[Cards]:
    """The live cards grouped by their values of `attrs` (a card of several values is in each of
    its groups), in the order the cards come."""
    # A card's keys never change: they are remembered per rules (the same cards meet again in
    # every line of a grid and every deal of a win-chance estimate).
    # Each key is remembered as a small number (quicker to hash than the tuple, as often).
    memo = rules.memo.setdefault("bucket_keys", {})
    got: tuple[dict[int, list[int]], dict[tuple[int, ...], int]] | None = memo.get(attrs)
    if got is None:
        got = memo[attrs] = ({}, {})
    known, numbers = got
    groups: dict[int, list[int]] = {}
    for c in cards:
        keys = known.get(c)
        if keys is None:
            keys = known[c] = [
                numbers.setdefault(k, len(numbers))
                for k in ([] if rules.dead[c] or rules.wild[c] else card_keys(rules, c, attrs))
            ]
        for k in keys:
            groups.setdefault(k, []).append(c)
    return [tuple(g) for g in groups.values()]
