"""`cardtable simulate`: one JSON object on stdout with the documented fields."""

from __future__ import annotations

import json

from cardtable.cli import main


def test_simulate_json_grid_game(capsys):
    assert main(["simulate", "poker_grid", "--games", "2", "--players", "3", "--seed", "4", "--json"]) == 0
    out = capsys.readouterr()
    report = json.loads(out.out)
    assert report["games"] == 2 and report["completed"] == 2 and report["errors"] == []
    assert report["conserved"] is True
    assert len(report["wins"]) == 3 and abs(sum(report["wins"]) - 2) < 1e-9
    assert report["average_actions"] == 51  # every card but the starter is placed
    assert "game 2/2" in out.err


def test_simulate_random_players_texas(capsys):
    args = [
        "simulate",
        "texas_holdem",
        "--games",
        "3",
        "--players",
        "4",
        "--hands",
        "3",
        "--random",
        "--json",
    ]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["completed"] == 3 and report["conserved"]
    assert all(c["count"] > 0 for c in report["categories"])
    assert report["average_hands"] <= 3
