"""What `validate` (and loading) must catch because it breaks games (issue 17): each case is a
small change to a built-in variant, and the error must name the file, line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.errors import VariantError
from cardtable.variant import load_variant_text

ROOT = Path(__file__).resolve().parent.parent
TEXAS = (ROOT / "variants" / "texas_holdem.yaml").read_text()
SIGILIAN = (ROOT / "variants" / "sigilian_poker.yaml").read_text()


def problems(text: str) -> list[str]:
    """Every problem of a variant text as 'line:col: message'; [] when it loads."""
    try:
        load_variant_text(text, "v.yaml")
    except VariantError as exc:
        assert all(p.path == "v.yaml" for p in exc.problems)
        return [f"{p.line}:{p.col}: {p.message}" for p in exc.problems]
    return []


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def changed(old: str, new: str, text: str = TEXAS) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def test_power_set_of_26_values_is_refused_before_it_is_built():
    text = (
        "name: Power set\nplayers: {min: 2, max: 4}\ndeck:\n  attributes:\n"
        "    sym: {multi: true, values: [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t,"
        " u, v, w, x, y, z]}\n"
        "  cards:\n    - {sym: all}\n"
    )
    found = problems(text)
    assert len(found) == 1 and found[0].startswith("7:7: the deck would have over 100,000 cards"), found


@pytest.mark.parametrize("bad", ["[1]", "'x'", "{a: 1}", "null", "2.5", "true"])
def test_a_numeric_option_default_of_the_wrong_type_is_refused(bad):
    text = changed(
        "chips: {label: Starting chips, default: 1000,", f"chips: {{label: Starting chips, default: {bad},"
    )
    found = problems(text)
    row = line_of(text, "label: Starting chips")
    assert found and all(f.startswith(f"{row}:") for f in found), found


def test_an_option_used_as_a_number_must_be_a_number():
    text = changed("hands: {label: Hand limit", "hands: {label: Hand limit", TEXAS)
    text = changed("  blind: {option: blind}\n  limit", "  blind: {option: fast}\n  limit", text)
    text = changed("options:\n", "options:\n  fast: {label: Fast, default: true}\n", text)
    found = problems(text)
    row = line_of(text, "blind: {option: fast}")
    assert found == [f"{row}:19: option 'fast' is true or false; a number is needed here"], found


def test_an_empty_deck_is_refused():
    text = changed("    - {rank: all, suit: all}\n", "    - {rank: [], suit: all}\n")
    found = problems(text)
    row = line_of(text, "- {rank: [], suit: all}")
    assert any(f.startswith(f"{row}:") and "no cards" in f for f in found), found


def test_a_card_made_twice_is_refused_with_both_places():
    text = changed(
        "    - {rank: all, suit: all}\n", "    - {rank: all, suit: all}\n    - {rank: A, suit: spades}\n"
    )
    found = problems(text)
    row = line_of(text, "- {rank: A, suit: spades}")
    assert found == [
        f"{row}:7: this group makes A♠ again (line {row - 1} made it); use 'count' for copies of a card"
    ], found


def test_copies_by_count_are_fine():
    text = changed("    - {rank: all, suit: all}\n", "    - {rank: all, suit: all, count: 2}\n")
    assert problems(text) == []


def test_dealing_more_cards_than_the_deck_holds_at_the_most_seats():
    text = changed("{do: deal, to: hand, count: 2}", "{do: deal, to: hand, count: 6}")
    found = problems(text)
    row = line_of(text, "count: 6")
    assert found == [
        f"{row}:7: dealing 6 to each of 10 players here makes 60 cards dealt in a hand, but the deck has 52 cards"
    ], found


def test_a_deal_count_far_too_large_is_refused_not_looped():
    text = changed("{do: deal, to: board, count: 3}", "{do: deal, to: board, count: 100000000000000}")
    found = problems(text)
    assert len(found) == 1 and "100,000,000,000,020 cards dealt" in found[0], found


def test_an_exactly_that_cannot_add_up_to_the_size():
    text = changed("from: [hand, board]", "from: [{zone: hand, exactly: 2}, {zone: board, exactly: 2}]")
    found = problems(text)
    row = line_of(text, "exactly: 2}")
    assert any(f.startswith(f"{row - 1}:") and "add up to 4" in f and "size 5" in f for f in found), found


def test_unknown_glyph_with_suggestion():
    text = changed("glyph: heart}", "glyph: haert}")
    row = line_of(text, "haert")
    col = text.splitlines()[row - 1].index("haert") + 1
    assert problems(text) == [f"{row}:{col}: no glyph named 'haert' (did you mean 'heart'?)"]


def test_unknown_back_pattern_with_suggestion():
    text = changed("pattern: diamonds}", "pattern: diamnds}")
    found = problems(text)
    row = line_of(text, "diamnds")
    assert len(found) == 1 and found[0].startswith(f"{row}:") and "did you mean 'diamonds'" in found[0], found


def test_value_id_suggested_by_label():
    text = changed("values: {rank: [T, J, Q, K, A]}", "values: {rank: ['10', J, Q, K, A]}")
    found = problems(text)
    assert len(found) == 1 and "did you mean 'T' (label 10)?" in found[0], found


def test_value_id_suggested_by_id():
    text = changed("- {rank: all, suit: all}", "- {rank: all, suit: [clubs, diamonds, hearts, spade]}")
    found = problems(text)
    assert len(found) == 1 and "did you mean 'spades'?" in found[0], found


def test_tab_error_on_its_line_says_tab():
    lines = TEXAS.splitlines()
    row = line_of(TEXAS, "limit: no_limit")
    lines[row - 1] = "\t" + lines[row - 1].lstrip()
    found = problems("\n".join(lines) + "\n")
    assert len(found) == 1 and found[0].startswith(f"{row}:") and "tab" in found[0], found


def test_one_mistake_gives_one_error():
    """A misspelt zone in the layout must not also fail every step and hand that names it."""
    text = changed("hand: {owner: seat, visibility: owner", "hand: {owner: seat, visibility: ownr")
    found = problems(text)
    assert len(found) == 1 and "ownr" in found[0], found


def test_a_broken_attribute_value_gives_one_error():
    text = changed("- {id: T, label: '10', name: Ten}", "- {id: T, label: '10', name: Ten, colr: red}")
    found = problems(text)
    assert len(found) == 1 and "colr" in found[0], found


# ---------------------------------------------------------------- value ranges (issue 19)

RANGED = """name: Ranged
players: {min: 2, max: 4}
deck:
  attributes:
    rank: {values: [clueless, 2..10, J, Q, K]}
    suit: {order: none, values: A..D}
  cards:
    - {rank: all, suit: all}
