"""The table talk reads as sentences: the rule itself (every line of every seat's log, and the public
one, is checked against it in test_engine_generic.py's random games of every variant), plus the
posting lines of a stacked blind and a flip naming its card."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from conftest import builtin
from engine_helpers import options_for, sentence_problem

from cardtable.engine import Rules, wording
from cardtable.engine.bots import random_action


def test_sentence_problem_itself():
    assert sentence_problem("Ann posts the big blind, 20.") is None
    assert sentence_problem("You are dealt the King of Hearts and the Two of Clubs.") is None
    for bad in ("Ann posts winner of 20", "— hand 1 —", "to the board: A♥ 3♥ 8♣.", "Ann posts small_blind."):
        assert sentence_problem(bad), bad
    assert sentence_problem("Ann wins 2010 chips.") and sentence_problem("Ann  folds.")


def play(rules: Rules, seed: int, players: int) -> list[dict]:
    """Every state of a random game (the last one finished)."""
    rng = random.Random(seed)
    seats = [{"name": f"Player {i + 1}", "kind": "bot"} for i in range(players)]
    st = rules.new_game(seats, seed, options_for(rules))
    states = [st]
    while not rules.is_over(st):
        seat = rules.to_move(st)
        st = rules.apply(st, random_action(rules, st, seat, rng))
        states.append(st)
    return states


STACKED = re.compile(r"(Player \d) posts the winner's blind, 20 \(on top of the (big|small) blind\)\.")


def _winner_blind_hand() -> tuple[Rules, list[dict], int, re.Match]:
    """A random game of the 12,000-card game in which the last hand's winner also holds a blind
    (and has the chips for both): its states, the log line's index and its match."""
    rules = Rules(builtin("infinite_poker"))
    for seed in range(200):
        states = play(rules, seed, 3)
        for i, line in enumerate(rules.view(states[-1], None)["log"]):
            m = STACKED.fullmatch(line)
            if m:
                return rules, states, i, m
    raise AssertionError("no game in 200 seeds where the winner also posts a blind")


def test_the_winners_blind_stacks_and_the_log_says_so():
    rules, states, i, m = _winner_blind_hand()
    log = rules.view(states[-1], None)["log"]
    name, blind = m.groups()
    amount = 20 if blind == "big" else 10
    assert f"{name} posts the {blind} blind, {amount}." in log[:i]
    # The state agrees: at the first decision after these posts, that seat has both in the pot.
    st = next(s for s in states if len(s["events"]) > i and s["turn"] is not None)
    seat = next(k for k, s in enumerate(st["seats"]) if s["name"] == name)
    assert st["seats"][seat]["total"] == amount + 20


def test_a_flip_names_the_card_in_full():
    rules = Rules(builtin("infinite_poker"))
    deck = rules.variant.deck
    states = play(rules, 3, 3)
    flips = 0
    for before, after in zip(states, states[1:]):
        new = after["events"][len(before["events"]) :]
        step = next(a for a in reversed(after["log"]) if a.get("seat") is not None)
        if step.get("type") != "flip":
            continue
        r, c = step["at"]
        card = next(x for rr, cc, x, _ in before["zones"]["grid"]["cells"] if (rr, cc) == (r, c))
        name = after["seats"][step["seat"]]["name"]
        assert new[0]["text"] == f"{name} turns up the {deck.name(card)}.", new
        flips += 1
    assert flips > 0


def _texas_with_big_blind(tmp_path, role_line: str):
    """Texas Hold'em with its big blind role written as `role_line`."""
    from cardtable.variant import load_variant

    text = (Path(__file__).parent.parent / "variants" / "texas_holdem.yaml").read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.strip().startswith("big_blind:"))
    copy = tmp_path / "copy.yaml"
    copy.write_text(text.replace(old, old[: old.index("big_blind:")] + role_line), encoding="utf-8")
    return load_variant(copy)


def test_a_role_label_is_used_and_must_be_text(tmp_path):
    from cardtable.errors import VariantError

    v = _texas_with_big_blind(
        tmp_path, 'big_blind: {after: dealer, seats: 2, heads_up: 1, label: "the bring-in"}'
    )
    rules = Rules(v)
    st = rules.new_game([{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}], 1, {})
    assert any(
        re.fullmatch(r"(Ann|Bob) posts the bring-in, 20\.", line) for line in rules.view(st, None)["log"]
    )
    with pytest.raises(VariantError, match="expected text"):
        _texas_with_big_blind(tmp_path, "big_blind: {after: dealer, seats: 2, heads_up: 1, label: [a, b]}")


def test_card_names_read_in_a_sentence():
    sig = builtin("sigilian_poker").deck
    lady = next(c for c in range(sig.size) if sig.name(c).startswith("The "))
    assert wording.card_name(sig, lady) == sig.name(lady)  # "The Lady of Pain" keeps its own article
    std = builtin("texas_holdem").deck
    two, king = (
        next(c for c in range(std.size) if std.name(c) == n) for n in ("Two of Clubs", "King of Hearts")
    )
    assert wording.card_list(std, [king, two]) == "the King of Hearts and the Two of Clubs"
    assert wording.card_list(std, [king, two, king]) == "K♥, 2♣, K♥"
    assert wording.count(1, "card") == "one card" and wording.count(12_000, "card") == "12,000 cards"
