"""Which categories a pool might make, decided from a few counts before any search.

A pool's profile is, for each attribute group the categories ask to be shared (`same`) or to
differ or run (`distinct`, `run`), the sizes of its buckets of live cards, biggest first. Each
category's cheapest necessary conditions are then read off the profile: enough cards in all,
the declared cards present where a part is made of them, a bucket big enough for every `same`
part (and enough such buckets where the parts must differ in it), enough different values for
every run and distinct part, and for a run consecutive positions enough (runlength.py; a category
with a condition conditions.py does not say the prefilter handles is never skipped). A category that fails them
cannot be found (`search.find` would refuse it by the same tests), so `_plain` skips it unasked.

Bucket sizes repeat (fourteen cards of a 12,000-card deck mostly show one card per suit), so
per group of attributes the categories its sizes allow are remembered per rules, as a bitmask:
most pools cost a few counts (in C) and one look-up per group.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable

try:  # Counter's own counting loop, in C, without making a Counter per group of every pool
    from _collections import _count_elements as _count  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python: the same count in Python

    def _count(into: dict[object, int], items: Iterable[object]) -> None:
        for x in items:
            into[x] = into.get(x, 0) + 1


from dataclasses import dataclass, field
from typing import cast

from .conditions import category_handles
from .pool import card_keys
from .rules import Category, Rules
from .runlength import Present, RunCheck, longest, longest_with, make_bits, present, run_checks, touches
from .steps import finish

KEPT = 50_000  # remembered profiles per rules (then forgotten and begun again)
PIECE = 250  # cards keyed between two yields of `prepare` (about a millisecond)


@dataclass
class _Static:
    """Per rules: the attribute groups a profile counts, per group each card's bucket key (None
    for a card in no bucket: dead, wild or without that value; a tuple of keys for multi-valued
    attributes), and the remembered answers: per pool size and per group's bucket sizes, a
    bitmask of the categories whose conditions on it pass."""

    groups: tuple[tuple[str, ...], ...]
    simple: tuple[bool, ...]  # per group: one key per card (no multi-valued attribute)
    keys: list[list[object]]
    # per simple group: each card's bucket as a small number (None: in none), quicker to count
    # than its key (a tuple, hashed afresh at each count)
    numbers: list[list[int | None]]
    declared: int = 0  # the categories with a part made of the declared cards
    # the runs' checks (runlength.py): tests number len(groups) + their index
    runs: tuple[RunCheck, ...] = ()
    # per category: the tests (bitmask of indexes into `groups`, then `runs`) that could rule it out
    touched: tuple[int, ...] = ()
    # per test: the categories it could rule out (any other it always lets through)
    touching: tuple[int, ...] = ()
    # `_might` reads no size past the `keep` biggest, nor beyond `most` cards (_clip)
    keep: int = 0
    most: int = 0
    by_size: dict[int, int] = field(default_factory=dict)
    by_group: list[dict[tuple[int, ...], int]] = field(default_factory=list)
    terms: list[list[tuple[tuple[int, int, tuple[tuple[int, int], ...]], int]]] = field(default_factory=list)


def _static(rules: Rules) -> _Static:
    got = rules.memo.get("prefilter")
    if isinstance(got, _Static):
        return got
    return finish(prepare(rules))


def prepare(rules: Rules) -> Generator[None, None, _Static]:
    """The tables of `rules` (each card's bucket keys per group, each category's terms per
    group), made `PIECE` cards or one category at a time between yields so that a window can
    spread them over frames: a 12,000-card deck's take a good part of a second whole."""
    got = rules.memo.get("prefilter")
    if isinstance(got, _Static):
        return got
    groups: set[tuple[str, ...]] = set()
    for cat in rules.categories:
        for p in cat.parts:
            if p.same:
                groups.add(p.same)
            for a in [r.attribute for r in p.runs] + list(p.distinct):
                groups.add((a,))
    ordered = tuple(sorted(groups))
    simple = tuple(not any(a in rules.multi for a in g) for g in ordered)
    ncards = len(rules.card_order)
    keys: list[list[object]] = []
    numbers: list[list[int | None]] = []
    keyed = 0
    for g, one in zip(ordered, simple):
        col: list[object] = []
        numbered: dict[object, int] = {}
        for c in range(ncards):
            if keyed >= PIECE:
                keyed = 0
                yield
            ks = [] if rules.dead[c] or rules.wild[c] else card_keys(rules, c, g)
            keyed += max(1, len(ks))  # a card of many values costs a key each
            col.append((ks[0] if ks else None) if one else tuple(ks))
        keys.append(col)
        numbers.append(
            [None if k is None else numbered.setdefault(k, len(numbered)) for k in col] if one else []
        )
    declared = sum(1 << r for r, cat in enumerate(rules.categories) if any(p.declared for p in cat.parts))
    handled: list[bool] = []
    for cat in rules.categories:  # a category's tests are quick, a thousand categories' are not
        yield
        handled.append(category_handles(cat, "prefilter"))
    runs = run_checks(rules, ordered, handled)
    for check in runs:  # each card's positions in the runs' sequences
        yield from make_bits(rules, check.run, PIECE)
    touched: list[int] = []
    for cat, ok in zip(rules.categories, handled):
        yield
        touched.append(
            sum(1 << j for j, g in enumerate(ordered) if _touches(cat, g))
            | sum(1 << (len(ordered) + k) for k, check in enumerate(runs) if ok and touches(check, cat))
        )
    most = max((p.count for cat in rules.categories for p in cat.parts), default=0)
    keep = max([most] + [len(cat.parts) for cat in rules.categories])
    touching = tuple(
        sum(1 << r for r, t in enumerate(touched) if t >> j & 1) for j in range(len(ordered) + len(runs))
    )
    got = _Static(
        ordered,
        simple,
        keys,
        numbers,
        declared,
        runs,
        tuple(touched),
        touching,
        keep,
        most,
        by_group=[{} for _ in ordered],
    )
    for group in ordered:  # what `_by_terms` would work out at the first pools
        merged: dict[Terms, int] = {}
        for r, cat in enumerate(rules.categories):
            yield
            t = _terms(cat, group)
            merged[t] = merged.get(t, 0) | 1 << r
        got.terms.append(list(merged.items()))
    rules.memo["prefilter"] = got
    return got


