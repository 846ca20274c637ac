"""Finding a category's best match in a pool of cards, by pattern, without enumerating subsets.

Each part of a category proposes candidate card sets best first (one per bucket of cards sharing
the `same` attributes, one per run top...), checked against the part's other conditions; the
parts are then fitted together by a small depth-first search that keeps them disjoint and
different where `differ` says so. The first complete fit found is the best one, because every
level tries its candidates best first (all of them, in a category of several parts). Conditions
registered in conditions.py are checked by their own `holds` (satisfies). Wild and dead cards: a
dead card never joins a part; wild cards are handled by wild.py (and by sets.py in combined sets).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from .conditions import extra_holds
from .pool import Cards, Pool, bucket
from .rules import Category, Part, Rules, Run

# ---------------------------------------------------------------- checking a set of cards


def run_top(run: Run, cards: Sequence[int], rules: Rules) -> int | None:
    """The top position of the run these cards form (in the best sequence), or None."""
    col = rules.columns[run.attribute]
    best = None
    n = len(cards)
    for seq in run.sequences:
        choices = []
        for c in cards:
            p = seq.positions.get(col[c])
            if p is None:
                break
            choices.append(p)
        else:
            for combo in (
                itertools.product(*choices)
                if any(len(p) > 1 for p in choices)
                else [tuple(p[0] for p in choices)]
            ):
                s = set(combo)
                if len(s) != n:
                    continue
                top = _top_of(s, seq.length, seq.wrap, n)
                if top is not None and (best is None or top > best):
                    best = top
    return best


def _top_of(s: set[int], length: int, wrap: bool, n: int) -> int | None:
    if not wrap:
        lo, hi = min(s), max(s)
        return hi if hi - lo == n - 1 else None
    for start in s:
        if all((start + i) % length in s for i in range(n)):
            return max(s)  # circular: all placements rank alike; the cards break ties
    return None


def satisfies(rules: Rules, part: Part, cards: Cards, declared: frozenset[int] = frozenset()) -> bool:
    """Whether these (non-wild) cards satisfy every condition of the part."""
    cols = rules.columns
    if part.count and not part.count <= len(cards) <= part.max_count:
        return False
    if any(rules.dead[c] for c in cards):
        return False
    for a in part.same:
        col = cols[a]
        if a in rules.multi:
            common = -1
            for c in cards:
                common &= col[c]
            if not common:
                return False
        else:
            v = col[cards[0]]
            if v < 0 or any(col[c] != v for c in cards):
                return False
    for a in part.distinct:
        col = cols[a]
        vals = [col[c] for c in cards]
        if any(v < 0 for v in vals) or len(set(vals)) != len(vals):
            return False
    for a in part.none:
        col = cols[a]
        if any(col[c] > 0 if a in rules.multi else col[c] >= 0 for c in cards):
            return False
    for a, wanted in part.values:
        col = cols[a]
        if len(cards) != len(wanted) or {col[c] for c in cards} != wanted:
            return False
    for run in part.runs:
        if run_top(run, cards, rules) is None:
            return False
    if part.cover and _cover(rules, part, cards) is None:
        return False
    if part.declared and not set(cards) <= declared:
        return False
    return not part.extra or extra_holds(rules, part, cards)


def _matches(rules: Rules, card: int, cond: tuple[tuple[str, int], ...]) -> bool:
    return all(rules.columns[a][card] == v for a, v in cond)


def _cover(rules: Rules, part: Part, cards: Cards) -> Cards | None:
    """An assignment of distinct cards (best first) to the cover's conditions, or None."""
    chosen: list[int] = []

    def fit(i: int) -> bool:
        if i == len(part.cover):
            return True
        for c in cards:
            if c not in chosen and _matches(rules, c, part.cover[i]):
                chosen.append(c)
                if fit(i + 1):
                    return True
                chosen.pop()
        return False

    return tuple(chosen) if fit(0) else None


# ---------------------------------------------------------------- candidates, best first


