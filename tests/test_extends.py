"""`extends:` (cardtable/extends.py): a variant written as changes to another."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.errors import VariantError
from cardtable.hands import api
from cardtable.variant import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "variants" / "examples"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(text)
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(VariantError) as info:
        load_variant(path)
    return [str(p) for p in info.value.problems]


def test_short_deck_by_extends_plays_by_its_own_ranking():
    """The exact counts (`cardtable odds short_deck_holdem.yaml --exact`: 6,120 straights, 480
    flushes, 1,728 full houses of 376,992) are too slow for the suite; the ranking's changes are
    checked here."""
    v = load_variant(EXAMPLES / "short_deck_holdem.yaml")
    assert v.deck.size == 36
    assert list(v.layout.zones) == ["deck", "hand", "board"]  # Hold'em's table, inherited
    by_short = {v.deck.short(c): c for c in range(36)}

    def value(text):
        return api.evaluate_pool(v.hands, [by_short[s] for s in text.split()])

    assert value("A♣ 6♦ 7♥ 8♠ 9♣").category == "Straight"  # the ace below the six
    assert value("A♣ K♣ 9♣ 8♣ 6♣").key > value("K♦ K♥ K♠ 6♣ 6♦").key  # flush beats full house


def test_mappings_merge_lists_replace_and_null_removes(tmp_path):
    write(
        tmp_path,
        "base",
        (Path(__file__).resolve().parent.parent / "variants" / "texas_holdem.yaml").read_text(),
    )
    child = write(
        tmp_path,
        "child",
        """\
extends: base
name: Child
options:
  hands: ~                       # removed
  blind: {default: 50}           # merged: the label and bounds stay
betting: {max_hands: ~}
phases:
  hand:                          # replaced whole
    - {do: deal, to: hand, count: 2}
    - {do: bet}                    # a hand that asks nobody anything is refused (issue 28)
    - {do: showdown}
""",
    )
    v = load_variant(child)
    assert v.name == "Child" and v.id == "child"
    assert "hands" not in v.options
    blind = v.root.value["options"].value["blind"].value
    assert blind["default"].value == 50 and "label" in blind
    assert len(v.root.value["phases"].value["hand"].value) == 3


def test_errors_point_into_the_file_they_are_in(tmp_path):
    write(tmp_path, "base", "name: Base\nplayers: {min: 2, max: 4}\ndeck:\n  cards: []\n  nonsense: 1\n")
    child = write(tmp_path, "child", "extends: base\nname: Child\nplayerz: 3\n")
    found = problems(child)
    assert any(p.startswith(str(tmp_path / "child.yaml") + ":3:") and "playerz" in p for p in found), found
    assert any(p.startswith(str(tmp_path / "base.yaml") + ":5:") for p in found), found


def test_a_circle_a_missing_base_and_a_bad_name_are_refused(tmp_path):
    write(tmp_path, "a", "extends: b\nname: A\n")
    b = write(tmp_path, "b", "extends: a\nname: B\n")
    assert any("circle" in p for p in problems(b))
    missing = write(tmp_path, "m", "extends: texas_holdm\nname: M\n")
    (msg,) = problems(missing)
    assert msg.startswith(str(missing) + ":1:") and "texas_holdem" in msg  # did you mean
    assert "an id or a file" in problems(write(tmp_path, "n", "extends: [1]\nname: N\n"))[0]


def test_a_changed_base_changes_the_digest(tmp_path):
    base = write(tmp_path, "base", (EXAMPLES.parent / "texas_holdem.yaml").read_text())
    child = write(tmp_path, "child", "extends: base\nname: Child\n")
    before = load_variant(child).digest
    base.write_text(base.read_text().replace("Texas Hold'em", "Hold'em"))
    assert load_variant(child).digest != before
