"""The hands section's errors: every unknown name reported at its line, with a suggestion."""

import pytest

from cardtable.errors import VariantError
from cardtable.variant import load_variant_text

DECK = """\
name: Small
players: {min: 2, max: 4}
deck:
  flags:
    wild: wild
  attributes:
    rank: {values: ['2', '3', '4', '5', A]}
    suit: {order: none, values: [hearts, spades]}
  cards:
    - {rank: all, suit: all}
"""


def load(hands: str):
    return load_variant_text(DECK + hands, "small.yaml")


def problems(hands: str) -> list[str]:
    with pytest.raises(VariantError) as info:
        load(hands)
    return [str(p) for p in info.value.problems]


def test_a_good_section_builds():
    v = load(
        """\
hands:
  form: {size: 3, from: [hand]}
  categories:
    - {name: Run, count: 3, run: rank, low: [A]}
    - {name: Pair, count: 2, same: rank}
    - {name: High}
"""
    )
    assert [c.name for c in v.hands.categories] == ["Run", "Pair", "High"]
    assert v.hands.order == "rank" and v.hands.size == 3


def test_misspelt_keys_are_shape_errors():
    text = "\n".join(
        problems(
            """\
hands:
  form: {size: 3, from: [hand]}
  categories:
    - {name: Pair, count: 2, same: rank, ties: [kikers]}
    - {name: Odd, count: 2, smae: rank}
"""
        )
    )
    assert (
        "small.yaml:14:49: 'kikers' is not one of: cards, kickers, trumps (did you mean 'kickers'?)" in text
    )
    assert "small.yaml:15:29: unknown key 'smae' (did you mean 'same'?)" in text


def test_misspelt_names_are_reported_with_suggestions():
    got = problems(
        """\
hands:
  form: {size: 3, from: [hand]}
  order: rnak
  categories:
    - {name: Run, count: 3, run: rank, low: [Ace]}
    - {name: Pair, count: 2, same: suits}
"""
    )
    text = "\n".join(got)
    assert "small.yaml:13:10: 'rnak' is not an attribute of the deck (did you mean 'rank'?)" in text
    assert "'Ace' is not a value of 'rank'" in text
    assert "'suits' is not an attribute of the deck (did you mean 'suit'?)" in text


def test_meaning_errors():
    text = "\n".join(
        problems(
            """\
hands:
  form: {size: 3, from: [{zone: hand, exactly: 4}]}
  trump: trumps
  categories:
    - {name: A, same: rank}
    - {name: B, count: 2, run: suit}
    - {name: A}
"""
        )
    )
    assert "add up to more than size 3" in text
    assert "flag 'trumps' is not declared" in text
    assert "needs its number of cards" in text
    assert "'suit' has no order" in text
    assert "category 'A' is listed twice" in text


def test_points_tables_need_points_and_zones_are_checked_against_the_layout():
    text = "\n".join(
        problems(
            """\
hands:
  form: {size: 3, runs: grid}
  categories:
    - {name: Pair, count: 2, same: rank}
"""
        )
    )
    assert "needs 'points'" in text


def test_wild_cards_count_in_a_plain_ranking():
    """Wild cards once needed combined sets; now any ranking takes them (see test_hands_wild.py)."""
    v = load(
        """\
    - {rank: A, suit: hearts, flags: [wild], name: Joker}
hands:
  form: {size: 3, from: [hand]}
  categories:
    - {name: Pair, count: 2, same: rank}
"""
    )
    assert sum(v.hands.wild) == 1


def test_a_part_with_empty_values_and_no_count_is_refused_not_played():
    """`values: {}` gives a part no size: refused as a missing count (a fuzzed file that validated
    crashed the matcher on a zero-card part)."""
    from conftest import VARIANTS

    text = (VARIANTS / "texas_holdem.yaml").read_text()
    royal = "values: {rank: [T, J, Q, K, A]}, same: suit"
    assert royal in text
    with pytest.raises(VariantError) as refused:
        load_variant_text(text.replace(royal, "values: {}, same: suit"), "mine.yaml")
    assert [p.message for p in refused.value.problems] == ["a part needs its number of cards: 'count: N'"]


def test_a_zone_named_twice_in_from_is_refused_at_its_place():
    """Its cards would count twice: a fuzzed Sigilian Poker with `from: [hand, hand]` made every
    showdown value an 18-card pool of pairs with itself, for minutes."""
    text = "\n".join(
        problems(
            """\
hands:
  form: {size: 3, from: [hand, {zone: hand, exactly: 1}]}
  categories:
    - {name: High}
"""
        )
    )
    assert "small.yaml:" in text and "'hand' is named twice in 'from'" in text
