"""The `bet` verb: one betting round (fold, check, call, bet, raise, all-in), with limits, the
minimum raise, all-in rules and, when the step allows it, a call for a showdown (optionally
showing cards for double stakes).

Actions (amounts are the seat's total bet this round after the action, "raise to"):
    {"type": "fold"} {"type": "check"} {"type": "call"} {"type": "all_in"}
    {"type": "bet", "amount": N} {"type": "raise", "amount": N}
A showdown is called by adding `"showdown": true` to a check, call, bet, raise or all-in: this
round then ends in a showdown. With the step's `showdown_call: {reveal: N}`, the caller may also add
`"reveal": [N cards of the seat's hand]`, shown to everyone; the others may then only call twice the
caller's bet of the round ({"type": "call"}) or fold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...schema import Bool, Field, Int, Map, Str
from ...yamlsrc import Node
from .. import wording
from ..context import Ctx
from ..state import active, hand_zone
from ..types import Action, Card, Seat, Step, Template
from . import bet_mind, bet_table, opening
from .base import FIRST, Choice, Control, Mind, StepChecker, Thought, Verb, first_after
from .bet_table import SHOWDOWN_WORDS, showdown_call

if TYPE_CHECKING:
    from ..howto import Reader
    from ..rules import Rules

BET_TYPES = ("fold", "check", "call", "bet", "raise", "all_in")


class Bet(Verb):
    name = "bet"
    stances = {
        "fold": "fold",
        "check": "check",
        "call": "call",
        "bet": "raise",
        "raise": "raise",
        "all_in": "all_in",
    }
    action_fields = ("amount", "showdown", "reveal")
    ends = frozenset({"showdown_called", "one_left", "all_in"})
    fields = {
        "first": Field(FIRST),
        "must_open": Field(Bool(), doc="no checking: open with exactly the minimum bet, or fold"),
        "opens": opening.OPENS,
        "unopened": opening.UNOPENED,
        "opener": opening.OPENER,
        "option": Field(
            Bool(), doc="false: a forced bet (a bring-in, a blind) only called round does not act again"
        ),
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
    }

    def asks(self, step: Mapping[str, Node]) -> bool:
        return True

    def can_end(self, condition: str, step: Mapping[str, Node]) -> bool:
        if condition == "showdown_called":
            return "showdown_call" in step
        return condition in self.ends

    def end_words(self, condition: str) -> str:
        return {
            "showdown_called": "a 'bet' with 'showdown_call'",
            "one_left": "a 'bet' (where players may fold)",
        }.get(condition, "a 'bet'")

    def check_step(self, c: StepChecker, node: Node) -> None:
        if not c.has_section("betting"):
            c.problem(node, "'bet' needs a betting section")
        opening.check_step(c, node)

    def start(self, g: Ctx, step: Step) -> bool:
        st = g.st
        live = active(st)
        st["bet_round"] = st.get("bet_round", -1) + 1
        if len(live) <= 1:
            return True
        can_act = [i for i in live if st["seats"][i]["chips"] > 0]
        cur = max(s["bet"] for s in st["seats"])
        if not can_act or (len(can_act) == 1 and st["seats"][can_act[0]]["bet"] >= cur):
            self._close(g)
            return True
        after = first_after(g, step.get("first", "after_dealer"))
        st["step"] = {
            "verb": "bet",
            "pending": g.order(after, can_act),
            "current": cur,
            "min_raise": max(st["blind"], 1),
            # an open blind counts as the round's first bet (the cap); a bring-in to complete does not
            "raises": 1 if cur > 0 and not g.betting().incomplete(st, cur) else 0,
            "closed": [],
            "double": None,
            "showdown_by": None,
        }
        st["turn"] = g.round()["pending"][0]
        return False

    def legal(self, g: Ctx, step: Step, seat: int) -> list[Template]:
        st, rs = g.st, g.round()
        s = st["seats"][seat]
        cur, owe = rs["current"], rs["current"] - s["bet"]
        out: list[Template] = [{"seat": seat, "type": "fold"}]
        if rs["double"] is not None:
            out.append({"seat": seat, "type": "call", "cost": min(rs["double"] - s["bet"], s["chips"])})
            return out
        lim = g.betting().limits(g.st, g.round(), seat)
        call = showdown_call(step)
        extra: Template = (
            {
                "showdown_allowed": True,
                "reveal_count": int(call["reveal"]),
                "label": str(call["label"]),
                "reveal_label": str(call["reveal_label"]),
            }
            if call and not st["showdown_called"]
            else {}
        )
        must_open = step.get("must_open") and cur == 0
        if owe <= 0 and not must_open:
            # Showing cards doubles the caller's stake of the round: with nothing in, a check
            # would double nothing, so it may call the showdown but not show cards.
            check: Template = {"seat": seat, "type": "check", **extra}
            if extra and s["bet"] <= 0:
                check["reveal_count"] = 0
            out.append(check)
        if owe > 0:
            out.append({"seat": seat, "type": "call", "cost": min(owe, s["chips"]), **extra})
        raises_left = g.betting().max_raises is None or rs["raises"] < (g.betting().max_raises or 0)
        if (
            lim["stack"] >= lim["min"]
            and s["chips"] > max(owe, 0)
            and raises_left
            and seat not in rs["closed"]
        ):
            kind = "bet" if cur == 0 else "raise"
            # "must bet the minimum or fold": the opener bets exactly the minimum; later raise
            most = lim["min"] if must_open else max(lim["min"], lim["max"])
            out.append(
                {
                    "seat": seat,
                    "type": kind,
                    "min": lim["min"],
                    "max": most,
                    "pot": sum(x["total"] for x in st["seats"]),
                    **extra,
                    **({"complete": True} if g.betting().incomplete(st, cur) else {}),
                }
            )
        if s["chips"] > 0 and self._all_in_ok(g, step, seat):
            out.append({"seat": seat, "type": "all_in", "cost": s["chips"], **extra})
        return opening.restrict(g, step, seat, out) if step.get("opens") else out

    def _all_in_ok(self, g: Ctx, step: Step, seat: int) -> bool:
        rs, s = g.round(), g.st["seats"][seat]
        stack = s["bet"] + s["chips"]
        if stack <= rs["current"]:
            return True  # calling short
        if seat in rs["closed"]:
            return False
        lim = g.betting().limits(g.st, g.round(), seat)
        if step.get("must_open") and rs["current"] == 0:
            return stack < lim["min"]  # opening short: everything it has; else exactly the minimum
        b = g.betting()
        raises_left = b.max_raises is None or rs["raises"] < b.max_raises
        return raises_left and stack <= max(lim["max"], lim["min"]) if b.limit != "no_limit" else True

    def check(self, g: Ctx, step: Step, action: Action) -> str | None:
        seat, kind = action["seat"], action.get("type")
        assert seat is not None
        if kind not in BET_TYPES:
            return f"'{kind}' is not a betting action; choose one of {', '.join(BET_TYPES)}"
        options = {a["type"]: a for a in self.legal(g, step, seat)}
        if kind not in options:
            why = {
                "check": "a bet is open: call, raise or fold",
                "call": "there is nothing to call",
                "bet": "a bet is already open: raise instead",
                "raise": "no raise is possible now",
            }
            if kind in ("bet", "all_in") and opening.may_open(g, step, seat):
                return opening.may_open(g, step, seat)
            if kind == "check" and step.get("must_open"):
                return "this round must be opened with a bet: bet the minimum or fold"
            if kind in ("bet", "raise") and g.round()["double"] is not None:
                return "cards were shown for double stakes: only call or fold is possible"
            if kind in ("bet", "raise") and seat in g.round()["closed"]:
                return "an all-in below a full raise does not reopen the betting for you: call or fold"
            return why.get(str(kind), f"'{kind}' is not possible now")
        opt = options[kind]
        if kind in ("bet", "raise"):
            amount = action.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool):
                return f"a {kind} needs a whole-number 'amount' (your total bet for the round)"
            s = g.st["seats"][seat]
            if amount > s["bet"] + s["chips"]:
                return f"you have only {s['chips']} chips behind (at most {s['bet'] + s['chips']} in total)"
            if amount < opt["min"]:
                return f"the smallest {kind} is to {opt['min']} (use all_in to bet less)"
            if amount > opt["max"]:
                return f"the largest {kind} allowed is to {opt['max']}"
        if action.get("showdown"):
            if "showdown_allowed" not in opt:
                return "a showdown cannot be called now"
            reveal = action.get("reveal")
            if reveal is not None:
                need = opt["reveal_count"]
                if not need:
                    return (
                        "showing cards doubles your stake, and you have nothing in this round: "
                        "bet first to put chips at risk"
                    )
                hand = set(hand_zone(g.st, g.layout, seat)["cards"])
                if not isinstance(reveal, list) or not all(
                    isinstance(c, int) and not isinstance(c, bool) for c in reveal
                ):
                    return f"show a list of {need} cards"
                if len(reveal) != need or len(set(reveal)) != need:
                    return f"show exactly {need} different cards"
                if not all(c in hand for c in reveal):
                    return "show cards from your own hand"
        elif action.get("reveal") is not None:
            return "only the player calling the showdown may show cards"
        return None

    def act(self, g: Ctx, step: Step, action: Action) -> None:
        st, rs = g.st, g.round()
        call = showdown_call(step) or SHOWDOWN_WORDS
        seat, kind = action["seat"], action["type"]
        assert seat is not None
        s = st["seats"][seat]
        rs["pending"].remove(seat)
        was_unopened = rs["current"] == 0
        can_act = [i for i in active(st) if st["seats"][i]["chips"] > 0 and i != seat]
        if kind == "fold":
            s["folded"] = True
            st["folds"].append(seat)
            g.say(f"{g.name(seat)} folds.")
        elif kind == "check":
            g.say(f"{g.name(seat)} checks.")
        elif kind == "call":
            target = rs["double"] if rs["double"] is not None else rs["current"]
            pay = min(target - s["bet"], s["chips"])
            self._pay(s, pay)
            g.say(f"{g.name(seat)} calls {wording.chips(pay)}" + (" (all in)." if s["chips"] == 0 else "."))
        else:
            to = action["amount"] if kind in ("bet", "raise") else s["bet"] + s["chips"]
            self._pay(s, to - s["bet"])
            b = g.betting()
            completes = b.incomplete(st, rs["current"]) and to >= b.full_bet(st, st["bet_round"])
            if to > rs["current"]:
                inc = to - rs["current"]
                if inc >= rs["min_raise"] or rs["current"] == 0 or completes:
                    rs["min_raise"] = max(inc, rs["min_raise"])
                    rs["raises"] += 1
                    rs["closed"] = []
                else:  # a short all-in: those who have acted may only call or fold
                    rs["closed"] = [i for i in can_act if i not in rs["pending"]]
                rs["current"] = to
                rs["pending"] = g.order(seat, can_act)
                st["last_bettor"] = seat
                word = {"bet": "bets", "raise": "raises to", "all_in": "goes all in for"}[kind]
                word = "completes the bet to" if completes and kind == "raise" else word
                g.say(f"{g.name(seat)} {word} {wording.chips(to)}.")
            else:
                g.say(f"{g.name(seat)} calls all in ({wording.chips(to)} in this round).")
        if action.get("showdown"):
            st["showdown_called"] = True
            rs["showdown_by"] = seat
            rs["pending"] = g.order(seat, can_act)
            reveal = action.get("reveal")
            if reveal is not None:
                rs["double"] = 2 * s["bet"]
                rs["pending"] = g.order(seat, [i for i in active(st) if i != seat])
                s["covers"] = True
                for name, z in g.layout.zones.items():
                    if z.per_seat and not z.is_grid:
                        hz = g.zone(name, seat)
                        for c in reveal:
                            if c in hz["cards"]:
                                hz["up"][hz["cards"].index(c)] = 1
                g.say(f"{g.name(seat)} {call['reveal_words']}, showing {g.cards(reveal)}.")
            else:
                g.say(f"{g.name(seat)} {call['words']}.")
        if was_unopened and rs["current"] > 0 and step.get("opens"):
            opening.opened(g, step, seat)
        self._next(g, step)
        if rs.get("done") and step.get("opens"):
            opening.call_off(g, step)

    def _pay(self, s: Seat, amount: int) -> None:
        amount = max(0, min(amount, s["chips"]))
        s["chips"] -= amount
        s["bet"] += amount
        s["total"] += amount

    def _next(self, g: Ctx, step: Step) -> None:
        st, rs = g.st, g.round()
        live = active(st)
        rs["pending"] = [i for i in rs["pending"] if i in live and (st["seats"][i]["chips"] > 0)]
        if step.get("option") is False:  # a forced bet only called round: its seat has no option
            while (
                rs["pending"] and rs["current"] > 0 and st["seats"][rs["pending"][0]]["bet"] >= rs["current"]
            ):
                rs["pending"].pop(0)
        if len(live) <= 1 or not rs["pending"]:
            self._close(g)
            rs["done"] = True
            st["turn"] = None
            return
        st["turn"] = rs["pending"][0]

    def _close(self, g: Ctx) -> None:
        for s in g.st["seats"]:
            s["bet"] = 0

    # ---- at the table (bet_table.py) and a computer player (bet_mind.py) ------------------------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        return bet_table.controls(legal, choice)

    def prompt(self, legal: list[Template]) -> str:
        return bet_table.prompt(legal)

    def hint(self, legal: list[Template]) -> str:
        return bet_table.hint(legal)

    def selects(self, legal: list[Template]) -> int | None:
        return bet_table.selects(legal)

    def slider(self, legal: list[Template]) -> tuple[int, int] | None:
        return bet_table.slider(legal)

    def describe(self, action: Action, short: Callable[[Card], str]) -> str:
        return bet_table.describe(action, short)

    def fill_randomly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        bet_mind.fill_randomly(a, t, hand, rng)

    def fill_calmly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        self.fill_randomly(a, t, hand, rng, rules)
        if self.stances.get(t["type"]) == "raise":
            a["amount"] = t["min"]  # the smallest bet or raise
        a.pop("showdown", None)  # a called showdown would end hands at once
        a.pop("reveal", None)

    def think(self, mind: Mind) -> Thought:
        return bet_mind.think(mind)

    def howto(self, s: Step, r: Reader) -> str:
        first = s.get("first")
        who = ""
        if isinstance(first, dict):
            who = f", starting left of {r.the(first.get('after'))}"
        elif first == "after_last_bettor":
            who = ", starting left of the last player who bet or raised"
        elif first == "best_showing":
            who = ", starting with the player whose face-up cards make the best hand"
        extra = (
            " It must be opened with exactly the minimum bet (no checking); the players after may raise."
            if s.get("must_open")
            else ""
        )
        if s.get("option") is False:
            extra += " A forced bet only called round does not act again."
        if s.get("opens") and s.get("unopened") == "carry":
            extra += " When nobody opens, the cards are dealt again and the pot stays for the next deal."
        if s.get("opens") and r.roles.get(str(s.get("opener")), {}).get("show"):
            extra += " Whoever opens shows their cards at the end of the hand, even after folding."
        call = s.get("showdown_call")
        if isinstance(call, dict):
            label = call.get("label", "Call the showdown")
            extra += f" On your turn you may also start a {label}: the hands are shown when the round ends."
        return f"A round of betting{who}: check, bet, call, raise or fold.{extra}"

    def special(self, s: Step, r: Reader) -> list[str]:
        call = s.get("showdown_call")
        if not isinstance(call, dict):
            return []
        label = call.get("label", "Call the showdown")
        out = [
            f"{label} (key X): during your own betting turn, switch it on before you call, check or "
            f"raise; the round then ends with the hands shown."
        ]
        if call.get("reveal"):
            rl = call.get("reveal_label", "Show cards")
            out.append(
                f"{rl} (key D): with it, choose {call['reveal']} of your cards to show everyone; the "
                f"others may then only call twice your bet of this round, or fold."
            )
        return out


VERB = Bet()
