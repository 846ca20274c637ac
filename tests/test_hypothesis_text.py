"""Every hypothesis text strategy in the tests names its alphabet (hypothesis_text.py says why:
the default one costs each fresh test process about 1.2 s of CPU to work out)."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_text import ANY_CHARACTER

TESTS = Path(__file__).resolve().parent


def _strategies_names(tree: ast.AST) -> set[str]:
    """The names `hypothesis.strategies` goes by in a file (`st`, or `hs` in test_engine_fuzz.py)."""
    names = {"st", "strategies"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "hypothesis":
            names.update(a.asname or a.name for a in node.names if a.name == "strategies")
        elif isinstance(node, ast.Import):
            names.update(a.asname for a in node.names if a.name == "hypothesis.strategies" and a.asname)
    return names


def _default_text_calls(source: str, name: str) -> list[str]:
    calls = []
    tree = ast.parse(source, name)
    aliases = _strategies_names(tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "text"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in aliases
            and not node.args
            and all(k.arg != "alphabet" for k in node.keywords)
        ):
            calls.append(f"{name}:{node.lineno}")
    return calls


def test_no_test_draws_text_from_the_default_alphabet():
    found = [
        call
        for path in sorted(TESTS.rglob("*.py"))
        if ".text(" in (source := path.read_text())
        for call in _default_text_calls(source, path.name)
    ]
    assert not found, f"give st.text an alphabet (hypothesis_text.ANY_CHARACTER): {found}"
    assert _default_text_calls("from hypothesis import strategies as st\nst.text(max_size=3)\n", "x.py")
    assert _default_text_calls("from hypothesis import strategies as hs\nhs.text(max_size=3)\n", "x.py")


@settings(max_examples=100, deadline=None)
@given(st.text(ANY_CHARACTER, min_size=1, max_size=20))
def test_any_character_is_any_text_utf_8_can_carry(text):
    assert text.encode("utf-8").decode("utf-8") == text