def allowed(rules: Rules, cards: tuple[int, ...], declared: frozenset[int] = frozenset()) -> int:
    """A bitmask of the ranks of the categories the pool might make (the others cannot be
    found): one bit per category, bit 0 the best."""
    st = _static(rules)
    mask = _start(rules, st, cards, declared)
    for j, could in enumerate(st.touching):
        if mask & could:  # a test that could rule out none of the categories left is not made
            mask &= _test(rules, st, j, cards)
    return mask


@dataclass
class Counted:
    """Cards a caller's pools share (a grid's), counted once per attribute group when first
    asked: `best_allowed`'s `base`."""

    cards: tuple[int, ...]
    counts: dict[int, dict[object, int]] = field(default_factory=dict)
    held: dict[int, tuple[list[Present], int]] = field(default_factory=dict)  # per run check


def best_allowed(
    rules: Rules,
    cards: tuple[int, ...],
    declared: frozenset[int] = frozenset(),
    cap: int = -1,
    base: Counted | None = None,
) -> int:
    """A bitmask of categories holding those `allowed` gives, its lowest bit (the best category
    the pool might make) the same as `allowed`'s: the groups are counted best category first,
    each only when it could rule out the best category left. `cap`: categories known to hold
    every one the pool might make (`allowed` of cards holding these: its tests only pass more
    on more cards, bigger buckets and more of them). `base`: other cards the pool holds too,
    their counts kept."""
    st = _static(rules)
    mask = _start(rules, st, cards + base.cards if base else cards, declared) & cap
    counted = 0
    while mask:
        left = st.touched[(mask & -mask).bit_length() - 1] & ~counted
        if not left:
            break  # every group that could rule the best one out has let it be
        j = (left & -left).bit_length() - 1
        mask &= _test(rules, st, j, cards, base)
        counted |= 1 << j
    return mask


def _start(rules: Rules, st: _Static, cards: tuple[int, ...], declared: frozenset[int]) -> int:
    """The categories enough cards and the declared ones allow."""
    n = len(cards)
    mask = st.by_size.get(n)
    if mask is None:
        mask = st.by_size[n] = sum(
            1 << r for r, cat in enumerate(rules.categories) if sum(p.count for p in cat.parts) <= n
        )
    if st.declared and not (declared and declared <= set(cards)):
        mask &= ~st.declared  # no declared cards, or not all of them here: no part of them
    return mask


def _test(rules: Rules, st: _Static, j: int, cards: tuple[int, ...], base: Counted | None = None) -> int:
    """The categories test j allows: a group's bucket sizes, or (after the groups) a run's
    longest span of positions."""
    if j < len(st.groups):
        return _group(rules, st, j, cards, base)
    k = j - len(st.groups)
    check = st.runs[k]
    keys = st.keys[check.group] if check.group >= 0 else None
    if base is None:
        return check.allows(longest(check, present(rules, check, keys, cards)))
    kept = base.held.get(k)
    if kept is None:
        held = present(rules, check, keys, base.cards)
        kept = base.held[k] = (held, longest(check, held))
    return check.allows(longest_with(check, kept[0], kept[1], present(rules, check, keys, cards)))


