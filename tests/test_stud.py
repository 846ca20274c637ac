"""Stud structure on the seven-card stud example: face-up deals seen by all, the bring-in by the
lowest card with the suits breaking ties, the best hand showing acting first (bring_in.py,
showing.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import find_card, rig
from hypothesis import given, settings
from hypothesis import strategies as st_

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
        assert "bring_in" in st["seats"][low]["roles"] and rules.to_move(st) == low
        st = rules.apply(st, {"seat": low, "type": "bring_in"})
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


def stud_with(text: str):
    """The stud example with its `betting:` lines changed as `text` says."""
    source = PATH.read_text()
    return Rules(load_variant_text(source.replace("  complete: true", text), str(PATH)))


@settings(max_examples=25, deadline=None)
@given(seed=st_.integers(0, 10_000), players=st_.integers(2, 5), completes=st_.booleans(), data=st_.data())
def test_the_bring_in_may_bring_in_or_complete_and_later_raises_follow(seed, players, completes, data):
    rules = Rules(load_variant(PATH))
    names = [{"name": f"P{i}", "kind": "human"} for i in range(players)]
    st = rules.new_game(names, seed=seed, options={"chips": 1000, "blind": 20})
    bringer = st["turn"]
    kinds = {t["type"]: t for t in rules.legal_actions(st, bringer)}
    assert kinds == {
        "bring_in": {"seat": bringer, "type": "bring_in", "cost": 10},
        "complete": {"seat": bringer, "type": "complete", "cost": 20},
    }
    assert "bring_in" in st["seats"][bringer]["roles"]
    st = rules.apply(st, {"seat": bringer, "type": "complete" if completes else "bring_in"})
    assert st["seats"][bringer]["bet"] == (20 if completes else 10)
    assert st["turn"] == (bringer + 1) % players  # the round goes on from the bring-in's left
    current, raises = (20, 1) if completes else (10, 0)
    while st["bet_round"] == 0 and st["turn"] is not None:
        seat = st["turn"]
        legal = {t["type"]: t for t in rules.legal_actions(st, seat)}
        if "raise" in legal:
            r = legal["raise"]
            # over a bring-in the raise completes to one small bet; after that, a small bet more
            want = 20 if current < 20 else current + 20
            assert (r["min"], r["max"], bool(r.get("complete"))) == (want, want, current < 20)
        else:
            assert raises == 4 or st["seats"][seat]["chips"] <= current - st["seats"][seat]["bet"]
        kind = data.draw(st_.sampled_from(sorted(legal)))
        action = {"seat": seat, "type": kind}
        if kind == "raise":
            action["amount"] = legal["raise"]["min"]
            current, raises = action["amount"], raises + 1
        st = rules.apply(st, action)
    assert raises <= 4


def test_without_complete_the_bring_in_is_forced_and_a_raise_goes_a_full_bet_above_it():
    rules = stud_with("")
    st = rules.new_game([{"name": n, "kind": "human"} for n in ("A", "B", "C")], seed=3, options={})
    assert st["seats"][2]["bet"] == 10 and st["turn"] == 0  # posted at once: no decision
    raise_ = next(t for t in rules.legal_actions(st, 0) if t["type"] == "raise")
    assert (raise_["min"], raise_["max"], "complete" in raise_) == (30, 30, False)


def test_complete_shows_at_the_table_and_in_the_log():
    from cardtable.engine.verbs import REGISTRY
    from cardtable.engine.verbs.base import Choice

    rules, st = game()
    bringer = st["turn"]
    labels = [c.label for c in REGISTRY["bring_in"].controls(rules.legal_actions(st, bringer), Choice())]
    assert labels == ["Bring in 10", "Complete to 20"]
    st = rules.apply(st, {"seat": bringer, "type": "bring_in"})
    seat = st["turn"]
    legal = rules.legal_actions(st, seat)
    assert "Complete to 20" in [c.label for c in REGISTRY["bet"].controls(legal, Choice())]
    assert "complete the bet" in REGISTRY["bet"].prompt(legal)
    st = rules.apply(st, {"seat": seat, "type": "raise", "amount": 20})
    assert st["events"][-1]["text"].endswith("completes the bet to 20.")
    text = " ".join(e["text"] for e in st["events"])
    assert "brings it in for 10." in text


def test_complete_needs_a_yes_or_no():
    with pytest.raises(VariantError):
        stud_with("  complete: maybe")
