"""Scenario tests for each game's own rules, driven by scripted actions on fixed deals."""

from __future__ import annotations

import pytest
from engine_helpers import check_invariants, rig

from cardtable.engine import IllegalAction, Rules
from cardtable.engine.state import all_cards, chips_in_play


def seats(n):
    return [{"name": f"P{i}", "kind": "human"} for i in range(n)]


def act(rules, st, seat, kind, **kw):
    return rules.apply(st, {"seat": seat, "type": kind, **kw})


def play_bets_passively(rules, st):
    """Check or call through the current betting round (if one is under way)."""
    where = (st["hand"], st["pc"])
    while (
        not rules.is_over(st) and rules.view(st, None)["phase"] == "bet" and (st["hand"], st["pc"]) == where
    ):
        seat = rules.to_move(st)
        types = {t["type"] for t in rules.legal_actions(st, seat)}
        st = act(rules, st, seat, "check" if "check" in types else "call")
    return st


def refused(rules, st, action, words):
    before = repr(st)
    reason = rules.check(st, action)
    assert reason and words in reason, reason
    with pytest.raises(IllegalAction):
        rules.apply(st, action)
    assert repr(st) == before


# ---- draw poker ---------------------------------------------------------------------------------
def test_five_card_draw_respects_the_declared_limit(variants):
    rules = Rules(variants["sevendeck_poker"])
    st = rules.new_game(seats(3), seed=1, options={"draw_limit": 2})
    assert [len(z["cards"]) for z in st["zones"]["hand"]] == [5, 5, 5]
    st = play_bets_passively(rules, st)
    assert rules.view(st, None)["phase"] == "draw"
    seat = rules.to_move(st)
    assert seat == 1  # left of the dealer
    hand = st["zones"]["hand"][seat]["cards"]
    refused(rules, st, {"seat": seat, "type": "discard", "cards": hand[:3]}, "at most 2")
    other = st["zones"]["hand"][2]["cards"][0]
    refused(rules, st, {"seat": seat, "type": "discard", "cards": [other]}, "your own hand")
    st2 = act(rules, st, seat, "discard", cards=hand[:2])
    assert len(st2["zones"]["hand"][seat]["cards"]) == 5
    assert sorted(st2["zones"]["discard"]["cards"]) == sorted(hand[:2])
    assert not set(hand[:2]) & set(st2["zones"]["hand"][seat]["cards"])
    # Nobody, not even the player, sees the discard pile's faces afterwards; the player's log says.
    assert rules.view(st2, 2)["zones"]["discard"]["cards"] in ([], [-1, -1])
    assert any("You trade" in line for line in rules.view(st2, seat)["log"])
    assert not any("You trade" in line for line in rules.view(st2, 2)["log"])


def test_nine_card_draw_recycles_discards_when_the_stock_runs_out(variants):
    v = variants["sigilian_poker"]
    rules = Rules(v)
    st = rules.new_game(seats(7), seed=2)
    start = chips_in_play(st)
    assert len(st["zones"]["deck"]["cards"]) == 75 - 63
    st = play_bets_passively(rules, st)
    for _ in range(7):  # everyone trades all nine
        seat = rules.to_move(st)
        hand = list(st["zones"]["hand"][seat]["cards"])
        legal = rules.legal_actions(st, seat)[0]
        st = act(rules, st, seat, "discard", cards=hand[: legal["max"]])
        assert len(st["zones"]["hand"][seat]["cards"]) == 9
        assert sorted(all_cards(st)) == list(range(75))
    assert any("shuffled back" in line for line in rules.view(st, None)["log"])
    check_invariants(rules, st, start)


# ---- Limbo Hold'em ---------------------------------------------------------------------------
def test_limbo_deals_three_hole_cards_and_five_two_two(variants):
    v = variants["limbo_holdem"]
    rules = Rules(v)
    st = rules.new_game(seats(3), seed=3)
    assert [len(z["cards"]) for z in st["zones"]["hand"]] == [3, 3, 3]
    boards = []
    while not rules.is_over(st) and st["hand"] == 1:
        boards.append(len(st["zones"]["board"]["cards"]))
        st = play_bets_passively(rules, st)
    assert sorted(set(boards)) == [0, 5, 7, 9]


def test_limbo_antes_option(variants):
    v = variants["limbo_holdem"]
    rules = Rules(v)
    st = rules.new_game(seats(3), seed=3, options={"antes": True, "blind": 20})
    assert [s["total"] for s in st["seats"]] == [5, 5, 5] and all(s["bet"] == 0 for s in st["seats"])
    assert {t["type"] for t in rules.legal_actions(st, rules.to_move(st))} >= {"check", "bet"}
    st = rules.new_game(seats(3), seed=3, options={"antes": False, "blind": 20})
    assert [s["bet"] for s in st["seats"]] == [0, 10, 20]


