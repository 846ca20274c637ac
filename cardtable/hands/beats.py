"""Hand keys for comparing, found with less work than the full evaluation: the best key of a
hand made from one line of a grid (`line: any`), and whether a hand beats a given key (all a
computer player asks of an opponent's hand).

A line hand's key is the best of its lines' keys. Each line first gets a cheap upper bound: the
best category the prefilter allows it (prefilter.py) and, for a category of one plain part
compared by its cards first, the line's highest cards. Lines are then valued best bound first,
each only down to the category of the best key so far (the evaluator's `floor`), and a line whose
bound is below that key is not valued at all. The answers are exactly `strength_rules(...)` and
`strength_rules(...) > key`, only the order of the work differs (tests/test_hands_fast.py).
Combined sets are compared from their sets first (combined.beats_combined).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import neg

from .api import ZoneCards, _cards, _lines, _plain, evaluate_pool, no_hand, strength_rules
from .combined import beats_combined
from .conditions import part_handles
from .prefilter import Counted, best_allowed
from .prefilter import _static as prefilter_tables
from .rules import Rules
from .value import Key

Strength = Callable[[Mapping[str, ZoneCards], Sequence[int]], Key]
Beats = Callable[[Mapping[str, ZoneCards], Sequence[int], Key], bool]
Comparers = tuple[Strength, Beats]


def comparers(rules: Rules) -> Comparers:
    """(a hand's key, whether a hand beats a key) for these rules, by their quickest ways:
    `strength_rules(rules, zones, declared)` and `... > key`, the same answers."""
    got = rules.memo.get("comparers")
    if isinstance(got, tuple):
        return got
    whole, above_whole = plain_comparers(rules)

    def lines(zones: Mapping[str, ZoneCards], declared: Sequence[int]) -> Key:
        got = line_strength(rules, zones, declared)
        return got if got is not None else strength_rules(rules, zones, declared)

    def above(zones: Mapping[str, ZoneCards], declared: Sequence[int], key: Key) -> bool:
        got = beats(rules, zones, declared, key)
        return got if got is not None else strength_rules(rules, zones, declared) > key

    kind = _shortcut(rules)
    made: Comparers = (lines if kind == "lines" else whole, above if kind else above_whole)
    rules.memo["comparers"] = made
    return made


def prepare(rules: Rules) -> None:
    """Make now the per-card tables the comparers otherwise make on first use (the prefilter's
    bucket keys, the cards' orders): for a 12,000-card deck ~20 ms, better before a table's
    first frame than in a computer player's first unit of thinking."""
    if not rules.combine:
        prefilter_tables(rules)
        _down(rules)


def plain_comparers(rules: Rules) -> Comparers:
    """The same two without any shortcut: whole keys from `strength_rules`."""

    def whole(zones: Mapping[str, ZoneCards], declared: Sequence[int]) -> Key:
        return strength_rules(rules, zones, declared)

    def above(zones: Mapping[str, ZoneCards], declared: Sequence[int], key: Key) -> bool:
        return strength_rules(rules, zones, declared) > key

    return whole, above


def line_strength(rules: Rules, zones: Mapping[str, ZoneCards], declared: Sequence[int]) -> Key | None:
    """The key of the best line hand, or None when the form is not one line plus free cards of
    plain rules (the caller evaluates as usual)."""
    if _shortcut(rules) != "lines":
        return None
    best = no_hand(rules).key
    dset = frozenset(declared)
    cap, ranked = _ranked(rules, zones, dset)
    for tops, cards in ranked:
        if _below(rules, cap, tops, best):
            continue  # below even as the best category any line might make
        mask = best_allowed(rules, cards, dset, cap)
        if _below(rules, mask, tops, best):
            continue
        floor = _floor(rules, best)
        # (a superset of `allowed`: a category it adds is one `find` cannot make)
        value = _plain(rules, cards, rules.form.size, dset, floor, mask)
        if value.key > best:
            best = value.key
    return best


def beats(rules: Rules, zones: Mapping[str, ZoneCards], declared: Sequence[int], key: Key) -> bool | None:
    """Whether the hand's key is above `key` (None when this module has no shortcut for the
    form: the caller compares keys as usual)."""
    kind = _shortcut(rules)
    if kind == "combined":
        return _beats_combined(rules, zones, key)
    floor = _floor(rules, key)
    if kind != "lines" or floor is None:
        return None
    dset = frozenset(declared)
    cap, ranked = _ranked(rules, zones, dset)
    for tops, cards in ranked:
        if _below(rules, cap, tops, key):
            continue
        mask = best_allowed(rules, cards, dset, cap)
        if _below(rules, mask, tops, key):
            continue
        if _plain(rules, cards, rules.form.size, dset, floor, mask).key > key:
            return True
    return False


def _shortcut(rules: Rules) -> str | None:
    """Which shortcut serves these rules, decided once: "combined" (combined sets from whole
    zones), "lines" (plain rules, free cards and one line of a grid) or None."""
    if "beats_kind" not in rules.memo:
        form = rules.form
        kind = None
        if form.runs_zone is None and not rules.combine:
            if len([u for u in form.uses if u.line]) == 1 and all(u.exactly is None for u in form.uses):
                kind = "lines" if _plain_rules(rules) else None
        elif form.runs_zone is None and not any(u.line for u in form.uses):
            kind = "combined"
        rules.memo["beats_kind"] = kind
    got = rules.memo["beats_kind"]
    return got if isinstance(got, str) else None


def _beats_combined(rules: Rules, zones: Mapping[str, ZoneCards], key: Key) -> bool:
    """Combined sets (combined.beats_combined), for a form of whole zones, some of them `exactly`."""
    form = rules.form
    free: list[int] = []
    exact: list[tuple[list[int], int]] = []
    for use in form.uses:
        if use.exactly is not None:
            exact.append((_cards(zones.get(use.zone, ())), use.exactly))
        else:
            free.extend(_cards(zones.get(use.zone, ())))
    return beats_combined(rules, tuple(free), form.size, exact or None, key)


class _Grid:
    """One grid's lines, each with its cards' orders negated and sorted, and its cards counted
    once (prefilter.Counted): made once for every seat's hand of a deal."""

    def __init__(self, rules: Rules, grid: ZoneCards) -> None:
        down = _down(rules)
        self.lines = _lines(grid) or [[]]
        self.tops = [sorted(map(down.__getitem__, cards)) for cards in self.lines]
        # each card once (it lies in a row and a column): a card counted twice would loosen
        # the bound of all lines
        self.counted = Counted(tuple(dict.fromkeys(c for cards in self.lines for c in cards)))


def _down(rules: Rules) -> tuple[int, ...]:
    """Each card's order negated (sorting them puts the highest first)."""
    down = rules.memo.get("beats_down")
    if not isinstance(down, tuple):
        down = rules.memo["beats_down"] = tuple(-o for o in rules.card_order)
    return down


def _pools(rules: Rules, zones: Mapping[str, ZoneCards]) -> tuple[tuple[int, ...], _Grid]:
    """The free cards, and the grid's lines (one pool per line: the free cards and the line)."""
    form = rules.form
    line = next(u for u in form.uses if u.line)
    free = tuple(c for u in form.uses if not u.line for c in _cards(zones.get(u.zone, ())))
    grid = zones.get(line.zone, ())
    # Every seat's hand in one deal has the same grid: its lines are made once (the last grid
    # is kept, a copy, and compared whole: cheap next to sorting its rows and columns again).
    last = rules.memo.get("beats_grid")
    if isinstance(last, tuple) and last[0] == grid:
        return free, last[1]
    made = _Grid(rules, grid)
    rules.memo["beats_grid"] = (dict(grid) if isinstance(grid, Mapping) else list(grid), made)
    return free, made


def _ranked(
    rules: Rules, zones: Mapping[str, ZoneCards], declared: frozenset[int]
) -> tuple[int, list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """Categories holding those any line's pool might make, the best of them exact
    (`prefilter.best_allowed` of the free cards and the whole grid: its tests only pass more on
    more cards), and the pools, highest cards first: (their orders negated, lowest first; the
    cards). A pool's own categories (`best_allowed`) are counted only when its highest cards
    do not already put it below."""
    free, grid = _pools(rules, zones)
    cap = best_allowed(rules, free, declared, base=grid.counted) if len(grid.lines) > 1 else -1
    mine = sorted(map(_down(rules).__getitem__, free))
    # two sorted runs: the sort merges them
    out = [(tuple(sorted(mine + tops)), free + tuple(cards)) for tops, cards in zip(grid.tops, grid.lines)]
    out.sort(key=lambda t: t[0])
    return cap, out


def _below(rules: Rules, mask: int, tops: tuple[int, ...], key: Key) -> bool:
    """Whether every hand of the pool is surely below `key` (False when unsure); `tops`: the
    orders of the pool's cards negated, lowest first (its highest cards first)."""
    ncat = len(rules.categories)
    first = (mask & -mask).bit_length() - 1 if mask else ncat
    if not key or not isinstance(key[0], int):
        return False
    if ncat - first < key[0]:
        return True  # its best possible category is worse than the key's
    if ncat - first > key[0] or len(key) < 2:
        return False
    count = _plain_count(rules, first)
    if count is None:
        return False
    # The category's cards, high to low, are at best the pool's highest cards.
    bound = tuple(map(neg, tops[:count]))
    return bool(bound < key[1])


def _plain_count(rules: Rules, rank: int) -> int | None:
    """How many cards a category compares first, when it is one part whose cards (high to low)
    are its first tie layer, and no more than its count; else None."""
    memo: dict[int, int | None] = rules.memo.setdefault("beats_counts", {})
    if rank in memo:
        return memo[rank]
    cat = rules.categories[rank]
    got = None
    if len(cat.parts) == 1 and cat.ties[:1] == ("cards",):
        p = cat.parts[0]
        if p.count > 0 and part_handles(p, "bounds"):
            got = p.count
    memo[rank] = got
    return got


def _plain_rules(rules: Rules) -> bool:
    """Keys that begin with the category (count of categories - rank): no combined sets,
    lowball or wild cards."""
    plain = rules.memo.get("beats_plain")
    if plain is None:
        plain = rules.memo["beats_plain"] = not (rules.combine or rules.lowest_wins or any(rules.wild))
    return bool(plain)


def _floor(rules: Rules, key: Key) -> int | None:
    """The worst category a hand at least as good as `key` may be (None when unknown)."""
    ncat = len(rules.categories)
    if not _plain_rules(rules) or not key or not isinstance(key[0], int) or not 0 <= key[0] <= ncat:
        return None
    return ncat - key[0]


__all__ = ["beats", "comparers", "evaluate_pool", "line_strength", "plain_comparers"]
