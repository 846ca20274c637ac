"""`exchange`: each player in turn either draws a card from the deck and then puts one card of
their hand face up into the card `pot`, or swaps k cards of their hand for the pot's newest k, or
passes when neither is possible.

    {"type": "draw"} then {"type": "discard", "cards": [one card]}
    {"type": "swap", "give": [k cards]}        {"type": "pass"}
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING

from ...schema import Field, Int, Str
from ...yamlsrc import Node
from ..context import Ctx
from ..state import put, remove, take_top
from ..types import Action, Card, Step, Template, Zone
from .base import (
    FIRST,
    UNBOUNDED,
    Choice,
    Control,
    Fill,
    Mind,
    StepChecker,
    Thought,
    Turns,
    cards_of,
    draw_cards,
)

if TYPE_CHECKING:
    from ..howto import Reader
    from ..rules import Rules


class Exchange(Turns):
    name = "exchange"
    action_fields = ("cards", "give")
    ends = frozenset({"deck_empty"})
    fields = {
        "zone": Field(Str(what="a zone"), True, "the players' hands"),
        "pot": Field(Str(what="a zone"), True, "the face-up card pot"),
        "swap_max": Field(Int(1, 100), doc="a swap takes at most this many of the pot's newest cards"),
        "first": Field(FIRST),
    }

    def fills(self, c: StepChecker, step: Mapping[str, Node], rounds: int) -> list[Fill]:
        return [Fill(str(step["pot"].value), UNBOUNDED, upto=True)]

    def check_step(self, c: StepChecker, node: Node) -> None:
        v = node.value
        c.zone(v["zone"], v["zone"].value, "seat")
        c.zone(v["pot"], v["pot"].value, "table")

    def _hand(self, g: Ctx, step: Step, seat: int) -> Zone:
        return g.zone(step["zone"], seat)

    def _swap_n(self, g: Ctx, step: Step, seat: int) -> int:
        pot = g.zone(step["pot"])["cards"]
        return min(len(pot), step.get("swap_max", 5), len(self._hand(g, step, seat)["cards"]))

    def legal(self, g: Ctx, step: Step, seat: int) -> list[Template]:
        if g.round().get("drawn"):
            return [{"seat": seat, "type": "discard", "min": 1, "max": 1}]
        out: list[Template] = []
        if g.deck_zone()["cards"]:
            out.append({"seat": seat, "type": "draw"})
        k = self._swap_n(g, step, seat)
        if k:
            out.append({"seat": seat, "type": "swap", "count": k})
        if not out:
            out.append({"seat": seat, "type": "pass"})
        return out

    def check(self, g: Ctx, step: Step, action: Action) -> str | None:
        kind, seat = action.get("type"), action["seat"]
        assert seat is not None
        allowed = {a["type"] for a in self.legal(g, step, seat)}
        if kind not in allowed:
            if g.round().get("drawn"):
                return "you drew: now put one card face up into the pot (discard)"
            if kind == "draw":
                return "the deck is empty"
            if kind == "swap":
                return "the card pot is empty"
            return f"choose one of: {', '.join(sorted(allowed))}"
        hand = self._hand(g, step, seat)["cards"]
        if kind == "discard":
            cards = cards_of(action, "cards")
            if cards is None or len(cards) != 1 or cards[0] not in hand:
                return "put exactly one card of your hand into the pot"
        if kind == "swap":
            cards = cards_of(action, "give")
            k = self._swap_n(g, step, seat)
            if cards is None or len(cards) != k or not all(c in hand for c in cards):
                return f"a swap gives back exactly {k} different cards of your hand"
        return None

    def act(self, g: Ctx, step: Step, action: Action) -> None:
        kind, seat = action["type"], action["seat"]
        assert seat is not None
        hand = self._hand(g, step, seat)
        pot = g.zone(step["pot"])
        if kind == "draw":
            got = draw_cards(g, 1)
            put(hand, got)
            g.round()["drawn"] = True
            g.say(f"{g.name(seat)} draws a card.", seat, f"You draw {g.cards(got)}.")
            return
        if kind == "discard":
            remove(hand, action["cards"])
            put(pot, action["cards"], 1)
            g.say(f"{g.name(seat)} puts {g.cards(action['cards'])} into {g.zone_name(step['pot'])}.")
            g.round()["drawn"] = False
        elif kind == "swap":
            k = len(action["give"])
            taken = take_top(pot, k)[::-1]
            remove(hand, action["give"])
            put(hand, taken)
            put(pot, action["give"], 1)
            g.say(
                f"{g.name(seat)} swaps {g.cards(action['give'])} for {g.cards(taken)}"
                f" from {g.zone_name(step['pot'])}."
            )
        else:
            g.say(f"{g.name(seat)} passes.")
        self.finish_turn(g, step)

    # ---- at the table -----------------------------------------------------------------------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        out: list[Control] = []
        picked = list(choice.selected)
        for t in legal:
            seat, kind = t["seat"], t["type"]
            if kind == "discard":
                send: Action = {"seat": seat, "type": "discard", "cards": picked}
                out.append(
                    Control("Put in the pot", "return", "the selected card, face up", send, len(picked) == 1)
                )
            elif kind == "draw":
                out.append(
                    Control(
                        "Draw a card", "w", "take the top card of the deck", {"seat": seat, "type": "draw"}
                    )
                )
            elif kind == "swap":
                k = t["count"]
                send = {"seat": seat, "type": "swap", "give": picked}
                tip = "give the selected card for the pot's newest" if k == 1 else ""
                tip = tip or f"give {k} selected cards for the pot's newest {k}"
                out.append(Control(f"Swap: give {k} selected", "s", tip, send, len(picked) == k))
            elif kind == "pass":
                out.append(Control("Pass", "p", "do nothing this turn", {"seat": seat, "type": "pass"}))
        return out

    def prompt(self, legal: list[Template]) -> str:
        kinds = {t["type"]: t for t in legal}
        if "discard" in kinds:
            return "Choose one card of your hand (click it or press its number) to put face up into the card pot."
        if "swap" in kinds:
            k = kinds["swap"]["count"]
            draw = "Draw a card from the deck, or " if "draw" in kinds else ""
            if k == 1:
                return f"{draw}choose 1 card to swap for the card pot's newest card."
            return f"{draw}choose {k} cards to swap for the card pot's newest {k}."
        if "draw" in kinds:
            return "Draw a card from the deck."
        return "Nothing can be drawn or swapped: pass."

    def hint(self, legal: list[Template]) -> str:
        return (
            "Draw the top card of the deck (W), then put one of your cards face up in the card pot; or "
            "choose cards and swap them (S) for the pot's newest ones. Everyone sees what goes in and "
            "out: watch what the others take."
        )

    def selects(self, legal: list[Template]) -> int | None:
        """One card to put in the pot, or the cards of a swap."""
        for t in legal:
            if t["type"] == "discard":
                return 1
            if t["type"] == "swap":
                return t["count"]
        return None

    def describe(self, action: Action, short: Callable[[Card], str]) -> str:
        if action.get("type") == "swap":
            return f"swap {len(action.get('give') or [])}"
        return str(action.get("type", ""))

    # ---- a computer player --------------------------------------------------------------------
    def fill_randomly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        if t["type"] == "discard":
            cards = hand()
            a["cards"] = rng.sample(cards, rng.randint(t["min"], min(t["max"], len(cards))))
        elif t["type"] == "swap":
            a["give"] = rng.sample(hand(), t["count"])

    def think(self, mind: Mind) -> Thought:
        """Take cards from the card pot when that makes a better hand, else draw; after a draw,
        give back the card whose loss hurts least."""
        legal = mind.legal
        a: Action = {"seat": mind.seat}
        if "discard" in legal:
            least = yield from _least_needed(mind)
            return {**a, "type": "discard", "cards": least[:1]}
        if "swap" in legal:
            hand = mind.hand()
            k = legal["swap"]["count"]
            pot = next(
                z
                for z in mind.view["zones"].values()
                if z["owner"] == "table" and z["visibility"] == "everyone" and z.get("cards")
            )
            taken = pot["cards"][-k:]
            combos = list(itertools.combinations(hand, k))
            mind.rng.shuffle(combos)
            now = mind.own_value(hand).key
            best = None
            for give in combos[:SWAP_CANDIDATES]:
                key = mind.own_value([c for c in hand if c not in give] + taken).key
                yield
                if best is None or key > best[0]:
                    best = (key, give)
            if best and best[0] > now:
                return {**a, "type": "swap", "give": list(best[1])}
            if "draw" not in legal:
                least = yield from _least_needed(mind)
                return {**a, "type": "swap", "give": least[:k]}
        if "draw" in legal:
            return {**a, "type": "draw"}
        return {**a, "type": "pass"}

    def howto(self, s: Step, r: Reader) -> str:
        pot = r.zone(s.get("pot"))
        k = s.get("swap_max", 5)
        return (
            f"Draw round: each player either draws the top card of the deck and then puts one of their cards "
            f"face up into {pot}, or swaps cards with {pot} (taking its newest cards, at most {k}, and giving "
            f"back as many)."
        )


SWAP_CANDIDATES = 40  # ways of giving k cards back a computer player weighs (a fixed, seeded choice)


def _least_needed(mind: Mind) -> Generator[None, None, list[Card]]:
    """The hand's cards, the one whose loss hurts the hand least first."""
    hand = mind.hand()
    scored = []
    for c in hand:
        scored.append((mind.own_value([x for x in hand if x != c]).key, c))
        yield
    scored.sort(reverse=True)
    return [c for _, c in scored]


VERB = Exchange()
