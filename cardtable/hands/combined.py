"""Combined sets: a hand's value is its best collection of disjoint sets.

The rules (`combine:` in the hands section): a collection of one set counts as that set; of
several sets, as one set of the lowest type among them with a size one less than their cards in
all. Bigger is better, then the better type, then the hand's cards high to low. Each category is
a set type (best first), a set of that type is any one of its alternatives (`any`). Wild cards
stand for whatever card a set needs; dead cards join no set.

The search: sets.py finds which groups of the pool's cards make a set of which type; collections
of disjoint sets are then grown from those sets one at a time (each collection once), keeping per
group of cards the best lowest type of any way to split it; the best group wins, ties going to the
hand with the higher other cards, then (for a stable choice) to the lower mask.
"""

from __future__ import annotations

from collections.abc import Callable

from .packing import packs
from .rules import Rules
from .search import run_top
from .setbound import Buckets, Reach, reaches, surely
from .sets import prepare, set_types
from .value import HandValue, Key

VALUES_KEPT = 512  # the last values kept per rules (then forgotten and begun again)


def evaluate_combined(
    rules: Rules,
    pool: tuple[int, ...],
    size: int,
    exact: list[tuple[list[int], int]] | None = None,
) -> HandValue:
    """The best hand of `size` cards from the pool. `exact` lists (cards, n): n of those cards
    must be in the hand (e.g. exactly three hole cards); the pool gives the rest.

    The last values are kept (a computer player values its own hand again at every decision
    it makes with it, a showdown values it once more): a HandValue never changes."""
    memo = rules.memo.get("combined_values")
    if not isinstance(memo, dict):
        memo = rules.memo["combined_values"] = {}
    at = (tuple(pool), size, tuple((tuple(cs), k) for cs, k in exact) if exact else None)
    got = memo.get(at)
    if got is None:
        if len(memo) >= VALUES_KEPT:
            memo.clear()
        cards, nfix = _arrange(rules, pool, size, exact)
        got = memo[at] = _best(rules, cards, nfix, size, set_types(rules, cards))
    return got


def beats_combined(
    rules: Rules,
    pool: tuple[int, ...],
    size: int,
    exact: list[tuple[list[int], int]] | None,
    key: Key,
) -> bool:
    """`evaluate_combined(rules, pool, size, exact).key > key`, answered from the sets alone
    when they decide it: a set that fits beats the key's size and type, or no collection could
    reach them (all the cards of every set that fits, within the room, one fewer for several
    sets; the best type of any)."""
    cards, nfix = _arrange(rules, pool, size, exact)
    loose = ~((1 << nfix) - 1)
    room = size - nfix
    want = key[:2]
    plain = len(key) == 3 and key[1] != 0  # else "No Set": its other cards decide (below)
    highs = _Highs(rules, cards, nfix, size)
    # Every group's hand holds at most the pool's highest cards (the fixed ones, then the best
    # others): when even those are not above the key's, only a group above its size and type
    # beats it. When every card is in the hand whatever the sets, all groups hold the same
    # cards: above the key's, a group of just its size and type beats it too.
    if plain and highs.best() <= key[2]:
        edge = want
    elif plain and nfix >= len(cards):
        edge = (want[0], want[1] - 1)  # (size, type) > edge: at least the key's size and type
    else:
        edge = None
    stop = want if edge is None else edge
    # Bounds first (setbound.py): no set searched when even they stay below; only the better
    # types searched when just those can get past the key.
    pre = prepare(rules, cards)
    least = 0
    buckets: Buckets = {}
    if plain:
        least = _least(
            reaches(rules, cards, pre, buckets),
            loose,
            room,
            stop if edge is not None else (want[0], want[1] - 1),
        )
        if least < 0:
            return False
        # ...and a collection surely made (one set per bucket) may already beat it
        for strength, mask, nsets in surely(rules, nfix, room, buckets):
            got = (mask.bit_count() - (nsets > 1), strength)
            if got > stop or (edge is None and got == want and highs(mask) > key[2]):
                return True
    types = set_types(rules, cards, least, pre)
    top: tuple[int, int] = (0, 0)
    cover = best_type = 0
    for s, t in types.items():
        if (s & loose).bit_count() <= room:
            got = (s.bit_count(), t)
            if got > stop:
                return True  # one set that fits is above the key
            if got > top:
                top = got
            cover |= s
            if t > best_type:
                best_type = t
    reach = (cover & ~loose).bit_count() + min(room, (cover & loose).bit_count()) - 1
    bound = max(top, (reach, best_type))
    if bound < want or (edge is not None and bound <= edge):
        return False
    if not plain:
        # the biggest sets first: a collection above the key, if any, tends to come early
        ordered = dict(sorted(types.items(), key=lambda st: -st[0].bit_count()))
        made = _grow(ordered, loose, room, stop)
        return made is None or _best(rules, cards, nfix, size, types, made).key > key
    if edge is None:
        # A group of just the key's size and type beats it with higher cards (the hand `_best`
        # would make of it): a set now, a group of several sets as soon as it is made.
        cards_key = key[2]
        for mask, t in types.items():
            if (
                (mask.bit_count(), t) == want
                and (mask & loose).bit_count() <= room
                and highs(mask) > cards_key
            ):
                return True
        return packs(types, len(cards), loose, room, want, lambda mask: highs(mask) > cards_key)
    return packs(types, len(cards), loose, room, edge)


