"""A hand of several sets is named as the rules page explains the combining rule (issue 32): nine
raised cards that count as an 8-card Match say so ("8-card Match (9 cards in several sets,
counted one smaller)"), in the showdown's line and the hand's own words; one set says its size."""

from __future__ import annotations

from test_hands_games import sig

from cardtable.hands import evaluate_pool
from cardtable.hands.explain import why


def test_nine_cards_in_two_sets_are_named_an_8_card_match_of_9_cards(variants):
    v = variants["sigilian_poker"]
    nine = sig(
        v, "1:evil", "2:good", "3:chaos", "4:law", "5:evil", "king:good", "king:evil", "king:law", "king"
    )
    both = evaluate_pool(v.hands, nine)
    assert len(both.made) == 9 and both.key[0] == 8 and both.category == "Match"
    assert both.detail == "8-card Match (9 cards in several sets, counted one smaller)"
    one = evaluate_pool(v.hands, sig(v, "1:evil", "2:good", "3:chaos", "4:law", "5:evil", "plane:good"))
    assert one.detail == "5-card Straight" and len(one.made) == 5
    said = why(v.hands, both, one)
    assert said.startswith(
        "8-card Match (9 cards in several sets, counted one smaller) beats 5-card Straight"
    )
    page = v.hands.reading
    assert "one card smaller than all their cards together" in page  # the rule the words follow
