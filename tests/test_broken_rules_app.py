"""Issue 28: a broken game that slips past validation is said at New game or at the table with the
file's line, the game is kept, and Continue opens it again without a crash (never a crash loop)."""

from __future__ import annotations

import pytest
from conftest import VARIANTS

from cardtable.app.headless import start
from cardtable.app.load_continue import continue_scene
from cardtable.app.new_game import NewGameScene
from cardtable.engine import Rules
from cardtable.engine.bots import Thinker
from cardtable.errors import BrokenRules, Problem
from cardtable.variant import load_variant


def _fail(*_args: object) -> None:
    raise KeyError("hands")


def _broken(*_args: object) -> None:
    raise BrokenRules([Problem("texas_holdem.yaml", 38, 0, "the game played 51 hands by itself")])


@pytest.mark.parametrize(("failure", "said"), [(_fail, "'hands'"), (_broken, "texas_holdem.yaml:38:0")])
def test_new_game_says_why_the_rules_cannot_start_and_stays(fresh_user, monkeypatch, failure, said):
    """NewGameScene.start caught only ValueError: anything else was the crash screen."""
    app = start(None, scene="menu")
    variant = load_variant(VARIANTS / "texas_holdem.yaml")
    app.push(NewGameScene(app, variant))
    monkeypatch.setattr(Rules, "new_game", failure)
    app.scene.start()
    assert isinstance(app.scene, NewGameScene)
    assert said in app.scene.message
    app.step([], dt=1 / 60)  # and the screen still draws


def _play_until_broken(app) -> None:
    for _ in range(40):
        app.step([], dt=0.5)
        if app.scene.broken:
            return
    raise AssertionError("the computer player never came to decide")


def test_a_computer_player_that_fails_is_said_with_the_line_and_continue_opens_the_game_again(
    fresh_user, monkeypatch
):
    """`hands: ~` made the computer player's thinking raise KeyError at its first decision, and
    Continue raised it again at every start."""
    app = start("texas_holdem", players=["bot", "Ann"], seed=5)
    table = app.scene
    log_before = len(table.session.log)
    monkeypatch.setattr(Thinker, "step", _fail)
    _play_until_broken(app)
    assert type(app.scene).__name__ == "TableScene"
    assert "This game cannot go on" in table.broken and "texas_holdem.yaml:" in table.broken
    assert len(table.session.log) == log_before  # nothing was lost or half-applied
    table.leave()

    menu = start(None, scene="menu")
    again = continue_scene(menu)
    assert again is not None and type(again).__name__ == "TableScene"
    menu.replace(again)
    _play_until_broken(menu)
    assert "This game cannot go on" in menu.scene.broken


def test_an_action_the_rules_fail_on_is_said_and_the_state_kept(fresh_user, monkeypatch):
    app = start("texas_holdem", players=["Ann", "Bob"], seed=2)
    table = app.scene
    seat = table.session.to_move()
    before = table.session.view(None)
    monkeypatch.setattr(Rules, "apply", _broken)
    assert table.act({"seat": seat, "type": "fold"}) is False
    assert "texas_holdem.yaml:38:0" in table.message
    assert table.session.view(None) == before
    app.step([], dt=1 / 60)