def _least(reach: list[Reach], loose: int, room: int, edge: tuple[int, int]) -> int:
    """The least type strength a set must have to be in a collection worth more than `edge`
    (size, type) as far as the bounds tell: 0 when a collection of any types might be bigger,
    the next type up when only one of just the edge's size might be, -1 when none might be."""
    size, kind = edge

    def most(join: int) -> int:  # the most cards disjoint sets could hold, within the room
        return (join & ~loose).bit_count() + min(room, (join & loose).bit_count())

    every = better = 0
    single = False  # a set of just the edge's size, of a better type
    for strength, biggest, join in reach:
        if biggest > size:
            return 0  # one set bigger than the edge
        every |= join
        if strength > kind:
            single = single or biggest == size
            better |= join
    if most(every) > size + 1:
        return 0  # several sets of more cards than the edge's size, one more
    return kind + 1 if single or most(better) > size else -1


def _arrange(
    rules: Rules, pool: tuple[int, ...], size: int, exact: list[tuple[list[int], int]] | None
) -> tuple[tuple[int, ...], int]:
    """The cards, those the hand must hold first, and how many those are."""
    fixed: list[int] = []
    for cs, k in exact or []:
        fixed.extend(sorted(cs, key=lambda c: -rules.card_order[c])[:k])
    cards = tuple(fixed) + tuple(c for c in pool if c not in fixed)
    nfix = len(fixed)
    if not exact and len(cards) <= size:
        nfix = len(cards)
    return cards, nfix


def _grow(
    types: dict[int, int],
    loose: int,
    free_room: int,
    stop: tuple[int, ...] | None = None,
) -> tuple[dict[int, int], dict[int, int]] | None:
    """Every group of cards that disjoint sets make (their loose cards within the room): per
    group the best lowest type over its splits into one set or more, and into two or more.

    Collections are built one set at a time (each collection once: its sets join in the order
    of `types`); a collection's value is its lowest type. With `stop`, None as soon as a group
    of several sets, not itself a set, is worth more than it (size one fewer than its cards,
    its lowest type): a hand above `stop` then."""
    grown: dict[int, int] = {}  # mask -> best lowest type over splits into >= 1 set
    multi: dict[int, int] = {}  # mask -> best lowest type over splits into >= 2 sets
    # the same groups as `grown`, by how many loose cards they hold (a set joins those that
    # leave it room: the room a group leaves depends on its loose cards alone)
    by_loose: list[dict[int, int]] = [{} for _ in range(max(0, free_room) + 1)]
    for s, t in types.items():
        left = free_room - (s & loose).bit_count()
        if left < 0:
            continue
        for m, tm in [(m, tm) for g in by_loose[: left + 1] for m, tm in g.items() if not m & s]:
            u = m | s
            v = tm if tm < t else t
            if v > multi.get(u, 0):
                multi[u] = v
                if stop is not None and (u.bit_count() - 1, v) > stop and u not in types:
                    return None
            if v > grown.get(u, 0):
                grown[u] = by_loose[(u & loose).bit_count()][u] = v
        if t > grown.get(s, 0):
            grown[s] = by_loose[free_room - left][s] = t
    return grown, multi