def candidates(
    rules: Rules, part: Part, pool: Pool, avail: Cards, declared: frozenset[int], every: bool = False
) -> Iterator[Cards]:
    """Card sets from `avail` (best first) that satisfy the part, best first. Without `every`
    only the best of each kind (enough for a part alone); with it (a part other parts must fit
    beside) every set that satisfies the part."""
    if part.declared:
        if declared and declared <= set(avail):
            got = tuple(c for c in avail if c in declared)
            if satisfies(rules, part, got, declared):
                yield got
        return
    if part.same:
        n = part.count
        groups = [g for g in pool.buckets(part.same) if len(g) >= n]
        if len(avail) < len(pool.cards):  # some cards taken (avail is drawn from the pool)
            free = set(avail)
            groups = [g for g in (tuple([c for c in g if c in free]) for g in groups) if len(g) >= n]
        if len(groups) > 1:
            order = rules.card_order
            groups.sort(key=lambda g: [order[c] for c in g[:n]], reverse=True)
        found: list[Cards] = []
        for g in groups:
            found.extend(_within(rules, part, g, declared, exhaustive=False, every=every))
        if len(found) > 1:
            found.sort(key=lambda cs: part_key(rules, part, cs), reverse=True)
        yield from found
        return
    live = tuple(c for c in avail if not rules.dead[c] and not rules.wild[c])
    found = list(_within(rules, part, live, declared, exhaustive=True, every=every))
    found.sort(key=lambda cs: part_key(rules, part, cs), reverse=True)
    yield from found


def _within(
    rules: Rules, part: Part, cards: Cards, declared: frozenset[int], exhaustive: bool, every: bool
) -> Iterator[Cards]:
    """Candidates in one bucket (or the pool): the best of each kind, then with `every` the rest."""
    given: list[frozenset[int]] = []
    for got in _best_within(rules, part, cards, declared, exhaustive):
        given.append(frozenset(got))
        yield got
    n = part.count
    if every and n and len(cards) >= n:
        for combo in itertools.combinations(cards, n):
            if frozenset(combo) not in given and satisfies(rules, part, combo, declared):
                yield combo


def _best_within(
    rules: Rules, part: Part, cards: Cards, declared: frozenset[int], exhaustive: bool
) -> Iterator[Cards]:
    """The best candidates of each kind inside one bucket (or the whole pool), best first."""
    n = part.count
    if part.none:
        cards = tuple(
            c
            for c in cards
            if all(
                (rules.columns[a][c] <= 0 if a in rules.multi else rules.columns[a][c] < 0) for a in part.none
            )
        )
    if len(cards) < n:
        return
    if part.extra and not part.runs:  # a registered condition: every set of the bucket is tried
        for combo in itertools.combinations(cards, n):
            if satisfies(rules, part, combo, declared):
                yield combo
        return
    if part.cover:
        got = _cover(rules, part, cards)
        if got is not None and satisfies(rules, part, got, declared):
            yield got
        return
    if part.values:
        a, wanted = part.values[0]
        col = rules.columns[a]
        pick: dict[int, int] = {}
        for c in cards:
            if col[c] in wanted and col[c] not in pick:
                pick[col[c]] = c
        if len(pick) == len(wanted):
            got = tuple(sorted(pick.values(), key=cards.index))
            if satisfies(rules, part, got, declared):
                yield got
        return
    if part.runs:
        yield from _runs(rules, part, cards, declared)
        return
    if part.distinct:
        col = rules.columns[part.distinct[0]]
        pick2: dict[int, int] = {}
        for c in cards:
            if col[c] >= 0 and col[c] not in pick2:
                pick2[col[c]] = c
        got = tuple(sorted(pick2.values(), key=cards.index))[:n]
        if len(got) == n and satisfies(rules, part, got, declared):
            yield got
        return
    if not (part.same or part.distinct or part.runs or part.none):  # any cards: let the caller choose
        yield from itertools.combinations(cards, n)
        return
    got = cards[:n]
    if satisfies(rules, part, got, declared):
        yield got
    elif exhaustive or len(cards) <= 12:  # a filter the best cards fail: look further
        for combo in itertools.combinations(cards, n):
            if satisfies(rules, part, combo, declared):
                yield combo
                return


def _runs(rules: Rules, part: Part, cards: Cards, declared: frozenset[int]) -> Iterator[Cards]:
    run = part.runs[0]
    col = rules.columns[run.attribute]
    n = part.count
    extra = len(part.runs) > 1 or part.distinct or part.values or part.extra
    for seq in run.sequences:
        at: dict[int, list[int]] = {}
        for c in cards:
            for p in seq.positions.get(col[c], ()):
                at.setdefault(p, []).append(c)
        tops = range(seq.length - 1, -1, -1) if seq.wrap else range(seq.length - 1, n - 2, -1)
        for top in tops:
            span = [(top - i) % seq.length for i in range(n)]
            if seq.wrap and n > seq.length:
                continue
            if not all(p in at for p in span):
                continue
            if extra:  # another condition may need other cards at some positions
                for combo in itertools.product(*(at[p] for p in span)):
                    if len(set(combo)) == n and satisfies(rules, part, combo, declared):
                        yield combo
                        break
            else:
                got = tuple(at[p][0] for p in span)
                if len(set(got)) == n and satisfies(rules, part, got, declared):
                    yield got


