"""Lowball, wild cards and hand conditions (hands/low.py, hands/wild.py, hands/extras.py),
checked on the example games and on small variants written here."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardtable.errors import VariantError
from cardtable.hands import api, extras
from cardtable.variant import load_variant, load_variant_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "variants" / "examples"
HOLDEM = (ROOT / "variants" / "texas_holdem.yaml").read_text()


def example(name: str):
    return load_variant(EXAMPLES / f"{name}.yaml")


def with_hands(hands: str, deck_extra: str = ""):
    """Texas Hold'em's file with another hands section (and maybe more cards)."""
    text = HOLDEM[: HOLDEM.index("hands:\n")] + hands
    if deck_extra:
        text = text.replace("    - {rank: all, suit: all}\n", "    - {rank: all, suit: all}\n" + deck_extra)
    return load_variant_text(text, "test.yaml")


def ids(variant, text: str) -> list[int]:
    by_short = {variant.deck.short(c): c for c in range(variant.deck.size)}
    return [by_short[s] for s in text.split()]


def value(variant, text: str, rules=None):
    r = rules or variant.hands
    return api.evaluate_pool(r, ids(variant, text))


# ---------------------------------------------------------------- deuce-to-seven


def test_deuce_to_seven_best_hand_is_seven_five_and_straights_flushes_count():
    v = example("deuce_to_seven")
    best = value(v, "7♣ 5♦ 4♥ 3♠ 2♣")
    assert best.detail == "Seven low"
    others = [
        "7♣ 6♦ 4♥ 3♠ 2♣",  # seven-six: worse
        "8♣ 5♦ 4♥ 3♠ 2♣",
        "7♣ 5♣ 4♣ 3♣ 2♣",  # a flush counts against you
        "6♣ 5♦ 4♥ 3♠ 2♣",  # a straight counts against you
        "A♣ 5♦ 4♥ 3♠ 2♣",  # the ace is high: ace-high, not a wheel
        "2♣ 2♦ 4♥ 3♠ 5♣",
    ]
    keys = [value(v, h).key for h in others]
    assert all(best.key > k for k in keys)
    assert keys[0] > keys[1]  # 7-6 beats 8-5
    assert value(v, "6♣ 5♦ 4♥ 3♠ 2♣").category == "Straight"
    assert value(v, "A♣ 5♦ 4♥ 3♠ 2♣").category == "High Card"
    assert value(v, "K♣ Q♦ J♥ 9♠ 8♣").key > value(v, "A♣ 5♦ 4♥ 3♠ 2♣").key  # king-high beats ace-high


def test_deuce_to_seven_number_one_is_the_best_of_random_hands():
    v = example("deuce_to_seven")
    best = value(v, "7♦ 5♣ 4♣ 3♣ 2♣").key
    rng = random.Random(5)
    deck = list(range(52))
    for _ in range(300):
        hand = rng.sample(deck, 5)
        assert api.evaluate_pool(v.hands, hand).key <= best


# ---------------------------------------------------------------- ace-to-five, the split's low


def test_ace_to_five_low_wheel_is_best_and_eight_or_better_qualifies():
    v = example("omaha_hi_lo")
    split = v.hands.split
    assert split is not None and split.qualify is not None
    low = split.rules
    wheel = value(v, "5♣ 4♦ 3♥ 2♠ A♣", low)
    assert wheel.detail == "Five low"
    assert wheel.key > value(v, "6♣ 4♦ 3♥ 2♠ A♣", low).key
    assert wheel.key == value(v, "5♣ 4♣ 3♣ 2♣ A♣", low).key  # straights and flushes do not count
    assert value(v, "8♣ 7♦ 6♥ 5♠ 4♣", low).key > value(v, "A♣ A♦ 2♥ 3♠ 4♣", low).key
    for hand, ok in [
        ("8♣ 7♦ 6♥ 5♠ 4♣", True),
        ("5♣ 4♦ 3♥ 2♠ A♣", True),
        ("9♣ 4♦ 3♥ 2♠ A♣", False),
        ("A♣ A♦ 2♥ 3♠ 4♣", False),
    ]:
        assert extras.meets(low, value(v, hand, low), split.qualify) is ok, hand


def test_omaha_low_uses_exactly_two_hole_cards():
    v = example("omaha_hi_lo")
    low = v.hands.split.rules
    zones = {"hand": ids(v, "A♣ 2♦ K♥ K♠"), "board": ids(v, "3♣ 4♦ 5♥ Q♠ J♣")}
    got = api.evaluate_rules(low, zones)
    assert got.detail == "Five low" and len(got.cards) == 5
    # Three low cards on the board and none usable in the hand: no eight-or-better low.
    zones = {"hand": ids(v, "K♣ K♦ Q♥ Q♠"), "board": ids(v, "3♣ 4♦ 5♥ 2♠ A♣")}
    assert not extras.meets(low, api.evaluate_rules(low, zones), v.hands.split.qualify)


# ---------------------------------------------------------------- wild cards


def test_jokers_make_five_of_a_kind_and_naturals_win_ties():
    v = example("jokers_wild")
    jokers = [c for c in range(v.deck.size) if v.hands.wild[c]]
    assert len(jokers) == 2
    five = api.evaluate_pool(v.hands, ids(v, "K♣ K♦ K♥ K♠") + jokers[:1])
    assert five.category == "Five of a Kind"
    assert api.evaluate_pool(v.hands, ids(v, "2♣ 3♦") + jokers + ids(v, "9♠")).category == "Three of a Kind"
    wild_straight = api.evaluate_pool(v.hands, ids(v, "9♣ 8♦ 7♥ 6♠") + jokers[:1])
    natural = value(v, "10♣ 9♦ 8♥ 7♠ 6♣")
    assert wild_straight.category == natural.category == "Straight"
    assert natural.key > wild_straight.key  # the same straight (ten high): the natural one wins
    # Four wild cards and a king: five kings; two jokers fill the straight flush's gaps.
    assert api.evaluate_pool(v.hands, ids(v, "Q♥ J♥ 9♥") + jokers).category == "Straight Flush"


DEUCES = """\
hands:
  form: {size: 5, from: [hand]}
  order: rank
  wild: {cards: [{rank: '2'}]}        # deuces wild, declared by the game
  categories:
    - {name: Five of a Kind, count: 5, same: rank}
    - {name: Straight Flush, count: 5, run: rank, low: [A], same: suit}
    - {name: Four of a Kind, count: 4, same: rank}
    - name: Full House
      parts: [{count: 3, same: rank}, {count: 2, same: rank}]
      differ: rank
    - {name: Flush, count: 5, same: suit}
    - {name: Straight, count: 5, run: rank, low: [A]}
    - {name: Three of a Kind, count: 3, same: rank}
    - name: Two Pair
      parts: [{count: 2, same: rank}, {count: 2, same: rank}]
      differ: rank
    - {name: Pair, count: 2, same: rank}
    - {name: High Card}
