"""Stud structure on the seven-card stud example: face-up deals seen by all, the bring-in by the
lowest card with the suits breaking ties, the best hand showing acting first (bring_in.py,
showing.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import find_card, rig

from cardtable.engine import Rules
from cardtable.engine.context import Ctx
from cardtable.engine.showing import best_showing, extreme
from cardtable.errors import VariantError
from cardtable.variant import load_variant, load_variant_text

PATH = Path(__file__).resolve().parent.parent / "variants" / "examples" / "seven_card_stud.yaml"
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
TIES = ("suit", ["clubs", "diamonds", "hearts", "spades"])


def game(seed: int = 3):
    rules = Rules(load_variant(PATH))
    st = rules.new_game(
        [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cid")], seed=seed, options={"chips": 1000}
    )
    return rules, st


def card(rules, text):
    return find_card(rules.variant.deck, rank=text[:-1], suit=SUITS[text[-1]])


def test_the_bring_in_is_the_lowest_up_card_and_acts_before_the_rest():
    for seed in range(6):
        rules, st = game(seed)
        ups = {i: [c for c, up in zip(z["cards"], z["up"]) if up] for i, z in enumerate(st["zones"]["hand"])}
        assert all(len(u) == 1 for u in ups.values())
        low = min(
            range(3),
            key=lambda i: (
                rules.variant.hands.card_order[ups[i][0]],
                TIES[1].index(rules.variant.deck.values(ups[i][0], "suit")[0].id),
            ),
        )
        assert "bring_in" in st["seats"][low]["roles"]
        assert st["seats"][low]["bet"] == 10  # half the small bet, live
        assert rules.to_move(st) == (low + 1) % 3


def test_suits_break_a_tie_and_the_best_hand_showing_is_first():
    rules, st = game()
    rig(
        st,
        {
            "hand/0": [card(rules, "2h"), card(rules, "3h"), card(rules, "Kd")],
            "hand/1": [card(rules, "2d"), card(rules, "3d"), card(rules, "5s")],
            "hand/2": [card(rules, "2c"), card(rules, "3c"), card(rules, "5c")],
        },
    )
    g = Ctx(rules, st)
    assert extreme(g, ["hand"], "lowest", TIES) == (2, card(rules, "5c"))  # clubs below spades
    assert extreme(g, ["hand"], "highest", TIES) == (0, card(rules, "Kd"))
    assert best_showing(g) == 0  # king high
    hand1 = st["zones"]["hand"][1]
    hand1["cards"].append(card(rules, "5h"))
    hand1["up"].append(1)
    rig(st, {})
    assert best_showing(Ctx(rules, st)) == 1  # a pair of fives showing beats a king


def test_up_cards_are_public_and_down_cards_private():
    rules, st = game()
    view = rules.view(st, 1)
    ann = view["zones"]["hand/0"]
    assert ann["cards"][:2] == [-1, -1] and ann["cards"][2] >= 0  # two down, one up
    assert all(c >= 0 for c in view["zones"]["hand/1"]["cards"])  # Bob sees his own
    assert any("face up" in e["text"] and "Ann" in e["text"] for e in st["events"])


def test_bring_in_errors_point_at_their_place():
    text = PATH.read_text().replace(
        "ties: {suit: [clubs, diamonds, hearts, spades]}", "ties: {suit: [clubs, diamond, hearts, spades]}"
    )
    text = text.replace("bring_in: {label: the bring-in}", "bringin: {label: the bring-in}")
    with pytest.raises(VariantError) as info:
        load_variant_text(text, "stud.yaml")
    found = [str(p) for p in info.value.problems]
    assert any("'diamond' is not a value of 'suit'" in p and "diamonds" in p for p in found), found
    assert any("no role named 'bring_in'" in p for p in found), found
    assert all(p.startswith("stud.yaml:") for p in found)