"""


def test_value_ranges_expand_in_place():
    deck = load_variant_text(RANGED, "r.yaml").deck
    assert [v.id for v in deck.attributes["rank"].values] == [
        "clueless",
        *map(str, range(2, 11)),
        "J",
        "Q",
        "K",
    ]
    assert [v.id for v in deck.attributes["suit"].values] == ["A", "B", "C", "D"]
    assert deck.size == 13 * 4


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("10..2", "5:31: a range goes up: write 2..10"),
        ("2..1000000000", "5:31: the range 2..1000000000 has 999,999,999 values; at most 10,000"),
        ("a..D", "5:31: a range is of whole numbers (2..10) or of letters of one case (A..E), not a..D"),
        ("2..10, 5", "5:38: value '5' of 'rank' is listed twice"),
    ],
)
def test_broken_ranges_are_one_error_each(written, message):
    assert problems(RANGED.replace("2..10", written)) == [message]


def test_a_range_value_cannot_be_misspelt_in_a_group():
    text = RANGED.replace("{rank: all, suit: all}", "{rank: all, suit: [A, B, E]}")
    assert problems(text) == ["8:32: 'E' is not a value of 'suit'"]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "chips: {option: chips}",
            "chips: {option: hands}",
            "option 'hands' may be set to 0, but this number must be at least 1",
        ),
        ("chips: {option: chips}", "chips: -5", "must be at least 1, not -5"),
        (
            "blind: {label: Big blind, default: 20, min: 2,",
            "blind: {label: Big blind, default: 20,",
            "option 'blind' needs a 'min' (at least 1)",
        ),
        ("amount: 0.5}", "amount: 1.0e+300}", "must be at most 1000000, not 1e+300"),
        ("count: 3}", "count: -3}", "must be at least 0, not -3"),
    ],
)
def test_numbers_a_game_cannot_play_with(old, new, message):
    found = problems(changed(old, new))
    assert len(found) == 1 and message in found[0], found


# ---------------------------------------------------------------- size bounds before any work


def test_too_many_values_are_refused_before_composing(monkeypatch):
    """Refused at the value past the limit: the parser is asked for no event after it (the tree
    is built as the events come), and PyYAML's composer is never used."""
    import yaml

    import cardtable.yamlsrc as yamlsrc

    def never(*args, **kwargs):
        raise AssertionError("a file over the limit was composed")

    events = []

    class Counted(yamlsrc._Loader):  # type: ignore[misc, name-defined]
        def get_event(self):
            events.append(super().get_event())
            return events[-1]

    monkeypatch.setattr(yamlsrc, "MAX_NODES", 1000)
    monkeypatch.setattr(yamlsrc.yaml, "compose", never)
    monkeypatch.setattr(yamlsrc, "_Loader", Counted)
    text = "name: x\n" + "".join(f"k{i}: [1, 2]\n" for i in range(400))
    assert problems(text) == ["251:7: too many values (over 1,000)"]
    last = events[-1].start_mark  # the value refused is the last event asked for
    assert (last.line + 1, last.column + 1) == (251, 7) and len(events) < len(list(yaml.parse(text)))


def test_a_flood_of_problems_is_cut_to_the_first_hundred():
    found = problems(TEXAS + "".join(f"extra_{i}: 1\n" for i in range(300)))
    assert len(found) == 101 and "more than 100 problems: these are the first" in found[0], found[:2]


def test_a_misspelt_required_key_is_not_also_missing():
    assert problems(changed("hands:\n  form:", "hands:\n  frm:")) == [
        "83:3: unknown key 'frm' (did you mean 'form'?)"
    ]


@pytest.mark.parametrize(
    ("step", "message"), [("5", "expected a step, found a number"), ("{zone: hand}", "missing 'do'")]
)
def test_a_step_inside_a_repeat_is_checked_like_any_step(step, message):
    clash = (ROOT / "variants" / "poker_clash.yaml").read_text()
    text = changed(
        "- {do: exchange, zone: hand, pot: card_pot, swap_max: 5, first: after_last_bettor}",
        f"- {step}",
        clash,
    )
    found = problems(text)
    assert (
        len(found) == 1 and found[0].startswith(f"{line_of(text, f'- {step}')}:") and message in found[0]
    ), found
