"""Broken variant files: each names the exact file:line:col its error must carry."""

import re
from pathlib import Path

import pytest

from cardtable.errors import VariantError
from cardtable.variant import load_variant

BROKEN = sorted((Path(__file__).parent / "broken").glob("*.yaml"))


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_file_reports_its_place(path):
    expect = re.match(r"# expect: (.*)", path.read_text().splitlines()[0]).group(1)
    with pytest.raises(VariantError) as info:
        load_variant(path)
    reported = [str(p) for p in info.value.problems]
    assert any(
        line.startswith(f"{path}:{expect}") or (not expect[0].isdigit() and expect in line)
        for line in reported
    ), reported


def test_an_alias_bomb_is_counted_not_built(monkeypatch):
    """The billion laughs is refused from the sizes of the values its aliases name: the few
    values written in the file are all that is ever made of it."""
    from cardtable.yamlsrc import events

    made, real = [], events.Node
    monkeypatch.setattr(events, "Node", lambda *args: made.append(args) or real(*args))
    path = next(p for p in BROKEN if p.stem == "alias_bomb")
    with pytest.raises(VariantError, match="too many values"):
        load_variant(path)
    assert 0 < len(made) < path.read_text().count(",") + 30


def test_all_problems_at_once(tmp_path):
    bad = tmp_path / "many.yaml"
    bad.write_text(
        "name: Many\n"
        "players: {min: 2, max: 4}\n"
        "colour: blue\n"
        "deck:\n"
        "  atributes: {}\n"
        "  cards: [{rank: all}]\n"
    )
    with pytest.raises(VariantError) as info:
        load_variant(bad)
    assert [str(p) for p in info.value.problems] == [
        f"{bad}:3:1: unknown key 'colour'",
        f"{bad}:5:3: unknown key 'atributes' (did you mean 'attributes'?)",
    ]  # not also "missing 'attributes'": the suggestion says it (one mistake, one error)


def test_misspelt_key_in_a_copy_of_a_builtin(tmp_path):
    source = (Path(__file__).parent.parent / "variants" / "texas_holdem.yaml").read_text()
    lines = source.splitlines()
    row = next(i for i, line in enumerate(lines) if line.strip().startswith("order:"))
    lines[row] = lines[row].replace("order:", "ordre:")
    copy = tmp_path / "copy.yaml"
    copy.write_text("\n".join(lines) + "\n")
    with pytest.raises(VariantError) as info:
        load_variant(copy)
    col = lines[row].index("ordre") + 1
    assert str(info.value.problems[0]) == (
        f"{copy}:{row + 1}:{col}: unknown key 'ordre' (did you mean 'order'?)"
    )


def test_ten_megabyte_file_is_refused_unread(tmp_path, monkeypatch):
    import cardtable.yamlsrc as yamlsrc

    def never(*args, **kwargs):
        raise AssertionError("a file over the limit was opened or parsed")

    monkeypatch.setattr(yamlsrc, "open", never, raising=False)  # read_text's open
    monkeypatch.setattr(yamlsrc, "compose", never)  # the one pass that parses (yamlsrc/events.py)
    big = tmp_path / "big.yaml"
    big.write_text("name: x\n" + "# padding\n" * 1_100_000)
    with pytest.raises(VariantError, match=r"file is too large \(11,000,008 bytes; the limit is"):
        load_variant(big)


