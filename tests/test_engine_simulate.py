"""`cardtable simulate`: one JSON object on stdout with the documented fields, the same bytes for
the same arguments. Played in the test's own process (`--jobs 1`): that every core gives the same
report, test_simulate_scale.py checks, and a pool's processes here would only add their start-up."""

from __future__ import annotations

import json

import pytest
from conftest import VARIANT_IDS

from cardtable.cli import main


def test_simulate_json_grid_game(capsys):
    assert (
        main(
            [
                "simulate",
                "poker_grid",
                "--games",
                "2",
                "--players",
                "3",
                "--seed",
                "4",
                "--level",
                "easy",  # the report's fields are the same at every level; easy places quickest
                "--jobs",
                "1",
                "--json",
            ]
        )
        == 0
    )
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
        "--jobs",
        "1",
        "--json",
    ]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["completed"] == 3 and report["conserved"]
    assert all(c["count"] > 0 for c in report["categories"])
    assert report["average_hands"] <= 3


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_simulate_json_is_the_same_run_to_run(capsys, vid):
    """Same arguments, same bytes: the computer players' seeds come from the run's seed, never the clock."""
    args = [
        "simulate",
        vid,
        "--games",
        "2",
        "--hands",
        "1",
        "--seed",
        "9",
        "--level",
        "easy",
        "--jobs",
        "1",
        "--json",
    ]
    outs = []
    for _ in range(2):
        assert main(args) == 0
        out = capsys.readouterr()
        outs.append(out.out)
        assert "simulated in" in out.err  # the time taken goes to stderr, not into the report
    assert outs[0] == outs[1]
    report = json.loads(outs[0])
    assert report["completed"] == 2 and report["conserved"] and "seconds" not in report


def test_simulate_seeds_differ(capsys):
    runs = []
    for seed in ("1", "2"):
        assert (
            main(
                [
                    "simulate",
                    "texas_holdem",
                    "--games",
                    "2",
                    "--hands",
                    "2",
                    "--seed",
                    seed,
                    "--jobs",
                    "1",
                    "--json",
                ]
            )
            == 0
        )
        runs.append(capsys.readouterr().out)
    assert runs[0] != runs[1]


def test_simulate_refuses_an_unknown_level(capsys):
    assert main(["simulate", "texas_holdem", "--level", "genius"]) == 2
    assert "easy" in capsys.readouterr().err
