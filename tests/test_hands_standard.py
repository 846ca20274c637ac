"""Hand-built cases for the standard, Clash and Sevendeck rankings, and ranking properties."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.hands import best, compare, evaluate, evaluate_pool, hand_size, weakest


def cards(variant, text):
    """'AS KS' -> card ints, by each card's short name (e.g. 'A♠') or 'rank/suit' ids."""
    deck = variant.deck
    out = []
    for word in text.split():
        a, b = word.split("/")
        for c in range(deck.size):
            vals = [v.id for attr in deck.attributes for v in deck.values(c, attr)]
            if a in vals and b in vals:
                out.append(c)
                break
        else:
            raise KeyError(word)
    return out


def value(variant, text):
    return evaluate_pool(variant.hands, cards(variant, text))


STANDARD = [
    ("T/hearts J/hearts Q/hearts K/hearts A/hearts", "Royal Flush"),
    ("A/spades 2/spades 3/spades 4/spades 5/spades", "Straight Flush"),
    ("9/clubs 9/hearts 9/spades 9/diamonds 2/clubs", "Four of a Kind"),
    ("K/clubs K/hearts K/spades 5/diamonds 5/clubs", "Full House"),
    ("2/clubs 7/clubs 9/clubs J/clubs K/clubs", "Flush"),
    ("A/clubs 2/hearts 3/spades 4/diamonds 5/clubs", "Straight"),
    ("T/clubs J/hearts Q/spades K/diamonds A/clubs", "Straight"),
    ("7/clubs 7/hearts 7/spades K/diamonds 2/clubs", "Three of a Kind"),
    ("7/clubs 7/hearts K/spades K/diamonds 2/clubs", "Two Pair"),
    ("7/clubs 7/hearts 3/spades K/diamonds 2/clubs", "Pair"),
    ("7/clubs 9/hearts 3/spades K/diamonds 2/clubs", "High Card"),
    ("Q/clubs K/hearts A/spades 2/diamonds 3/clubs", "High Card"),  # no wrap round the ace
]


@pytest.mark.parametrize("text,category", STANDARD)
def test_standard_categories(variants, text, category):
    assert value(variants["texas_holdem"], text).category == category


def test_clash_color(variants):
    v = variants["poker_clash"]
    assert value(v, "2/clubs 7/spades 9/clubs J/clubs K/spades").category == "Color"
    assert value(v, "2/hearts 2/diamonds 9/hearts J/hearts K/diamonds").category == "Color"  # beats Pair
    assert value(v, "2/hearts 2/diamonds 9/hearts 9/clubs K/diamonds").category == "Two Pair"
    assert value(v, "2/hearts 7/spades 9/clubs J/clubs K/spades").category == "High Card"


def test_standard_ties(variants):
    v = variants["texas_holdem"]
    wheel = value(v, "A/clubs 2/hearts 3/spades 4/diamonds 5/clubs")
    six = value(v, "6/clubs 2/hearts 3/spades 4/diamonds 5/clubs")
    assert six.key > wheel.key  # the wheel is the lowest straight
    a = value(v, "K/clubs K/hearts K/spades 2/diamonds 2/clubs")
    b = value(v, "Q/clubs Q/hearts Q/spades A/diamonds A/clubs")
    assert a.key > b.key  # the triple first
    p1 = value(v, "7/clubs 7/hearts A/spades 4/diamonds 3/clubs")
    p2 = value(v, "7/spades 7/diamonds A/hearts 4/clubs 2/clubs")
    assert p1.key > p2.key  # last kicker
    s1 = value(v, "7/clubs 7/hearts A/spades 4/diamonds 3/clubs")
    s2 = value(v, "7/spades 7/diamonds A/hearts 4/clubs 3/diamonds")
    assert s1.key == s2.key and compare(s1, s2) == 0  # a split
    assert best([p1, p2, s2]) == [0, 2] and weakest([p1, p2, s2]) == [1]


