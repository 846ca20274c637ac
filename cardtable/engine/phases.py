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
`unless: OPTION` (only while it is off). The verbs
and their fields are listed in VERBS below; `repeat` is compiled into a jump, and `max` guards
against endless loops (after `max` rounds the hand moves on). A hand also ends as soon as only one
player has not folded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Problem
from ..schema import AnyValue, Bool, Field, Int, ListOf, Map, MapOf, Num, OneOf, Str, check, suggest
from ..yamlsrc import Node
from .options import NUMBER, number_problem

FIRST = OneOf(
    Str(["after_last_bettor", "after_dealer"], what="after_last_bettor or after_dealer"),
    Map({"after": Field(Str(what="a role"), True)}, "{after: ROLE}"),
    what="who acts first",
)
CONDITIONS = ("showdown_called", "one_left", "deck_empty", "all_in")  # all_in: fewer than two can still bet

# The fields of each verb (besides `do` and `when`).
VERBS: dict[str, dict[str, Field]] = {
    "post": {
        "role": Field(Str(what="a role, or 'all'"), True, "who posts"),
        "amount": Field(Num(0), True, "in blinds"),
        "dead": Field(Bool(), doc="an ante: into the pot, not a bet of the round"),
    },
    "deal": {
        "to": Field(Str(what="a zone"), True),
        "count": Field(NUMBER, doc="cards per seat (or to the table zone); a grid is filled"),
        "role": Field(Str(what="a role"), doc="only to the seat holding this role"),
        "face": Field(Str(["up", "down"])),
    },
    "declare": {
        "count": Field(Int(1, 100), True, "how many cards each player names"),
        "optional": Field(Bool(), doc="a player may decline"),
    },
    "bet": {
        "first": Field(FIRST),
        "must_open": Field(Bool(), doc="no checking: open with the minimum bet, call or fold"),
        "showdown_call": Field(
            Map(
                {
                    "reveal": Int(1, 20),
                    "label": Str(),
                    "words": Str(),
                    "reveal_label": Str(),
                    "reveal_words": Str(),
                },
                "showdown call rules",
            ),
            doc="a player may call the showdown during their turn (and show cards for double stakes)",
        ),
    },
    "reveal": {
        "zone": Field(Str(what="a zone"), True),
        "count": Field(NUMBER, doc="how many to turn up (default: all the rest)"),
        "by": Field(Str(["table", "players"])),
        "direction": Field(Str(["clockwise", "counterclockwise"])),
    },
    "draw": {
        "zone": Field(Str(what="a zone"), True),
        "max": Field(NUMBER, doc="most cards one player may trade (default: all)"),
        "discard_to": Field(Str(what="a zone"), True),
    },
    "exchange": {
        "zone": Field(Str(what="a zone"), True, "the players' hands"),
        "pot": Field(Str(what="a zone"), True, "the face-up card pot"),
        "swap_max": Field(Int(1, 100), doc="a swap takes at most this many of the pot's newest cards"),
        "first": Field(FIRST),
    },
    "place": {
        "from": Field(Str(what="a zone"), True),
        "grid": Field(Str(what="a zone"), True),
        "refill": Field(Int(1, 50), True, "draw back up to this many after placing"),
    },
    "showdown": {},
    "repeat": {
        "steps": Field(ListOf(AnyValue(), min_len=1), True),
        "until": Field(ListOf(Str(CONDITIONS)), True),
        "max": Field(Int(1, 10_000), True, "a guard: the most rounds"),
    },
}

STEP = Map({"do": Field(Str(list(VERBS), what="a verb"), True)}, "a step", extra=AnyValue())
ROLE = Map(
    {
        "rotate": Bool(),
        "after": Str(what="a role"),
        "seats": Int(0, 9),
        "heads_up": Int(0, 9),
        "last_hand": Str(["winner", "weakest"]),
        "first_hand": Str(what="a role"),
    },
    "a role",
)
SPEC = Map(
    {"roles": MapOf(ROLE, "roles by name"), "hand": Field(ListOf(STEP, min_len=1), True)},
    "the phases of play",
)


@dataclass
class Phases:
    roles: dict[str, dict[str, Any]] = field(default_factory=dict)
    program: list[dict[str, Any]] = field(default_factory=list)  # flat steps, `_loop` jumps


def build(node: Node, variant: Any, problems: list[Problem]) -> Phases:
    d = node.value
    layout = variant.sections.get("layout")
    if layout is None:
        problems.append(node.problem("phases need a layout section (the zones the steps use)"))
        return Phases()
    phases = Phases()
    if "roles" in d:
        for name, rnode in d["roles"].value.items():
            r = rnode.plain()
            for key in ("after", "first_hand"):
                if key in r and r[key] not in d["roles"].value and r[key] != "dealer":
                    problems.append(
                        rnode.problem(f"no role named '{r[key]}'" + suggest(r[key], d["roles"].value))
                    )
            phases.roles[name] = r
    phases.roles.setdefault("dealer", {"rotate": True})
    ctx = _Ctx(variant, layout, phases, problems)
    ctx.compile(d["hand"].value)
    return phases


class _Ctx:
    def __init__(self, variant: Any, layout: Any, phases: Phases, problems: list[Problem]) -> None:
        self.variant, self.layout, self.phases, self.problems = variant, layout, phases, problems

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

    def compile(self, steps: list[Node]) -> None:
        for snode in steps:
            if not snode.is_map or "do" not in snode.value:
                continue  # the shape check has reported it
            verb = snode.value["do"].value
            fields = dict(VERBS.get(verb, {}))
            fields["do"] = Field(Str())
            fields["when"] = Field(Str(what="an option name"))
            fields["unless"] = Field(Str(what="an option name"))
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
                self.compile(v["steps"].value)
                self.phases.program.append(
                    {
                        "do": "_loop",
                        "back": start,
                        "until": [c.value for c in v["until"].value],
                        "max": v["max"].value,
                        "id": start,
                        "when": v["when"].value if "when" in v else None,
                    }
                )
                continue
            self._check_verb(verb, snode)
            step = snode.plain()
            step["line"] = snode.line
            self.phases.program.append(step)

    def _check_verb(self, verb: str, snode: Node) -> None:
        v = snode.value
        needs_betting = verb in ("post", "bet")
        if needs_betting and "betting" not in self.variant.sections:
            self.problems.append(snode.problem(f"'{verb}' needs a betting section"))
        if verb == "post":
            self.role(v["role"], v["role"].value, allow_all=True)
        elif verb == "deal":
            self.zone(v["to"], v["to"].value)
            if "role" in v:
                self.role(v["role"], v["role"].value)
        elif verb == "reveal":
            self.zone(v["zone"], v["zone"].value, "table")
        elif verb == "draw":
            self.zone(v["zone"], v["zone"].value, "seat")
            self.zone(v["discard_to"], v["discard_to"].value, "table")
        elif verb == "exchange":
            self.zone(v["zone"], v["zone"].value, "seat")
            self.zone(v["pot"], v["pot"].value, "table")
        elif verb == "place":
            self.zone(v["from"], v["from"].value, "seat")
            self.zone(v["grid"], v["grid"].value, "grid")
