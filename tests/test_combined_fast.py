"""The faster combined-set evaluator values every hand exactly as the one it replaced did (kept as
tests/combined_reference.py): the same key, category, cards, made cards and detail, on random
pools of Sigilian Poker and Limbo Hold'em (wild and dead cards included) and on hands recorded
from a self-play run of each."""

import json
from pathlib import Path

from combined_reference import evaluate_combined as reference
from conftest import builtin
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.hands.api import evaluate_rules
from cardtable.hands.combined import evaluate_combined

RECORDED = Path(__file__).parent / "golden" / "combined_hands.json"


def same(a, b):
    return (a.key, a.category, a.rank, a.cards, a.made, a.detail) == (
        b.key,
        b.category,
        b.rank,
        b.cards,
        b.made,
        b.detail,
    )


def pools(vid: str, least: int, most: int):
    """Pools of the variant's cards, often holding its wild and dead cards."""
    rules = builtin(vid).sections["hands"]
    special = [c for c in range(len(rules.card_order)) if rules.wild[c] or rules.dead[c]]
    cards = st.lists(st.integers(0, len(rules.card_order) - 1), min_size=least, max_size=most, unique=True)
    return st.tuples(cards, st.lists(st.sampled_from(special), max_size=2, unique=True)).map(
        lambda t: tuple(dict.fromkeys(t[1] + t[0]))[:most]
    )


@settings(max_examples=60, deadline=None)
@given(pools("sigilian_poker", 2, 10))
def test_sigilian_pools_as_before(pool):
    rules = builtin("sigilian_poker").sections["hands"]
    assert same(evaluate_combined(rules, pool, 9), reference(rules, pool, 9))


@settings(max_examples=40, deadline=None)
@given(pools("limbo_holdem", 5, 12), st.integers(1, 3))
def test_limbo_pools_with_exact_hole_cards_as_before(pool, hole):
    rules = builtin("limbo_holdem").sections["hands"]
    exact = [(list(pool[:hole]), hole)]
    rest = pool[hole:]
    assert same(evaluate_combined(rules, rest, 9, exact), reference(rules, rest, 9, exact))


def test_recorded_hands_value_as_they_did():
    """Hands met in `simulate` (recorded with the old evaluator): the same values today."""
    recorded = json.loads(RECORDED.read_text())
    assert len(recorded) >= 200
    for row in recorded:
        rules = builtin(row["variant"]).sections["hands"]
        zones = {k: list(v) for k, v in row["zones"].items()}
        got = evaluate_rules(rules, zones)
        assert repr(got.key) == row["key"], row
        assert [got.category, list(got.cards), list(got.made), got.detail] == [
            row["category"],
            row["cards"],
            row["made"],
            row["detail"],
        ]
