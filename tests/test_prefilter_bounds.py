"""The prefilter's shortcuts (hands/prefilter.py) keep its answers: counting groups best category
first (`best_allowed`) gives the same best category and never drops one `allowed` keeps, more
cards never allow fewer categories (so all of a grid's lines together bound each line), bucket
sizes clipped (`clip`) and a category's terms (`_holds`) get the same answers, and a group a category does not touch never rules
it out. Pools are crowded (few values: kinds, flushes and runs are common)."""

from conftest import builtin
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hands_fast import PLAIN, crowded

from cardtable.hands.prefilter import _holds, _might, _static, _terms, _touches, allowed, best_allowed, clip

GAMES = [*PLAIN, "sigilian_poker", "limbo_holdem", "poker_grid"]


def low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PLAIN), st.data())
def test_best_allowed_keeps_the_best_category_and_every_allowed_one(vid, data):
    rules = builtin(vid).sections["hands"]
    more = data.draw(crowded(vid, 4, 30))
    cards = tuple(data.draw(st.lists(st.sampled_from(more), min_size=1, max_size=14, unique=True)))
    everything = allowed(rules, tuple(more))
    mask = allowed(rules, cards)
    assert mask & ~everything == 0  # more cards: no fewer categories
    for cap in (-1, everything, best_allowed(rules, tuple(more))):
        best = best_allowed(rules, cards, frozenset(), cap)
        assert mask & ~best == 0
        assert low(best) == low(mask) or (best == 0 and mask == 0)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.lists(st.integers(1, 14), max_size=24))
def test_clipped_sizes_and_untouched_groups_change_no_answer(vid, sizes):
    rules = builtin(vid).sections["hands"]
    pre = _static(rules)
    sizes = tuple(sorted(sizes, reverse=True))
    short = clip(sizes, pre.keep, pre.most)
    for group in pre.groups:
        for cat in rules.categories:
            got = _might(cat, group, sizes)
            assert _might(cat, group, short) == got, (cat.name, group, sizes)
            assert _holds(_terms(cat, group), sizes) == got, (cat.name, group, sizes)
            if not _touches(cat, group):
                assert got, (cat.name, group, sizes)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(PLAIN), st.data())
def test_cards_counted_once_count_as_the_pools_own(vid, data):
    """best_allowed with a `base` of cards counted once (a grid's) answers as with those cards
    in the pool, asked again with other cards too (the kept counts are not changed)."""
    from cardtable.hands.prefilter import Counted

    rules = builtin(vid).sections["hands"]
    pool = data.draw(crowded(vid, 4, 24))
    cut = data.draw(st.integers(0, len(pool)))
    base = Counted(tuple(pool[cut:]))
    for extra in (tuple(pool[:cut]), tuple(pool[: cut // 2]), tuple(pool[:cut])):
        assert best_allowed(rules, extra, frozenset(), -1, base) == best_allowed(rules, extra + base.cards)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 16), st.booleans(), st.sets(st.integers(0, 15)))
def test_the_longest_stretch_of_positions_is_the_longest_run_of_them(length, wrap, held):
    """runlength.span on a bitmask: the most consecutive positions held, round the end too
    where the sequence wraps (measured here by trying every start)."""
    from cardtable.hands.runlength import span

    held = {p for p in held if p < length}
    step = (lambda p: (p + 1) % length) if wrap else (lambda p: p + 1)
    best = 0
    for start in held:
        n, p = 0, start
        while p in held and n < length:
            n, p = n + 1, step(p)
        best = max(best, n)
    assert span(sum(1 << p for p in held), length, wrap) == best


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["infinite_poker", "texas_holdem", "sevendeck_poker"]), st.data())
def test_a_plain_run_is_allowed_exactly_when_the_pool_makes_it(vid, data):
    """A category of one part with one run and nothing else (a straight): the prefilter's longest span
    allows it when, and only when, the search finds it (counting different values alone let
    nearly every straight through in a big deck). Pools from the whole deck and crowded ones."""
    from cardtable.hands.pool import Pool
    from cardtable.hands.search import find

    rules = builtin(vid).sections["hands"]
    deck = len(rules.card_order)
    cards = data.draw(
        st.one_of(
            st.lists(st.integers(0, deck - 1), min_size=5, max_size=14, unique=True), crowded(vid, 5, 14)
        )
    )
    pool = Pool(rules, cards)
    mask = allowed(rules, pool.cards)
    straights = [
        (rank, cat)
        for rank, cat in enumerate(rules.categories)
        if len(cat.parts) == 1
        and len(cat.parts[0].runs) == 1
        and not (cat.parts[0].same or cat.parts[0].distinct or cat.parts[0].values or cat.parts[0].extra)
    ]
    assert straights
    for rank, cat in straights:
        assert bool(mask >> rank & 1) == (find(rules, cat, pool) is not None), (cat.name, cards)
