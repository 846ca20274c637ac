"""`draw`: each player in turn trades up to `max` cards of their hand for new ones from the deck;
the traded cards go to `discard_to` (shuffled back under the deck when it runs out).

    {"type": "discard", "cards": [cards of the hand]}   (an empty list stands pat)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...schema import Field, Str
from ...yamlsrc import Node
from .. import wording
from ..context import Ctx
from ..options import NUMBER
from ..state import put, remove
from ..types import Action, Card, Step, Template
from .base import UNBOUNDED, Choice, Control, Fill, Mind, StepChecker, Thought, Turns, cards_of, draw_cards

if TYPE_CHECKING:
    from ..howto import Reader
    from ..rules import Rules


class Draw(Turns):
    name = "draw"
    action_fields = ("cards",)
    ends = frozenset({"deck_empty"})
    fields = {
        "zone": Field(Str(what="a zone"), True),
        "max": Field(NUMBER, doc="most cards one player may trade (default: all)"),
        "discard_to": Field(Str(what="a zone"), True),
    }

    def fills(self, c: StepChecker, step: Mapping[str, Node], rounds: int) -> list[Fill]:
        return [Fill(str(step["discard_to"].value), UNBOUNDED, upto=True)]

    def check_step(self, c: StepChecker, node: Node) -> None:
        v = node.value
        c.zone(v["zone"], v["zone"].value, "seat")
        c.zone(v["discard_to"], v["discard_to"].value, "table")

    def _max(self, g: Ctx, step: Step, seat: int) -> int:
        hand = g.zone(step["zone"], seat)["cards"]
        limit = g.option(step["max"]) if "max" in step else len(hand)
        spare = len(g.deck_zone()["cards"]) + len(g.zone(step["discard_to"])["cards"])
        return max(0, min(limit, len(hand), spare))

    def legal(self, g: Ctx, step: Step, seat: int) -> list[Template]:
        return [{"seat": seat, "type": "discard", "min": 0, "max": self._max(g, step, seat)}]

    def check(self, g: Ctx, step: Step, action: Action) -> str | None:
        seat = action["seat"]
        assert seat is not None
        if action.get("type") != "discard":
            return "choose the cards to trade in: discard (an empty list stands pat)"
        cards = cards_of(action, "cards")
        if cards is None:
            return "'cards' must be a list of different card numbers"
        hand = g.zone(step["zone"], seat)["cards"]
        if not all(c in hand for c in cards):
            return "you can only discard cards from your own hand"
        top = self._max(g, step, seat)
        if len(cards) > top:
            return f"you may trade at most {top} cards"
        return None

    def act(self, g: Ctx, step: Step, action: Action) -> None:
        seat, cards = action["seat"], action["cards"]
        assert seat is not None
        hand = g.zone(step["zone"], seat)
        remove(hand, cards)
        new = draw_cards(g, len(cards), step["discard_to"])
        put(hand, new)
        put(g.zone(step["discard_to"]), cards)
        if cards:
            g.say(
                f"{g.name(seat)} trades {wording.count(len(cards), 'card')}.",
                seat,
                f"You trade {g.cards(cards)} for {g.cards(new)}.",
            )
        else:
            g.say(f"{g.name(seat)} stands pat.")
        self.finish_turn(g, step)

    # ---- at the table -----------------------------------------------------------------------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        t = legal[0]
        n = len(choice.selected)
        label = f"Discard {n}" if n else ("Stand pat" if t["min"] == 0 else f"Choose {t['min']}")
        send: Action = {"seat": t["seat"], "type": "discard", "cards": list(choice.selected)}
        tip = "trade the selected cards for new ones" if n else "keep every card"
        return [Control(label, "return", tip, send, enabled=t["min"] <= n <= t["max"])]

    def prompt(self, legal: list[Template]) -> str:
        top = legal[0]["max"]
        if top == 0:
            return "No cards can be traded now: press Enter to stand pat."
        return (
            f"Choose up to {top} cards to discard (click them or press their numbers), "
            "then press Enter (or Enter now to keep all)."
        )

    def hint(self, legal: list[Template]) -> str:
        return (
            "Click the cards you want to throw away (or press their numbers): they rise. Enter trades "
            "them for new cards from the deck; Enter with none chosen keeps your hand."
        )

    def selects(self, legal: list[Template]) -> int | None:
        return legal[0]["max"] if legal else None  # nothing to choose while somebody else draws

    def describe(self, action: Action, short: Callable[[Card], str]) -> str:
        cards = action.get("cards") or []
        return f"discard {len(cards)}" if cards else "stand pat"

    # ---- a computer player --------------------------------------------------------------------
    def fill_randomly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        cards = hand()
        a["cards"] = rng.sample(cards, rng.randint(t["min"], min(t["max"], len(cards))))

    def think(self, mind: Mind) -> Thought:
        """Trade in the cards whose replacements make the hand that wins most often, by the
        variant's own ranking (a lowball hand breaks its pairs; a high-low hand plays both)."""
        t = mind.legal["discard"]
        cards = yield from mind.best_discard(t["min"], t["max"])
        return {"seat": mind.seat, "type": "discard", "cards": cards}

    def howto(self, s: Step, r: Reader) -> str:
        top = f"up to {r.number(s['max'])}" if "max" in s else "as many as you like"
        return (
            f"Draw: each player may throw away {top} of their cards and get as many new ones from the "
            f"deck.{r.note(s.get('max'))}"
        )


VERB = Draw()