"""


def test_deuces_wild_declared_per_game():
    v = with_hands(DEUCES)
    assert [v.deck.short(c) for c in range(52) if v.hands.wild[c]] == ["2♣", "2♦", "2♥", "2♠"]
    assert value(v, "2♣ 2♦ A♥ A♠ A♣").category == "Five of a Kind"
    assert value(v, "2♣ K♦ Q♦ J♦ 10♦").category == "Straight Flush"
    full = value(v, "2♣ K♦ K♥ Q♠ Q♣")
    assert full.category == "Full House" and full.key[1] == (11, 11, 11, 10, 10)


def test_wild_conditions_are_checked_at_their_place():
    with pytest.raises(VariantError) as info:
        with_hands(DEUCES.replace("{rank: '2'}", "{rank: '1'}"))
    text = "\n".join(str(p) for p in info.value.problems)
    assert "test.yaml:" in text and "'1' is not a value of 'rank'" in text


# An oracle: one wild card (a joker added to the 52) is worth the best of every natural card it
# could stand for (a ranking without five of a kind, so it never needs to be a duplicate).
ORACLE = load_variant_text(
    HOLDEM[: HOLDEM.index("hands:\n")]
    .replace(
        "    - {rank: all, suit: all}\n",
        "    - {rank: all, suit: all}\n    - {flags: [wild], name: Joker, short: Jkr}\n",
    )
    .replace("  cards:\n", "  flags: {wild: stands for any card}\n  cards:\n")
    + DEUCES.replace("    - {name: Five of a Kind, count: 5, same: rank}\n", "").replace(
        "wild: {cards: [{rank: '2'}]}", "wild: wild"
    ),
    "oracle.yaml",
)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.sampled_from(range(52)),
        min_size=4,
        max_size=4,
        unique=True,
    )
)
def test_one_wild_card_is_the_best_card_it_could_be(naturals):
    """The best card not in the hand, except where the hand holds every card of the top value
    (below: the documented kicker of the top value)."""
    r = ORACLE.hands
    aces = [c for c in range(52) if r.card_order[c] == max(r.card_order[:52])]
    assume(not set(aces) <= set(naturals))
    wild = next(c for c in range(53) if r.wild[c])
    got = api.evaluate_pool(r, [*naturals, wild])
    plain = [c for c in range(53) if not r.wild[c] and c not in naturals]
    assert got.key == max(api.evaluate_pool(r, [*naturals, c]).key for c in plain)


def test_a_wild_card_left_over_is_a_kicker_of_the_top_value_even_beside_four_aces():
    """variants/README.md: a wild card left over is a kicker of the top value. With five of a
    kind not a category, four aces and the joker are four aces with an ace kicker (not a king:
    the joker stands for a value, not for a card still in the deck)."""
    r = ORACLE.hands
    aces = [c for c in range(52) if r.card_order[c] == max(r.card_order[:52])]
    wild = next(c for c in range(53) if r.wild[c])
    kings = [c for c in range(52) if r.card_order[c] == sorted(set(r.card_order[:52]))[-2]]
    with_wild = api.evaluate_pool(r, [*aces, wild])
    with_king = api.evaluate_pool(r, [*aces, kings[0]])
    assert with_wild.category == with_king.category == "Four of a Kind"
    assert with_wild.key > with_king.key


# ---------------------------------------------------------------- split pots, conditions


def test_split_errors_point_at_their_place():
    v = example("omaha_hi_lo")
    text = (EXAMPLES / "omaha_hi_lo.yaml").read_text()
    bad = text.replace("ignore: [Straight Flush, Flush, Straight]", "ignore: [Straight Flush, Flushes]")
    bad = bad.replace("{category: High Card, max: '8'}", "{category: High Crad, max: '8'}")
    with pytest.raises(VariantError) as info:
        load_variant_text(bad, "hilo.yaml")
    lines = [str(p) for p in info.value.problems]
    assert any("'Flushes' is not a category" in p and "Flush" in p for p in lines), lines
    assert all(p.startswith("hilo.yaml:") for p in lines)
    assert v.hands.split.name == "Low"


def test_every_low_hand_of_a_small_pool_is_tried():
    """From seven cards the best five-card low is found (razz-like), whatever the order."""
    v = example("omaha_hi_lo")
    low = v.hands.split.rules
    cards = ids(v, "K♣ 8♦ 3♥ A♠ 5♣ 3♦ 2♥")
    for perm in itertools.islice(itertools.permutations(cards), 0, 20, 7):
        got = api.evaluate_pool(low, list(perm))
        assert got.detail == "Eight low"


def test_the_rules_screen_finds_an_example_of_a_hand_only_wild_cards_make():
    from cardtable.hands.examples import example as example_hand

    v = example("jokers_wild")
    got = example_hand(v.hands, 0)
    assert got is not None and got.value.category == "Five of a Kind"
    assert any(v.hands.wild[c] for c in got.cards)
