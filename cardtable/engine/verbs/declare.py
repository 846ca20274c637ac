"""`declare`: each player in turn names `count` cards of the deck (public), cards they bet will come;
`optional: true` lets a player pass.

    {"type": "declare", "cards": [N card ids]}   or   {"type": "pass"} when optional
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...schema import Bool, Field, Int
from ..context import Ctx
from ..types import Action, Card, Step, Template
from .base import Choice, Control, Mind, Turns, cards_of

if TYPE_CHECKING:
    from ..howto import Reader
    from ..rules import Rules


class Declare(Turns):
    name = "declare"
    action_fields = ("cards",)
    fields = {
        "count": Field(Int(1, 100), True, "how many cards each player names"),
        "optional": Field(Bool(), doc="a player may decline"),
    }

    standing_pass = "pass"  # an optional naming passed once may hold for the game

    def legal(self, g: Ctx, step: Step, seat: int) -> list[Template]:
        out: list[Template] = [{"seat": seat, "type": "declare", "count": g.option(step["count"])}]
        if step.get("optional"):
            out.append({"seat": seat, "type": "pass"})
        return out

    def check(self, g: Ctx, step: Step, action: Action) -> str | None:
        if action.get("type") == "pass":
            return None if step.get("optional") else "you must name your cards"
        if action.get("type") != "declare":
            return "name your cards (declare) or pass"
        count = g.option(step["count"])
        cards = cards_of(action, "cards")
        if cards is None or len(cards) != count:
            return f"name exactly {count} different cards"
        if not all(0 <= c < g.deck.size for c in cards):
            return "a named card is not in the deck"
        return None

    def act(self, g: Ctx, step: Step, action: Action) -> None:
        seat = action["seat"]
        assert seat is not None
        if action["type"] == "declare":
            g.st["declared"][seat] = sorted(action["cards"])
            g.say(f"{g.name(seat)} names the cards {g.cards(sorted(action['cards']))}.")
        else:
            g.say(f"{g.name(seat)} names no cards.")
        self.finish_turn(g, step)

    # ---- at the table -----------------------------------------------------------------------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        out: list[Control] = []
        for t in legal:
            if t["type"] == "declare":
                n = t["count"]
                send: Action = {"seat": t["seat"], "type": "declare"}
                out.append(Control(f"Name {n} cards", "n", "search the deck and name them", send, picker=n))
            else:
                out.append(Control("Pass", "p", "name no cards", {"seat": t["seat"], "type": "pass"}))
        return out

    def prompt(self, legal: list[Template]) -> str:
        n = legal[0].get("count", 0)
        optional = " (or pass)" if any(t["type"] == "pass" for t in legal) else ""
        return f"Name {n} cards of the deck{optional}: press N to search for them."

    def hint(self, legal: list[Template]) -> str:
        return (
            "Before the deal you may name cards (N searches the deck): if you end up holding them all, "
            "it is the best hand there is. It almost never happens: most players pass (P)."
        )

    def describe(self, action: Action, short: Callable[[Card], str]) -> str:
        return "names cards" if action.get("type") == "declare" else "pass"

    # ---- a computer player --------------------------------------------------------------------
    def fill_randomly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        if t["type"] == "declare":
            a["cards"] = rng.sample(range(rules.variant.deck.size), t["count"])

    def think(self, mind: Mind) -> Action:
        """Name no cards when that is allowed (naming cards rarely pays); otherwise name any."""
        if "pass" in mind.legal:
            return {"seat": mind.seat, "type": "pass"}
        return mind.fill(mind.legal["declare"])

    def howto(self, s: Step, r: Reader) -> str:
        n = r.number(s.get("count"))
        opt = " (or not: it is optional)" if s.get("optional") else ""
        return (
            f"Each player may name {n} cards of the deck{opt}: if they end up holding all of them, "
            f"that hand beats every other.{r.note(s.get('count'))}"
        )

    def special(self, s: Step, r: Reader) -> list[str]:
        return [
            "Called cards: the cards named before the deal are public; holding all of them is the best hand."
        ]


VERB = Declare()