def test_best_five_of_seven(variants):
    v = variants["texas_holdem"]
    hole = cards(v, "A/hearts K/hearts")
    board = cards(v, "Q/hearts J/hearts T/hearts 2/clubs 2/spades")
    got = evaluate(v, {"hand": hole, "board": board})
    assert got.category == "Royal Flush" and sorted(got.cards) == sorted(hole + board[:3])
    board2 = cards(v, "K/clubs K/spades 2/hearts 2/clubs 9/spades")
    got = evaluate(v, {"hand": hole, "board": board2})
    assert got.category == "Full House" and len(got.cards) == 5  # K K K over 2 2
    assert hand_size(v) == 5


def test_sevendeck_cases(variants):
    v = variants["sevendeck_poker"]
    assert value(v, "7/diamond 1/violet 2/cherry 3/fire 4/leaf").category == "Straight"  # 7 low
    assert value(v, "3/diamond 4/violet 5/cherry 6/fire 7/leaf").category == "Straight"
    assert value(v, "4/diamond 5/violet 6/cherry 7/fire 1/leaf").category == "High Card"  # 1 never high
    # Diamond-Violet-Cherry-Fire-Lemon, the seed's example Stretch; values and suits in any order
    assert value(v, "1/diamond 3/violet 3/cherry 6/fire 6/lemon").category == "Stretch"
    assert value(v, "3/wave 1/diamond 2/violet 5/cherry 4/fire").category == "Straight Stretch"
    assert value(v, "2/leaf 2/wave 2/diamond 5/violet 6/cherry").category == "Stretch"  # wraps, beats trips
    assert value(v, "2/leaf 2/cherry 2/diamond 5/violet 6/cherry").category == "Three of a Kind"
    assert value(v, "6/diamond 6/violet 6/cherry 6/fire 6/wave").category == "Five of a Kind"
    assert value(v, "6/diamond 6/violet 6/cherry 6/leaf 2/wave").category == "Four of a Kind"
    assert value(v, "6/diamond 6/violet 1/cherry 2/leaf 4/leaf").category == "Pair"
    # kickers before pairs: 2-2-3-3-7 beats 4-4-5-5-6
    a = value(v, "2/leaf 2/cherry 3/diamond 3/violet 7/cherry")
    b = value(v, "4/leaf 4/cherry 5/diamond 5/violet 6/cherry")
    assert a.category == b.category == "Two Pair" and a.key > b.key
    c = value(v, "4/leaf 4/cherry 5/diamond 5/violet 7/lemon")
    assert c.key > a.key  # same kicker: the pairs decide
    hc = value(v, "1/leaf 2/cherry 4/diamond 5/violet 7/lemon")
    assert hc.category == "High Card" and hc.key > a.key


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_order_does_not_matter_and_more_cards_never_hurt(variants, data):
    v = variants[data.draw(st.sampled_from(["texas_holdem", "poker_clash", "sevendeck_poker"]))]
    pool = data.draw(st.lists(st.integers(0, v.deck.size - 1), min_size=5, max_size=8, unique=True))
    perm = data.draw(st.permutations(pool))
    a = evaluate_pool(v.hands, pool, 5)
    assert a.key == evaluate_pool(v.hands, perm, 5).key
    extra = data.draw(st.integers(0, v.deck.size - 1).filter(lambda c: c not in pool))
    assert evaluate_pool(v.hands, pool + [extra], 5).key >= a.key


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_comparison_agrees_with_the_categories(variants, data):
    """Any two hands compare (keys of different categories too); a better category always wins,
    and compare, best, weakest and < agree with one another."""
    v = variants[data.draw(st.sampled_from(["texas_holdem", "poker_clash", "sevendeck_poker"]))]
    deck = st.lists(st.integers(0, v.deck.size - 1), min_size=5, max_size=5, unique=True)
    values = [evaluate_pool(v.hands, data.draw(deck)) for _ in range(3)]
    for x, y in itertools.permutations(values, 2):
        assert compare(x, y) == -compare(y, x)
        assert (x < y) == (compare(x, y) < 0)
        if x.rank != y.rank:  # rank 0 is the best category
            assert (x.rank < y.rank) == (compare(x, y) > 0), (x.category, y.category)
    order = sorted(range(3), key=lambda i: values[i])
    assert order[-1] in best(values) and order[0] in weakest(values)
