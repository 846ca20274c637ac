"""`post`: blinds and antes. `{do: post, role: big_blind, amount: 1}` takes `amount` blinds from
the seat holding the role (or from every seat with `role: all`); `dead: true` makes it an ante,
which goes to the pot without counting as a bet of the round. A seat holding two posting roles
posts both (they stack), and the log says so ("Ann posts the winner's blind, 20 (on top of the
big blind).")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...schema import Bool, Field, Num, Str
from ...yamlsrc import Node
from .. import wording
from ..betting import MAX_BLINDS, in_blinds
from ..context import Ctx
from ..state import holder, in_play
from ..types import Step
from .base import StepChecker, Verb

if TYPE_CHECKING:
    from ..howto import Reader


class Post(Verb):
    name = "post"
    ends = frozenset({"all_in"})
    fields = {
        "role": Field(Str(what="a role, or 'all'"), True, "who posts"),
        "amount": Field(Num(0, MAX_BLINDS), True, "in blinds"),
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
            before = self._posted_before(g, i)
            notes = [f"on top of {wording.joined(before)}"] if before else []
            notes += ["all in"] if s["chips"] == 0 else []
            more = f" ({'; '.join(notes)})" if notes else ""
            g.say(f"{g.name(i)} posts {label(g, role, step)}, {wording.chips(pay)}{more}.")
        return True

    def _posted_before(self, g: Ctx, seat: int) -> list[str]:
        """What `seat` has already posted this hand for its other roles (the posts that stack)."""
        roles = g.st["seats"][seat]["roles"]
        return [
            label(g, step["role"], step)
            for step in g.rules.program[: g.st["pc"]]
            if step.get("do") == "post" and step["role"] in roles and g.rules.runs(g.st, step)
        ]

    def howto(self, s: Step, r: Reader) -> str:
        if s.get("role") == "all":
            return f"Everyone antes {r.amount(s.get('amount'))} into the pot."
        what = "posts" if not s.get("dead") else "antes"
        return wording.capital(f"{r.the(s.get('role'))} {what} a blind bet of {r.amount(s.get('amount'))}.")


def label(g: Ctx, role: str, step: Step) -> str:
    """The role's `label:` ("the small blind"); "an ante" for a dead post by everyone."""
    if role == "all":
        return "an ante" if step.get("dead") else "a blind"
    return g.rules.phases.roles.get(role, {}).get("label") or f"the {role.replace('_', ' ')}"


VERB = Post()
