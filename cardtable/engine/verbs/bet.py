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

from collections.abc import Callable

from ...schema import Bool, Field, Int, Map, Str
from ...yamlsrc import Node
from .. import wording
from ..context import Ctx
from ..state import active, hand_zone
from ..types import Action, Card, Seat, Step, Template
from . import opening
from .base import FIRST, Choice, Control, Mind, StepChecker, Thought, Verb, first_after

BET_TYPES = ("fold", "check", "call", "bet", "raise", "all_in")


SHOWDOWN_WORDS: dict[str, int | str] = {
    "reveal": 0,
    "label": "Call the showdown",
    "words": "calls the showdown",
    "reveal_label": "Show cards for double stakes",
    "reveal_words": "calls the showdown and shows cards for double stakes",
}


def showdown_call(step: Step) -> dict[str, int | str] | None:
    """The step's `showdown_call` settings with their defaults, or None when it has none."""
    if not step.get("showdown_call"):
        return None
    return {**SHOWDOWN_WORDS, **step["showdown_call"]}


class Bet(Verb):
    name = "bet"
    fields = {
        "first": Field(FIRST),
        "must_open": Field(Bool(), doc="no checking: open with the minimum bet, call or fold"),
        "opens": opening.OPENS,
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
            "raises": 1 if cur > 0 else 0,  # an open blind counts as the round's first bet (the cap)
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
            out.append(
                {
                    "seat": seat,
                    "type": kind,
                    "min": lim["min"],
                    "max": max(lim["min"], lim["max"]),
                    "pot": sum(x["total"] for x in st["seats"]),
                    **extra,
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
        if step.get("must_open") and rs["current"] == 0 and stack < lim["min"]:
            return True  # opening short: everything it has
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
            if to > rs["current"]:
                inc = to - rs["current"]
                if inc >= rs["min_raise"] or rs["current"] == 0:
                    rs["min_raise"] = max(inc, rs["min_raise"])
                    rs["raises"] += 1
                    rs["closed"] = []
                else:  # a short all-in: those who have acted may only call or fold
                    rs["closed"] = [i for i in can_act if i not in rs["pending"]]
                rs["current"] = to
                rs["pending"] = g.order(seat, can_act)
                st["last_bettor"] = seat
                word = {"bet": "bets", "raise": "raises to", "all_in": "goes all in for"}[kind]
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
        self._next(g)
        if rs.get("done") and step.get("opens"):
            opening.call_off(g, step)

    def _pay(self, s: Seat, amount: int) -> None:
        amount = max(0, min(amount, s["chips"]))
        s["chips"] -= amount
        s["bet"] += amount
        s["total"] += amount

    def _next(self, g: Ctx) -> None:
        st, rs = g.st, g.round()
        live = active(st)
        rs["pending"] = [i for i in rs["pending"] if i in live and (st["seats"][i]["chips"] > 0)]
        if len(live) <= 1 or not rs["pending"]:
            self._close(g)
            rs["done"] = True
            st["turn"] = None
            return
        st["turn"] = rs["pending"][0]

    def _close(self, g: Ctx) -> None:
        for s in g.st["seats"]:
            s["bet"] = 0

    # ---- at the table -----------------------------------------------------------------------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        def send(t: Template, amount: int | None = None) -> Action:
            action: Action = {"seat": t["seat"], "type": t["type"]}
            if amount is not None:
                action["amount"] = amount
            if choice.call_showdown and t.get("showdown_allowed"):  # never on a fold
                action["showdown"] = True
                if choice.show_cards and t.get("reveal_count"):  # a check stakes nothing to double
                    action["reveal"] = list(choice.selected)
            return action

        out: list[Control] = []
        for t in legal:
            kind = t["type"]
            if kind in SIMPLE:
                label, key, tip = SIMPLE[kind]
                cost = f" {t['cost']:,}" if "cost" in t else ""
                out.append(Control(label + cost, key, tip, send(t)))
            elif kind in ("bet", "raise"):
                amount = max(t["min"], min(t["max"], choice.amount or t["min"]))
                word = "Bet" if kind == "bet" else "Raise to"
                out.append(Control(f"{word} {amount:,}", "b", "your total bet this round", send(t, amount)))
                out.append(Control("Min", tip="the smallest amount allowed", set_amount=t["min"]))
                if t["min"] < t.get("pot", 0) < t["max"]:
                    out.append(Control("Pot", tip="as much as the pot", set_amount=t["pot"]))
                out.append(Control("Max", tip="the largest amount allowed", set_amount=t["max"]))
        call = next(
            (t for t in legal if t.get("showdown_allowed") and t.get("reveal_count")),
            next((t for t in legal if t.get("showdown_allowed")), None),
        )
        if call is not None:  # the variant's own words for calling the showdown; a toggle says its state
            label = call.get("label", "Call the showdown")
            out.append(
                Control(
                    f"{label}: {'ON' if choice.call_showdown else 'off'}",
                    "x",
                    f"switch on, then call, check or raise: this betting round ends with the hands shown "
                    f"({label.lower()})",
                    toggle="call_showdown",
                    on=choice.call_showdown,
                )
            )
            n = call.get("reveal_count", 0)
            if n:
                out.append(
                    Control(
                        f"{call.get('reveal_label', 'Show cards')}: {'ON' if choice.show_cards else 'off'}"
                        f" (show {n} selected)",
                        "d",
                        f"switch on and choose {n} of your cards to show everyone: the others may then only "
                        f"call twice your bet of this round, or fold",
                        toggle="show_cards",
                        on=choice.show_cards,
                    )
                )
        return out

    def prompt(self, legal: list[Template]) -> str:
        kinds = {t["type"]: t for t in legal}
        call = next((t for t in legal if t.get("showdown_allowed")), None)
        extra = f" (or switch {call.get('label', 'the showdown call')} on first: X)" if call else ""
        if "call" in kinds:
            up = " or raise" if "raise" in kinds else ""
            return f"{kinds['call']['cost']:,} to call: call{up}, or fold{extra}."
        if "check" in kinds and kinds["check"].get("opens"):
            need = kinds["check"]["opens"]
            if "bet" in kinds or "all_in" in kinds:
                return f"Check, or bet to open (your hand is {need})."
            return f"Check or fold: opening needs {need}."
        if "check" in kinds:
            return f"Check (bet nothing), or bet to open{extra}."
        if "bet" in kinds:
            return f"Open with a bet of at least {kinds['bet']['min']:,}, or fold: checking is not allowed."
        return "Go all in, or fold."

    def hint(self, legal: list[Template]) -> str:
        call = next((t for t in legal if t.get("showdown_allowed")), None)
        if call is not None:
            label = call.get("label", "the showdown call")
            more = (
                f" With {call.get('reveal_label', 'show cards')} (D) you also show "
                f"{call['reveal_count']} chosen cards: the others may then only call twice your bet, or fold."
                if call.get("reveal_count")
                else ""
            )
            return (
                f"You may end the betting here with a {label}: switch it on (X), then call, check or "
                f"raise; the hands are shown when this round ends.{more}"
            )
        return (
            "Betting: Call matches the highest bet, Raise puts in more (set the amount with the slider "
            "or the arrow keys), Check passes when nobody has bet, Fold gives up the hand."
        )

    def selects(self, legal: list[Template]) -> int | None:
        """The cards to show for double stakes, when the showdown call allows showing any."""
        return next((t["reveal_count"] for t in legal if t.get("reveal_count")), None)

    def describe(self, action: Action, short: Callable[[Card], str]) -> str:
        kind = str(action.get("type", "")).replace("_", " ")
        words = f"{kind} {action['amount']:,}" if "amount" in action else kind
        return words + (" · showdown!" if action.get("showdown") else "")

    # ---- a computer player --------------------------------------------------------------------
    def think(self, mind: Mind) -> Thought:
        """Bet by the estimated chance to win against the hands still in, relative to an average
        hand; a strong hand calls the showdown, sometimes showing its best cards."""
        view, legal, rng = mind.view, mind.legal, mind.rng
        a: Action = {"seat": mind.seat}
        pot = sum(p["amount"] for p in view["pots"])
        chance = yield from mind.win_chance()
        live = sum(1 for s in view["seats"] if not s["folded"] and not s["out"])
        strength = chance * max(live, 1)  # 1.0: an average hand at this table
        cost = legal["call"]["cost"] if "call" in legal else 0
        call: Action = {}
        opener = legal.get("raise") or legal.get("bet")
        for t in legal.values():
            if t.get("showdown_allowed") and strength > 1.5 and rng.random() < 0.6:
                call = {"showdown": True}
                n = t.get("reveal_count", 0)
                if n and strength > 1.8 and rng.random() < 0.5:
                    hand = mind.hand()
                    shown = [c for c in mind.own_value(hand).cards if c in hand][:n]
                    if len(shown) == n:
                        call["reveal"] = shown
        if opener and strength > 1.4 + rng.random() * 0.5:
            size = int(max(opener["min"], min(opener["max"], (pot + cost) * (0.5 + rng.random()))))
            return {**a, "type": opener["type"], "amount": size, **call}
        if "check" in legal:
            if not legal["check"].get("reveal_count"):  # a check with nothing in shows nothing
                call.pop("reveal", None)
            return {**a, "type": "check", **call}
        chips = view["seats"][mind.seat]["chips"]
        if "call" in legal:
            price = cost / max(pot + cost, 1)
            if chance >= price * 0.9 or cost <= chips * 0.02 or strength > 0.9:
                return {**a, "type": "call", **call}
        if (
            "all_in" in legal
            and "call" not in legal
            and "check" not in legal
            and not opener
            and strength > 1.0
        ):
            return {**a, "type": "all_in", **call}
        if opener and "fold" in legal and strength > 1.2:
            return {**a, "type": opener["type"], "amount": opener["min"], **call}
        return {**a, "type": "fold"}


# Actions whose button needs no choice: label, key, tooltip.
SIMPLE = {
    "fold": ("Fold", "f", "give up this hand"),
    "check": ("Check", "k", "bet nothing and pass the turn on"),
    "call": ("Call", "c", "match the highest bet of this round"),
    "all_in": ("All in", "a", "put in every chip you have"),
}

VERB = Bet()
