"""Opening requirements (`bet`'s `opens:`, engine/verbs/opening.py) on the jacks-or-better example."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import find_card, rig

from cardtable.engine import IllegalAction, Rules
from cardtable.errors import VariantError
from cardtable.variant import load_variant, load_variant_text

PATH = Path(__file__).resolve().parent.parent / "variants" / "examples" / "jacks_or_better.yaml"
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def game(hands: dict[int, list[str]]):
    rules = Rules(load_variant(PATH))
    st = rules.new_game(
        [{"name": n, "kind": "human"} for n in ("Ann", "Bob")], seed=1, options={"chips": 1000}
    )
    rig(
        st,
        {
            f"hand/{s}": [find_card(rules.variant.deck, rank=t[:-1], suit=SUITS[t[-1]]) for t in cards]
            for s, cards in hands.items()
        },
    )
    return rules, st


def test_only_a_hand_of_jacks_or_better_may_open_and_the_refusal_says_why():
    rules, st = game({0: ["Tc", "Th", "2d", "5s", "8c"], 1: ["Jc", "Jh", "2c", "5d", "9c"]})
    seat = rules.to_move(st)
    assert seat == 1  # left of the dealer (Ann deals first)
    assert "bet" in {t["type"] for t in rules.legal_actions(st, 1)}
    st = rules.apply(st, {"seat": 1, "type": "check"})
    kinds = {t["type"] for t in rules.legal_actions(st, 0)}
    assert "bet" not in kinds and "all_in" not in kinds and "check" in kinds
    why = rules.check(st, {"seat": 0, "type": "bet", "amount": 20})
    assert why and "Pair (Jack or higher) or better" in why and "Pair" in why
    with pytest.raises(IllegalAction):
        rules.apply(st, {"seat": 0, "type": "bet", "amount": 20})


def test_an_unopened_round_calls_the_hand_off_and_returns_the_antes():
    rules, st = game({0: ["Tc", "Th", "2d", "5s", "8c"], 1: ["3c", "4h", "7c", "9d", "Kc"]})
    st = rules.apply(st, {"seat": 1, "type": "check"})
    st = rules.apply(st, {"seat": 0, "type": "check"})
    assert st["hand"] == 2
    assert [s["chips"] + s["total"] for s in st["seats"]] == [1000, 1000]
    assert any("Nobody opens" in e["text"] for e in st["events"])


def test_an_opening_requirement_is_checked_against_the_ranking():
    text = PATH.read_text().replace("{category: Pair, min: J}", "{category: Pairs, min: X}")
    with pytest.raises(VariantError) as info:
        load_variant_text(text, "jacks.yaml")
    (p,) = info.value.problems
    line = text[: text.index("Pairs")].count("\n") + 1
    assert str(p).startswith(f"jacks.yaml:{line}:") and "did you mean" in str(p) and "Pair" in str(p)
