"""Scenario tests of the betting rules on Texas Hold'em, from fixed deals."""

from __future__ import annotations

import pytest
from engine_helpers import check_invariants, find_card, rig

from cardtable.engine import IllegalAction, Rules


@pytest.fixture
def rules(variants):
    return Rules(variants["texas_holdem"])


def C(rules, text):
    rank, suit = text[:-1], {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}[text[-1]]
    return find_card(rules.variant.deck, rank=rank, suit=suit)


def seats(n):
    return [{"name": f"P{i}", "kind": "human"} for i in range(n)]


def act(rules, st, seat, kind, **kw):
    return rules.apply(st, {"seat": seat, "type": kind, **kw})


def test_blinds_roles_and_first_to_act(rules):
    st = rules.new_game(seats(4), seed=1, options={"chips": 500, "blind": 10})
    assert st["seats"][0]["roles"] == ["dealer"]
    assert "small_blind" in st["seats"][1]["roles"] and st["seats"][1]["bet"] == 5
    assert "big_blind" in st["seats"][2]["roles"] and st["seats"][2]["bet"] == 10
    assert rules.to_move(st) == 3  # left of the big blind
    assert [len(z["cards"]) for z in st["zones"]["hand"]] == [2, 2, 2, 2]


def test_heads_up_dealer_posts_small_blind_and_acts_first(rules):
    st = rules.new_game(seats(2), seed=1, options={"chips": 500, "blind": 10})
    assert st["seats"][0]["roles"] == ["dealer", "small_blind"] and st["seats"][0]["bet"] == 5
    assert rules.to_move(st) == 0


def test_illegal_actions_refused_with_reason_and_state_unchanged(rules):
    st = rules.new_game(seats(3), seed=2, options={"chips": 500, "blind": 10})
    snapshot = repr(st)
    cases = [
        ({"seat": 0, "type": "check"}, "bet is open"),
        ({"seat": 1, "type": "call"}, "turn"),
        ({"seat": 0, "type": "raise", "amount": 15}, "smallest raise"),
        ({"seat": 0, "type": "raise", "amount": 501}, "only 500"),
        ({"seat": 0, "type": "bet", "amount": 40}, "raise instead"),
        ({"seat": 0, "type": "dance"}, "not a betting action"),
        ({"seat": 9, "type": "fold"}, "no seat"),
        ("fold", "mapping"),
    ]
    for action, words in cases:
        reason = rules.check(st, action)
        assert reason and words in reason, (action, reason)
        with pytest.raises(IllegalAction):
            rules.apply(st, action)
        assert repr(st) == snapshot


def test_min_raise_follows_the_last_raise(rules):
    st = rules.new_game(seats(3), seed=3, options={"chips": 1000, "blind": 10})
    st = act(rules, st, 0, "raise", amount=50)  # a raise of 40
    legal = {t["type"]: t for t in rules.legal_actions(st, 1)}
    assert legal["raise"]["min"] == 90 and legal["raise"]["max"] == 1000
    assert "check" not in legal


def test_side_pots_and_showdown(rules):
    st = rules.new_game(seats(3), seed=4, options={"chips": 1000, "blind": 10})
    # Seat 0 short-stacked: 100 chips. Cards: seat 0 has the nuts, seat 1 second, seat 2 worst.
    st["seats"][0]["chips"] = 100
    st["seats"][2]["chips"] += 900  # keep chip totals meaningful
    rig(
        st,
        {
            "hand/0": [C(rules, "As"), C(rules, "Ah")],
            "hand/1": [C(rules, "Ks"), C(rules, "Kh")],
            "hand/2": [C(rules, "2c"), C(rules, "7d")],
            "deck": [C(rules, "Ad"), C(rules, "Kd"), C(rules, "4c"), C(rules, "9s"), C(rules, "3h")],
        },
    )
    total = sum(s["chips"] + s["total"] for s in st["seats"])
    st = act(rules, st, 0, "all_in")  # 100
    st = act(rules, st, 1, "raise", amount=300)
    st = act(rules, st, 2, "call")
    assert [p["amount"] for p in rules.view(st, None)["pots"]] == [300, 400]
    for _ in range(3):  # check it down
        st = act(rules, st, 1, "check")
        st = act(rules, st, 2, "check")
    chips = [s["chips"] + s["total"] for s in st["seats"]]  # (the next hand's blinds are out already)
    assert st["hand"] == 2
    assert chips[0] == 300  # the main pot: three of 100
    assert chips[1] == 1000 - 300 + 400  # the side pot between seats 1 and 2
    assert sum(chips) == total
    check_invariants(rules, st, total)
    assert st["history"][0]["category"] == "Three of a Kind"