# ---- Poker Grid -----------------------------------------------------------------------------
def test_grid_game_places_next_to_cards_and_scores(variants):
    rules = Rules(variants["poker_grid"])
    deck = rules.variant.deck
    st = rules.new_game(seats(2), seed=4)
    cells = st["zones"]["grid"]["cells"]
    assert len(cells) == 1 and cells[0][:2] == [0, 0]
    assert [len(z["cards"]) for z in st["zones"]["hand"]] == [3, 3]
    start = cells[0][2]
    rank = deck.value(start, "rank").id
    pair = next(c for c in range(52) if c != start and deck.value(c, "rank").id == rank)
    seat = rules.to_move(st)
    rig(st, {f"hand/{seat}": [pair]})
    refused(rules, st, {"seat": seat, "type": "place", "card": pair, "at": [0, 2]}, "next to")
    refused(rules, st, {"seat": seat, "type": "place", "card": pair, "at": [0, 0]}, "already a card")
    other = st["zones"]["hand"][1 - seat]["cards"][0]
    refused(rules, st, {"seat": seat, "type": "place", "card": other, "at": [0, 1]}, "not in your hand")
    st = act(rules, st, seat, "place", card=pair, at=[0, 1])
    assert st["seats"][seat]["points"] == 1  # a pair scores 1
    assert len(st["zones"]["hand"][seat]["cards"]) == 3  # drawn back up to three
    assert rules.to_move(st) == 1 - seat


def test_grid_game_refuses_a_sixth_card_in_a_line(variants):
    rules = Rules(variants["poker_grid"])
    st = rules.new_game(seats(2), seed=5)
    for col in range(1, 5):  # five in a row: columns 0..4
        seat = rules.to_move(st)
        st = act(rules, st, seat, "place", card=st["zones"]["hand"][seat]["cards"][0], at=[0, col])
    seat = rules.to_move(st)
    card = st["zones"]["hand"][seat]["cards"][0]
    refused(rules, st, {"seat": seat, "type": "place", "card": card, "at": [0, 5]}, "longer than 5")
    refused(rules, st, {"seat": seat, "type": "place", "card": card, "at": [0, -1]}, "longer than 5")
    assert [0, 5] not in rules.legal_actions(st, seat)[0]["spots"]


def test_grid_game_ends_when_the_last_card_is_played(variants):
    rules = Rules(variants["poker_grid"])
    st = rules.new_game(seats(3), seed=6)
    n = 0
    while not rules.is_over(st):
        seat = rules.to_move(st)
        t = rules.legal_actions(st, seat)[0]
        st = act(rules, st, seat, "place", card=t["cards"][0], at=t["spots"][0])
        n += 1
    assert n == 51 and len(st["zones"]["grid"]["cells"]) == 52
    pts = st["result"]["points"]
    assert st["result"]["winners"] == [i for i, p in enumerate(pts) if p == max(pts)]


# ---- the 12,000-card game -------------------------------------------------------------------
@pytest.fixture
def infinite(variants):
    v = variants["infinite_poker"]
    return Rules(v)


def test_infinite_three_blinds_called_shot_and_deal(infinite):
    st = infinite.new_game(seats(4), seed=7, options={"blind": 20})
    roles = [s["roles"] for s in st["seats"]]
    assert roles[0] == ["dealer", "winner"] and roles[1] == ["small_blind"] and roles[2] == ["big_blind"]
    assert [s["bet"] for s in st["seats"]] == [20, 10, 20, 0]
    assert infinite.view(st, None)["phase"] == "declare"
    seat = infinite.to_move(st)
    refused(infinite, st, {"seat": seat, "type": "declare", "cards": [1, 2, 3]}, "exactly 10")
    st = act(infinite, st, seat, "declare", cards=list(range(100, 110)))
    assert st["declared"][seat] == list(range(100, 110))
    assert infinite.view(st, 3)["declared"][seat] == list(range(100, 110))  # named aloud
    while infinite.view(st, None)["phase"] == "declare":
        st = act(infinite, st, infinite.to_move(st), "pass")
    assert [len(z["cards"]) for z in st["zones"]["hand"]] == [4, 4, 4, 4]
    assert len(st["zones"]["grid"]["cells"]) == 100 and not any(c[3] for c in st["zones"]["grid"]["cells"])
    assert all(card == -1 for _, _, card in infinite.view(st, 0)["zones"]["grid"]["cells"])
    off = infinite.new_game(seats(4), seed=7, options={"called_shot": False})
    assert infinite.view(off, None)["phase"] == "bet"


