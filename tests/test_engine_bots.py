"""Computer players: a decision depends on (view, seed, level, style) only. It is the same when every card
hidden from the seat is shuffled among the places hidden from it, the same however the thinking is
split, legal in every variant; and the grid player makes its best move (draws: test_bot_draws.py)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from conftest import VARIANT_IDS, builtin
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import Rules
from cardtable.engine.bots import LEVELS, STYLES, Thinker, decide, random_action
from cardtable.engine.scoring import score_placement
from cardtable.engine.state import clone


@cache
def rules_of(vid: str) -> Rules:
    return Rules(builtin(vid))


def hidden_slots(rules: Rules, state: dict, seat: int) -> list[tuple[list, int]]:
    """Every place (container, index) holding a card that `seat` may not see, worked out from the
    state and the layout (not from view.py)."""
    out: list[tuple[list, int]] = []
    for name, spec in rules.layout.zones.items():
        owners = range(len(state["seats"])) if spec.per_seat else [None]
        for owner in owners:
            z = state["zones"][name][owner] if owner is not None else state["zones"][name]
            sees = spec.visibility == "everyone" or (spec.visibility == "owner" and owner == seat)
            if "cells" in z:
                out += [(cell, 2) for cell in z["cells"] if not (cell[3] or sees)]
            else:
                out += [(z["cards"], i) for i, up in enumerate(z["up"]) if not (up or sees)]
    return out


def permute_hidden(rules: Rules, state: dict, seat: int, rng: random.Random) -> tuple[dict, int]:
    """A copy of `state` whose cards hidden from `seat` (other hands, the deck, face-down table
    cards...) are shuffled among their places, every one moving when there are two or more; and
    how many places are hidden (listed once: the 12,000-card deck's are many)."""
    alt = clone(state)
    slots = hidden_slots(rules, alt, seat)
    cards = [holder[i] for holder, i in slots]
    moved = rng.sample(cards, len(cards))
    if len(cards) > 1 and moved == cards:
        moved = moved[1:] + moved[:1]
    for (holder, i), card in zip(slots, moved):
        holder[i] = card
    return alt, len(slots)


def mover(rules: Rules, state: dict) -> int:
    """The seat to move (the game is not over)."""
    seat = rules.to_move(state)
    assert seat is not None
    return seat


def think(
    rules: Rules, view: dict, seed: int, level: str = "easy", style: str = "balanced"
) -> tuple[dict, int]:
    """The decision, and how many pieces of work it took (one per step of no time)."""
    thinker = Thinker(rules, view, seed, level, style)
    steps = 1
    while not thinker.step(0.0):
        steps += 1
    assert thinker.action is not None
    return thinker.action, steps


def next_state(rules: Rules, state: dict, rng: random.Random, calm: bool = True) -> dict:
    """The state after the seat to move acts: a calm seat checks or calls when it can (so many hands
    reach a showdown), otherwise it does anything legal, at random."""
    seat = mover(rules, state)
    types = {t["type"] for t in rules.legal_actions(state, seat)}
    passive = next((t for t in ("check", "call") if t in types), None)
    if calm and passive:
        return rules.apply(state, {"seat": seat, "type": passive})
    return rules.apply(state, random_action(rules, state, seat, rng))


def play_to(rules: Rules, seed: int, players: int, moves: int, calm: bool) -> dict:
    """A game after up to `moves` actions (see next_state), stopped before its end: a seat is to move."""
    rng = random.Random(seed)
    opts = {"hands": 2} if "hands" in rules.options else {}
    state = rules.new_game([{"name": f"P{i}"} for i in range(players)], seed, opts)
    for _ in range(moves):
        after = next_state(rules, state, rng, calm)
        if after["over"]:
            break
        state = after
    return state


def play_to_phase(rules: Rules, state: dict, phase: str) -> dict:
    """The game moved on calmly until a seat must decide in `phase` (unless the game ends first:
    then the last state before its end)."""
    rng = random.Random(0)
    while rules.view(state, None)["phase"] != phase:
        after = next_state(rules, state, rng)
        if after["over"]:
            break
        state = after
    return state


@pytest.mark.parametrize("vid", VARIANT_IDS)
@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 10),
    moves=st.integers(0, 90),
    calm=st.booleans(),
    to_bet=st.booleans(),
    shuffle=st.integers(0, 2**32),
    bot_seed=st.integers(0, 2**64 - 1),
    style=st.sampled_from(STYLES),
)
def test_decision_ignores_every_hidden_card(
    vid, seed, players, moves, calm, to_bet, shuffle, bot_seed, style
):
    rules = rules_of(vid)
    v = rules.variant
    state = play_to(rules, seed, min(max(players, v.min_players), v.max_players), moves, calm)
    if to_bet and rules.betting:  # half the spots are bets: where the chance to win counts
        state = play_to_phase(rules, state, "bet")
    seat = mover(rules, state)
    alt, hidden = permute_hidden(rules, state, seat, random.Random(shuffle))
    if hidden > 1:
        assert alt != state
    view = rules.view(state, seat)
    assert rules.view(alt, seat) == view
    action, work = think(rules, view, bot_seed, style=style)
    assert rules.check(state, action) is None
    # Not only the action: the thinking (how many hands it valued before it stopped) is the same.
    assert think(rules, rules.view(alt, seat), bot_seed, style=style) == (action, work)


