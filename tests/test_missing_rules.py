"""Rules designers could not write before (issue #33): a pot carried over a redeal, openers shown
at the end of the hand, a bring-in without the option. Each on its example in variants/examples/."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import find_card, playout, rig

from cardtable.engine import Rules
from cardtable.engine.bots import decide
from cardtable.errors import VariantError
from cardtable.variant import load_variant, load_variant_text

EXAMPLES = Path(__file__).resolve().parent.parent / "variants" / "examples"
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def game(name: str, hands: dict[int, list[str]], players: int = 2, zone: str = "hand"):
    rules = Rules(load_variant(EXAMPLES / name))
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    st = rules.new_game([{"name": n, "kind": "human"} for n in names], seed=1, options={"chips": 1000})
    deck = rules.variant.deck
    rig(
        st,
        {
            f"{zone}/{s}": [find_card(deck, rank=t[:-1], suit=SUITS[t[-1]]) for t in c]
            for s, c in hands.items()
        },
    )
    return rules, st


def test_an_unopened_pot_stays_for_the_next_deal():
    rules, st = game(
        "jacks_or_better_progressive.yaml",
        {0: ["Tc", "Th", "2d", "5s", "8c"], 1: ["3c", "4h", "7c", "9d", "Kc"]},
    )
    st = rules.apply(st, {"seat": 1, "type": "check"})
    st = rules.apply(st, {"seat": 0, "type": "check"})
    assert st["hand"] == 2
    # the first antes stayed in the pot and the second deal's antes joined them
    assert [s["total"] for s in st["seats"]] == [20, 20] and [s["chips"] for s in st["seats"]] == [980, 980]
    assert any("pot of 20 chips stays for the next deal" in e["text"] for e in st["events"])


def test_the_opener_shows_the_openers_when_everyone_folds():
    rules, st = game(
        "jacks_or_better_progressive.yaml",
        {0: ["Tc", "Th", "2d", "5s", "8c"], 1: ["Jc", "Jh", "2c", "5d", "9c"]},
    )
    st = rules.apply(st, {"seat": 1, "type": "bet", "amount": 20})
    st = rules.apply(st, {"seat": 0, "type": "fold"})
    assert st["hand"] == 2
    shown = [e["text"] for e in st["events"] if "shows the openers" in e["text"]]
    assert len(shown) == 1 and shown[0].startswith("Bob") and "J" in shown[0]


def test_a_carried_pot_goes_back_when_the_match_ends(tmp_path):
    """A hand limit reached on a hand called off: nobody keeps the pot, it goes back."""
    rules, st = game(
        "jacks_or_better_progressive.yaml",
        {0: ["Tc", "Th", "2d", "5s", "8c"], 1: ["3c", "4h", "7c", "9d", "Kc"]},
    )
    st["max_hands"] = 1
    st = rules.apply(st, {"seat": 1, "type": "check"})
    st = rules.apply(st, {"seat": 0, "type": "check"})
    assert st["over"] and [s["chips"] for s in st["seats"]] == [1000, 1000]


def test_progressive_jacks_plays_to_the_end_conserving_chips():
    """Random play over several deals, chips (carried pots too) and cards conserved every step."""
    rules = Rules(load_variant(EXAMPLES / "jacks_or_better_progressive.yaml"))
    assert rules.is_over(playout(rules, 5, 3, bot=False, options={"hands": 6}))


def _stud(option: bool):
    rules = Rules(load_variant(EXAMPLES / "seven_card_stud_no_option.yaml"))
    if option:
        text = (EXAMPLES / "seven_card_stud_no_option.yaml").read_text().replace(", option: false", "")
        rules = Rules(load_variant_text(text, str(EXAMPLES / "seven_card_stud_no_option.yaml")))
    st = rules.new_game(
        [{"name": n, "kind": "human"} for n in ("Ann", "Bob")], seed=3, options={"chips": 1000}
    )
    bring_in = next(i for i, s in enumerate(st["seats"]) if "bring_in" in s["roles"])
    if st["step"] and st["step"].get("verb") == "bring_in":
        st = rules.apply(st, {"seat": bring_in, "type": "bring_in"})
    other = 1 - bring_in
    assert rules.to_move(st) == other
    st = rules.apply(st, {"seat": other, "type": "call"})
    return st, bring_in


def test_a_bring_in_without_the_option_does_not_act_again_when_only_called():
    st, bring_in = _stud(option=False)
    assert st["bet_round"] == 1  # third street is over: fourth street's betting has begun


def test_a_bring_in_with_the_option_acts_again():
    st, bring_in = _stud(option=True)
    assert st["bet_round"] == 0 and st["turn"] == bring_in


@pytest.mark.parametrize(
    "change, words",
    [
        ("{do: bet, opens: {category: Pair, min: J}, unopened: carry, opener: opener}", None),
        ("{do: bet, unopened: carry}", "'unopened' and 'opener' go with 'opens'"),
        ("{do: bet, opens: {category: Pair, min: J}, opener: openr}", "no role named 'openr'"),
    ],
)
def test_the_new_fields_are_checked(change, words):
    path = EXAMPLES / "jacks_or_better_progressive.yaml"
    text = path.read_text()
    line = next(x for x in text.splitlines() if "unopened: carry" in x)
    changed = text.replace(line.strip()[2:].split("  #")[0].strip(), change)
    if words is None:
        load_variant_text(changed, str(path))
        return
    with pytest.raises(VariantError) as info:
        load_variant_text(changed, str(path))
    assert len(info.value.problems) == 1 and words in info.value.problems[0].message


def _passive(rules, st):
    """Everyone stays in as cheaply as possible until the hand's last deal is made."""
    for _ in range(400):
        if st["hand"] > 1 or rules.is_over(st):
            return st
        seat = rules.to_move(st)
        kinds = {t["type"]: t for t in rules.legal_actions(st, seat)}
        kind = next(k for k in ("check", "call", "bring_in") if k in kinds)
        st = rules.apply(st, {"seat": seat, "type": kind})
        if st["zones"]["board"]["cards"]:
            return st
    raise AssertionError("the hand did not reach its last deal")


