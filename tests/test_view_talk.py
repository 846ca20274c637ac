"""A view's table talk and hands won are read off the game's append-only lists from where the last
view of that game ended (engine/talk.py), not from the start: a long match's decisions cost more and
more (3 ms a hand at hand 100 of a two-player draw match, 18 ms at hand 600). The views stay exactly
what reading every entry gives, whatever the order states are viewed in (older states after an undo,
two games in turn)."""

import random

import pytest
from conftest import ROOT

from cardtable.catalog import resolve
from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.engine.talk import _TALK

GAMES = sorted(str(p) for p in (ROOT / "variants").glob("*.yaml")) + sorted(
    str(p) for p in (ROOT / "variants" / "examples").glob("*.yaml")
)


def _talk_by_hand(st, seat):
    return [
        ev["private"] if seat is not None and "private" in ev and ev.get("seat") == seat else ev["text"]
        for ev in st["events"]
    ]


def _won_by_hand(st):
    return [sum(i in h["winners"] for h in st["history"]) for i in range(len(st["seats"]))]


def _states(rules, seed, actions):
    rng = random.Random(seed)
    st = rules.new_game(
        [{"name": f"P{i}", "kind": "human"} for i in range(rules.variant.min_players)], seed, {}
    )
    states = [st]
    while (seat := rules.to_move(st)) is not None and len(states) < actions:
        st = rules.apply(st, random_action(rules, st, seat, rng))
        states.append(st)
    return states


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.rsplit("/", 1)[-1][:-5])
def test_views_read_the_same_talk_and_wins_in_any_order(path):
    rules = Rules(resolve(path))
    one, other = _states(rules, 1, 120), _states(rules, 2, 120)
    rng = random.Random(0)
    order = [(one, i) for i in range(len(one))] + [(other, i) for i in range(len(other))]
    for _ in range(60):  # older states again (undos), the two games in turn
        states = rng.choice((one, other))
        order.append((states, rng.randrange(len(states))))
    for states, i in order:
        st = states[i]
        for seat in (None, *range(len(st["seats"]))):
            view = rules.view(st, seat)
            assert view["log"] == _talk_by_hand(st, seat)
            assert view["hands_won"] == _won_by_hand(st)


def test_a_view_after_one_more_action_reads_only_the_new_talk():
    rules = Rules(resolve("texas_holdem"))
    states = _states(rules, 3, 400)
    rules.view(states[0], 0)
    reader = _TALK[0]
    for before, after in zip(states, states[1:]):
        rules.view(before, 0)
        read = reader.entries_read
        rules.view(after, 0)
        assert reader.entries_read - read == len(after["events"]) - len(before["events"])
