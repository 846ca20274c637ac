"""What a designer meets first: validate's report on stdout, screenshot's default view, and one
error per mistake in the designer's own file (also through `extends`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.errors import VariantError
from cardtable.variant import load_variant

BIG_DECK = """extends: texas_holdem
name: Big Hold'em
deck:
  attributes:
    rank:
      order: ordered
      values: "1..25"
    suit:
      order: none
      values: "a..t"
"""


def _problems(tmp_path: Path, text: str) -> tuple[str, list[str]]:
    path = tmp_path / "big.yaml"
    path.write_text(text)
    with pytest.raises(VariantError) as info:
        load_variant(str(path))
    return str(path), [str(p) for p in info.value.problems]


def test_validate_says_ok_on_stdout(capsys):
    assert main(["validate", "texas_holdem"]) == 0
    out, err = capsys.readouterr()
    assert ": ok (Texas Hold'em" in out and err == ""


def test_validate_says_errors_on_stdout(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    path.write_text(BIG_DECK)
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "no colour" in out and err == ""


def test_a_range_of_suits_without_colours_is_one_error(tmp_path):
    """Twenty suits from one range, none naming the base's colour: one error at the range."""
    path, problems = _problems(tmp_path, BIG_DECK)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}:10:") and "no colour" in problems[0]
    assert "'a'..'t'" in problems[0] or "a..t" in problems[0]


def test_inherited_errors_point_at_the_designers_file_once_each(tmp_path):
    """Texas' categories over a deck of other ranks: every error in the designer's file, the base
    named as context, and no message twice."""
    text = BIG_DECK.replace("    suit:", "    colour: ~\n    suit:")
    path, problems = _problems(tmp_path, text)
    assert problems and all(p.startswith(f"{path}:") for p in problems), problems
    assert all("texas_holdem.yaml" in p for p in problems)
    messages = [p.split(": ", 1)[1] for p in problems]
    assert len(set(messages)) == len(messages)
    assert not any("needs its number of cards" in p for p in problems)  # follows from the bad values


def test_screenshot_defaults_to_the_table(tmp_path):
    png, js = tmp_path / "t.png", tmp_path / "t.json"
    base = ["screenshot", "texas_holdem", str(png), "--size", "320x240", "--manifest", str(js)]
    assert main(base) == 0
    assert json.loads(js.read_text())["scene"] == "table"
    assert main([*base, "--view", "deck"]) == 0
    assert json.loads(js.read_text())["scene"] == "browser"


def test_screenshot_of_a_deck_file_defaults_to_its_spread(tmp_path):
    deck = tmp_path / "tiny.yaml"
    deck.write_text("name: Tiny\ndeck:\n  attributes:\n    n: {values: '1..4'}\n  cards:\n    - {n: all}\n")
    js = tmp_path / "t.json"
    assert (
        main(["screenshot", str(deck), str(tmp_path / "t.png"), "--size", "200x150", "--manifest", str(js)])
        == 0
    )
    assert json.loads(js.read_text())["scene"] == "browser"
