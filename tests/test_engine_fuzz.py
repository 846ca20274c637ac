"""Junk actions never crash the engine: `check` gives a reason, `apply` raises only IllegalAction."""

from __future__ import annotations

import random

import pytest
from conftest import VARIANT_IDS
from engine_helpers import options_for, snapshot
from hypothesis import given, settings
from hypothesis import strategies as hs
from hypothesis_text import ANY_CHARACTER

from cardtable.engine import IllegalAction, Rules
from cardtable.engine.bots import random_action

JUNK = hs.recursive(
    hs.none()
    | hs.booleans()
    | hs.integers(-3, 120)
    | hs.floats(allow_nan=False)
    | hs.text(ANY_CHARACTER, max_size=5),
    lambda inner: (
        hs.lists(inner, max_size=4) | hs.dictionaries(hs.text(ANY_CHARACTER, max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)
KEYS = ["seat", "type", "amount", "cards", "give", "at", "index", "card", "showdown", "reveal"]
TYPES = [
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "all_in",
    "discard",
    "draw",
    "swap",
    "pass",
    "flip",
    "place",
    "declare",
]


def states(rules: Rules, n: int) -> list[dict]:
    """A few states along a random game, one per decision kind seen."""
    rng = random.Random(3)
    st = rules.new_game([{"name": f"P{i}"} for i in range(3)], 3, options_for(rules))
    out, kinds = [st], set()
    while not rules.is_over(st) and len(out) < n:
        seat = rules.to_move(st)
        kind = rules.view(st, None)["phase"]
        if kind not in kinds:
            kinds.add(kind)
            out.append(st)
        st = rules.apply(st, random_action(rules, st, seat, rng))
    return out


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_junk_actions_are_refused_cleanly(variants, vid):
    v = variants[vid]
    rules = Rules(v)
    sample = states(rules, 6)

    @settings(max_examples=60, deadline=None)
    @given(
        hs.integers(0, len(sample) - 1),
        hs.sampled_from(TYPES),
        hs.dictionaries(hs.sampled_from(KEYS), JUNK, max_size=4),
        hs.booleans(),
    )
    def run(i, kind, junk, own_seat):
        st = sample[i]
        action = {"type": kind, **junk}
        if own_seat and st["turn"] is not None:
            action["seat"] = st["turn"]
        before = snapshot(st)
        reason = rules.check(st, action)
        assert reason is None or (isinstance(reason, str) and reason)
        if reason is None:
            rules.apply(st, action)  # on a copy: the sampled state stays as it was
        else:
            with pytest.raises(IllegalAction):
                rules.apply(st, action)
        assert snapshot(st) == before

    run()
