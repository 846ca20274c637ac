"""What the engine calls: evaluate a player's best hand, compare hands, score a grid placement."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from typing import Any

from . import prefilter, tables
from .adjacent import adjacent_fit
from .combined import evaluate_combined
from .low import evaluate_low
from .pool import Pool
from .prefilter import allowed
from .rules import Category, Rules
from .search import find, part_key
from .table import fast
from .value import HandValue as HandValue  # re-exported: the engine names it from here
from .value import Key
from .value import Placement as Placement
from .wild import evaluate_wild

ZoneCards = Sequence[int] | Mapping[tuple[int, int], int]
PLAIN_KEPT = 20_000  # pools whose value is remembered per rules (then forgotten and begun again)


def rules_of(variant: Any) -> Rules:
    rules = variant.sections.get("hands") if hasattr(variant, "sections") else None
    if not isinstance(rules, Rules):
        raise ValueError(f"variant '{getattr(variant, 'id', variant)}' has no hands section")
    return rules


def hand_size(variant: Any) -> int:
    """Cards in one final hand."""
    return rules_of(variant).size


def no_hand(rules: Rules) -> HandValue:
    # Below every hand: a low hand's key is negative (low.invert).
    return HandValue((-(10**9),) if rules.lowest_wins else (0,), "No Hand", len(rules.categories), ())


def _value(
    rules: Rules, rank: int, cat: Category, fit: list[tuple[int, ...]], pool: Pool, size: int
) -> HandValue:
    made = tuple(fit[0]) if len(fit) == 1 else tuple(c for cs in fit for c in cs)
    wanted = size - len(made)
    if wanted > 0:
        used = set(made)
        kickers = tuple([c for c in pool.cards if c not in used][:wanted])
    else:
        kickers = ()
    cards = made + kickers
    order = rules.card_order
    layers: list[Key] = []
    for layer in cat.ties:
        if layer == "cards":
            if len(fit) == 1:
                layers.append(part_key(rules, cat.parts[0], fit[0]))
            else:
                layers.append(tuple(k for p, cs in zip(cat.parts, fit) for k in part_key(rules, p, cs)))
        elif layer == "kickers":  # the pool is best first: its kickers' orders are high to low
            layers.append(tuple(map(order.__getitem__, kickers)))
        elif layer == "trumps":
            trumps = sorted((order[c] for c in cards if rules.trump[c]), reverse=True)
            layers.append((1 if trumps else 0, len(trumps), *trumps))
    key = (len(rules.categories) - rank, *layers)
    return HandValue(key, cat.name, rank, cards, cat.points, made)


def evaluate_pool(
    rules: Rules,
    cards: Sequence[int],
    size: int | None = None,
    declared: Iterable[int] = (),
    floor: int | None = None,
) -> HandValue:
    """The best hand of `size` cards (default the form's size) from the pool. With `floor`,
    categories ranked below it are not tried (the caller already holds a hand that good)."""
    if rules.combine:
        return evaluate_combined(rules, tuple(cards), size or rules.size)
    if rules.lowest_wins:  # lowball (low.py): the worst hand by the categories wins
        return evaluate_low(rules, cards, size or rules.size, frozenset(declared), _high)
    return _high(rules, cards, size or rules.size, frozenset(declared), floor)


def prepare(rules: Rules) -> Generator[None, None, None]:
    """What `evaluate_pool` makes for `rules` on its first call (the prefilter's tables, the
    slow part for a large deck), a piece at a time between yields: a window spreads it over
    frames, then no pool costs more than its own search."""
    yield from prefilter.prepare(rules)


def _high(
    rules: Rules, cards: Sequence[int], size: int, declared: frozenset[int], floor: int | None = None
) -> HandValue:
    if any(rules.wild[c] for c in cards):  # wild.py: wild cards stand for what helps most
        return evaluate_wild(rules, cards, size, declared, floor)
    value = _plain(rules, cards, size, declared, floor)
    if rules.natural_beats_wild:  # the same last tie layer as wild.py's: no wild card used
        v = value
        value = HandValue((*v.key, (0,)), v.category, v.rank, v.cards, v.points, v.made, v.detail)
    return value


def _plain(
    rules: Rules,
    cards: Sequence[int],
    size: int,
    declared: frozenset[int],
    floor: int | None,
    mask: int | None = None,
) -> HandValue:
    """`mask`: `prefilter.allowed` of these cards when the caller has it already."""
    # The same cards meet again (an opponent's hole cards with the same board in every decision
    # of a hand; a third of a computer player's pools): their value is remembered per rules. The
    # value depends on the cards as a set (Pool sorts them), so the key is the sorted cards.
    dset = frozenset(declared)
    memo = rules.memo.get("plain")
    if not isinstance(memo, dict):
        memo = rules.memo["plain"] = {}
    at = (tuple(sorted(cards)), size, dset, floor, mask)
    got = memo.get(at)
    if got is None:
        if len(memo) >= PLAIN_KEPT:
            memo.clear()
        got = memo[at] = _search(rules, cards, size, dset, floor, mask)
    return got


def _search(
    rules: Rules,
    cards: Sequence[int],
    size: int,
    dset: frozenset[int],
    floor: int | None,
    mask: int | None,
) -> HandValue:
    pool = Pool(rules, cards)
    cats = rules.categories
    # The other categories fail find's first tests (prefilter.py).
    left = allowed(rules, pool.cards, dset) if mask is None else mask
    while left:
        low = left & -left
        left ^= low
        rank = low.bit_length() - 1
        if floor is not None and rank > floor:
            break
        cat = cats[rank]
        if cat.exact and cat.size != len(pool.cards):
            continue
        fit = find(rules, cat, pool, dset)
        if fit is not None:
            if (
                cat.ties[:1] != ("cards",)
                and size < len(pool.cards)
                and math.comb(len(pool.cards), size) <= 800
            ):
                # Kickers compared first: the best pick may give up higher category cards to
                # keep higher kickers, so every hand of `size` cards is weighed.
                return max(
                    (
                        _plain(rules, sub, size, dset, None)
                        for sub in itertools.combinations(pool.cards, size)
                    ),
                    key=lambda v: v.key,
                )
            return _value(rules, rank, cat, fit, pool, size)
    return no_hand(rules)


def _matcher(rules: Rules) -> Callable[[Sequence[int]], Key]:
    return lambda cards: evaluate_pool(rules, cards).key


def strength(rules: Rules, cards: Sequence[int], declared: Iterable[int] = ()) -> Key:
    """`evaluate_pool(rules, cards, declared=declared).key` (the best hand's key, to compare),
    from the variant's lookup table when it has one (hands/tables.py), else from the matcher."""
    table = tables.current(rules, _matcher(rules))
    if table is not None:  # a table's rules have no declared parts
        at = table.best(cards)
        if at is not None:
            return table.keys[at]
    return evaluate_pool(rules, cards, None, declared).key


def ranker(rules: Rules) -> Callable[[Sequence[int]], Key]:
    """A function like `strength`, with the lookup table read or built now (when one can serve
    these rules): for callers that value many hands, e.g. `cardtable bench`."""
    table = tables.ensure(rules, _matcher(rules))
    if table is None:
        return _matcher(rules)
    return fast(table, _matcher(rules))


def build_ahead(rules: Rules, budget_s: float) -> bool:
    """About `budget_s` seconds of building the lookup table no file holds yet (tables.py); True
    once nothing is left to do ahead."""
    return tables.build_ahead(rules, _matcher(rules), budget_s)


def strength_rules(rules: Rules, zones: Mapping[str, ZoneCards], declared: Sequence[int] = ()) -> Key:
    """`evaluate_rules(...).key`, through `strength` when the hand is any cards of its zones or
    each of its picks (exactly N of a zone: Omaha's two of four) is."""
    form = rules.form
    if form.runs_zone is None and not any(u.line for u in form.uses):
        if all(u.exactly is None for u in form.uses):
            return strength(rules, [c for u in form.uses for c in _cards(zones.get(u.zone, ()))], declared)
        if not rules.combine:
            return max(
                (strength(rules, hand, declared) for hand in _picks(rules, zones)), default=no_hand(rules).key
            )
    return evaluate_rules(rules, zones, declared).key


def _picks(rules: Rules, zones: Mapping[str, ZoneCards]) -> Iterator[list[int]]:
    """Every hand of the form's size a form with `exactly` zones allows (no line zone): the
    zones' exact picks, filled from the other zones' cards."""
    free: list[int] = []
    exact: list[tuple[list[int], int]] = []
    for use in rules.form.uses:
        cards = _cards(zones.get(use.zone, ()))
        if use.exactly is not None:
            exact.append((cards, use.exactly))
        else:
            free.extend(cards)
    for picked in itertools.product(*(itertools.combinations(cs, min(n, len(cs))) for cs, n in exact)):
        fixed = [c for group in picked for c in group]
        rest = rules.form.size - len(fixed)
        for extra in itertools.combinations(free, min(rest, len(free))) if rest else [()]:
            yield fixed + list(extra)


def _cards(zone: ZoneCards) -> list[int]:
    return list(zone.values()) if isinstance(zone, Mapping) else list(zone)


def _lines(zone: ZoneCards) -> list[list[int]]:
    """Every full row and column of a grid zone (the cards present in it)."""
    if not isinstance(zone, Mapping):
        return [list(zone)]
    # rows and columns in the order the grid first names them; one sort of the places, rows
    # first, puts each one's cards in order
    rows: dict[int, list[int]] = {r: [] for r, _ in zone}
    cols: dict[int, list[int]] = {c: [] for _, c in zone}
    for (r, c), card in sorted(zone.items()):
        rows[r].append(card)
        cols[c].append(card)
    return list(rows.values()) + list(cols.values())


def evaluate(variant: Any, zones: Mapping[str, ZoneCards], declared: Sequence[int] = ()) -> HandValue:
    """A player's best hand from the zones the variant's `hands.form` names."""
    return evaluate_rules(rules_of(variant), zones, declared)


def evaluate_rules(rules: Rules, zones: Mapping[str, ZoneCards], declared: Sequence[int] = ()) -> HandValue:
    form = rules.form
    if form.runs_zone is not None:
        raise ValueError("this variant scores placements: use score_placement")
    free: list[int] = []
    exact: list[tuple[list[int], int]] = []
    line_zone = None
    for use in form.uses:
        zone = zones.get(use.zone, ())
        if use.line:
            line_zone = zone
        elif use.exactly is not None:
            exact.append((_cards(zone), use.exactly))
        else:
            free.extend(_cards(zone))
    lines = (_lines(line_zone) if line_zone is not None else []) or [[]]  # an empty grid: hole cards only
    best = no_hand(rules)
    for line in lines:
        pool = free + line
        if not exact:
            value = evaluate_pool(rules, pool, form.size, declared, floor=best.rank)
        elif rules.combine:
            value = evaluate_combined(rules, tuple(pool), form.size, exact)
        else:
            value = best
            choices = [itertools.combinations(cs, min(n, len(cs))) for cs, n in exact]
            for picked in itertools.product(*choices):
                fixed = [c for group in picked for c in group]
                rest = form.size - len(fixed)
                for extra in itertools.combinations(pool, min(rest, len(pool))) if rest else [()]:
                    v = evaluate_pool(rules, fixed + list(extra), form.size, declared)
                    if v.key > value.key:
                        value = v
        if value.key > best.key:
            best = value
    return best


def evaluate_split(
    variant: Any, zones: Mapping[str, ZoneCards], declared: Sequence[int] = ()
) -> HandValue | None:
    """A player's hand in the second ranking of a split pot (None when the pot is not split)."""
    split = rules_of(variant).split
    return evaluate_rules(split.rules, zones, declared) if split is not None else None


def compare(a: HandValue, b: HandValue) -> int:
    """-1, 0 or 1 as a is worse than, ties with, or beats b."""
    return (a.key > b.key) - (a.key < b.key)


def best(values: Iterable[HandValue]) -> list[int]:
    """Indexes of the winning hands (several when they split)."""
    vals = list(values)
    top = max(v.key for v in vals)
    return [i for i, v in enumerate(vals) if v.key == top]


def weakest(values: Iterable[HandValue]) -> list[int]:
    """Indexes of the weakest hands (the last place, e.g. for a role given to last hand's loser)."""
    vals = list(values)
    low = min(v.key for v in vals)
    return [i for i, v in enumerate(vals) if v.key == low]


def _segment(
    grid: Mapping[tuple[int, int], int], placed: tuple[int, int], dr: int, dc: int
) -> tuple[list[int], int]:
    """The contiguous cards through `placed` along one direction, and the placed card's index."""
    r, c = placed
    before = []
    rr, cc = r - dr, c - dc
    while (rr, cc) in grid:
        before.append(grid[(rr, cc)])
        rr, cc = rr - dr, cc - dc
    after = []
    rr, cc = r + dr, c + dc
    while (rr, cc) in grid:
        after.append(grid[(rr, cc)])
        rr, cc = rr + dr, cc + dc
    return before[::-1] + [grid[placed]] + after, len(before)


def score_placement(variant: Any, grid: Mapping[tuple[int, int], int], placed: tuple[int, int]) -> Placement:
    """The best hand through `placed` in its row and in its column, from the points table.

    A hand is a contiguous run of min..max cards that includes the placed card and uses every
    card of the run (a card that fits no pattern ends the hand). Each direction scores its best
    such run; scoring both ways earns the variant's both-ways bonus.
    """
    return score_placement_rules(rules_of(variant), grid, placed)


def evaluate_line(rules: Rules, line: Sequence[int]) -> HandValue:
    """The best category of cards in line order whose parts are each side by side (adjacent.py)."""
    pool = Pool(rules, line)
    for rank, cat in enumerate(rules.categories):
        if cat.exact and cat.size != len(line):
            continue
        fit = adjacent_fit(rules, cat, line)
        if fit is not None:
            return _value(rules, rank, cat, fit, pool, len(line))
    return no_hand(rules)


def score_placement_rules(
    rules: Rules, grid: Mapping[tuple[int, int], int], placed: tuple[int, int]
) -> Placement:
    lines: list[tuple[tuple[int, ...], str, int]] = []
    for dr, dc in ((0, 1), (1, 0)):
        seg, at = _segment(grid, placed, dr, dc)
        top: tuple[tuple[int, ...], str, int] | None = None
        for window in line_windows(rules, seg, at):
            v = window_value(rules, window)
            if v.rank < len(rules.categories) and (top is None or v.points > top[2]):
                top = (window, v.category, v.points)
        if top is not None and top[2] > 0:
            lines.append(top)
    total = sum(p for _, _, p in lines)
    bonus = 0
    if len(lines) == 2:
        bonus = both_ways(rules, total) - total
    return Placement(lines, bonus, total + bonus)


def line_windows(rules: Rules, seg: Sequence[int], at: int) -> Iterator[tuple[int, ...]]:
    """The runs of `seg` (the cards side by side along one line) that may score a hand holding its
    card at index `at`: every run of the hand form's min..max cards through it."""
    form = rules.form
    for length in range(form.runs_min, min(form.runs_max, len(seg)) + 1):
        for start in range(max(0, at - length + 1), min(at, len(seg) - length) + 1):
            yield tuple(seg[start : start + length])


def window_value(rules: Rules, window: Sequence[int]) -> HandValue:
    """The hand one run of a grid's line makes (its category's points; rank past the categories: none)."""
    return evaluate_line(rules, window) if rules.form.adjacent else evaluate_pool(rules, window, len(window))


def window_points(rules: Rules, window: Sequence[int]) -> int:
    """The points one run of a grid's line scores (0: no hand)."""
    v = window_value(rules, window)
    return v.points if v.rank < len(rules.categories) else 0


def both_ways(rules: Rules, total: int) -> int:
    """What a placement scoring hands in both its row and its column earns, its lines' `total` points."""
    return total * rules.both_ways_multiply + rules.both_ways_add
