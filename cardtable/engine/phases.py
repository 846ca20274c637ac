"""The `phases:` section: roles and the steps of one hand, compiled to a flat program.

    phases:
      roles:                          # worked out at the start of every hand
        dealer: {rotate: true}        # seat 0 deals first, then the deal moves in turn order
        small_blind: {after: dealer, seats: 1, heads_up: 0}   # heads-up: the dealer posts it
        big_blind: {after: dealer, seats: 2, heads_up: 1}
        winner: {last_hand: winner, first_hand: dealer}       # last hand's winner
        last_place: {last_hand: weakest}                      # last hand's weakest hand
      hand:                           # the steps of one hand, in order
        - {do: post, role: small_blind, amount: 0.5}
        - {do: deal, to: hole, count: 2}
        - {do: bet, first: {after: big_blind}}
        - {do: repeat, max: 30, until: [showdown_called], steps: [...]}
        - {do: showdown}

Every step may carry `when: OPTION` (run only while that true/false option is on) or
`unless: OPTION` (only while it is off). The verbs and their fields are the modules of verbs/
(see verbs/__init__.py); `repeat` is compiled into a jump, and `max` guards
against endless loops (after `max` rounds the hand moves on). A hand also ends as soon as only one
player has not folded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict, cast

from .. import limits
from ..errors import Problem
from ..schema import AnyValue, Bool, Field, Int, ListOf, Map, MapOf, Spec, Str, check, suggest
from ..yamlsrc import Node
from .options import number_problem
from .program import QuietChecker, check_program
from .types import Step
from .verbs import REGISTRY

if TYPE_CHECKING:
    from ..variant import Variant
    from .layout import Layout, Zone
    from .verbs.base import Dealt

CONDITIONS = ("showdown_called", "one_left", "deck_empty", "all_in")  # all_in: fewer than two can still bet
REPEAT = {
    "steps": Field(ListOf(AnyValue(), min_len=1), True),
    "until": Field(ListOf(Str(CONDITIONS)), True),
    "max": Field(Int(1, 10_000), True, "a guard: the most rounds"),
}


class _VerbName(Str):
    """A verb's name: one of the verbs registered when the file is checked, or repeat."""

    @property
    def choices(self) -> list[str] | None:
        return [*REGISTRY, "repeat"]

    @choices.setter
    def choices(self, value: list[str] | None) -> None:
        pass  # always the registry's


STEP = Map({"do": Field(_VerbName((), what="a verb"), True)}, "a step", extra=AnyValue())
ROLE = Map(
    {
        "rotate": Bool(),
        "after": Str(what="a role"),
        "seats": Int(0, 9),
        "heads_up": Int(0, 9),
        "last_hand": Str(["winner", "weakest"]),
        "first_hand": Str(what="a role"),
        "label": Str(),
        "show": Bool(),  # its seat shows its cards at the end of the hand (openers: outcome.show_roles)
    },
    "a role",
)
SPEC = Map(
    {
        "roles": MapOf(ROLE, "roles by name", max_len=limits.ROLES),
        "hand": Field(ListOf(STEP, min_len=1), True),
    },
    "the phases of play",
)


class Role(TypedDict, total=False):
    rotate: bool
    after: str
    seats: int
    heads_up: int
    last_hand: str  # "winner" | "weakest"
    first_hand: str
    label: str  # what the table talk calls it: "the big blind" (default: "the " + its words)


@dataclass
class Phases:
    roles: dict[str, Role] = field(default_factory=dict)
    program: list[Step] = field(default_factory=list)  # flat steps, `_loop` jumps

    def deals(
        self, number: Callable[[object], int], zone: Callable[[str], Zone | None]
    ) -> list[tuple[Step, Dealt]]:
        """Every step of a hand that deals cards and what it deals, as its verb says (`number`
        reads a number field, `zone` finds a layout zone: see `Verb.deals`)."""
        out: list[tuple[Step, Dealt]] = []
        for step in self.program:
            verb = REGISTRY.get(step["do"])  # `_loop`, the compiled repeat, is no verb
            dealt = verb.deals(step, number, zone) if verb is not None else None
            if dealt is not None:
                out.append((step, dealt))
        return out


def build(node: Node, variant: Variant, problems: list[Problem]) -> Phases:
    d = node.value
    layout = variant.sections.get("layout")
    if layout is None:
        problems.append(node.problem("phases need a layout section (the zones the steps use)"))
        return Phases()
    phases = Phases()
    if "roles" in d:
        for name, rnode in d["roles"].value.items():
            r = cast(Role, rnode.plain())
            for key in ("after", "first_hand"):
                if key in r and r[key] not in d["roles"].value and r[key] != "dealer":
                    problems.append(
                        rnode.problem(f"no role named '{r[key]}'" + suggest(r[key], d["roles"].value))
                    )
            if "label" in r:
                r["label"] = str(r["label"])  # a number written as a label is its text
            phases.roles[name] = r
    phases.roles.setdefault("dealer", {"rotate": True})
    ctx = _Ctx(variant, layout, phases, problems)
    before = len(problems)
    ctx.compile(d["hand"].value)
    if len(problems) == before:  # the whole hand is checked once every step is sound
        check_program(d["hand"], variant, layout, problems)
    return phases


