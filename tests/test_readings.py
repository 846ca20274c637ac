"""Readings where a game's text is silent or loose: written once in the variant file (`reading:`
on the hands section, a category or a step), shown in How to play and on the rules page, and
played as they say."""

import pytest
from test_hands_games import sig, std

from cardtable.engine.howto import howto
from cardtable.hands import evaluate_pool, score_placement

READ = {
    "sigilian_poker": ("all the hand's nine cards", "Straight", "Hierarchy"),
    "limbo_holdem": ("all the hand's nine cards", "Straight", "Hierarchy"),
    "poker_grid": ("any order along its line",),
}


@pytest.mark.parametrize("vid", sorted(READ))
def test_the_hands_readings_are_in_how_to_play(variants, vid):
    hands = variants[vid].sections["hands"]
    said = " ".join(howto(variants[vid]).hands)
    assert READ[vid][0] in hands.reading and f"Reading: {hands.reading}" in said
    for name in READ[vid][1:]:
        (cat,) = [c for c in hands.categories if c.name == name]
        assert "three" in cat.reading.lower() and f"Reading ({name}): {cat.reading}" in said


def test_the_clash_opening_reading_is_in_how_to_play(variants):
    said = " ".join(howto(variants["poker_clash"]).steps)
    assert "Reading: The rules say the first player" in said and "exactly the minimum" in said


@pytest.mark.parametrize("vid", ["sigilian_poker", "limbo_holdem"])
def test_sigilian_straights_are_three_cards_or_more(variants, vid):
    v = variants[vid]
    assert evaluate_pool(v.hands, sig(v, "1:evil", "2:good", "3:chaos")).category == "Straight"
    assert evaluate_pool(v.hands, sig(v, "1:evil", "2:good", "5:chaos")).category == "No Set"


def test_sigilian_ties_are_broken_on_all_nine_cards(variants):
    """The same sets (three Kings, three Planes, two 5s: a 7-card Match) and only the ninth card
    differs: the higher ninth card wins; the same ranks in other suits split the pot."""
    v = variants["sigilian_poker"]
    common = [
        "king:good",
        "king:evil",
        "king:law",
        "plane:good",
        "plane:evil",
        "plane:law",
        "5:good",
        "5:evil",
    ]
    two, one, dead = (
        evaluate_pool(v.hands, sig(v, *common, last)) for last in ("2:law", "1:law", "clueless")
    )
    assert (
        two.detail
        == one.detail
        == dead.detail
        == "7-card Match (8 cards in several sets, counted one smaller)"
    )
    assert two.key > one.key > dead.key
    assert evaluate_pool(v.hands, sig(v, *common, "1:good")).key == one.key


def test_grid_straights_count_in_any_order(variants):
    v = variants["poker_grid"]
    for row in ("9/clubs 7/hearts 8/spades", "7/clubs 9/hearts 8/spades"):
        cards = std(v, row)
        got = score_placement(v, {(0, i): c for i, c in enumerate(cards)}, (0, 2))
        assert [cat for _, cat, _ in got.lines] == ["Three Card Straight"], row


def test_a_reading_is_shown_on_the_rules_page():
    from cardtable.app.headless import start

    app = start("sigilian_poker", scene="rules", size=(1600, 1000))
    texts = " ".join(t["text"] for t in app.manifest()["texts"])
    assert "Reading:" in texts and "nine cards" in texts