def test_infinite_flips_go_counterclockwise_until_sixty_then_twenty_then_all(infinite):
    st = infinite.new_game(seats(3), seed=8, options={"called_shot": False})
    st = play_bets_passively(infinite, st)
    assert infinite.view(st, None)["phase"] == "reveal"
    movers = []
    for _ in range(6):
        seat = infinite.to_move(st)
        movers.append(seat)
        at = infinite.legal_actions(st, seat)[0]["choices"][0]
        st = act(infinite, st, seat, "flip", at=at)
    assert movers == [2, 1, 0, 2, 1, 0]  # the dealer is seat 0: to the right, counterclockwise
    seat = infinite.to_move(st)
    up = next([r, c] for r, c, _, u in st["zones"]["grid"]["cells"] if u)
    refused(infinite, st, {"seat": seat, "type": "flip", "at": up}, "no face-down card")
    while infinite.view(st, None)["phase"] == "reveal":
        seat = infinite.to_move(st)
        st = act(infinite, st, seat, "flip", at=infinite.legal_actions(st, seat)[0]["choices"][-1])
    assert sum(c[3] for c in st["zones"]["grid"]["cells"]) == 60
    st = play_bets_passively(infinite, st)
    while infinite.view(st, None)["phase"] == "reveal":
        seat = infinite.to_move(st)
        st = act(infinite, st, seat, "flip", at=infinite.legal_actions(st, seat)[0]["choices"][0])
    assert sum(c[3] for c in st["zones"]["grid"]["cells"]) == 80
    st = play_bets_passively(infinite, st)
    assert sum(c[3] for c in st["zones"]["grid"]["cells"]) == 100  # the river turns the rest
    st = play_bets_passively(infinite, st)
    assert st["hand"] == 2


def test_infinite_underdog_gets_four_more_and_winner_posts(infinite):
    st = infinite.new_game(seats(4), seed=9, options={"called_shot": False, "blind": 20})
    # Seat 3 (first to act) folds first: last place, so the Underdog of hand two.
    st = act(infinite, st, 3, "fold")
    st = act(infinite, st, 0, "fold")
    st = act(infinite, st, 1, "fold")  # seat 2, the big blind, wins hand one
    assert st["hand"] == 2
    roles = {r: i for i, s in enumerate(st["seats"]) for r in s["roles"]}
    assert roles["winner"] == 2 and roles["underdog"] == 3
    assert len(st["zones"]["hand"][3]["cards"]) == 8
    assert [len(z["cards"]) for i, z in enumerate(st["zones"]["hand"]) if i != 3] == [4, 4, 4]
    bets = [s["bet"] for s in st["seats"]]
    assert bets[2] == 20 + (20 if "big_blind" in st["seats"][2]["roles"] else 0) + (
        10 if "small_blind" in st["seats"][2]["roles"] else 0
    )


# ---- Poker Clash ----------------------------------------------------------------------------
@pytest.fixture
def clash(variants):
    v = variants["poker_clash"]
    return Rules(v)


def test_clash_first_round_must_open_with_the_minimum(clash):
    st = clash.new_game(seats(3), seed=10, options={"blind": 20})
    seat = clash.to_move(st)
    assert seat == 1
    refused(clash, st, {"seat": seat, "type": "check"}, "opened with a bet")
    refused(clash, st, {"seat": seat, "type": "bet", "amount": 10}, "smallest bet")
    # the careful reading of "must bet the minimum ... or fold": exactly the minimum; later
    # players may raise (variants/poker_clash.yaml's reading: note)
    refused(clash, st, {"seat": seat, "type": "bet", "amount": 21}, "largest bet")
    refused(clash, st, {"seat": seat, "type": "all_in"}, "")
    (opening,) = [t for t in clash.legal_actions(st, seat) if t["type"] == "bet"]
    assert opening["min"] == opening["max"] == 20
    st = act(clash, st, seat, "bet", amount=20)
    assert {t["type"] for t in clash.legal_actions(st, 2)} == {"fold", "call", "raise", "all_in"}
    (raising,) = [t for t in clash.legal_actions(st, 2) if t["type"] == "raise"]
    assert raising["max"] > 40