def test_split_pot_gives_odd_chip_left_of_dealer(rules):
    st = rules.new_game(seats(3), seed=5, options={"chips": 1000, "blind": 10})
    board = ["As", "Ks", "Qs", "Js", "Ts"]  # a royal flush on the board: everyone splits
    rig(st, {"deck": [C(rules, c) for c in board]})
    st = act(rules, st, 0, "call")
    st = act(rules, st, 1, "fold")  # the small blind's 5 stay in: a pot of 25 for two
    st = act(rules, st, 2, "check")
    for _ in range(3):
        st = act(rules, st, 2, "check")
        st = act(rules, st, 0, "check")
    chips = [s["chips"] + s["total"] for s in st["seats"]]
    assert chips == [1002, 995, 1003]  # seat 2 is the first winner left of the dealer (seat 0)


def test_odd_chip_rule_split():
    from cardtable.engine.pots import side_pots, split

    assert split(41, [2, 0], "after_dealer") == {2: 21, 0: 20}
    assert split(41, [2, 0], "first_winner") == {2: 21, 0: 20}
    assert split(43, [1, 2, 0], "after_dealer") == {1: 15, 2: 14, 0: 14}
    assert split(43, [1, 2, 0], "first_winner") == {1: 15, 2: 14, 0: 14}
    assert split(44, [1, 2, 0], "first_winner") == {1: 16, 2: 14, 0: 14}
    seats = [
        {"total": 50, "folded": False, "out": False},
        {"total": 200, "folded": False, "out": False},
        {"total": 200, "folded": True, "out": False},
        {"total": 120, "folded": False, "out": False},
    ]
    assert side_pots(seats) == [
        {"amount": 200, "eligible": [0, 1, 3]},
        {"amount": 210, "eligible": [1, 3]},
        {"amount": 160, "eligible": [1]},
    ]


def test_everyone_folds_to_the_big_blind_and_match_rotates(rules):
    st = rules.new_game(seats(3), seed=6, options={"chips": 100, "blind": 10})
    st = act(rules, st, 0, "fold")
    st = act(rules, st, 1, "fold")
    assert st["hand"] == 2
    assert [s["chips"] + s["total"] for s in st["seats"]] == [100, 95, 105]
    assert "dealer" in st["seats"][1]["roles"]  # the button moved left
    assert st["seats"][2]["bet"] == 5 and st["seats"][0]["bet"] == 10


def test_busted_players_leave_and_the_match_ends(rules):
    st = rules.new_game(seats(2), seed=7, options={"chips": 100, "blind": 10})
    while not rules.is_over(st):
        seat = rules.to_move(st)
        types = {t["type"] for t in rules.legal_actions(st, seat)}
        st = act(rules, st, seat, "all_in" if "all_in" in types else "check" if "check" in types else "call")
    chips = [s["chips"] for s in st["seats"]]
    assert sorted(chips) == [0, 200]  # seed 7: the first all-in is called and decides the match
    assert st["result"]["winners"] == [chips.index(200)]
    assert st["result"]["reason"] == "one player has every chip"


def test_hand_limit_ends_with_most_chips(rules):
    st = rules.new_game(seats(3), seed=8, options={"chips": 100, "blind": 10, "hands": 2})
    while not rules.is_over(st):
        st = act(rules, st, rules.to_move(st), "fold")
    assert st["result"]["hands"] == 2 and st["result"]["reason"] == "the hand limit is reached"
    best = max(st["result"]["chips"])
    assert [st["result"]["chips"][w] for w in st["result"]["winners"]] == [best] * len(
        st["result"]["winners"]
    )


def test_views_hide_other_hands(rules):
    st = rules.new_game(seats(3), seed=9)
    v0, vall = rules.view(st, 0), rules.view(st, None)
    assert all(c >= 0 for c in v0["zones"]["hand/0"]["cards"])
    assert v0["zones"]["hand/1"]["cards"] == [-1, -1]
    assert vall["zones"]["hand/0"]["cards"] == [-1, -1]
    assert v0["zones"]["deck"]["cards"] == [] and v0["zones"]["deck"]["count"] == 52 - 6


# ---- properties of pots ------------------------------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402

SEAT = hs.fixed_dictionaries({"total": hs.integers(0, 500), "folded": hs.booleans(), "out": hs.just(False)})


@settings(max_examples=300, deadline=None)
@given(hs.lists(SEAT, min_size=2, max_size=10), hs.sampled_from(["after_dealer", "first_winner"]))
def test_pots_hold_every_chip_and_split_exactly(seats, odd_chip):
    from cardtable.engine.pots import side_pots, split

    if all(s["folded"] for s in seats):
        seats[0]["folded"] = False
    pots = side_pots(seats)
    assert sum(p["amount"] for p in pots) == sum(s["total"] for s in seats)
    live = [i for i, s in enumerate(seats) if not s["folded"]]
    for pot in pots:
        assert pot["eligible"] and set(pot["eligible"]) <= set(live)
        shares = split(pot["amount"], pot["eligible"], odd_chip)
        assert sum(shares.values()) == pot["amount"]
        assert max(shares.values()) - min(shares.values()) <= (
            1 if odd_chip == "after_dealer" else len(shares)
        )
    # Eligibility only shrinks from the main pot outwards (side pots are for the deeper stacks).
    for a, b in zip(pots, pots[1:]):
        assert set(b["eligible"]) <= set(a["eligible"])
