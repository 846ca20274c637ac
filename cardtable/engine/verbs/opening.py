"""Opening requirements of a betting round (`bet`'s `opens:`), a hand condition such as
`{category: Pair, min: J}` ("jacks or better to open"; see hands/extras.py for conditions).

While nobody has bet in the round, only a seat whose hand meets the condition may bet (or go all
in); the others may check or fold, and `check` says why an open is refused. When the round ends
unopened, the hand is called off: every chip bet this hand goes back to its seat and the next
hand is dealt; with `unopened: carry` the chips stay in the pot for the next deal (each seat's
`total` is kept over the new deal, so side pots and the pot shown count them). `opener: ROLE`
gives the seat that opens a role (a role declared with `show: true` shows its cards at the hand's
end, outcome.show_roles).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import Problem
from ...schema import Field, Map, Str
from ...yamlsrc import Node
from ..scoring import evaluate_seat
from ..types import Step, Template

if TYPE_CHECKING:
    from ...hands.rules import Condition
    from ...hands.rules import Rules as HandRules
    from ..context import Ctx
    from .base import StepChecker

OPENS = Field(
    Map(
        {"category": Field(Str(what="a category name"), True), "min": Str(), "max": Str()},
        "an opening requirement ({category: Pair, min: J})",
    ),
    doc="the hand a player needs to open the betting (a category or better)",
)


UNOPENED = Field(
    Str(["return", "carry"]),
    doc="when nobody opens: every bet goes back (return, the default) or stays in the pot for the next deal (carry)",
)
OPENER = Field(Str(what="a role"), doc="the role the seat that opens takes (declared under roles)")


def _hands(g_or_variant: object) -> HandRules | None:
    sections = getattr(g_or_variant, "sections", {})
    return sections.get("hands") if isinstance(sections, dict) else None


def _playing(g: Ctx) -> HandRules | None:
    """The ranking this game plays with (its `ranking` option may reorder the categories)."""
    from ...hands.ranking import hand_rules

    if _hands(g.variant) is None:
        return None
    return hand_rules(g.variant, g.st["options"].get("ranking", "published"))


def check_step(c: StepChecker, node: Node) -> None:
    """The condition names a category of the ranking and values of its order attribute."""
    from ...hands.extras import condition

    opens = node.value.get("opens")
    if opens is None:
        for key in ("unopened", "opener"):
            if key in node.value:
                c.problem(
                    node.keys.get(key, node), "'unopened' and 'opener' go with 'opens' (the hand that opens)"
                )
        return
    if "opener" in node.value:
        c.role(node.value["opener"], node.value["opener"].value)
    variant = getattr(c, "variant", None)
    hands = _hands(variant)
    if hands is None:
        c.problem(opens, "'opens' needs a hands section (the hand a player must hold to open)")
        return
    found: list[Problem] = []
    condition(opens, hands, variant.deck, found)  # type: ignore[union-attr]
    for p in found:
        c.problem(Node(None, p.line, p.col, p.path), p.message)


def _condition(g: Ctx, step: Step) -> Condition | None:
    from ...hands.extras import condition_of

    spec = step.get("opens")
    hands = _playing(g)
    if not isinstance(spec, dict) or hands is None:
        return None
    return condition_of(spec, hands, g.deck)


def unopened(g: Ctx) -> bool:
    return g.round()["current"] == 0


def may_open(g: Ctx, step: Step, seat: int) -> str | None:
    """None when the seat may open; else why not (its hand falls short)."""
    from ...hands.extras import meets

    cond = _condition(g, step)
    hands = _playing(g)
    if cond is None or hands is None or not unopened(g):
        return None
    value = evaluate_seat(g.rules, g.st, seat)
    if meets(hands, value, cond):
        return None
    return f"to open you need {cond.text}; your hand is {value.detail or value.category}: check or fold"


def restrict(g: Ctx, step: Step, seat: int, legal: list[Template]) -> list[Template]:
    """The legal actions without opening ones when the seat's hand does not allow an open."""
    if not step.get("opens") or not unopened(g):
        return legal
    # The check is marked with the requirement, so the prompt can say it.
    shown: list[Template] = []
    for t in legal:
        marked = Template(**t)
        if t["type"] == "check":
            marked["opens"] = requirement(step)
        shown.append(marked)
    if may_open(g, step, seat) is None:
        return shown
    return [t for t in shown if t["type"] not in ("bet", "all_in")]


def requirement(step: Step) -> str:
    """How the prompt names the requirement ("Pair (J or higher) or better")."""
    d = step.get("opens")
    if not isinstance(d, dict):
        return ""
    bound = f" ({d['min']} or higher)" if "min" in d else f" ({d['max']} or lower)" if "max" in d else ""
    return f"{d['category']}{bound} or better"


def call_off(g: Ctx, step: Step) -> bool:
    """At the end of an unopened round with an opening requirement: every bet goes back and the
    hand ends. True when it did."""
    st = g.st
    if not step.get("opens") or g.round()["current"] or st["awarded"]:
        return False
    if step.get("unopened") == "carry":
        pot = sum(s["total"] for s in st["seats"])
        g.say(
            f"Nobody opens: the cards are dealt again and the pot of {pot:,} chips stays for the next deal."
        )
    else:
        for s in st["seats"]:
            s["chips"] += s["total"]
            s["total"] = 0
        g.say("Nobody opens: the hand is called off and every bet goes back.")
    st["awarded"] = True
    st["pc"] = len(g.rules.program) - 1  # the hand's last step: the engine then ends the hand
    return True


def opened(g: Ctx, step: Step, seat: int) -> None:
    """The seat opened the round: it takes the step's `opener` role, if any."""
    role = step.get("opener")
    roles = g.st["seats"][seat]["roles"]
    if isinstance(role, str) and role not in roles:
        roles.append(role)
