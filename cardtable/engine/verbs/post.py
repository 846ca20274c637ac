"""`post`: blinds and antes. `{do: post, role: big_blind, amount: 1}` takes `amount` blinds from
the seat holding the role (or from every seat with `role: all`); `dead: true` makes it an ante,
which goes to the pot without counting as a bet of the round."""

from __future__ import annotations

from ...schema import Bool, Field, Num, Str
from ...yamlsrc import Node
from ..betting import in_blinds
from ..context import Ctx
from ..state import holder, in_play
from ..types import Step
from .base import StepChecker, Verb


class Post(Verb):
    name = "post"
    fields = {
        "role": Field(Str(what="a role, or 'all'"), True, "who posts"),
        "amount": Field(Num(0), True, "in blinds"),
        "dead": Field(Bool(), doc="an ante: into the pot, not a bet of the round"),
    }

    def check_step(self, c: StepChecker, node: Node) -> None:
        if not c.has_section("betting"):
            c.problem(node, "'post' needs a betting section")
        c.role(node.value["role"], node.value["role"].value, allow_all=True)

    def start(self, g: Ctx, step: Step) -> bool:
        st = g.st
        role = step["role"]
        seats = in_play(st) if role == "all" else [s for s in [holder(st, role)] if s is not None]
        amount = in_blinds(step["amount"], st["blind"])
        for i in seats:
            s = st["seats"][i]
            pay = min(amount, s["chips"])
            s["chips"] -= pay
            s["total"] += pay
            if not step.get("dead"):
                s["bet"] += pay
            what = "an ante" if step.get("dead") else role.replace("_", " ")
            g.say(f"{g.name(i)} posts {what} of {pay}" + (" (all in)" if s["chips"] == 0 else ""))
        return True


VERB = Post()
