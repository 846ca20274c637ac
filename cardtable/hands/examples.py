"""An example hand of every category, built from the pattern and checked by the evaluator.

For the rules screen's pictures: for each category, a full hand (the form's size, or the exact
size of a points-table line) that `evaluate_pool` really ranks in that category, with the cards
that make the pattern (the evaluator's own `made`) to draw raised.

How: each part of the category is built card by card from the conditions it lists (a value per
place of a run or cover, one card per listed value, the `same` attributes fixed by the first card
chosen, `distinct` and `differ` values kept apart), picking at random among the deck's cards
that fit, through an index of the cards by attribute value, so a 12,000-card deck costs no more
than a 52-card one. Then the rest of the hand is filled one card at a time, each kept only when
the hand does not become a better category. The result is always checked by the evaluator; a
category no hand can make (one a higher category always takes) has no example. Seeded: the same
rules give the same examples.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from .api import evaluate_pool
from .conditions import extra_holds
from .rules import Category, Part, Rules
from .steps import finish
from .value import HandValue

TIGHT = (0.0, 0.6, 0.9)  # how often a card is picked to share a value with the hand, by attempt
TRIES = 40  # attempts per category before giving up (a category that cannot occur fails them all)
Cond = tuple[str, bool, int]  # (attribute, True: has this member bit | False: equals this value, value)


@dataclass(frozen=True)
class Example:
    cards: tuple[int, ...]  # the whole hand, the category's own cards first
    made: tuple[int, ...]  # the cards that make the pattern (drawn raised)
    declared: tuple[int, ...]  # cards named before the deal, for a category that needs them
    value: HandValue


class _Index:
    """The deck's live cards (neither dead nor wild) by attribute value, and by member for
    multi-valued attributes."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n = len(rules.card_order)
        self.live = [c for c in range(n) if not rules.dead[c] and not rules.wild[c]]
        self.eq: dict[tuple[str, int], list[int]] = {}
        self.has: dict[tuple[str, int], list[int]] = {}
        for a, col in rules.columns.items():
            multi = a in rules.multi
            for c in self.live:
                x = col[c]
                self.eq.setdefault((a, x), []).append(c)
                if multi:
                    for bit in range(x.bit_length()):
                        if x >> bit & 1:
                            self.has.setdefault((a, bit), []).append(c)

    def fits(self, c: int, conds: Sequence[Cond]) -> bool:
        cols = self.rules.columns
        return all((cols[a][c] >> v & 1) if has else cols[a][c] == v for a, has, v in conds)

    def pick(
        self,
        conds: Sequence[Cond],
        ok: Callable[[int], bool],
        rng: random.Random,
        near: Sequence[int] = (),
        tight: float = 0.0,
    ) -> int | None:
        """A random live card meeting every condition and `ok(card)`. With probability `tight`,
        one that also shares some attribute's value with a card of `near` (hands of few colours,
        few suits: the patterns that spread-out hands never make)."""
        if near and rng.random() < tight:
            attrs = [a for a in self.rules.columns if a not in {x for x, _, _ in conds}]
            rng.shuffle(attrs)
            for a in attrs:
                x = self.rules.columns[a][rng.choice(near)]
                got = self._pick([*conds, (a, False, x)], ok, rng)
                if got is not None:
                    return got
        return self._pick(conds, ok, rng)

    def _pick(self, conds: Sequence[Cond], ok: Callable[[int], bool], rng: random.Random) -> int | None:
        lists = [(self.has if has else self.eq).get((a, v), []) for a, has, v in conds]
        if lists:
            base = min(lists, key=len)
            found = [c for c in base if self.fits(c, conds) and ok(c)]
            return rng.choice(found) if found else None
        for _ in range(200):  # no condition narrows it: try random cards before scanning them all
            c = rng.choice(self.live)
            if ok(c):
                return c
        found = [c for c in self.live if ok(c)]
        return rng.choice(found) if found else None


def _slots(rules: Rules, part: Part, rng: random.Random) -> list[list[Cond]] | None:
    """The conditions of each card of the part, before `same` fixes its shared values."""
    n = max(1, part.count)
    if part.cover:
        return [[(a, False, v) for a, v in cond] for cond in part.cover]
    if part.values:
        a, wanted = part.values[0]
        vals = list(wanted)
        rng.shuffle(vals)
        return [[(a, False, v)] for v in vals]
    slots: list[list[Cond]] = [[] for _ in range(n)]
    for k, run in enumerate(part.runs):
        seq = rng.choice(run.sequences)
        if n > seq.length:
            return None
        start = rng.randrange(seq.length if seq.wrap else seq.length - n + 1)
        at: dict[int, list[int]] = {}
        for v, positions in seq.positions.items():
            for p in positions:
                at.setdefault(p, []).append(v)
        spots = [(start + i) % seq.length for i in range(n)]
        if k:
            rng.shuffle(spots)  # a second run need not follow the first one's order
        for slot, p in zip(slots, spots):
            if p not in at:
                return None
            slot.append((run.attribute, False, rng.choice(at[p])))
    return slots


