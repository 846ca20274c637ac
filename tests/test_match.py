"""`cardtable match`: duplicate matches between computer players and baselines. Luck cancels: every
deal is played once per seating, so a player against itself scores exactly nothing, and a match's
results add up to nothing (chips and points only change hands)."""

import json

import pytest
from conftest import ROOT

from cardtable.catalog import resolve
from cardtable.commands.duplicate import PLAYERS, play_match

GAMES = sorted(str(p) for p in (ROOT / "variants").glob("*.yaml")) + sorted(
    str(p) for p in (ROOT / "variants" / "examples").glob("*.yaml")
)


def _rate(seat: dict) -> float:
    return seat.get("bb_per_100", seat.get("points_per_100"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.rsplit("/", 1)[-1][:-5])
def test_a_player_against_itself_scores_nothing_and_a_match_adds_up_to_nothing(path):
    variant = resolve(path)
    mirror = play_match(variant, ["random", "random"], hands=4, seed=3)
    assert mirror["errors"] == []
    assert [_rate(s) for s in mirror["seats"]] == [0.0, 0.0]
    mixed = play_match(variant, ["random", "call"], hands=4, seed=3)
    assert mixed["errors"] == []
    assert [s["hands"] for s in mixed["seats"]] == [4, 4]
    assert abs(sum(_rate(s) for s in mixed["seats"])) < 0.02  # rounded to 0.01 each


def test_the_same_arguments_give_the_same_report():
    variant = resolve("texas_holdem")
    first = play_match(variant, ["easy", "tight", "call"], hands=12, seed=5)
    assert json.dumps(first) == json.dumps(play_match(variant, ["easy", "tight", "call"], hands=12, seed=5))
    low, high = first["seats"][0]["ci95"]
    assert low <= first["seats"][0]["bb_per_100"] <= high


def test_baselines_play_as_they_are_named():
    """call never bets or raises; tight plays about a fifth of its hands and raises every one it plays."""
    report = play_match(resolve("texas_holdem"), ["call", "tight"], hands=200, seed=1)
    call, tight = report["seats"]
    assert call["raised_first_round"] == 0.0 and call["voluntarily_in"] > 0.4
    assert 0.1 < tight["voluntarily_in"] < 0.3
    assert tight["raised_first_round"] == tight["voluntarily_in"]


def test_the_command_line(capsys):
    from cardtable.cli import main

    assert main(["match", "texas_holdem", "--seats", "random,call", "--hands", "6", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in report["seats"]] == ["random", "call"]
    assert all(len(s["ci95"]) == 2 for s in report["seats"])
    assert main(["match", "texas_holdem", "--seats", "random,nobody"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(
        f"cardtable match: no player 'nobody': choose from {', '.join(PLAYERS)}"
    )
    assert "hard-tight" in err[0]  # and how to name a level in a style
    assert main(["match", "texas_holdem", "--seats", "hard-wild,call"]) == 2
    assert "no player 'hard-wild'" in capsys.readouterr().err
    assert main(["match", "texas_holdem", "--seats", "call"]) == 2
    assert "is for 2-10 players, not 1" in capsys.readouterr().err
