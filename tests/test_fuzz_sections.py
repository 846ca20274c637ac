"""Issue 28: a variant `validate` accepts never crashes the program. The shipped variants are
mutated (sections and items dropped, duplicated, retyped and nested; steps wrapped in repeats;
extreme numbers and strings) and every mutant that loads is played for a few hundred actions by
seeded random legal actions and computer players: loading raises only VariantError, and playing
raises nothing.

Infinite Poker is left out: its 12,000-card deck makes every example slow, and its sections are
of the same kinds as the others'."""

from __future__ import annotations

import copy
import random
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Rules
from cardtable.engine.bots import decide, random_action
from cardtable.errors import VariantError
from cardtable.variant import load_variant_text

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(
    p
    for p in [*ROOT.glob("variants/*.yaml"), *ROOT.glob("variants/examples/*.yaml")]
    if p.stem != "infinite_poker" and "extends:" not in p.read_text()
)
ACTIONS = 300


@cache
def tree(path: Path) -> Any:
    return yaml.load(path.read_text(), Loader=yaml.CSafeLoader)


def _places(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value of the tree (the root excluded)."""
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _places(v, (*path, i))
    return out


EXTREMES = [
    0,
    -1,
    1,
    2,
    10**15,
    10**15 + 1,
    -(10**15),
    2**63,
    0.5,
    1e300,
    "",
    "x" * 10_000,
    "é✓\u202e",
    "all",
]


def _retyped(value: Any, rng: random.Random) -> Any:
    return rng.choice([[value], {"a": value}, str(value), None, True, 7, [], {}])


def _nested(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict) and "do" in value:  # a step: wrapped in a repeat
        until = rng.choice([["one_left"], ["showdown_called"], ["deck_empty"], ["all_in"]])
        return {"do": "repeat", "until": until, "max": rng.choice([1, 3, 10_000]), "steps": [value, value]}
    return rng.choice([[value], [value, value], {"steps": value}])


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def _steps(data: Any) -> list[tuple]:
    """The paths of the hand's steps, a repeat's own steps included."""
    return [
        p
        for p in _places(data)
        if p[:2] == ("phases", "hand") and isinstance(p[-1], int) and isinstance(_at(data, p), dict)
    ]


def _numbers(data: Any) -> list[tuple]:
    return [
        p
        for p in _places(data)
        if isinstance(_at(data, p), int) and not isinstance(_at(data, p), bool) and p[0] != "deck"
    ]


HOW = ["section", "step_drop", "step_copy", "step_nest", "small", "extreme", "drop", "copy", "retype", "nest"]


def mutate(data: Any, rng: random.Random, times: int) -> Any:
    """`times` changes, each at a random place of its kind: whole sections; the hand's steps
    (dropped, doubled, wrapped in a repeat); numbers made small or extreme; anything dropped,
    doubled, retyped or nested."""
    data = copy.deepcopy(data)
    for _ in range(times):
        how = rng.choice(HOW)
        places = {"step": _steps(data), "small": _numbers(data), "extreme": _numbers(data)}.get(
            how.partition("_")[0], []
        ) or _places(data)
        if not places:
            break
        where = rng.choice(places)
        parent, key = _at(data, where[:-1]), where[-1]
        if how == "section":  # a whole section dropped, or put where another one was
            name, other = rng.choice(sorted(data)), rng.choice(sorted(data))
            if rng.random() < 0.5:
                del data[name]
            else:
                data[other] = copy.deepcopy(data[name])
        elif how in ("step_drop", "drop"):
            del parent[key]
        elif how in ("step_copy", "copy"):
            if isinstance(parent, list):
                parent.insert(key, copy.deepcopy(parent[key]))
            else:
                parent[f"{key}_copy"] = copy.deepcopy(parent[key])
        elif how in ("step_nest", "nest"):
            parent[key] = _nested(parent[key], rng)
        elif how == "small":
            parent[key] = rng.choice([0, 1, 2, 3, -1])
        elif how == "extreme":
            parent[key] = rng.choice(EXTREMES)
        else:
            parent[key] = _retyped(parent[key], rng)
        if not isinstance(data, dict) or not data:
            break
    return data


def play(text: str, seed: int) -> None:
    try:
        variant = load_variant_text(text, "mutant.yaml")
    except VariantError as exc:
        assert exc.problems and all(p.path == "mutant.yaml" and p.message for p in exc.problems)
        return
    if variant.deck_only:
        return
    rng = random.Random(seed)
    try:
        rules = Rules(variant)
    except ValueError:
        return  # sections of a game without its layout or phases: New game says it cannot be played
    players = rng.randint(variant.min_players, max(variant.min_players, min(variant.max_players, 4)))
    seats = [{"name": f"P{i}", "kind": "bot"} for i in range(players)]
    options = {"hands": 3} if "hands" in rules.options and rules.options["hands"].max else {}
    try:
        state = rules.new_game(seats, seed, options)
    except ValueError:
        return  # a set-up the rules refuse (too few players for a role...), said by New game
    for _ in range(ACTIONS):
        if rules.is_over(state):
            break
        seat = rules.to_move(state)
        assert seat is not None
        if rng.random() < 0.5:
            action = decide(rules, rules.view(state, seat), rng.getrandbits(64), "easy")
        else:
            action = random_action(rules, state, seat, rng)
        state = rules.apply(state, action)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), st.integers(0, 2**32 - 1), st.integers(1, 3))
def test_mutated_variants_load_cleanly_or_play(path, seed, times):
    mutant = mutate(tree(path), random.Random(seed), times)
    play(yaml.dump(mutant, Dumper=yaml.CSafeDumper, allow_unicode=True), seed)