def test_a_shared_card_when_the_deck_cannot_give_every_seat_one():
    rules = Rules(load_variant(EXAMPLES / "seven_card_stud_eight.yaml"))
    st = rules.new_game(
        [{"name": f"P{i}", "kind": "human"} for i in range(8)], seed=2, options={"chips": 1000}
    )
    st = _passive(rules, st)
    board = st["zones"]["board"]
    assert len(board["cards"]) == 1 and board["up"] == [1]  # one card, face up, for everyone
    assert all(len(z["cards"]) == 6 for z in st["zones"]["hand"])  # nobody got a seventh
    assert any("shared" in e["text"] for e in st["events"])
    # a computer player decides from there (its estimates deal the unseen cards of a short deck)
    seat = rules.to_move(st)
    action = decide(rules, rules.view(st, seat), 7, "normal")
    assert rules.check(st, action) is None


def test_with_few_players_every_seat_gets_its_own_last_card():
    rules = Rules(load_variant(EXAMPLES / "seven_card_stud_eight.yaml"))
    st = rules.new_game(
        [{"name": f"P{i}", "kind": "human"} for i in range(3)], seed=2, options={"chips": 1000}
    )
    for _ in range(200):
        if st["hand"] > 1:
            break
        seat = rules.to_move(st)
        kinds = {t["type"] for t in rules.legal_actions(st, seat)}
        st = rules.apply(
            st, {"seat": seat, "type": next(k for k in ("check", "call", "bring_in") if k in kinds)}
        )
    history = st["history"][0]
    assert history["showdown"] and all(len(h["cards"]) == 5 for h in history["shown"])
    assert not any("shared" in e["text"] for e in st["events"])


@pytest.mark.parametrize(
    "step, words",
    [
        ("{do: deal, to: hand, count: 1, short: hand}", "table"),
        ("{do: deal, to: hand, count: 1, short: bord}", "bord"),
        ("{do: deal, to: board, count: 1, short: board}", "'short' is for a deal to every seat"),
    ],
)
def test_a_short_deal_names_a_table_zone(step, words):
    path = EXAMPLES / "seven_card_stud_eight.yaml"
    text = path.read_text().replace("{do: deal, to: hand, count: 1, short: board}", step)
    with pytest.raises(VariantError) as info:
        load_variant_text(text, str(path))
    assert len(info.value.problems) == 1 and words in info.value.problems[0].message, info.value.problems
