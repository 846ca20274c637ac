"""A verb registered by a test alone owns everything about itself: the cards it takes from the deck
(validation adds them up), the fields of an action it reads (any other is refused, never dropped)
and its words for How to play; nothing outside the verb names it."""

from __future__ import annotations

import random

import pytest
from conftest import VARIANTS

from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.engine.howto import howto
from cardtable.engine.options import NUMBER
from cardtable.engine.state import put
from cardtable.engine.verbs import REGISTRY
from cardtable.engine.verbs.base import Verb, draw_cards
from cardtable.engine.verbs.bet import Bet
from cardtable.errors import IllegalAction, VariantError
from cardtable.schema import Field, Str
from cardtable.variant import load_variant_text


class Burn(Verb):
    """The deck's top cards face down to a burn pile."""

    name = "burn"
    fields = {"to": Field(Str(what="a zone"), True), "count": Field(NUMBER)}
    ends = frozenset({"deck_empty"})  # it takes cards from the deck

    def check_step(self, c, node):
        c.zone(node.value["to"], node.value["to"].value)

    def cards_dealt(self, c, node):
        n = c.largest(node.value["count"]) if "count" in node.value else 1
        return n, f"burning {n}"

    def howto(self, s, r):
        return f"Burn {r.number(s.get('count', 1))} card(s) face down to {r.zone(s['to'])}."

    def start(self, g, step):
        put(g.zone(step["to"]), draw_cards(g, g.option(step.get("count", 1))), 0)
        return True


def _holdem_with_burns(count: int) -> str:
    text = (VARIANTS / "texas_holdem.yaml").read_text()
    text = text.replace(
        "    board: {owner: table",
        "    burnt: {owner: table, visibility: nobody, shape: stack, place: center}\n    board: {owner: table",
    )
    return text.replace(
        "    - {do: deal, to: board, count: 3}",
        f"    - {{do: burn, to: burnt, count: {count}}}\n    - {{do: deal, to: board, count: 3}}",
    )


@pytest.fixture
def burn(monkeypatch):
    monkeypatch.setitem(REGISTRY, "burn", Burn())


def test_the_deck_check_counts_the_cards_every_verb_takes(burn):
    # ten players' 20 hole cards and 30 burnt: the flop makes 53 of a 52-card deck
    with pytest.raises(
        VariantError, match="dealing 3 here makes 53 cards dealt in a hand, but the deck has 52"
    ):
        load_variant_text(_holdem_with_burns(30), "burns.yaml")
    with pytest.raises(VariantError, match="burning 33 here makes 53 cards dealt"):
        load_variant_text(_holdem_with_burns(33), "burns.yaml")
    load_variant_text(_holdem_with_burns(27), "burns.yaml")  # 52: every card used, none missing


def test_a_repeat_a_registered_verb_can_end_is_accepted(burn):
    text = _holdem_with_burns(1).replace(
        "    - {do: burn, to: burnt, count: 1}",
        "    - {do: repeat, max: 3, until: [deck_empty], steps: [{do: burn, to: burnt}]}",
    )
    load_variant_text(text, "burns.yaml")  # not "nothing inside this repeat can end it"
    with pytest.raises(VariantError, match="'deck_empty' needs a 'deal', a 'draw'.* or a 'burn'"):
        load_variant_text(text.replace("{do: burn, to: burnt}", "{do: post, role: all, amount: 1}"), "b.yaml")


def test_a_registered_verb_plays_and_says_its_own_words(burn):
    variant = load_variant_text(_holdem_with_burns(3), "burns.yaml")
    assert any(s.startswith("Burn 3 card(s) face down to the burnt") for s in howto(variant).steps)
    rules = Rules(variant)
    st = rules.new_game([{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], 3, {})
    rng = random.Random(3)
    while len(st["zones"]["board"]["cards"]) < 5:  # call or check down to the river
        seat = rules.to_move(st)
        legal = {t["type"]: t for t in rules.legal_actions(st, seat)}
        kind = "check" if "check" in legal else "call" if "call" in legal else None
        action = {"seat": seat, "type": kind} if kind else random_action(rules, st, seat, rng)
        st = rules.apply(st, action)
    assert len(st["zones"]["burnt"]["cards"]) == 3


class Wager(Bet):
    """A bet whose actions may carry a note."""

    name = "wager"
    action_fields = (*Bet.action_fields, "note")
    notes: list[object] = []

    def act(self, g, step, action):
        self.notes.append(action.get("note"))
        super().act(g, step, action)


def test_an_action_field_the_verb_does_not_read_is_refused_and_one_it_declares_arrives(monkeypatch):
    wager = Wager()
    monkeypatch.setitem(REGISTRY, "wager", wager)
    text = (VARIANTS / "texas_holdem.yaml").read_text().replace("{do: bet", "{do: wager")
    rules = Rules(load_variant_text(text, "wager.yaml"))
    st = rules.new_game([{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], 1, {})
    seat = rules.to_move(st)
    with pytest.raises(IllegalAction, match="a 'call' action has no field 'pile'"):
        rules.apply(st, {"seat": seat, "type": "call", "pile": 2})
    after = rules.apply(st, {"seat": seat, "type": "call", "note": 2})
    assert wager.notes == [2] and after["log"][-1]["note"] == 2


def test_a_bet_with_a_field_no_bet_reads_is_refused(variants):
    rules = Rules(variants["texas_holdem"])
    st = rules.new_game([{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], 1, {})
    seat = rules.to_move(st)
    assert "no field 'pile'" in rules.check(st, {"seat": seat, "type": "fold", "pile": 2})