class _Ctx(QuietChecker):
    """Compiles the steps of a hand, checking each against its verb (a verbs.base.StepChecker)."""

    def __init__(self, variant: Variant, layout: Layout, phases: Phases, problems: list[Problem]) -> None:
        super().__init__(variant, layout)
        self.phases, self.problems = phases, problems
        self.dealt = 0  # cards dealt in a hand so far, at the most players
        self.over = False  # the deal budget was already reported

    def problem(self, node: Node, message: str) -> None:
        self.problems.append(node.problem(message))

    def role(self, node: Node, name: object, allow_all: bool = False) -> None:
        if allow_all and name == "all":
            return
        if name not in self.phases.roles:
            self.problems.append(
                node.problem(f"no role named '{name}'" + suggest(str(name), self.phases.roles))
            )

    def zone(self, node: Node, name: object, want: str | None = None) -> None:
        p = self.layout.zone_problem(node, name, want)
        if p:
            self.problems.append(p)

    def count_dealt(self, snode: Node, need: int, what: str) -> None:
        """Add a step's cards from the deck (its verb's `cards_dealt`, at the most players) to the
        hand's total, refusing the step that needs more cards than the deck holds."""
        self.dealt += need
        size = self.variant.deck.size
        if self.dealt > size and not self.over:
            self.over = True
            self.problem(
                snode,
                f"{what} here makes {self.dealt:,} cards dealt in a hand, but the deck has {size:,} cards",
            )

    def compile(self, steps: list[Node], nested: bool = False) -> None:
        for snode in steps:
            if not snode.is_map or "do" not in snode.value:
                if nested:  # a repeat's own steps are checked here, not by the section's shape
                    self.problems.extend(check(STEP, snode))
                continue  # the shape check has reported it
            verb = snode.value["do"].value
            if not isinstance(verb, str) or (verb != "repeat" and verb not in REGISTRY):
                # a repeat's own steps are checked here, not by the section's shape
                found = check(STEP, snode)
                self.problems.extend(found or [snode.value["do"].problem(f"'{verb}' is not a verb")])
                continue
            fields: dict[str, Field | Spec] = {**(REPEAT if verb == "repeat" else REGISTRY[verb].fields)}
            fields["do"] = Field(Str())
            fields["when"] = Field(Str(what="an option name"))
            fields["unless"] = Field(Str(what="an option name"))
            fields["reading"] = Field(Str(what="how the program reads this rule where its text is silent"))
            found = check(Map(fields, f"a '{verb}' step"), snode)
            if found:
                self.problems.extend(found)
                continue
            v = snode.value
            for cond in ("when", "unless"):
                if cond in v:
                    opts = self.variant.sections.get("options", {})
                    name = v[cond].value
                    if name not in opts:
                        self.problems.append(
                            v[cond].problem(f"no option named '{name}'" + suggest(name, opts))
                        )
                    elif not isinstance(opts[name].default, bool):
                        self.problems.append(v[cond].problem(f"option '{name}' is not a true/false option"))
            if verb == "repeat" and ("when" in v or "unless" in v):
                self.problems.append(
                    snode.problem("a repeat cannot be conditional; put when/unless on its steps")
                )
            for key in ("count", "max"):
                if key in v and verb != "repeat":
                    p = number_problem(v[key], self.variant)
                    if p:
                        self.problems.append(p)
            first = v.get("first")
            if first is not None and first.is_map:
                self.role(first.value["after"], first.value["after"].value)
            if verb == "repeat":
                start = len(self.phases.program)
                self.compile(v["steps"].value, nested=True)
                # its rounds are counted under its id: where it starts, as always, unless a repeat
                # it holds starts there too (then its own place, which no repeat starts at)
                loop_ids = {s.get("id") for s in self.phases.program[start:] if s["do"] == "_loop"}
                self.phases.program.append(
                    {
                        "do": "_loop",
                        "back": start,
                        "until": [c.value for c in v["until"].value],
                        "max": v["max"].value,
                        "id": len(self.phases.program) if start in loop_ids else start,
                        "line": snode.line,
                    }
                )
                continue
            before = len(self.problems)
            REGISTRY[verb].check_step(self, snode)
            if len(self.problems) == before:  # every verb says what it takes from the deck
                taken = REGISTRY[verb].cards_dealt(self, snode)
                if taken is not None:
                    self.count_dealt(snode, *taken)
            step = cast(Step, snode.plain())
            step["line"] = snode.line
            self.phases.program.append(step)
