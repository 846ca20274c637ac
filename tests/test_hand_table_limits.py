"""A lookup table is built only where it groups hands: fuzzing found an Omaha hi-lo whose Straight
Flush was two cards, which gave every one of the C(52, 5) hands its own signature. Its build asked
the matcher 2.6 million times, for minutes of a computer player's first decision. A build now stops
once it has found more signatures than MAX_SIGNATURES (the built-in games have up to 12,467), and
the matcher values every hand."""

from __future__ import annotations

import random
from pathlib import Path

from cardtable.hands import table as table_mod
from cardtable.hands import tables
from cardtable.hands.api import evaluate_pool, strength
from cardtable.variant import load_variant_text

TEXAS = (Path(__file__).resolve().parent.parent / "variants" / "texas_holdem.yaml").read_text()
SHORT_FLUSH = TEXAS.replace("{name: Straight Flush, count: 5,", "{name: Straight Flush, count: 2,", 1)


def test_a_build_that_would_not_group_the_hands_stops_before_any_hand_is_valued():
    assert SHORT_FLUSH != TEXAS
    rules = load_variant_text(SHORT_FLUSH, "v.yaml").sections["hands"]
    p = table_mod.plan(rules)
    assert p is not None
    valued: list[tuple[int, ...]] = []
    steps = table_mod.build_steps(rules, p, lambda cards: valued.append(tuple(cards)) or (0,))
    taken = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            assert done.value is None
            break
        taken += 1
    assert valued == []
    # a step makes STEP_WORK sums of a few cards: it stops within a small part of the C(52, 5)
    assert taken * table_mod.STEP_WORK <= 100_000


def test_without_a_table_the_matcher_values_every_hand(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(tables, "shipped_folder", lambda: tmp_path / "none shipped")
    rules = load_variant_text(SHORT_FLUSH, "v.yaml").sections["hands"]
    matcher_calls = []
    assert tables.ensure(rules, lambda cards: matcher_calls.append(cards) or (0,)) is None
    assert matcher_calls == []
    monkeypatch.setattr(tables, "BUILD_AFTER", 20)  # a missing table is built after 20 hands
    rng = random.Random(7)
    for _ in range(60):
        pool = rng.sample(range(52), 7)
        assert strength(rules, pool) == evaluate_pool(rules, pool).key
    assert not any(tmp_path.rglob("*.table*"))  # nothing filed