def _best(
    rules: Rules,
    cards: tuple[int, ...],
    nfix: int,
    size: int,
    types: dict[int, int],
    grown_multi: tuple[dict[int, int], dict[int, int]] | None = None,
) -> HandValue:
    """The best hand of `size` cards holding the first `nfix`, given the pool's sets (and the
    groups they make, when `_grow` has made them already)."""
    n = len(cards)
    fixmask = (1 << nfix) - 1
    grown, multi = grown_multi or _grow(types, ~fixmask, size - nfix) or ({}, {})
    highs = _highs(rules, cards, nfix, size)
    top_key: Key = (0,)
    top_mask = 0
    top_type = 0
    top_highs: tuple[int, ...] | None = None
    for mask in grown:
        count = mask.bit_count()
        if mask in types:
            sz, t = count, types[mask]
        else:
            sz, t = count - 1, multi[mask]
        key = (sz, t)
        if key > top_key:
            top_key, top_mask, top_type, top_highs = key, mask, t, None
        elif key == top_key:
            # equal hands: the higher other cards, then (for a stable choice) the lower mask
            if nfix >= n:  # every card is in the hand whatever the sets: the same other cards
                top_mask = min(top_mask, mask)
                continue
            if top_highs is None:
                top_highs = highs(top_mask)
            a = highs(mask)
            if a > top_highs or (a == top_highs and mask < top_mask):
                top_mask, top_highs = mask, a
    hand = _hand(rules, cards, top_mask, nfix, size)
    ncat = len(rules.categories)
    if top_type == 0:
        return HandValue((0, 0, _orders(rules, hand)), "No Set", ncat, hand)
    rank = ncat - top_type
    made = tuple(cards[i] for i in range(n) if top_mask >> i & 1)
    nsets = 1 if top_mask in types else 2
    name = rules.categories[rank].name
    return HandValue(
        (*top_key, _orders(rules, hand)), name, rank, hand, 0, made, set_words(top_key[0], name, nsets)
    )


def set_words(size: int, name: str, nsets: int) -> str:
    """A hand's name by its set size, as the combining rule is explained: several sets count as
    one set one card smaller than all their cards ("8-card Match (9 cards in several sets,
    counted one smaller)")."""
    if nsets == 1:
        return f"{size}-card {name}"
    return f"{size}-card {name} ({size + 1} cards in several sets, counted one smaller)"


class _Highs:
    """`_highs`, made only when a group is asked about: most comparisons need only the best
    other cards any group's hand could hold (those of no set: the fixed cards, then the best)."""

    def __init__(self, rules: Rules, cards: tuple[int, ...], nfix: int, size: int) -> None:
        self.args = (rules, cards, nfix, size)
        self.of: Callable[[int], tuple[int, ...]] | None = None

    def best(self) -> tuple[int, ...]:
        """`_highs(...)(0)`, without the ordering of every card."""
        rules, cards, nfix, size = self.args
        order = rules.card_order
        fixed = [order[c] for c in cards[:nfix]]
        others = sorted((order[c] for c in cards[nfix:]), reverse=True)[: max(0, size - nfix)]
        return tuple(sorted(fixed + others, reverse=True))

    def __call__(self, mask: int) -> tuple[int, ...]:
        if self.of is None:
            self.of = _highs(*self.args)
        return self.of(mask)


def _highs(rules: Rules, cards: tuple[int, ...], nfix: int, size: int) -> Callable[[int], tuple[int, ...]]:
    """Per group of sets (a mask), the orders of the hand `_hand` would make of it, high to low
    (the hand's last tie layer)."""
    n = len(cards)
    fixmask = (1 << nfix) - 1
    order = [rules.card_order[c] for c in cards]
    by_order = sorted(range(n), key=lambda i: -order[i])

    def highs(mask: int) -> tuple[int, ...]:
        chosen = mask | fixmask
        need = size - chosen.bit_count()
        for i in by_order:
            if need <= 0:
                break
            if not chosen >> i & 1:
                chosen |= 1 << i
                need -= 1
        return tuple(sorted((order[i] for i in range(n) if chosen >> i & 1), reverse=True))

    return highs


def _hand(rules: Rules, cards: tuple[int, ...], mask: int, nfix: int, size: int) -> tuple[int, ...]:
    chosen = [i for i in range(len(cards)) if mask >> i & 1 or i < nfix]
    rest = sorted(
        (i for i in range(len(cards)) if i not in chosen), key=lambda i: -rules.card_order[cards[i]]
    )
    chosen += rest[: max(0, size - len(chosen))]
    made = [cards[i] for i in chosen if mask >> i & 1]
    others = sorted((cards[i] for i in chosen if not mask >> i & 1), key=lambda c: -rules.card_order[c])
    return tuple(made + others)


def _orders(rules: Rules, hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted((rules.card_order[c] for c in hand), reverse=True))


__all__ = ["evaluate_combined", "run_top"]
