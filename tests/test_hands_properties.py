"""Properties of every best-of-a-pool ranking, checked against brute force.

The evaluator finds a category's best cards by pattern search, never by trying every subset; here
every subset is tried, so the search's claim (the first fit found is the best) is tested.
"""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.hands import evaluate, evaluate_pool

BEST_OF = {"texas_holdem": 7, "poker_clash": 7, "sevendeck_poker": 7, "infinite_poker": 12}


def crowded(variant, size):
    """Pools of cards from a few neighbouring values of the ranking attribute and a few suits, so
    that hands have structure (random cards from a big deck rarely do)."""
    deck = variant.deck
    order = variant.hands.order
    nr, ns = len(deck.attributes[order]), len(deck.attributes["suit"])
    index = {cell: c for c, cell in enumerate(zip(deck.column(order), deck.column("suit")))}

    @st.composite
    def pool(draw):
        lo = draw(st.integers(0, nr - 1))
        span = draw(st.integers(2, 10))  # values lo..lo+span
        room = min(nr - 1, lo + span) - lo + 1
        need = min(ns, -(-size // room))  # enough suits for `size` different cards
        few_suits = draw(st.lists(st.integers(0, ns - 1), min_size=need, max_size=max(need, 5), unique=True))
        picks = st.tuples(st.integers(lo, min(nr - 1, lo + span)), st.sampled_from(few_suits))
        cells = draw(st.lists(picks, min_size=size, max_size=size, unique=True))
        return [index[cell] for cell in cells]

    return pool()


def random_pool(variant, size):
    return st.lists(st.integers(0, variant.deck.size - 1), min_size=size, max_size=size, unique=True)


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_best_of_a_pool_is_its_best_subset(variants, data):
    vid = data.draw(st.sampled_from(sorted(BEST_OF)))
    v = variants[vid]
    size = v.hands.size
    n = data.draw(st.integers(size, BEST_OF[vid]))
    pool = data.draw(st.one_of(crowded(v, n), random_pool(v, n)))
    got = evaluate_pool(v.hands, pool, size)
    subsets = [evaluate_pool(v.hands, sub, size) for sub in itertools.combinations(pool, size)]
    top = max(subsets, key=lambda s: s.key)
    assert got.key == top.key, (vid, pool, got.category, top.category)
    assert set(got.cards) <= set(pool) and len(got.cards) == size
    assert evaluate_pool(v.hands, got.cards, size).key == got.key  # the cards shown make the value


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False))
def test_exactly_three_hole_cards_and_six_of_the_board(variants, rnd):
    """Limbo Hold'em: the best hand is the best of all 84 ways to add six board cards to the three."""
    v = variants["limbo_holdem"]
    dealt = rnd.sample(range(v.deck.size), 12)
    hole, board = dealt[:3], dealt[3:]
    got = evaluate(v, {"hand": hole, "board": board})
    ways = [evaluate_pool(v.hands, hole + list(six), 9) for six in itertools.combinations(board, 6)]
    assert got.key == max(w.key for w in ways)
    assert set(hole) <= set(got.cards) and len(got.cards) == 9


def test_a_remembered_value_is_the_value_of_those_very_cards(monkeypatch):
    """The plain matcher remembers the values of pools per rules (api._plain): a pool met again,
    in any order, has its value; a pool one card apart, other declared cards, another size or a
    forgotten memo are valued anew, as rules that remember nothing value them."""
    import random

    from conftest import VARIANTS

    from cardtable.hands import api
    from cardtable.variant import load_variant

    monkeypatch.setattr(api, "PLAIN_KEPT", 40)  # forgotten and begun again within the test
    rules = load_variant(VARIANTS / "infinite_poker.yaml").sections["hands"]
    fresh = load_variant(VARIANTS / "infinite_poker.yaml").sections["hands"]

    def anew(cards, size=None, declared=()):  # rules that remember no value
        fresh.memo.pop("plain", None)
        return evaluate_pool(fresh, cards, size, declared)

    rng = random.Random(7)
    n = len(rules.card_order)
    for _ in range(8):
        pool = rng.sample(range(n), 10)
        first = evaluate_pool(rules, pool)
        assert evaluate_pool(rules, pool[::-1]) == first == anew(pool)
        other = [*pool[:-1], next(c for c in range(n) if c not in pool)]
        assert evaluate_pool(rules, other) == anew(other)
        # the Called Shot: the same cards, declared, are another hand
        called = evaluate_pool(rules, pool, declared=pool)
        assert called.category == "Called Shot" != first.category and called == anew(pool, declared=pool)
        assert evaluate_pool(rules, pool, 5) == anew(pool, 5)
    assert len(rules.memo["plain"]) <= 40
