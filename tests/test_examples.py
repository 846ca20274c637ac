"""The example games in variants/examples/ (lowball, high-low, stud, openers, wild cards, a
short deck by `extends`): random and bot playouts keep every invariant (chips, cards, privacy of
the views, legality) and replay from their logs; a hot-seat game through the window never shows
a card to the wrong person (test_privacy's watcher, on a shorter game)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_helpers import playout

from cardtable.catalog import loaded
from cardtable.engine import Rules
from cardtable.engine.trail import json_default

EXAMPLES = Path(__file__).resolve().parent.parent / "variants" / "examples"
EXAMPLE_IDS = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))


def load(vid: str):
    return loaded(EXAMPLES / f"{vid}.yaml")  # one per file for the run: a variant is never changed


@pytest.mark.parametrize("vid", EXAMPLE_IDS)
def test_examples_play_to_the_end_keeping_every_invariant(vid):
    v = load(vid)
    rules = Rules(v)
    for seed in range(4):
        players = v.min_players + seed % (min(v.max_players, 4) - v.min_players + 1)
        st = playout(rules, seed, players, bot=False, options={"hands": 2})
        assert st["over"] and st["result"]["winners"]
        json.dumps(st, default=json_default)
        seats = [{"name": s["name"], "kind": s["kind"]} for s in st["seats"]]
        assert rules.replay(seats, st["seed"], st["options"], st["log"]) == st
    st = playout(rules, 100, 3, bot=True, options={"hands": 1})
    assert st["over"]


# (Privacy at the table over every example is in test_privacy.py, which plays variants/examples/ too.)


def _hilo(board: list[str]):
    from engine_helpers import find_card, rig

    rules = Rules(load("omaha_hi_lo"))
    deck = rules.variant.deck

    def c(text):
        rank, suit = text[:-1], {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}[text[-1]]
        return find_card(deck, rank=rank, suit=suit)

    st = rules.new_game(
        [{"name": f"P{i}", "kind": "human"} for i in range(3)], seed=2, options={"chips": 1000, "blind": 10}
    )
    rig(
        st,
        {
            "hand/0": [c(x) for x in ("Kh", "Kc", "Qs", "Qh")],  # four kings with the board's two
            "hand/1": [c(x) for x in ("Ac", "4s", "9d", "9c")],  # the low: 7-4-3-2-A
            "hand/2": [c(x) for x in ("Jc", "Jd", "Th", "8s")],  # one low card only: no low
            "deck": [c(x) for x in board],
        },
    )
    moves = [(0, "call"), (1, "call"), (2, "check")] + [(s, "check") for _ in range(3) for s in (1, 2, 0)]
    for seat, kind in moves:
        st = rules.apply(st, {"seat": seat, "type": kind})
    return st


def test_a_split_pot_halves_between_high_and_an_eight_or_better_low():
    st = _hilo(["2c", "3d", "7h", "Ks", "Kd"])
    assert st["history"][0]["won"] == {"0": 15, "1": 15}
    text = " ".join(e["text"] for e in st["events"])
    assert (
        "P1's low hand: Seven low" in text
        and "P2 has no low hand (High Card (Eight or lower) or better)" in text
    )


def test_without_a_qualifying_low_the_high_hand_takes_the_whole_pot():
    st = _hilo(["Ks", "Kd", "Qc", "Jh", "9s"])
    assert st["history"][0]["won"] == {"0": 30}


def test_simulate_writes_a_readable_log_hand_by_hand():
    import io

    from cardtable.commands.simulate import simulate

    buf = io.StringIO()
    report = simulate(load("omaha_hi_lo"), 2, 3, 7, 2, True, log=buf)
    text = buf.getvalue()
    assert report["completed"] == 2
    assert text.count("=== Game ") == 2 and "--- Hand 1 ---" in text and "--- Hand 2 ---" in text
    assert "posts the big blind" in text and "to the board" in text
    assert "(to Bot 1) You are dealt" in text  # the computer players' own lines, marked


def test_an_odd_chip_goes_to_the_half_the_split_names_and_a_scoop_takes_both():
    from cardtable.engine.context import Ctx
    from cardtable.engine.split import shares
    from cardtable.hands.value import HandValue

    rules = Rules(load("omaha_hi_lo"))
    st = rules.new_game([{"name": n, "kind": "human"} for n in ("Ann", "Bob")], seed=1, options={})
    g = Ctx(rules, st)
    high = {0: HandValue((5,), "Flush", 4, ()), 1: HandValue((3,), "Pair", 8, ())}
    low = {1: HandValue((-1,), "High Card", 9, ())}
    assert shares(g, 31, [0, 1], high, low) == [([0], 16), ([1], 15)]  # odd_chip: first (high)
    assert shares(g, 31, [0, 1], high, {}) == [([0], 31)]  # no qualifying low: high takes all
    both = shares(g, 30, [0, 1], high, {0: low[1]})
    assert both == [([0], 15), ([0], 15)] and "Ann scoops the pot" in st["events"][-1]["text"]


def test_the_showdown_record_says_each_hand_s_low_for_the_table():
    from cardtable.app.table.showdown import reason

    st = _hilo(["2c", "3d", "7h", "Ks", "Kd"])
    shown = {h["seat"]: h for h in st["history"][0]["shown"]}
    assert shown[1]["low"] == "Seven low" and shown[2]["low"] == ""
    assert reason(st["history"][0], []) == "High and low split the pot"
    from cardtable.app.table.showdown import _explain

    assert _explain(st["history"][0], load("omaha_hi_lo").hands) == "High and low split the pot"
    st = _hilo(["Ks", "Kd", "Qc", "Jh", "9s"])
    assert reason(st["history"][0], []).startswith("No qualifying low")


@pytest.mark.parametrize("bad", ["[1]", "~", "nosuchverb"])
def test_a_bad_verb_inside_a_repeat_is_a_problem_at_its_place(bad):
    from cardtable.errors import VariantError
    from cardtable.variant import load_variant_text

    text = (EXAMPLES.parent / "poker_clash.yaml").read_text()
    old = "        - {do: exchange, zone: hand"
    assert old in text
    text = text.replace(old, f"        - {{do: {bad}, zone: hand", 1)
    with pytest.raises(VariantError) as info:
        load_variant_text(text, "clash.yaml")
    assert all(str(p).startswith("clash.yaml:") for p in info.value.problems)
