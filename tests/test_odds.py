"""`cardtable odds`: the JSON fields, exact and sampled runs, and its refusals."""

import json
from pathlib import Path

from cardtable.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run_json(capsys, *args):
    assert main(["odds", *args, "--json"]) == 0
    out = capsys.readouterr().out
    return json.loads(out)


def test_sampled_json(capsys):
    data = run_json(capsys, "sigilian_poker", "--samples", "100", "--seed", "4")
    assert data["variant"] == "sigilian_poker" and data["hand_size"] == 9
    assert data["method"] == "sampled" and data["hands"] == 100
    names = [c["name"] for c in data["categories"]]
    assert names[:5] == ["Great Ring", "Cage", "Hierarchy", "Straight", "Match"]
    assert sum(c["count"] for c in data["categories"]) == 100
    for c in data["categories"]:
        assert abs(c["probability"] - c["count"] / 100) < 1e-12
        lo, hi = c["ci95"]
        assert 0 <= lo <= c["probability"] <= hi <= 1
    again = run_json(capsys, "sigilian_poker", "--samples", "100", "--seed", "4")
    assert again == data


def test_exact_json_counts_every_hand_once(capsys, tmp_path):
    """The standard ranking on 12 cards (9 to Ace in two suits): 792 hands, counted by hand below.
    (The seeds' full tables are in test_hands_exact.py.)"""
    texas = (ROOT / "variants" / "texas_holdem.yaml").read_text()
    assert "{rank: all, suit: all}" in texas
    small = tmp_path / "small.yaml"
    small.write_text(  # two players: 12 cards deal a hand of Hold'em to two, not to ten
        texas.replace("{rank: all, suit: all}", "{rank: [9, T, J, Q, K, A], suit: [clubs, hearts]}").replace(
            "players: {min: 2, max: 10}", "players: {min: 2, max: 2}"
        )
    )
    data = run_json(capsys, str(small), "--exact")
    assert data["method"] == "exact" and data["hands"] == 792 and data["hand_size"] == 5
    expected = {
        "Royal Flush": 2,  # one per suit
        "Straight Flush": 2,  # 9 to King, one per suit
        "Four of a Kind": 0,  # two suits
        "Full House": 0,
        "Flush": 8,  # C(6,5) = 6 per suit, less the two straights
        "Straight": 60,  # two runs x 2^5 suitings, less the 4 one-suited ones
        "Three of a Kind": 0,
        "Two Pair": 120,  # C(6,2) pairs x 4 other ranks x 2 suits
        "Pair": 480,  # 6 ranks x C(5,3) others x 2^3 suitings
        "High Card": 120,  # 6 rank sets x 32 suitings, less 64 straights and 8 flushes
    }
    assert [(c["name"], c["count"]) for c in data["categories"]] == list(expected.items())
    assert all(c["probability"] == c["count"] / 792 for c in data["categories"])


def test_refuses_an_impossible_enumeration(capsys):
    assert main(["odds", "infinite_poker", "--exact"]) == 1
    assert "too many" in capsys.readouterr().err


def test_text_output(capsys):
    assert main(["odds", "poker_grid", "--samples", "50", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "sampled over 50 hands" in out and "Royal Flush" in out


def test_dead_categories_are_named(capsys):
    data = run_json(capsys, "infinite_poker", "--samples", "30", "--seed", "2")
    assert len(data["warnings"]) == 1 and "'8-2 of a Kind' can never be" in data["warnings"][0]
    dead = next(c for c in data["categories"] if c["name"] == "8-2 of a Kind")
    assert dead["count"] == 0
    assert run_json(capsys, "sevendeck_poker", "--samples", "30")["warnings"] == []
    assert main(["odds", "infinite_poker", "--samples", "30"]) == 0
    assert "infinite_poker.yaml:" in capsys.readouterr().out.splitlines()[-1]
