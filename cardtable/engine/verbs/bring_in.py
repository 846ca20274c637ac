"""`bring_in`: the seat showing the lowest (or highest) face-up card makes a forced opening bet
and takes a role, so the betting round can start after it (`bet: {first: {after: bring_in}}`).

    - {do: bring_in, zone: hand, by: lowest, amount: 0.5, ties: {suit: [clubs, diamonds, hearts, spades]}}

Cards compare by the hands section's order (an ace-low ranking makes the ace low); `ties` breaks
equal ones by one attribute's values, listed low to high (the suits' order in seven-card stud).
The role (default `bring_in`) must be declared under `phases: roles:` (with only a `label`): it
is given here, during the hand, not at its start.
"""

from __future__ import annotations

from ...schema import Field, ListOf, MapOf, Num, Str, suggest
from ...yamlsrc import Node
from .. import wording
from ..betting import in_blinds
from ..context import Ctx
from ..showing import extreme
from ..types import Step
from .base import StepChecker, Verb


class BringIn(Verb):
    name = "bring_in"
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
        pay = min(in_blinds(step["amount"], st["blind"]), s["chips"])
        s["chips"] -= pay
        s["total"] += pay
        s["bet"] += pay
        what = g.rules.phases.roles.get(role, {}).get("label") or f"the {role.replace('_', ' ')}"
        word = "lowest" if step.get("by", "lowest") == "lowest" else "highest"
        g.say(
            f"{g.name(seat)} shows the {word} card, {g.card(card)}, and posts {what}, "
            f"{wording.chips(pay)}" + (" (all in)." if s["chips"] == 0 else ".")
        )
        return True


VERB = BringIn()
