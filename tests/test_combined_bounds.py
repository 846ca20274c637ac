"""The bounds combined sets are compared with before any search (hands/setbound.py, the `least`
of sets.set_types, combined.beats_combined's edges) never change an answer: every set found
lies within its alternative's bound, a search from a least type finds exactly the sets of that
type and up, and a hand beats a key exactly when its full value is above it, for keys around
the hand's own (its size and type and the neighbouring ones, other cards just below, equal or
above) where the shortcuts decide. Pools are random or crowded (few values: many sets), often
with the wild and dead cards."""

from conftest import builtin
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hands_fast import combined_pools

from cardtable.hands.combined import beats_combined, evaluate_combined
from cardtable.hands.setbound import reaches, surely
from cardtable.hands.sets import prepare, set_types

GAMES = ["sigilian_poker", "limbo_holdem"]


def pools(vid: str):
    """Random pools or crowded ones, with the game's wild and dead cards now and then."""
    rules = builtin(vid).sections["hands"]
    special = [c for c in range(len(rules.card_order)) if rules.wild[c] or rules.dead[c]]
    most = 12 if vid == "limbo_holdem" else 9

    def narrow(seed: int) -> list[int]:
        # the cards whose every value falls in a window chosen by the seed (all when too few)
        keep = [
            c
            for c in range(len(rules.card_order))
            if all(
                col[c] < 0 or (col[c] + seed) % (3 + seed % 4) < 2 + seed % 3
                for col in rules.columns.values()
            )
        ]
        return keep if len(keep) >= most else list(range(len(rules.card_order)))

    many = st.integers(0, 50).flatmap(
        lambda seed: st.lists(st.sampled_from(narrow(seed)), min_size=most, max_size=most, unique=True)
    )
    return st.one_of(
        combined_pools(vid),
        st.tuples(many, st.lists(st.sampled_from(special), max_size=2, unique=True)).map(
            lambda t: tuple(dict.fromkeys(t[1] + list(t[0])))[:most]
        ),
    )


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.data())
def test_every_set_lies_within_its_bound(vid, data):
    rules = builtin(vid).sections["hands"]
    cards = data.draw(pools(vid))
    pre = prepare(rules, cards)
    bounds = reaches(rules, cards, pre)
    types = set_types(rules, cards, 0, pre)
    for mask, strength in types.items():
        assert any(
            s == strength and mask & ~join == 0 and mask.bit_count() <= biggest for s, biggest, join in bounds
        ), (cards, mask, strength)
    for least in range(1, len(rules.categories) + 2):
        assert set_types(rules, cards, least) == {m: t for m, t in types.items() if t >= least}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.data())
def test_beats_keys_around_the_hands_own_as_its_value_says(vid, data):
    rules = builtin(vid).sections["hands"]
    pool = data.draw(pools(vid))
    exact = [(list(pool[:3]), 3)] if vid == "limbo_holdem" else None
    rest = pool[3:] if exact else pool
    value = evaluate_combined(rules, rest, 9, exact).key
    other = evaluate_combined(rules, data.draw(pools(vid))[:9], 9).key[2]
    size, kind, highs = value
    ncat = len(rules.categories)
    for ds in (-2, -1, 0, 1):
        for dk in (-1, 0, 1):
            s, k = max(0, size + ds), min(ncat, max(0, kind + dk))
            for cards in (highs, other, (*highs[:-1], highs[-1] - 1), (*highs[:-1], highs[-1] + 1)):
                key = (s, k, cards)
                assert beats_combined(rules, rest, 9, exact, key) == (value > key), key


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(GAMES), st.data())
def test_a_collection_surely_made_is_made_of_sets_found(vid, data):
    """Each collection `surely` gives is disjoint sets set_types finds, of the alternative's type
    or better, no more of the cards past the first `nfix` than the room."""
    rules = builtin(vid).sections["hands"]
    cards = data.draw(pools(vid))
    nfix = data.draw(st.integers(0, len(cards)))
    room = data.draw(st.integers(0, len(cards) - nfix))
    pre = prepare(rules, cards)
    types = set_types(rules, cards, 0, pre)
    buckets = {}
    reaches(rules, cards, pre, buckets)
    for strength, mask, nsets in surely(rules, nfix, room, buckets):
        assert (mask >> nfix).bit_count() <= room
        if nsets == 1:
            assert types.get(mask, 0) >= strength, (cards, mask, strength)
        else:
            assert nsets > 1 and split(mask, types, strength, mask), (cards, mask, strength)


