"""Parsing `cardtable play`'s seats and options."""

import pytest

from cardtable.commands.play import parse_options, parse_players


def test_players_words_and_bots():
    seats = parse_players("Ann, Bob ,bot,computer", 2, 10)
    assert seats == [
        {"name": "Ann", "kind": "human"},
        {"name": "Bob", "kind": "human"},
        {"name": "Computer 1", "kind": "bot"},
        {"name": "Computer 2", "kind": "bot"},
    ]


def test_default_is_you_against_enough_bots():
    seats = parse_players(None, 3, 8)
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"]


def test_counts_and_duplicates_are_refused():
    with pytest.raises(ValueError, match="seats 2 to 4 players, not 5"):
        parse_players("a,b,c,d,e", 2, 4)
    with pytest.raises(ValueError, match="same name"):
        parse_players("Ann,Ann", 2, 4)


def test_options():
    assert parse_options(["chips=500", "called_shot=on", "limit=pot"]) == {
        "chips": 500,
        "called_shot": True,
        "limit": "pot",
    }
    with pytest.raises(ValueError, match="NAME=VALUE"):
        parse_options(["chips"])
