"""Every subcommand given hostile arguments answers with one line on standard error and a
non-zero exit status: never a traceback, never Python's own words, never a window (issue 28)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import VARIANTS

from cardtable.cli import main

BIG = "1" + "0" * 5000  # past Python's 4,300-digit limit for reading a number
SEED_TOO_BIG = str(2**255)
LONG_NAME = "v" * 5000  # longer than any file name the system takes
PYTHON_WORDS = (
    "Traceback",
    "invalid literal",
    "Exceeds the limit",
    "Errno",
    "unexpected error",
    "object has no",
)


def hostile_cases(tmp: Path) -> list[list[str]]:
    from test_deck_files import DECK_ONLY as deck_text

    deck = tmp / "tarot.yaml"  # a deck to browse, not a game
    deck.write_text(deck_text, encoding="utf-8")
    missing = str(tmp / "no_such_folder" / "out")
    png = str(tmp / "out.png")
    shot = ["screenshot", "texas_holdem", png, "--view", "table"]
    sim = ["simulate", "texas_holdem", "--games", "1"]
    return [
        ["--no-such-flag"],
        ["no_such_command"],
        ["list", "--bogus"],
        ["validate"],
        ["validate", "-q"],
        ["play"],
        ["odds"],
        ["simulate"],
        ["screenshot", "texas_holdem"],
        ["replay"],
        ["bench", "--variant"],
        ["install-desktop", "--bogus"],
        # simulate: every number checked, the log's folder before any game is played
        ["simulate", "texas_holdem", "--games", "-3"],
        ["simulate", "texas_holdem", "--games", "0"],
        ["simulate", "texas_holdem", "--games", "--5"],
        ["simulate", "texas_holdem", "--games", "1e3"],
        ["simulate", "texas_holdem", "--games", BIG],
        ["simulate", "texas_holdem", "--games", "²"],
        [*sim, "--players", "0"],
        [*sim, "--players", "11"],
        [*sim, "--players", "Ann"],
        [*sim, "--hands", "-1"],
        [*sim, "--hands", "20000"],
        [*sim, "--seed", SEED_TOO_BIG],
        [*sim, "--seed", "nan"],
        [*sim, "--level", "godlike"],
        [*sim, "--option", "chips=abc"],
        [*sim, "--option", f"chips={BIG}"],
        [*sim, "--option", "chips"],
        [*sim, "--log", "/dev/full"],
        [*sim, "--log", missing],
        [*sim, "--log", str(tmp)],
        ["simulate", "no_such_variant"],
        ["simulate", LONG_NAME],
        ["simulate", str(deck)],
        # match: seats named, numbers checked
        ["match", "texas_holdem"],
        ["match", "texas_holdem", "--seats", "hard,nobody"],
        ["match", "texas_holdem", "--seats", "hard"],
        ["match", "texas_holdem", "--seats", ","],
        ["match", "texas_holdem", "--seats", "hard,tight", "--hands", "0"],
        ["match", "texas_holdem", "--seats", "hard,tight", "--hands", BIG],
        ["match", "texas_holdem", "--seats", "hard,tight", "--seed", "-1"],
        ["match", "texas_holdem", "--seats", "hard,tight", "--option", "chips=abc"],
        ["match", "no_such_variant", "--seats", "hard,tight"],
        ["match", str(deck), "--seats", "hard,tight"],
        # screenshot: numbers, the table's seats, and both output files checked first
        ["screenshot", "texas_holdem", png, "--zoom", "nan"],
        ["screenshot", "texas_holdem", png, "--zoom", "inf"],
        ["screenshot", "texas_holdem", png, "--zoom", "-5"],
        ["screenshot", "texas_holdem", png, "--size", "10x10"],
        ["screenshot", "texas_holdem", png, "--size", "big"],
        [*shot, "--moves", "-5"],
        [*shot, "--seat", "-1"],
        [*shot, "--seat", "99"],
        [*shot, "--players", "4", "--seat", "4"],
        [*shot, "--players", "11"],
        [*shot, "--players", "0"],
        [*shot, "--players", "Ann"],
        [*shot, "--players", ","],
        [*shot, "--players", "Ann,Ann,bot"],
        [*shot, "--seed", SEED_TOO_BIG],
        ["screenshot", "texas_holdem", missing + ".png"],
        ["screenshot", "texas_holdem", str(tmp)],
        ["screenshot", "texas_holdem", png, "--manifest", missing + ".json"],
        ["screenshot", "no_such_variant", png],
        # play: refused before the window opens
        ["play", "texas_holdem", "--players", ""],
        ["play", "texas_holdem", "--players", "Ann"],
        ["play", "texas_holdem", "--players", ",".join(f"P{i}" for i in range(11))],
        ["play", "texas_holdem", "--seed", SEED_TOO_BIG],
        ["play", "texas_holdem", "--seed", "-" + str(2**255 + 1)],
        ["play", "texas_holdem", "--seed", "1e5"],
        ["play", "texas_holdem", "--option", f"blind={BIG}"],
        ["play", "no_such_variant"],
        ["play", LONG_NAME],
        ["play", str(deck)],
        # odds, bench, replay
        ["odds", "texas_holdem", "--samples", "-1"],
        ["odds", "texas_holdem", "--samples", "0"],
        ["odds", "texas_holdem", "--hand-size", "0"],
        ["odds", "texas_holdem", "--ranking", "--players", "0"],
        ["odds", "texas_holdem", "--ranking", "--showdowns", "-1"],
        ["odds", "texas_holdem", "--seed", "abc"],
        ["odds", "no_such_variant"],
        ["odds", str(deck)],
        ["bench", "--variant", "no_such_variant"],
        ["replay", "no_such_save"],
        ["replay", "--json", "no_such_save"],
        ["replay", LONG_NAME],
        *hostile_files(tmp, png),
    ]


def hostile_files(tmp: Path, png: str) -> list[list[str]]:
    """Every command that reads a file, given one that is no file to read: a pipe nobody writes
    to (named like a variant and like a save), a folder, a device, binary junk."""
    junk = tmp / "junk.yaml"
    junk.write_bytes(bytes(range(256)) * 8)
    junk_save = tmp / "junk.cardtable.json"
    junk_save.write_bytes(b'{"format": "cardtable-save", "version": 3, "log": [' + b"\xff" * 100)
    folder = tmp / "folder.yaml"
    folder.mkdir()
    files = [str(junk), str(folder), "/dev/zero"]
    saves = [str(junk_save), str(tmp / "folder.yaml"), "/dev/zero"]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp / "pipe.yaml")
        os.mkfifo(tmp / "pipe.cardtable.json")
        files.append(str(tmp / "pipe.yaml"))
        saves.append(str(tmp / "pipe.cardtable.json"))
    cases = []
    for f in files:
        cases += [
            ["play", f],
            ["odds", f],
            ["simulate", f, "--games", "1"],
            ["screenshot", f, png],
            ["match", f, "--seats", "hard,tight"],
        ]
    return cases + [["replay", f] for f in saves] + [["replay", "--json", str(junk_save)]]


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    raised = ""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except Exception as exc:  # what would have been a traceback
        code, raised = 1, f"Traceback: {type(exc).__name__}: {exc}"
    out, err = capsys.readouterr()
    return code, out, err + raised


def test_every_command_refuses_hostile_arguments_in_one_line(tmp_path, capsys, monkeypatch):
    import cardtable.app.main as app_main

    def no_window(**kwargs):
        raise AssertionError("the window opened for a command that should have been refused")

    monkeypatch.setattr(app_main, "run_app", no_window)
    bad = []
    for argv in hostile_cases(tmp_path):
        code, out, err = run(argv, capsys)
        lines = err.splitlines()
        if code == 0 or len(lines) != 1 or any(w in err for w in PYTHON_WORDS) or "\x1b" in err:
            bad.append(f"{' '.join(a[:40] for a in argv)}\n  exit {code}, stderr: {err[:500]!r}")
    assert not bad, f"{len(bad)} cases:\n" + "\n".join(bad)
    assert not (tmp_path / "out.png").exists()  # nothing was pictured


def test_validate_says_each_file_that_is_no_variant_in_one_line(tmp_path, capsys):
    """`validate` prints its findings on standard output, one line a file here, and fails."""
    files = [argv[1] for argv in hostile_files(tmp_path, str(tmp_path / "out.png")) if argv[0] == "odds"]
    code, out, err = run(["validate", *files, ""], capsys)
    assert code != 0 and not err and not any(w in out for w in PYTHON_WORDS)
    assert len(out.splitlines()) == len(files) + 1


def test_a_seed_at_the_ends_of_the_range_is_taken(capsys, monkeypatch):
    import cardtable.app.main as app_main

    seeds = []
    monkeypatch.setattr(app_main, "run_app", lambda **kw: seeds.append(kw["seed"]) or 0)
    for seed in (2**255 - 1, -(2**255)):
        assert main(["play", "texas_holdem", "--seed", str(seed)]) == 0
    assert seeds == [2**255 - 1, -(2**255)]


def test_a_full_disk_under_the_log_is_one_line(capsys):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    code, _, err = run(["simulate", "texas_holdem", "--games", "1", "--log", "/dev/full"], capsys)
    assert code != 0 and err.splitlines() == [
        "cardtable simulate: cannot write the log '/dev/full': No space left on device"
    ]


SHOUTY = "Evil\x1b]0;pwned\x07\x1b[2J\u202eName\r"


def test_names_are_printed_with_control_characters_escaped(tmp_path, capsys, monkeypatch):
    """A variant's or a seat's name holding escape sequences is printed escaped by list, validate
    and replay: nothing reaches the terminal that it would act on."""
    from saved_games import saved_game

    from cardtable.saves.store import SaveStore

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    user = tmp_path / "data" / "cardtable" / "variants"
    user.mkdir(parents=True)
    text = (VARIANTS / "texas_holdem.yaml").read_text(encoding="utf-8")
    text = text.replace("name: Texas Hold'em", 'name: "Evil\\e]0;pwned\\a\\e[2J\\u202eName\\r"', 1)
    (user / "evil.yaml").write_text(text, encoding="utf-8")
    (user / "evil_broken.yaml").write_text('name: x\nplayers: {min: 2, max: 3}\n"\\e[2J": 1\n')
    saves = SaveStore(tmp_path / "saves")
    save = saves.write(
        "evil", saved_game([], seats=[{"name": SHOUTY, "kind": "human"}, {"name": "B", "kind": "bot"}])
    )

    outputs = []
    for argv in (
        ["list"],
        ["validate", "evil"],
        ["validate", str(user / "evil_broken.yaml")],
        ["replay", str(save)],
    ):
        _, out, err = run(argv, capsys)
        outputs.append(out + err)
    for said in outputs:
        assert not any(c in said for c in "\x1b\x07\u202e\r"), said
    assert "Evil\\x1b]0;pwned\\x07\\x1b[2J\\u202eName\\r" in outputs[0]
    assert "Evil\\x1b]0;pwned" in outputs[1] and "\\x1b[2J" in outputs[2]
    assert "Evil\\x1b]0;pwned" in outputs[3]


def test_json_keeps_letters_and_escapes_controls():
    import json

    from cardtable.commands.terminal import json_line, shown

    data = {"name": "Zoë \x1b[2J \u009b1m \u202e 🂡", "n": 1}
    line = json_line(data)
    assert json.loads(line) == data
    assert "Zoë" in line and "🂡" in line and line.isprintable()
    assert shown("a\nb\x00") == "a\\nb\\x00"
