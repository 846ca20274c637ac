"""A verb registered by a test alone owns everything about itself: the cards it takes from the deck
(validation adds them up), the fields of an action it reads (any other is refused, never dropped)
and its words for How to play; nothing outside the verb names it."""

from __future__ import annotations

import random

import pytest
from conftest import VARIANTS

from cardtable.bench.hands import dealt as bench_dealt
from cardtable.engine import Rules
from cardtable.engine.bots import decide, random_action
from cardtable.engine.howto import howto
from cardtable.engine.options import NUMBER
from cardtable.engine.state import active, put
from cardtable.engine.verbs import REGISTRY
from cardtable.engine.verbs.base import Dealt, Fill, Turns, Verb, draw_cards
from cardtable.engine.verbs.bet import Bet
from cardtable.errors import IllegalAction, VariantError
from cardtable.hands.asplayed import deal_plan
from cardtable.hands.ranking import hand_rules
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


class Pitch(Verb):
    """Cards one at a time round the table to a zone of every seat: a deal by another name."""

    name = "pitch"
    fields = {"to": Field(Str(what="a zone"), True), "count": Field(NUMBER)}

    def check_step(self, c, node):
        c.zone(node.value["to"], node.value["to"].value, "seat")

    def cards_dealt(self, c, node):
        n = c.largest(node.value["count"]) if "count" in node.value else 1
        return n * c.max_players, f"pitching {n} to each player"

    def fills(self, c, step, rounds):
        n = c.largest(step["count"]) if "count" in step else 1
        return [Fill(str(step["to"].value), n * rounds)]

    def deals(self, step, number, zone):
        return Dealt(step["to"], number(step.get("count", 1)))

    def start(self, g, step):
        for _ in range(g.option(step.get("count", 1))):
            for seat in active(g.st):
                put(g.zone(step["to"], seat), draw_cards(g, 1), 0)
        return True


class Choose(Turns):
    """Each seat in turn names a pile: an action type and a field no other verb has."""

    name = "choose"
    action_fields = ("pile",)
    chosen: list[object] = []

    def legal(self, g, step, seat):
        return [{"seat": seat, "type": "choose", "choices": [0, 1, 2]}]

    def check(self, g, step, action):
        if action.get("type") != "choose":
            return "choose a pile"
        return None if action.get("pile") in (0, 1, 2) else "name pile 0, 1 or 2"

    def act(self, g, step, action):
        self.chosen.append(action["pile"])
        self.finish_turn(g, step)

    def fill_randomly(self, a, t, hand, rng, rules):
        a["pile"] = rng.choice(t["choices"])


def test_the_cards_a_registered_verb_deals_count_in_the_hands_as_played(monkeypatch):
    monkeypatch.setitem(REGISTRY, "pitch", Pitch())
    text = (VARIANTS / "texas_holdem.yaml").read_text()
    pitched = load_variant_text(text.replace("{do: deal, to: hand,", "{do: pitch, to: hand,"), "p.yaml")
    dealt = load_variant_text(text, "texas.yaml")
    plan = deal_plan(pitched, hand_rules(pitched))
    assert plan == deal_plan(dealt, hand_rules(dealt))
    assert {z.zone: z.cards for z in plan.zones} == {"hand": 2, "board": 5}
    assert bench_dealt(pitched, "hand") == (2, 2)


def test_a_registered_verb_makes_its_own_random_choices(monkeypatch):
    choose = Choose()
    monkeypatch.setattr(Choose, "chosen", [])
    monkeypatch.setitem(REGISTRY, "choose", choose)
    text = (VARIANTS / "texas_holdem.yaml").read_text()
    text = text.replace(
        "    - {do: deal, to: hand, count: 2}", "    - {do: deal, to: hand, count: 2}\n    - {do: choose}"
    )
    rules = Rules(load_variant_text(text, "choose.yaml"))
    players = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer"}]
    rng, made, games = random.Random(5), {"random": 0, "computer": 0}, 0
    st = rules.new_game(players, games, {})
    while min(made.values()) < 3:
        if rules.is_over(st):  # random play loses a game quickly: another one
            games += 1
            st = rules.new_game(players, games, {})
        seat = rules.to_move(st)
        view = rules.view(st, seat)
        who = "random" if seat == 0 else "computer"
        action = random_action(rules, st, seat, rng) if who == "random" else decide(rules, view, 7, "easy")
        made[who] += view["phase"] == "choose"
        st = rules.apply(st, action)  # refused (IllegalAction) if a choice were missing
    assert min(made.values()) >= 3
    assert len(choose.chosen) == sum(made.values()) and set(choose.chosen) <= {0, 1, 2}


class Quiet(Bet):
    """A bet that does not say what its actions do in a betting decision (no `stances`)."""

    name = "quiet"
    stances: dict[str, str] = {}


def test_baselines_read_what_actions_do_from_the_verb_and_play_a_verb_that_does_not_say_as_easy(
    monkeypatch,
):
    """The `call` baseline checks or calls by the verb's stances; for a verb that declares none,
    `call` and `tight` make the easy computer player's decision rather than guess from action
    names (tight never weighs its hand for a raise there)."""
    from cardtable.engine.bots import baselines

    monkeypatch.setitem(REGISTRY, "quiet", Quiet())
    seats = [{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}]
    text = (VARIANTS / "texas_holdem.yaml").read_text()
    rules = Rules(load_variant_text(text, "t.yaml"))
    st = rules.new_game(seats, 3, {})
    for decision in range(6):
        got = baselines.baseline_action("call", rules, rules.view(st, rules.to_move(st)), decision)
        assert got["type"] in ("check", "call"), got
        st = rules.apply(st, got)

    def weighed(*args):
        raise AssertionError("tight weighed its hand for a decision that is no betting to it")

    monkeypatch.setattr(baselines, "win_chance", weighed)
    rules = Rules(load_variant_text(text.replace("{do: bet", "{do: quiet"), "q.yaml"))
    st = rules.new_game(seats, 3, {})
    for decision in range(6):
        view = rules.view(st, rules.to_move(st))
        easy = decide(rules, view, decision, "easy")
        assert baselines.baseline_action("call", rules, view, decision) == easy
        assert baselines.baseline_action("tight", rules, view, decision) == easy
        st = rules.apply(st, easy)
