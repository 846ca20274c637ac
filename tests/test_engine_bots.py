"""Computer players: they decide from their view only, play every variant legally, and place the
best-scoring card in the grid game."""

from __future__ import annotations

import copy
import random

import pytest
from engine_helpers import use_stand_in_if_needed

import cardtable.engine.bots as bots
from cardtable.engine import Rules
from cardtable.engine.scoring import score_placement


@pytest.fixture
def deterministic(monkeypatch):
    monkeypatch.setattr(bots, "BUDGET_S", 60.0)  # the sample count, not the clock, ends thinking
    monkeypatch.setattr(bots, "MAX_SAMPLES", 12)


@pytest.mark.parametrize("vid", ["texas_holdem", "sevendeck_poker", "poker_clash", "infinite_poker"])
def test_bot_never_peeks_at_hidden_cards(variants, vid, deterministic, monkeypatch):
    v = variants[vid]
    use_stand_in_if_needed(v, monkeypatch)
    rules = Rules(v)
    for seed in range(3):
        opts = {"hands": 2, **({"called_shot": False} if "called_shot" in rules.options else {})}
        st = rules.new_game([{"name": f"P{i}"} for i in range(3)], seed=seed, options=opts)
        seat = rules.to_move(st)
        # Scramble every card this seat cannot see: the other hands trade places with the deck.
        alt = copy.deepcopy(st)
        hidden = []
        for i, z in enumerate(alt["zones"]["hand"]):
            if i != seat:
                hidden += [(z["cards"], j) for j in range(len(z["cards"]))]
        deck = alt["zones"]["deck"]["cards"]
        for k, (cards, j) in enumerate(hidden):
            cards[j], deck[k] = deck[k], cards[j]
        assert alt != st and rules.view(alt, seat) == rules.view(st, seat)
        a1 = bots.choose_action(rules, st, seat, random.Random(seed))
        a2 = bots.choose_action(rules, alt, seat, random.Random(seed))
        assert a1 == a2


def test_grid_bot_places_the_best_scoring_card(variants):
    rules = Rules(variants["poker_grid"])
    st = rules.new_game([{"name": "A"}, {"name": "B"}], seed=11)
    rng = random.Random(0)
    for _ in range(20):
        seat = rules.to_move(st)
        t = rules.legal_actions(st, seat)[0]
        grid = {(r, c): card for r, c, card, _ in st["zones"]["grid"]["cells"]}
        best = 0
        for card in t["cards"]:
            for at in t["spots"]:
                grid[tuple(at)] = card
                best = max(best, score_placement(rules, grid, tuple(at)).total)
                del grid[tuple(at)]
        before = st["seats"][seat]["points"]
        st = rules.apply(st, bots.choose_action(rules, st, seat, rng))
        assert st["seats"][seat]["points"] - before == best


def test_draw_bot_keeps_a_made_hand(variants, deterministic):
    rules = Rules(variants["sevendeck_poker"])
    st = rules.new_game([{"name": "A"}, {"name": "B"}], seed=5)
    rng = random.Random(1)
    while rules.view(st, None)["phase"] != "draw":
        seat = rules.to_move(st)
        types = {t["type"] for t in rules.legal_actions(st, seat)}
        st = rules.apply(st, {"seat": seat, "type": "check" if "check" in types else "call"})
    seat = rules.to_move(st)
    from cardtable.engine.scoring import evaluate_seat

    made = set(evaluate_seat(rules, st, seat).made)
    action = bots.choose_action(rules, st, seat, rng)
    assert action["type"] == "discard" and not made & set(action["cards"])
    assert len(action["cards"]) <= 3
