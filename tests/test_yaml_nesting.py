"""Nesting too deep is refused in our own words, at the place where it first goes too deep, whatever
the installed PyYAML's parser does itself (6.0.4's libyaml refuses 1,000 levels while reading ahead,
in its own words, before it hands us the events we count)."""

import pytest
import yaml

import cardtable.yamlsrc as yamlsrc
from cardtable.errors import VariantError

LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


def _flow(opening: str, closing: str, levels: int) -> tuple[str, tuple[int, int]]:
    """A one-line file nested `levels` deep, and the (line, col) of the first level too many."""
    text = "name: " + opening * levels + "1" + closing * levels + "\n"
    return text, (1, len("name: ") + len(opening) * (yamlsrc.MAX_DEPTH - 1) + 1)  # the top map is level 1


def _block(levels: int) -> tuple[str, tuple[int, int]]:
    """Indented one space a level (over libyaml's 1,000 levels in about 600 kB)."""
    text = "".join(" " * i + f"k{i}:\n" for i in range(levels)) + " " * levels + "x: 1\n"
    # the top mapping is level 1, on line 1; the mapping under k{i} is level i + 2, on line i + 2
    line = yamlsrc.MAX_DEPTH + 1  # level MAX_DEPTH + 1 starts on this line
    return text, (line, line)


CASES = {
    "flow lists, 5,000 deep": _flow("[", "]", 5_000),
    "flow maps, 5,000 deep": _flow("{a: ", "}", 5_000),
    "flow lists, just too deep": _flow("[", "]", yamlsrc.MAX_DEPTH),
    "block maps, 1,100 deep": _block(1_100),
}


@pytest.mark.parametrize("loader", LOADERS, ids=lambda loader: loader.__name__)
@pytest.mark.parametrize("case", list(CASES))
def test_too_deep_is_our_message_at_the_first_level_too_many(monkeypatch, loader, case):
    monkeypatch.setattr(yamlsrc, "_Loader", loader)
    text, (line, col) = CASES[case]
    with pytest.raises(VariantError) as caught:
        yamlsrc.load_text(text, "deep.yaml")
    [problem] = caught.value.problems
    assert problem.message == f"nested more than {yamlsrc.MAX_DEPTH} levels deep"
    assert (problem.line, problem.col) == (line, col)


@pytest.mark.parametrize("loader", LOADERS, ids=lambda loader: loader.__name__)
def test_as_deep_as_allowed_loads(monkeypatch, loader):
    monkeypatch.setattr(yamlsrc, "_Loader", loader)
    levels = yamlsrc.MAX_DEPTH - 1  # the top mapping is one level
    text = "name: " + "[" * levels + "1" + "]" * levels + "\n"
    node = yamlsrc.load_text(text, "ok.yaml").get("name")
    for _ in range(levels - 1):
        assert node is not None and node.is_list
        node = node.value[0]
    assert node is not None and node.plain() == [1]


@pytest.mark.parametrize("loader", LOADERS, ids=lambda loader: loader.__name__)
def test_a_plain_syntax_error_is_still_reported_where_it_is(monkeypatch, loader):
    monkeypatch.setattr(yamlsrc, "_Loader", loader)
    with pytest.raises(VariantError) as caught:
        yamlsrc.load_text("name: x\nrules: [a, b\nmore: 1\n", "broken.yaml")
    [problem] = caught.value.problems
    assert problem.message.startswith("YAML syntax:")
    assert "nested" not in problem.message


def test_an_alias_put_deep_nests_its_values_deeper():
    """An alias reads as its anchored value put in its own place: `[[1]]` named 62 lists down
    puts the 1 at level 65, said at the 1's own place (the anchor's line), in our words."""
    text = "a: &x [[1]]\nb: " + "[" * 62 + "*x" + "]" * 62 + "\n"
    with pytest.raises(VariantError) as caught:
        yamlsrc.load_text(text, "alias.yaml")
    [problem] = caught.value.problems
    assert problem.message == f"nested more than {yamlsrc.MAX_DEPTH} levels deep"
    assert (problem.line, problem.col) == (1, text.index("1") + 1)
    shallower = text.replace("[" * 62, "[" * 61, 1).replace("]" * 62, "]" * 61, 1)
    root = yamlsrc.load_text(shallower, "alias.yaml")
    node = root.get("b")
    for _ in range(61):
        assert node is not None and node.is_list
        node = node.value[0]
    assert node is not None and node.plain() == [[1]] and node is not root.get("a")  # its own copy
