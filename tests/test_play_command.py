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


def test_a_computer_player_may_be_given_a_level_and_a_style():
    """As New game seats them: "bot-hard", "computer-easy-tight" (the words of `match --seats`)."""
    seats = parse_players("Ann,bot-hard,Computer-easy-tight,bot", 2, 10)
    assert seats == [
        {"name": "Ann", "kind": "human"},
        {"name": "Computer 1", "kind": "bot", "level": "hard", "style": "balanced"},
        {"name": "Computer 2", "kind": "bot", "level": "easy", "style": "tight"},
        {"name": "Computer 3", "kind": "bot"},
    ]
    for wrong in ("bot-genius", "bot-hard-sneaky", "ai-"):
        with pytest.raises(ValueError, match="no computer player .* choose a level .*easy, normal, hard"):
            parse_players(f"Ann,{wrong}", 2, 4)


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


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--option", "chips=abc"], "option 'chips' must be a whole number"),
        (["--option", "chps=500"], "no option named 'chps' (did you mean 'chips'?)"),
        (["--option", "chips"], "NAME=VALUE"),
        (["--players", "Ann"], "seats 2 to 10 players, not 1"),
    ],
)
def test_bad_setup_is_one_clear_line_and_exit_2_without_a_window(monkeypatch, capsys, args, says):
    import cardtable.app.main as app_main
    from cardtable.cli import main

    def no_window(**kwargs):
        raise AssertionError("the window must not open for a bad set-up")

    monkeypatch.setattr(app_main, "run_app", no_window)
    assert main(["play", "texas_holdem", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0], err


def test_a_variant_file_alone_on_the_command_line_is_played(monkeypatch, capsys):
    """`cardtable my_game.yaml` (or a file manager's "Open with Cardtable") plays it, as
    `cardtable play my_game.yaml` does, instead of a usage error."""
    from conftest import VARIANTS

    import cardtable.app.main as app_main
    from cardtable.cli import main

    opened = []
    monkeypatch.setattr(app_main, "run_app", lambda **kwargs: opened.append(kwargs) or 0)
    path = str(VARIANTS / "examples" / "seven_card_stud.yaml")
    assert main([path, "--seed", "3"]) == 0
    assert len(opened) == 1 and opened[0]["seed"] == 3
    with pytest.raises(SystemExit):  # a word that is no file is still a usage error
        main(["no_such_command"])
    assert "invalid choice" in capsys.readouterr().err