def test_clash_opener_short_of_the_minimum_may_still_go_all_in(clash):
    st = clash.new_game(seats(3), seed=10, options={"blind": 20, "chips": 15})
    seat = clash.to_move(st)
    assert {t["type"] for t in clash.legal_actions(st, seat)} == {"fold", "all_in"}


def _to_draw_round(clash, st):
    st = act(clash, st, 1, "bet", amount=20)
    st = act(clash, st, 2, "call")
    st = act(clash, st, 0, "call")
    assert clash.view(st, None)["phase"] == "exchange"
    return st


def test_clash_draw_then_discard_face_up_and_swap(clash):
    st = _to_draw_round(clash, clash.new_game(seats(3), seed=11))
    assert clash.to_move(st) == 2  # left of the last bettor (seat 1)
    assert {t["type"] for t in clash.legal_actions(st, 2)} == {"draw"}  # the pot is empty
    st = act(clash, st, 2, "draw")
    assert len(st["zones"]["hand"][2]["cards"]) == 6 and clash.to_move(st) == 2
    refused(clash, st, {"seat": 2, "type": "draw"}, "put one card face up")
    card = st["zones"]["hand"][2]["cards"][0]
    st = act(clash, st, 2, "discard", cards=[card])
    assert clash.view(st, 0)["zones"]["card_pot"]["cards"] == [card]  # face up for everyone
    assert {t["type"] for t in clash.legal_actions(st, 0)} == {"draw", "swap"}
    mine = st["zones"]["hand"][0]["cards"]
    refused(clash, st, {"seat": 0, "type": "swap", "give": mine[:2]}, "exactly 1")
    st = act(clash, st, 0, "swap", give=[mine[0]])
    assert card in st["zones"]["hand"][0]["cards"] and st["zones"]["card_pot"]["cards"] == [mine[0]]


def test_clash_double_down_others_call_twice_or_fold_then_showdown(clash):
    st = _to_draw_round(clash, clash.new_game(seats(3), seed=12, options={"blind": 20}))
    for seat in (2, 0, 1):
        st = act(clash, st, seat, "draw")
        st = act(clash, st, seat, "discard", cards=[st["zones"]["hand"][seat]["cards"][0]])
    assert clash.view(st, None)["phase"] == "bet"
    seat = clash.to_move(st)
    assert seat == 2  # left of the last bettor again
    st = act(clash, st, seat, "bet", amount=40)
    nxt = clash.to_move(st)
    hand = st["zones"]["hand"][nxt]["cards"]
    refused(clash, st, {"seat": nxt, "type": "call", "showdown": True, "reveal": hand[:2]}, "exactly 3")
    st = act(clash, st, nxt, "call", showdown=True, reveal=hand[:3])
    shown = clash.view(st, 2)["zones"][f"hand/{nxt}"]["cards"]
    assert sorted(c for c in shown if c >= 0) == sorted(hand[:3])
    third = clash.to_move(st)
    assert {t["type"] for t in clash.legal_actions(st, third)} == {"fold", "call"}
    refused(clash, st, {"seat": third, "type": "raise", "amount": 200}, "only call or fold")
    chips = st["seats"][third]["chips"]
    st = act(clash, st, third, "call")
    assert chips - st["seats"][third]["chips"] == 80  # twice the initiator's 40 this round
    st = act(clash, st, clash.to_move(st), "fold")  # the first bettor folds rather than pay 80
    assert st["hand"] == 2 and st["history"][0]["showdown"]


def test_infinite_underdog_is_the_weakest_hand_shown_when_nobody_folds(infinite):
    from cardtable.engine.scoring import evaluate_seat

    st = infinite.new_game(seats(3), seed=13, options={"called_shot": False})
    while st["hand"] == 1:
        seat = infinite.to_move(st)
        t = infinite.legal_actions(st, seat)
        types = {x["type"] for x in t}
        if "flip" in types:
            action = {"seat": seat, "type": "flip", "at": t[0]["choices"][0]}
        else:
            action = {"seat": seat, "type": "check" if "check" in types else "call"}
        before = st
        st = infinite.apply(st, action)
    values = {s: evaluate_seat(infinite, before, s) for s in range(3)}
    low = min(v.key for v in values.values())
    weakest = [s for s in (1, 2, 0) if values[s].key == low][0]  # ties: first left of the dealer
    assert "underdog" in st["seats"][weakest]["roles"]
    assert len(st["zones"]["hand"][weakest]["cards"]) == 8
    best = max(v.key for v in values.values())
    assert "winner" in st["seats"][[s for s in (1, 2, 0) if values[s].key == best][0]]["roles"]