def test_permute_hidden_moves_only_hidden_cards():
    rules = rules_of("texas_holdem")
    state = play_to(rules, 3, 4, 9, calm=True)
    seat = mover(rules, state)
    alt, _ = permute_hidden(rules, state, seat, random.Random(0))
    assert alt["zones"]["hand"][seat] == state["zones"]["hand"][seat]
    assert alt["zones"]["board"] == state["zones"]["board"]
    others = [alt["zones"]["hand"][s]["cards"] != state["zones"]["hand"][s]["cards"] for s in range(4)]
    assert sum(others) == 3 and alt["zones"]["deck"] != state["zones"]["deck"]


@pytest.mark.parametrize("vid", ["limbo_holdem", "infinite_poker", "poker_clash"])
def test_same_view_and_seed_same_action_however_the_thinking_is_split(vid):
    rules = rules_of(vid)
    state = play_to(rules, 7, min(6, rules.variant.max_players), 40, calm=True)
    state = play_to_phase(rules, state, "bet")  # a bet: the most work, in many pieces
    view = rules.view(state, mover(rules, state))
    action = decide(rules, view, 99, "normal")
    assert decide(rules, view, 99, "normal") == action
    stepped, steps = think(rules, view, 99, "normal")
    assert stepped == action and steps > 1
    whole = Thinker(rules, view, 99, "normal")
    assert whole.step(3600.0) and whole.action == action


def test_the_seed_matters():
    """Ties between equally good placements are broken by the seed."""
    rules = rules_of("poker_grid")
    state = rules.new_game([{"name": "A"}, {"name": "B"}], seed=2)
    view = rules.view(state, mover(rules, state))
    assert len({str(decide(rules, view, seed, "easy")) for seed in range(20)}) > 1


def test_levels_and_refusals():
    rules = rules_of("texas_holdem")
    state = rules.new_game([{"name": "A"}, {"name": "B"}], seed=1)
    seat = mover(rules, state)
    easy, normal, hard = LEVELS["easy"], LEVELS["normal"], LEVELS["hard"]
    assert easy.deals < normal.deals < hard.deals  # more work,
    assert not easy.reads and normal.reads and hard.reads  # reading the betting,
    assert easy.bluff < normal.bluff < hard.bluff  # and bolder
    with pytest.raises(ValueError, match="level"):
        decide(rules, rules.view(state, seat), 0, "genius")
    with pytest.raises(ValueError, match="no decision"):
        decide(rules, rules.view(state, 1 - seat), 0)


def test_grid_bot_places_the_best_scoring_card():
    rules = rules_of("poker_grid")
    state = rules.new_game([{"name": "A"}, {"name": "B"}], seed=11)
    for n in range(20):
        seat = mover(rules, state)
        t = rules.legal_actions(state, seat)[0]
        grid = {(r, c): card for r, c, card, _ in state["zones"]["grid"]["cells"]}
        best = 0
        for card in t["cards"]:
            for at in t["spots"]:
                grid[tuple(at)] = card
                best = max(best, score_placement(rules, grid, tuple(at)).total)
                del grid[tuple(at)]
        before = state["seats"][seat]["points"]
        state = rules.apply(state, decide(rules, rules.view(state, seat), n, "easy"))
        assert state["seats"][seat]["points"] - before == best


def test_a_hand_known_whole_is_valued_once_when_reading_the_betting(monkeypatch):
    """Reading the betting deals the unseen cards many times; a seat that sees every card of its
    own hand (Hold'em's hole cards and the board) holds the same hand in every deal: it is valued
    once, though counted as a hand valued in every deal (the deals stop where they always did)."""
    from cardtable.engine.bots import reading
    from cardtable.engine.bots.chance import _fill_hidden
    from cardtable.engine.bots.seen import places

    rules = rules_of("texas_holdem")
    state = play_to(rules, 5, 3, 6, calm=True)
    seat = mover(rules, state)
    view = rules.view(state, seat)
    at = places(rules, view, seat)
    real = reading.comparers
    valued: list[object] = []

    def counting(rules, ranking):
        strength, beats = real(rules, ranking)
        return (lambda zones, declared: valued.append(zones) or strength(zones, declared)), beats

    monkeypatch.setattr(reading, "comparers", counting)
    deals = 10
    work = reading.read_chance(rules, view, random.Random(1), deals, at, 10**6, _fill_hidden)
    units = 0
    with pytest.raises(StopIteration):
        while True:
            next(work)
            units += 1
    assert len(at.others) == 2 and units == deals * (1 + len(at.others))
    assert len(valued) == 1 + deals * len(at.others)
