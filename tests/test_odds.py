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


def _small_deck(tmp_path, example, ranks, players="{min: 2, max: 8}"):
    """An example game on a deck of `ranks` in two suits (a few thousand hands: exact and quick)."""
    text = (ROOT / "variants" / "examples" / f"{example}.yaml").read_text()
    assert "{rank: all, suit: all}" in text
    path = tmp_path / f"{example}.yaml"
    path.write_text(
        text.replace("{rank: all, suit: all}", f"{{rank: [{ranks}], suit: [clubs, hearts]}}").replace(
            f"players: {players}", "players: {min: 2, max: 2}"
        )
    )
    return str(path)


def test_lowball_lists_the_best_low_hand_first_and_says_so(capsys, tmp_path):
    path = _small_deck(
        tmp_path, "deuce_to_seven", "'2', '3', '4', '5', '7', '8', '9', T, J", "{min: 2, max: 6}"
    )
    data = run_json(capsys, path, "--exact")
    names = [c["name"] for c in data["categories"]]
    assert data["lowest_wins"] and data["method"] == "exact" and data["hands"] == 8568  # C(18, 5)
    assert names == [  # the file's order turned round: the last category is the best low hand
        "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight",
        "Flush", "Full House", "Four of a Kind", "Straight Flush",
    ]  # fmt: skip
    counts = {c["name"]: c["count"] for c in data["categories"]}
    # one pair: its rank (9), both its cards, three other ranks C(8, 3) = 56 in any suits (2^3)
    assert counts["Four of a Kind"] == 0 and counts["Pair"] == 9 * 56 * 8
    assert main(["odds", path, "--exact"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "the lowest hand wins: best (lowest) first" in lines[0] and lines[1].split()[:2] == [
        "High",
        "Card",
    ]
    assert main(["odds", "texas_holdem", "--samples", "50"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("; best first")


def test_a_split_pot_counts_its_low_half_best_first_with_the_qualifying_hands(capsys, tmp_path):
    """Omaha hi-lo's low half on A..8 and King in two suits: a hand qualifies (eight or better)
    when its five ranks differ and none is the King: C(8, 5) rank sets x 2^5 suits = 1,792 hands."""
    path = _small_deck(tmp_path, "omaha_hi_lo", "A, '2', '3', '4', '5', '6', '7', '8', K")
    data = run_json(capsys, path, "--exact")
    assert not data["lowest_wins"] and data["categories"][0]["name"] == "Straight Flush"  # the high half
    low = data["split"]
    assert low["name"] == "Low" and low["lowest_wins"] and low["hands"] == 8568
    assert [c["name"] for c in low["categories"]][:2] == ["High Card", "Pair"]  # best low first
    assert "Straight" not in {c["name"] for c in low["categories"]}  # straights do not spoil a low
    assert low["qualify"] == "High Card (Eight or lower) or better" and low["qualifying"] == 1792
    assert low["categories"][0]["count"] == 9 * 8 * 7 * 6 * 5 // 120 * 32  # every hand of five ranks
    assert main(["odds", path, "--exact"]) == 0
    out = capsys.readouterr().out
    assert "Low half: each hand's best low hand; the lowest hand wins: best (lowest) first" in out
    assert "qualifying for the low half (High Card (Eight or lower) or better): 1,792 of 8,568" in out


def test_lowball_has_no_frequency_ranking_and_says_why(capsys):
    assert main(["odds", str(ROOT / "variants" / "examples" / "deuce_to_seven.yaml"), "--ranking"]) == 1
    assert "the lowest hand wins, so a rarer hand is not a better one" in capsys.readouterr().err