def _build_part(
    idx: _Index, part: Part, used: set[int], banned: dict[str, set[int]], rng: random.Random, tight: float
) -> list[int] | None:
    rules = idx.rules
    cols = rules.columns
    slots = _slots(rules, part, rng)
    if slots is None:
        return None
    order = list(range(len(slots)))
    rng.shuffle(order)
    chosen: list[int] = []
    fixed: list[Cond] = []

    def ok(c: int) -> bool:
        if c in used or c in chosen:
            return False
        for a in part.distinct:
            if cols[a][c] < 0 or any(cols[a][c] == cols[a][o] for o in chosen):
                return False
        for a in part.none:
            if cols[a][c] > 0 if a in rules.multi else cols[a][c] >= 0:
                return False
        for a, values in banned.items():
            if cols[a][c] in values:
                return False
        return all(cols[a][c] >= 0 or a in rules.multi for a in part.same)

    for i in order:
        c = idx.pick(slots[i] + fixed, ok, rng, [*used, *chosen], tight)
        if c is None:
            return None
        if not chosen:
            for a in part.same:
                x = cols[a][c]
                if a in rules.multi:
                    bits = [b for b in range(x.bit_length()) if x >> b & 1]
                    if not bits:
                        return None
                    fixed.append((a, True, rng.choice(bits)))
                else:
                    fixed.append((a, False, x))
        chosen.append(c)
    if part.extra and not extra_holds(rules, part, chosen):
        return None  # a registered condition this builder does not aim for: another attempt
    return chosen


Search = Generator[None, None, "Example | None"]  # yields between evaluations: spread over frames


def _attempt(rules: Rules, idx: _Index, index: int, size: int, rng: random.Random, tight: float) -> Search:
    cat: Category = rules.categories[index]
    used: set[int] = set()
    banned: dict[str, set[int]] = {}
    declared: list[int] = []
    parts = (rng.choice(cat.alternatives),) if cat.alternatives else cat.parts
    for part in parts:
        got = _build_part(idx, part, used, banned, rng, tight)
        if got is None:
            return None
        if part.declared:
            declared += got
        used.update(got)
        for a in cat.differ:
            banned.setdefault(a, set()).update(rules.columns[a][c] for c in got)
    hand = [c for c in sorted(used, key=lambda c: -rules.card_order[c])]
    if len(hand) > size:
        return None

    def rank(cards: list[int]) -> HandValue:
        return evaluate_pool(rules, cards, size, declared)

    # The rest of the hand, one card at a time, each kept only if the hand stays this category.
    # Better still when the card joins no set of the pattern (combined sets grow by absorbing
    # kickers): the pattern's own cards then stand out.
    misses = 0
    made = len(rank(hand).made) if hand else 0
    while len(hand) < size and misses < 30:
        yield
        c = idx.pick([], lambda c: c not in used, rng, hand, tight)
        if c is None:
            return None
        v = rank([*hand, c])
        if v.rank != index or (misses < 15 and hand and len(v.made) > made):
            misses += 1
            continue
        hand.append(c)
        used.add(c)
        made = len(v.made)
    if len(hand) != size:
        return None
    yield
    value = rank(hand)
    if value.rank != index:
        return None
    own = value.made or tuple(hand)
    cards = own + tuple(c for c in value.cards if c not in own)
    cards += tuple(c for c in hand if c not in cards)
    return Example(cards, own, tuple(declared), value)


def _with_wild(rules: Rules, index: int, size: int, rng: random.Random) -> Search:
    """A hand of `w` wild cards and the natural cards most alike to a random one (sharing the
    values the category's parts share, then the most others), for a category no natural hand
    makes."""
    wild = [c for c in range(len(rules.wild)) if rules.wild[c]]
    natural = [c for c in range(len(rules.wild)) if not rules.wild[c] and not rules.dead[c]]
    if not natural:
        return None
    cat = rules.categories[index]
    want = [a for part in cat.parts + cat.alternatives for a in part.same]  # what the cards share
    for w in range(1, min(len(wild), size) + 1):
        for _ in range(TRIES):
            seed_card = rng.choice(natural)
            alike = sorted(
                natural,
                key=lambda c: (
                    -sum(rules.columns[a][c] == rules.columns[a][seed_card] for a in want),
                    -sum(col[c] == col[seed_card] for col in rules.columns.values()),
                    rng.random(),
                ),
            )
            hand = alike[: size - w] + wild[:w]
            yield
            value = evaluate_pool(rules, hand, size)
            if value.rank == index:
                own = value.made or tuple(hand)
                return Example(own + tuple(c for c in value.cards if c not in own), own, (), value)
    return None


_INDEXES: dict[int, tuple[Rules, _Index]] = {}
_CACHE: dict[tuple[int, int, int], Example | None] = {}


def example(rules: Rules, index: int, seed: int = 1) -> Example | None:
    """An example hand of category `index` (None when none was found: a category that cannot
    occur). Cached for the life of the rules object."""
    return finish(example_search(rules, index, seed))


def example_search(rules: Rules, index: int, seed: int = 1) -> Search:
    """`example(...)` found a step at a time: it yields between the evaluations of its trial
    hands (each well under a millisecond or two), so a window can look for it between frames."""
    key = (id(rules), index, seed)
    if key in _CACHE and _INDEXES.get(id(rules), (None,))[0] is rules:
        return _CACHE[key]
    if _INDEXES.get(id(rules), (None,))[0] is not rules:
        _INDEXES[id(rules)] = (rules, _Index(rules))
        for k in [k for k in _CACHE if k[0] == id(rules)]:
            del _CACHE[k]
    idx = _INDEXES[id(rules)][1]
    cat = rules.categories[index]
    size = cat.size if cat.exact else rules.size
    rng = random.Random(seed * 1_000_003 + index)
    found = None
    if index not in rules.never_counts:
        for n in range(TRIES):
            found = yield from _attempt(rules, idx, index, size, rng, TIGHT[n % len(TIGHT)])
            if found is not None:
                break
            yield
        if found is None and any(rules.wild):  # a hand only wild cards make (five of a kind)
            found = yield from _with_wild(rules, index, size, rng)
    _CACHE[key] = found
    return found


def examples(rules: Rules, seed: int = 1) -> list[Example | None]:
    """An example of every category, best first."""
    return [example(rules, i, seed) for i in range(len(rules.categories))]
