"""Hostile variants (issue 17): wrong-typed, huge and strange values in every numeric field of the
built-in games, and hostile values anywhere in a variant's structure. Each gives one clean
VariantError naming the file, or a game that starts and plays at the most players.

Infinite Poker is left out of the playing: its 12,000-card deck makes every example slow, and its
numeric fields are the same kinds (options, amounts, counts) as the other games'."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_text import ANY_CHARACTER

from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.errors import VariantError
from cardtable.variant import Variant, load_variant_text

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("texas_holdem", "sevendeck_poker", "poker_clash", "sigilian_poker", "limbo_holdem", "poker_grid")
WRONG = [
    "[1]",
    "'x'",
    "{a: 1}",
    "null",
    "true",
    "-5",
    "0",
    "0.5",
    "2.5",
    "-0.5",
    "999999999999999",
    "1.0e300",
]


@cache
def text(vid: str) -> str:
    return (ROOT / "variants" / f"{vid}.yaml").read_text()


@cache
def numbers() -> list[tuple[str, int, int]]:
    """(variant, start, end) of every plain number written in the games' files."""
    found = []
    for vid in GAMES:
        stack = [yaml.compose(text(vid), Loader=yaml.CSafeLoader)]
        while stack:
            node = stack.pop()
            if isinstance(node, yaml.MappingNode):
                stack += [v for _, v in node.value]
            elif isinstance(node, yaml.SequenceNode):
                stack += node.value
            elif node.tag.endswith(("int", "float")) and not node.style:
                found.append((vid, node.start_mark.index, node.end_mark.index))
    return found


def loads_cleanly_or_plays(source: str, seed: int) -> None:
    try:
        variant = load_variant_text(source, "fuzz.yaml")
    except VariantError as exc:
        assert exc.problems and all(p.path == "fuzz.yaml" and p.message for p in exc.problems)
        return
    assert isinstance(variant, Variant)
    if variant.deck_only:
        return
    rules = Rules(variant)
    seats = [{"name": f"P{i}", "kind": "bot"} for i in range(variant.max_players)]
    state = rules.new_game(seats, seed, {})
    rng = random.Random(seed)
    for _ in range(25):
        if rules.is_over(state):
            break
        seat = rules.to_move(state)
        assert seat is not None
        state = rules.apply(state, random_action(rules, state, seat, rng))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_wrong_values_in_numeric_fields(data):
    vid, start, end = data.draw(st.sampled_from(numbers()))
    bad = data.draw(st.sampled_from(WRONG))
    loads_cleanly_or_plays(text(vid)[:start] + bad + text(vid)[end:], seed=start)


def _paths(value: object, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def _deep(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


hostile = st.one_of(
    st.integers(-(10**20), 10**20),
    st.floats(),  # NaN and infinity included
    st.text(ANY_CHARACTER, max_size=8),
    st.none(),
    st.booleans(),
    st.sampled_from(["x" * 20_000, "2..100000000", "A..z", "all", ""]),
    st.integers(1, 200).map(_deep),
    st.integers(0, 3000).map(lambda n: list(range(n))),
    st.dictionaries(st.sampled_from(["do", "count", "option", "id", "values", "min"]), st.integers(-3, 3)),
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_hostile_values_anywhere_in_a_variant(data):
    vid = data.draw(st.sampled_from(["sevendeck_poker", "poker_clash", "poker_grid"]))
    tree = yaml.load(text(vid), Loader=yaml.CSafeLoader)
    path = data.draw(st.sampled_from(_paths(tree)[1:]))
    parent = tree
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = data.draw(hostile)
    loads_cleanly_or_plays(yaml.dump(tree, Dumper=yaml.CSafeDumper, allow_unicode=True), seed=len(path))
