"""`cardtable odds`: the JSON fields, exact and sampled runs, and its refusals."""

import json

from cardtable.cli import main


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


def test_exact_json_sevendeck(capsys):
    data = run_json(capsys, "sevendeck_poker", "--exact")
    assert data["method"] == "exact" and data["hands"] == 1_906_884
    assert data["categories"][0] == {"name": "Five of a Kind", "count": 147, "probability": 147 / 1_906_884}


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