def test_deep_nesting(tmp_path):
    deep = tmp_path / "deep.yaml"
    deep.write_text("name: " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(VariantError, match="nested"):
        load_variant(deep)


def test_builtin_rankings_have_one_dead_category(variants):
    """Only the 12,000-card game, as published, ranks a category below one it always makes."""
    found = {vid: [w.message for w in v.warnings] for vid, v in variants.items() if v.warnings}
    assert list(found) == ["infinite_poker"]
    assert found["infinite_poker"] == [
        "warning: '8-2 of a Kind' can never be a hand's type: every such hand also makes "
        "'8 of a Kind', which ranks higher"
    ]


def test_a_category_ranked_too_low_is_pointed_at(tmp_path, capsys):
    """Moving Pair up under the Straight Flush kills every category with a pair in it."""
    from cardtable.cli import main

    lines = (Path(__file__).parent.parent / "variants" / "texas_holdem.yaml").read_text().splitlines()
    pair = next(i for i, line in enumerate(lines) if "{name: Pair," in line)
    moved = lines.pop(pair)
    at = next(i for i, line in enumerate(lines) if "{name: Straight Flush," in line) + 1
    lines.insert(at, moved)
    copy = tmp_path / "pair_high.yaml"
    copy.write_text("\n".join(lines) + "\n")
    dead = ["Four of a Kind", "Full House", "Three of a Kind", "Two Pair"]
    where = [next(i for i, line in enumerate(lines) if f"name: {name}" in line) + 1 for name in dead]
    assert main(["validate", str(copy)]) == 0  # legal, so a warning and not an error
    out = capsys.readouterr()
    got = [line for line in out.out.splitlines() if ": ok (" not in line]  # the report is on stdout too
    assert [int(line.split(":")[1]) for line in got] == where
    assert all(f"'{name}' can never be a hand's type" in line for name, line in zip(dead, got))
    assert all(line.endswith("also makes 'Pair', which ranks higher") for line in got)
    assert "4 warnings" in out.out


@pytest.mark.parametrize("opening", ["[", "{a: "])
def test_nesting_deep_enough_to_crash_the_c_parser_is_refused_before_it_parses(tmp_path, opening):
    """50,000 levels of flow nesting fit in a 250 kB file; libyaml's composer recurses in C and
    takes the process down (a segfault, not an exception). Run in a fresh interpreter so that
    a crash fails this test instead of ending the test run."""
    import subprocess
    import sys

    closing = "]" if opening == "[" else "}"
    deep = tmp_path / "deep.yaml"
    deep.write_text("name: " + opening * 50_000 + "1" + closing * 50_000 + "\n")
    code = (
        "import sys\nfrom cardtable.errors import VariantError\nfrom cardtable.variant import load_variant\n"
        "try:\n    load_variant(sys.argv[1])\nexcept VariantError as exc:\n    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(deep)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"the loader crashed (exit {done.returncode}): {done.stderr[-300:]}"
    assert "nested more than 64 levels deep" in done.stdout


TEXAS = (Path(__file__).resolve().parent.parent / "variants" / "texas_holdem.yaml").read_text()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("default: 1000", "default: " + "9" * 5000), "is too large (at most 1,000,000,000,000,000)"),
        (("default: 1000", "default: .nan"), "'.nan' is not a usable number here"),
        (("default: 1000", "default: -.inf"), "'-.inf' is not a usable number here"),
        (("amount: 0.5", "amount: .inf"), "'.inf' is not a usable number here"),
        (("name: Texas Hold'em", "name: " + "x" * 1_500_000), "a value of 1,500,000 characters"),
        (("default: 1000", "default: !!int abc"), "'abc' cannot be read as !!int"),
        (("default: 1000", "default: !!float x"), "'x' cannot be read as !!float"),
        (("default: 1000", "default: !!bool maybe"), "'maybe' cannot be read as !!bool"),
    ],
)
def test_values_that_would_break_a_game_are_refused_at_their_place(tmp_path, change, says):
    """A 5,000-digit number (Python refuses to read it: it was a traceback), NaN and infinity (they
    passed validation, then broke the game), a 1.5-million-character name (it took the menu
    down) and a value its own tag cannot read (`!!int abc`: a ValueError's traceback) each give
    one error at the value's own line and column."""
    old, new = change
    assert old in TEXAS
    text = TEXAS.replace(old, new, 1)
    start = text.index(new) + len(new.split(": ")[0]) + 2  # where the value itself begins
    line = text[:start].count("\n") + 1
    col = start - text.rfind("\n", 0, start)  # 1-based
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(VariantError) as err:
        load_variant(path)
    (problem,) = err.value.problems
    assert says in problem.message
    assert (problem.line, problem.col) == (line, col)


def test_an_alias_that_contains_itself_is_refused(tmp_path):
    """`&x [*x]` is a list that holds itself: expanded, it never ends."""
    loop = tmp_path / "loop.yaml"
    loop.write_text("name: Loop\nplayers: &x [*x]\n")
    with pytest.raises(VariantError, match="too many values"):
        load_variant(loop)