def split(mask, types, strength, whole):
    """Whether the mask is disjoint sets of `types` of at least `strength`, two or more when
    it is `whole`."""
    if not mask:
        return True
    low = mask & -mask
    sub = mask
    while sub:
        if (
            sub & low
            and sub != whole
            and types.get(sub, 0) >= strength
            and split(mask & ~sub, types, strength, whole)
        ):
            return True
        sub = (sub - 1) & mask
    return False


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 7), min_size=1, max_size=10),
    st.integers(0, 2),
    st.integers(1, 4),
    st.integers(0, 5),
)
def test_run_windows_are_one_card_per_place_of_each_window(values, wilds, lo, more):
    """setgen.windows, with wild cards or without: the masks taking one card per place of a
    window of lo..hi places, cards at their value's place, wild ones anywhere."""
    from cardtable.hands.rules import Sequence_
    from cardtable.hands.setgen import windows

    seq = Sequence_({v: (v,) for v in range(6)}, 6, False)  # values 6 and 7 have no place
    hi = lo + more
    cards = tuple(range(len(values) + wilds))
    col = tuple(values) + (0,) * wilds
    normal = (1 << len(values)) - 1
    wildm = ((1 << len(cards)) - 1) & ~normal
    expect = set()
    for m in range(1, 1 << len(cards)):
        n = m.bit_count()
        places = [col[i] for i in range(len(values)) if m >> i & 1]
        if not lo <= n <= hi or any(p > 5 for p in places) or len(set(places)) != len(places):
            continue
        for start in range(0, 6 - n + 1):  # a window of n places holding them all
            if all(start <= p < start + n for p in places):
                expect.add(m)
    assert windows(seq, col, cards, normal, wildm, lo, hi) == expect


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 74), min_size=1, max_size=45, unique=True))
def test_the_cards_each_alternative_may_take(cards):
    """sets.prepare, packed (up to 32 cards) or card by card: alternative k may take the wild
    cards and the cards whose alternatives (_Static.card) hold k."""
    from cardtable.hands.sets import _static

    rules = builtin("sigilian_poker").sections["hands"]
    cards = tuple(cards)
    wildm, infos, allowed_of = prepare(rules, cards)
    assert wildm == sum(1 << i for i, c in enumerate(cards) if rules.wild[c])
    for k in range(len(_static(rules).alts)):
        expect = wildm | sum(1 << i for i, c in enumerate(cards) if _static(rules).card(rules, c)[0] >> k & 1)
        assert allowed_of[k] == expect


@settings(max_examples=15, deadline=None)
@given(pools("limbo_holdem"), st.integers(1, 3))
def test_values_kept_are_the_values_of_those_very_cards(pool, hole):
    """evaluate_combined keeps its last values: asked again, or with other hole cards that
    must play, or the same cards as a list, it answers as the old evaluator does."""
    from combined_reference import evaluate_combined as reference

    rules = builtin("limbo_holdem").sections["hands"]
    rest = pool[hole:]
    musts = ([(list(pool[:hole]), hole)], [(list(pool[:hole]), hole - 1)], None)
    # the old evaluator's answer, once per question (it remembers nothing between calls)
    wanted = [reference(rules, tuple(rest), 9, exact) for exact in musts]
    for exact, want in zip(musts + musts[:1], wanted + wanted[:1]):
        for cards in (rest, list(rest)):
            got = evaluate_combined(rules, cards, 9, exact)
            assert (got.key, got.cards, got.made, got.detail) == (
                want.key,
                want.cards,
                want.made,
                want.detail,
            )
