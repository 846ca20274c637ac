"""Rule fixes written from the seeds' sentences: the grid game's adjacent hands (seed 004) and
Five Card Poker Clash's double down needing a stake (seed 002)."""

import pytest
from test_engine_games import act, refused, seats
from test_hands_games import std

from cardtable.engine import Rules
from cardtable.hands import score_placement


def _row(v, text):
    cards = std(v, text)
    return {(0, i): c for i, c in enumerate(cards)}


# "hands are two to five adjacent cards ... If a non-matching card is interspersed, that
# terminates the hand."
@pytest.mark.parametrize(
    "row,at,category,points",
    [
        ("7/clubs 9/hearts 7/spades 9/diamonds", 3, None, 0),  # 7 9 7 9 is not Two Pair
        ("7/clubs 7/spades 9/hearts 9/diamonds", 3, "Two Pair", 3),  # 7 7 9 9 is
        ("9/clubs 7/spades 7/hearts 9/diamonds", 3, None, 0),  # the 9s are not side by side
        ("9/clubs 7/spades 7/hearts 9/diamonds", 1, "Pair", 1),  # ...but the 7s are a pair
        ("2/clubs 2/hearts 5/clubs 2/spades 5/spades", 4, None, 0),  # not a Full House
        ("2/clubs 2/hearts 2/spades 5/clubs 5/spades", 4, "Full House", 5),
        ("5/clubs 9/hearts 5/spades", 2, None, 0),  # a card between ends the pair
        ("6/clubs 4/hearts 5/spades", 2, "Three Card Straight", 2),  # one block, any order
    ],
)
def test_grid_hands_are_adjacent_cards(variants, row, at, category, points):
    v = variants["poker_grid"]
    got = score_placement(v, _row(v, row), (0, at))
    assert got.total == points
    assert [cat for _, cat, _ in got.lines] == ([category] if category else [])


def test_adjacency_is_a_property_of_the_line_form(variants):
    """Without `adjacent`, the same line counts its interleaved pairs (the form decides)."""
    import dataclasses

    from cardtable.hands.api import score_placement_rules

    rules = variants["poker_grid"].sections["hands"]
    assert rules.form.adjacent
    loose = dataclasses.replace(rules, form=dataclasses.replace(rules.form, adjacent=False))
    v = variants["poker_grid"]
    got = score_placement_rules(loose, _row(v, "7/clubs 9/hearts 7/spades 9/diamonds"), (0, 3))
    assert [cat for _, cat, _ in got.lines] == ["Two Pair"]


@pytest.fixture(scope="module")
def clash(variants):
    return Rules(variants["poker_clash"])


def _to_second_bet(clash, seed):
    st = clash.new_game(seats(3), seed=seed, options={"blind": 20})
    st = act(clash, st, 1, "bet", amount=20)
    st = act(clash, st, 2, "call")
    st = act(clash, st, 0, "call")
    for seat in (2, 0, 1):
        st = act(clash, st, seat, "draw")
        st = act(clash, st, seat, "discard", cards=[st["zones"]["hand"][seat]["cards"][0]])
    assert clash.view(st, None)["phase"] == "bet"
    return st


# "The initiator must call or raise whatever the current bet is ... each player left in the game
# must call twice the bet of the initiator for the current betting round or fold."
def test_double_down_needs_chips_at_risk(clash):
    st = _to_second_bet(clash, 12)
    seat = clash.to_move(st)
    hand = st["zones"]["hand"][seat]["cards"]
    check = next(t for t in clash.legal_actions(st, seat) if t["type"] == "check")
    assert check.get("showdown_allowed") and not check.get("reveal_count")
    refused(clash, st, {"seat": seat, "type": "check", "showdown": True, "reveal": hand[:3]}, "nothing in")
    # A clash by a plain check is still a clash, without showing cards.
    after = act(clash, st, seat, "check", showdown=True)
    assert after["showdown_called"]
    # With chips in, the double down is offered and the others call twice the stake.
    st = act(clash, st, seat, "bet", amount=40, showdown=True, reveal=hand[:3])
    nxt = clash.to_move(st)
    assert {t["type"] for t in clash.legal_actions(st, nxt)} == {"fold", "call"}
    chips = st["seats"][nxt]["chips"]
    st = act(clash, st, nxt, "call")
    assert chips - st["seats"][nxt]["chips"] == 80