def _group(rules: Rules, st: _Static, j: int, cards: tuple[int, ...], base: Counted | None = None) -> int:
    """The categories one attribute group's bucket sizes allow, remembered per sizes."""
    if base is None:
        counts = _counts(st, j, cards, {})
    else:
        kept = base.counts.get(j)
        if kept is None:
            kept = base.counts[j] = _counts(st, j, base.cards, {})
        counts = _counts(st, j, cards, dict(kept))
    sizes = tuple(sorted(counts.values(), reverse=True))
    if len(sizes) > st.keep or (sizes and sizes[0] > st.most):
        sizes = clip(sizes, st.keep, st.most)  # big pools: far fewer kinds of sizes to remember
    memo = st.by_group[j]
    got = memo.get(sizes)
    if got is None:
        if len(memo) > KEPT:
            memo.clear()
        got = memo[sizes] = sum(bits for terms, bits in _by_terms(rules, st, j) if _holds(terms, sizes))
    return got


def _counts(st: _Static, j: int, cards: tuple[int, ...], counts: dict[object, int]) -> dict[object, int]:
    """The counts of the cards' bucket keys of group j, added to `counts`."""
    if st.simple[j]:
        _count(counts, map(st.numbers[j].__getitem__, cards))
        counts.pop(None, None)
    else:
        col = st.keys[j]
        for c in cards:
            _count(counts, cast(tuple[object, ...], col[c]))
    return counts


def clip(sizes: tuple[int, ...], keep: int, most: int) -> tuple[int, ...]:
    """Bucket sizes (biggest first) that `_might` answers alike: the `keep` biggest, none over
    `most` cards. It compares the biggest with a part's count, how many there are with a count,
    and how many reach a count with the parts of a category: with every count at most `most`
    and every count and number of parts at most `keep`, the answers stay."""
    if not sizes or sizes[0] <= most:
        return sizes[:keep]
    return tuple(min(s, most) for s in sizes[:keep])


def _touches(cat: Category, group: tuple[str, ...]) -> bool:
    """Whether `_might` could say no to the category on some sizes of this group (a test below
    reads the group)."""
    if not category_handles(cat, "prefilter"):
        return False  # a condition the prefilter does not know: never skipped unasked
    parts = cat.parts
    for p in parts:
        if p.same == group and p.count > 1:
            return True
        spread = [r.attribute for r in p.runs] + list(p.distinct)
        if len(group) == 1 and group[0] in spread and p.count > 0:
            return True
    if len(parts) > 1 and cat.differ:
        return any(p.same == group and set(p.same) & set(cat.differ) for p in parts)
    return False


Terms = tuple[int, int, tuple[tuple[int, int], ...]]


def _terms(cat: Category, group: tuple[str, ...]) -> Terms:
    """What `_might` asks of a group's sizes for a category: the biggest bucket at least this,
    at least this many buckets, and per (count, need) at least `need` buckets of `count`."""
    if not category_handles(cat, "prefilter"):
        return 0, 0, ()  # asks nothing: see _touches
    parts = cat.parts
    big = max((p.count for p in parts if p.same == group and p.count > 1), default=0)
    spread = max(
        (
            p.count
            for p in parts
            if len(group) == 1 and group[0] in [r.attribute for r in p.runs] + list(p.distinct)
        ),
        default=0,
    )
    pairs: set[tuple[int, int]] = set()
    if len(parts) > 1 and cat.differ:
        for p in set(parts):
            if p.same == group and set(p.same) & set(cat.differ):
                pairs.add((p.count, sum(1 for q in parts if q == p)))
    return big, spread, tuple(sorted(pairs))


def _holds(terms: Terms, sizes: tuple[int, ...]) -> bool:
    """`_might`, from the category's terms."""
    big, spread, pairs = terms
    if big and (not sizes or sizes[0] < big):
        return False
    if len(sizes) < spread:
        return False
    return all(sum(1 for s in sizes if s >= count) >= need for count, need in pairs)


def _by_terms(rules: Rules, st: _Static, j: int) -> list[tuple[Terms, int]]:
    """Group j's categories by their terms (far fewer than categories): (terms, their bits),
    worked out by `prepare`."""
    return st.terms[j]


def _might(cat: Category, group: tuple[str, ...], sizes: tuple[int, ...]) -> bool:
    """The necessary conditions `search.find` and `search.possible` test first on this group of
    attributes, read from its bucket sizes (biggest first)."""
    if not category_handles(cat, "prefilter"):
        return True
    parts = cat.parts
    for p in parts:
        if p.same == group and p.count > 1 and (not sizes or sizes[0] < p.count):
            return False
        spread = [r.attribute for r in p.runs] + list(p.distinct)
        if len(group) == 1 and group[0] in spread and len(sizes) < p.count:
            return False
    if len(parts) > 1 and cat.differ:
        for p in set(parts):
            if p.same == group and set(p.same) & set(cat.differ):
                need = sum(1 for q in parts if q == p)
                if sum(1 for s in sizes if s >= p.count) < need:
                    return False
    return True
