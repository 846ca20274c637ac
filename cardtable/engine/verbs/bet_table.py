"""The `bet` verb at the table: the action bar's buttons, the prompt, the first-game hint and the
log's short words for a betting action, all read from the legal choices (`bet.py` has the rules).
"""

from __future__ import annotations

from collections.abc import Callable

from ..types import Action, Card, Step, Template
from .base import Choice, Control

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


# Actions whose button needs no choice: label, key, tooltip.
SIMPLE = {
    "fold": ("Fold", "f", "give up this hand"),
    "check": ("Check", "k", "bet nothing and pass the turn on"),
    "call": ("Call", "c", "match the highest bet of this round"),
    "all_in": ("All in", "a", "put in every chip you have"),
}


def controls(legal: list[Template], choice: Choice) -> list[Control]:
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
            word = "Bet" if kind == "bet" else "Complete to" if t.get("complete") else "Raise to"
            tip = "make the bring-in a full bet" if t.get("complete") else "your total bet this round"
            out.append(Control(f"{word} {amount:,}", "b", tip, send(t, amount)))
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


def prompt(legal: list[Template]) -> str:
    kinds = {t["type"]: t for t in legal}
    call = next((t for t in legal if t.get("showdown_allowed")), None)
    extra = f" (or switch {call.get('label', 'the showdown call')} on first: X)" if call else ""
    if "call" in kinds:
        up = " or raise" if "raise" in kinds else ""
        up = " or complete the bet" if kinds.get("raise", {}).get("complete") else up
        return f"{kinds['call']['cost']:,} to call: call{up}, or fold{extra}."
    if "check" in kinds and kinds["check"].get("opens"):
        need = kinds["check"]["opens"]
        if "bet" in kinds or "all_in" in kinds:
            return f"Check, or bet to open (your hand is {need})."
        return f"Check or fold: opening needs {need}."
    if "check" in kinds:
        return f"Check (bet nothing), or bet to open{extra}."
    if "bet" in kinds:
        return f"Open with a bet of at least {kinds['bet']['min']:,}, or fold (no checking)."
    return "Go all in, or fold."


def hint(legal: list[Template]) -> str:
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


def selects(legal: list[Template]) -> int | None:
    """The cards to show for double stakes, when the showdown call allows showing any."""
    return next((t["reveal_count"] for t in legal if t.get("reveal_count")), None)


def describe(action: Action, short: Callable[[Card], str]) -> str:
    kind = str(action.get("type", "")).replace("_", " ")
    words = f"{kind} {action['amount']:,}" if "amount" in action else kind
    return words + (" · showdown!" if action.get("showdown") else "")


def slider(legal: list[Template]) -> tuple[int, int] | None:
    """The bet or raise amounts the slider offers: the template's least and most."""
    t = next((t for t in legal if t["type"] in ("bet", "raise")), None)
    return None if t is None else (t["min"], t["max"])
