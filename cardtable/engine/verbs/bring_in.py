"""`bring_in`: the seat showing the lowest (or highest) face-up card makes a forced opening bet
and takes a role, so the betting round can start after it (`bet: {first: {after: bring_in}}`).

    - {do: bring_in, zone: hand, by: lowest, amount: 0.5, ties: {suit: [clubs, diamonds, hearts, spades]}}

Cards compare by the hands section's order (an ace-low ranking makes the ace low); `ties` breaks
equal ones by one attribute's values, listed low to high (the suits' order in seven-card stud).
The role (default `bring_in`) must be declared under `phases: roles:` (with only a `label`): it
is given here, during the hand, not at its start.

With `betting: {complete: true}` the seat decides: bring it in for `amount`, or complete it to a
full bet of the coming round (then the round's bet is already made):
    {"type": "bring_in"}   {"type": "complete"}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...schema import Field, ListOf, MapOf, Num, Str, suggest
from ...yamlsrc import Node
from .. import wording
from ..betting import in_blinds
from ..context import Ctx
from ..showing import extreme
from ..types import Action, Card, Seat, Step, Template
from .base import Choice, Control, Mind, StepChecker, Thought, Verb

if TYPE_CHECKING:
    from ..howto import Reader


class BringIn(Verb):
    name = "bring_in"
    ends = frozenset({"all_in"})
    fields = {
        "zone": Field(Str(what="a seat zone"), True, "the zone whose face-up cards count"),
        "by": Field(Str(["lowest", "highest"]), doc="the lowest (default) or highest card brings it in"),
        "amount": Field(Num(0), True, "in blinds: a live bet of the round"),
        "role": Field(Str(what="a role"), doc="the role it gives (default bring_in)"),
        "ties": Field(MapOf(ListOf(Str(what="a value id"), min_len=1), "attribute: its values low to high")),
    }

    def check_step(self, c: StepChecker, node: Node) -> None:
        v = node.value
        if not c.has_section("betting"):
            c.problem(node, "'bring_in' needs a betting section")
        c.zone(v["zone"], v["zone"].value, "seat")
        c.role(v.get("role") or node, v["role"].value if "role" in v else "bring_in")
        deck = getattr(getattr(c, "variant", None), "deck", None)
        ties = v.get("ties")
        if ties is None or deck is None:
            return
        if len(ties.value) != 1:
            c.problem(ties, "'ties' names one attribute and its values, low to high")
        for attr, values in ties.value.items():
            if attr not in deck.attributes:
                c.problem(
                    ties.keys.get(attr, ties),
                    f"'{attr}' is not an attribute of the deck" + suggest(attr, deck.attributes),
                )
                continue
            a = deck.attributes[attr]
            for vn in values.value:
                if a.lookup(vn.value) is None:
                    c.problem(
                        vn, f"'{vn.value}' is not a value of '{attr}'" + suggest(str(vn.value), a.index)
                    )

    def start(self, g: Ctx, step: Step) -> bool:
        st = g.st
        ties_spec = step.get("ties")
        ties = None
        if isinstance(ties_spec, dict) and ties_spec:
            attr, values = next(iter(ties_spec.items()))
            ties = (str(attr), [str(x) for x in values])
        found = extreme(g, [str(step["zone"])], str(step.get("by", "lowest")), ties)
        if found is None:
            return True
        seat, card = found
        role = str(step.get("role", "bring_in"))
        s = st["seats"][seat]
        if role not in s["roles"]:
            s["roles"].append(role)
        word = "lowest" if step.get("by", "lowest") == "lowest" else "highest"
        shows = f"{g.name(seat)} shows the {word} card, {g.card(card)}, and "
        if g.betting().complete and s["chips"] > self._amount(g, step, s):  # the seat may complete
            g.say(
                shows + f"must bring it in ({wording.chips(self._amount(g, step, s))}) or complete "
                f"the bet ({wording.chips(self._full(g))})."
            )
            st["step"] = {"verb": "bring_in", "pending": [seat]}
            st["turn"] = seat
            return False
        self._post(g, step, seat, shows + f"posts {self._what(g, step)}, ")
        return True

    def _amount(self, g: Ctx, step: Step, s: Seat) -> int:
        return min(in_blinds(step["amount"], g.st["blind"]), s["chips"])

    def _full(self, g: Ctx) -> int:
        """A full bet of the betting round that comes next."""
        return g.betting().full_bet(g.st, g.st["bet_round"] + 1)

    def _what(self, g: Ctx, step: Step) -> str:
        role = str(step.get("role", "bring_in"))
        return str(g.rules.phases.roles.get(role, {}).get("label") or f"the {role.replace('_', ' ')}")

    def _post(self, g: Ctx, step: Step, seat: int, words: str, complete: bool = False) -> None:
        s = g.st["seats"][seat]
        pay = min(self._full(g), s["chips"]) if complete else self._amount(g, step, s)
        s["chips"] -= pay
        s["total"] += pay
        s["bet"] += pay
        g.say(words + wording.chips(pay) + (" (all in)." if s["chips"] == 0 else "."))

    def legal(self, g: Ctx, step: Step, seat: int) -> list[Template]:
        s = g.st["seats"][seat]
        return [
            {"seat": seat, "type": "bring_in", "cost": self._amount(g, step, s)},
            {"seat": seat, "type": "complete", "cost": min(self._full(g), s["chips"])},
        ]

    def check(self, g: Ctx, step: Step, action: Action) -> str | None:
        if action.get("type") not in ("bring_in", "complete"):
            return "bring it in (bring_in) or complete the bet to a full one (complete)"
        return None

    def act(self, g: Ctx, step: Step, action: Action) -> None:
        seat = action["seat"]
        assert seat is not None
        if action["type"] == "complete":
            self._post(g, step, seat, f"{g.name(seat)} completes the bet to ", complete=True)
        else:
            self._post(g, step, seat, f"{g.name(seat)} brings it in for ")
        g.round()["done"] = True
        g.st["turn"] = None

    # ---- at the table -----------------------------------------------------------------------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        words = {
            "bring_in": ("Bring in", "i", "the smallest forced bet: the others may call it or complete it"),
            "complete": ("Complete to", "b", "a full bet: the others must call it, raise or fold"),
        }
        out = []
        for t in legal:
            label, key, tip = words[t["type"]]
            out.append(Control(f"{label} {t['cost']:,}", key, tip, {"seat": t["seat"], "type": t["type"]}))
        return out

    def prompt(self, legal: list[Template]) -> str:
        cost = {t["type"]: t["cost"] for t in legal}
        return f"You open: bring it in for {cost['bring_in']:,}, or complete the bet to {cost['complete']:,}."

    def hint(self, legal: list[Template]) -> str:
        return (
            "Your up card makes you open the betting: Bring in (I) is the small forced bet, Complete (B) "
            "makes it a full bet at once. After a bring-in, the next raise only completes the bet."
        )

    def describe(self, action: Action, short: Callable[[Card], str]) -> str:
        return "complete" if action.get("type") == "complete" else "bring in"

    # ---- a computer player --------------------------------------------------------------------
    def think(self, mind: Mind) -> Thought:
        """Complete with a hand well above average at this table, else bring it in cheaply."""
        chance = yield from mind.win_chance()
        live = sum(1 for s in mind.view["seats"] if not s["folded"] and not s["out"])
        strong = chance * max(live, 1) > 1.4 + mind.rng.random() * 0.4
        return {"seat": mind.seat, "type": "complete" if strong else "bring_in"}

    def howto(self, s: Step, r: Reader) -> str:
        word = "highest" if s.get("by") == "highest" else "lowest"
        complete = " or complete it to a full bet" if r.complete else ""
        return (
            f"Bring-in: the player showing the {word} face-up card must open with a small forced bet"
            f"{complete}; the betting goes on from their left."
        )


VERB = BringIn()