def part_key(rules: Rules, part: Part, cards: Cards) -> tuple[int, ...]:
    """How a part's cards compare with the same part's in another hand: a run on the order
    attribute by its top, anything else by its cards high to low."""
    for run in part.runs:
        if run.attribute == rules.order and len(run.sequences) == 1 and not run.sequences[0].wrap:
            top = run_top(run, cards, rules)
            return (top if top is not None else -1,)
    return tuple(sorted((rules.card_order[c] for c in cards), reverse=True))


def possible(rules: Rules, part: Part, pool: Pool) -> bool:
    """A quick necessary test: enough cards sharing, differing or running as the part needs."""
    n = part.count
    if part.same and n > 1:
        groups = [g for g in pool.buckets(part.same) if len(g) >= n]
        if not groups:
            return False
    else:
        groups = None
    for attr in [r.attribute for r in part.runs] + list(part.distinct):
        if groups is None:
            if len(pool.buckets((attr,))) < n:
                return False
        elif attr in rules.multi:
            if not any(len(bucket(rules, g, (attr,))) >= n for g in groups):
                return False
        else:  # a bucket's cards are live: its values of attr (none: -1) are its buckets of attr
            col = rules.columns[attr]
            if not any(len({v for v in map(col.__getitem__, g) if v >= 0}) >= n for g in groups):
                return False
    for attr, wanted in part.values:
        present = {rules.columns[attr][g[0]] for g in pool.buckets((attr,))}
        if not wanted <= present:
            return False
    return True


class _Shape:
    """What `find` reads of a category on every call, worked out once per category and rules."""

    __slots__ = ("cat", "size", "differing", "again")

    def __init__(self, cat: Category) -> None:
        parts = cat.parts
        self.cat = cat  # held, so that its id (the key) is never another category's
        self.size = sum(p.count for p in parts)
        # parts that must differ in an attribute they each share, and how many of them
        self.differing: tuple[tuple[Part, int], ...] = ()
        if len(parts) > 1 and cat.differ:
            self.differing = tuple(
                (p, sum(1 for q in parts if q == p))
                for p in dict.fromkeys(parts)
                if p.same and set(p.same) & set(cat.differ)
            )
        # per part: the same part as the one before (identical parts are taken in order)
        self.again = tuple(i > 0 and parts[i] == parts[i - 1] for i in range(len(parts)))


def _shape(rules: Rules, cat: Category) -> _Shape:
    shapes = rules.memo.get("find_shapes")
    if shapes is None:
        shapes = rules.memo["find_shapes"] = {}
    got: _Shape | None = shapes.get(id(cat))
    if got is None or got.cat is not cat:
        got = shapes[id(cat)] = _Shape(cat)
    return got


def find(
    rules: Rules, cat: Category, pool: Pool, declared: frozenset[int] = frozenset()
) -> list[Cards] | None:
    """The best fit of the category's parts in the pool (one card tuple per part), or None."""
    parts = cat.parts
    if not parts:
        return []
    shape = _shape(rules, cat)
    # Cheap necessary tests first: most categories fail here.
    if shape.size > len(pool.cards):
        return None
    for p in parts:
        if not possible(rules, p, pool):
            return None
    # Parts that must differ in an attribute they each share need that many big buckets.
    for p, need in shape.differing:
        if sum(1 for g in pool.buckets(p.same) if len(g) >= p.count) < need:
            return None
    if len(parts) == 1:  # one part: its best candidate, if any (nothing to differ from)
        for cs in candidates(rules, parts[0], pool, pool.cards, declared, False):
            return [cs]
        return None
    chosen: list[Cards] = []
    used: set[int] = set()
    every = len(parts) > 1  # a part's best set may leave no room for the next: try them all
    again = shape.again

    def differs(cs: Cards) -> bool:
        for a in cat.differ:
            col = rules.columns[a]
            mine = {col[c] for c in cs}
            if any(mine & {col[c] for c in other} for other in chosen):
                return False
        return True

    def fit(i: int, floor: tuple[int, ...] | None) -> bool:
        if i == len(parts):
            return True
        avail = tuple(c for c in pool.cards if c not in used) if used else pool.cards
        for cs in candidates(rules, parts[i], pool, avail, declared, every):
            key = part_key(rules, parts[i], cs)
            if again[i] and floor is not None and key > floor:
                continue  # identical parts are taken in order: no permutations
            if not differs(cs):
                continue
            chosen.append(cs)
            used.update(cs)
            if fit(i + 1, key):
                return True
            chosen.pop()
            used.difference_update(cs)
        return False

    return list(chosen) if fit(0, None) else None
