"""Styles of play next to levels: tight players put chips in less often than loose ones, aggressive
players raise in the first betting round more often than passive ones, and (view, seed, level,
style) decide the action."""

from __future__ import annotations

import pytest

from cardtable.catalog import resolve
from cardtable.commands.duplicate import play_match
from cardtable.engine import Rules
from cardtable.engine.bots import LEVELS, STYLES, decide, split_player
from cardtable.engine.bots.style import style


def test_style_names_and_player_names():
    assert style("balanced") == style("balanced")
    assert style("tight").entry > 1 > style("loose").entry
    assert style("aggressive").aggression > 1 > style("passive").aggression
    assert style("loose-aggressive") == type(style("tight"))(
        style("loose").entry, style("aggressive").aggression
    )
    assert split_player("hard", tuple(LEVELS)) == ("hard", "balanced")
    assert split_player("hard-tight-passive", tuple(LEVELS)) == ("hard", "tight-passive")
    assert split_player("hard-wild", tuple(LEVELS)) is None
    assert split_player("tight", tuple(LEVELS)) is None  # the baseline, not a level
    with pytest.raises(ValueError, match="no style 'wild'"):
        style("wild")


def test_styles_show_in_the_statistics():
    """Over the same deals (duplicate seatings), the tight player is in by choice less often than
    the loose one, and the aggressive one raises first more often than the passive one."""
    texas = resolve("texas_holdem")
    tight, loose = play_match(texas, ["easy-tight", "easy-loose"], hands=60, seed=2)["seats"]
    assert tight["voluntarily_in"] + 0.15 < loose["voluntarily_in"]
    passive, aggressive = play_match(texas, ["easy-passive", "easy-aggressive"], hands=60, seed=2)["seats"]
    assert passive["raised_first_round"] + 0.1 < aggressive["raised_first_round"]


def test_the_style_decides_with_the_view_seed_and_level():
    rules = Rules(resolve("texas_holdem"))
    state = rules.new_game([{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}], 4, {})
    seat = rules.to_move(state)
    assert seat is not None
    view = rules.view(state, seat)
    for name in STYLES:
        assert decide(rules, view, 9, "easy", name) == decide(rules, view, 9, "easy", name)
    assert decide(rules, view, 9, "easy", "balanced") == decide(rules, view, 9, "easy")
    # over a few seeds, the loosest and the tightest choose differently somewhere
    actions = {name: [decide(rules, view, s, "easy", name)["type"] for s in range(12)] for name in STYLES}
    assert actions["loose-aggressive"] != actions["tight-passive"]
