"""The end of a hand and of a match: the showdown, the pots to their winners, the record of the
hand, seats running out of chips, and the result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import wording
from .pots import side_pots, split
from .scoring import evaluate_seat
from .split import shares, show_second, split_of
from .state import active, in_play, zone

if TYPE_CHECKING:
    from ..hands.api import HandValue
    from .context import Ctx
    from .types import ShownHand

MAX_HANDS = 10_000  # a guard: no match runs longer than this


def showdown(g: Ctx) -> None:
    """Show the hands still in, split every pot among its best eligible hands."""
    st, rules = g.st, g.rules
    live = active(st)
    if st["awarded"] or not rules.betting:
        return
    values: dict[int, HandValue] = {}
    if len(live) >= 2:
        for seat in g.order(g.dealer(), live):
            values[seat] = evaluate_seat(rules, st, seat)
            for name, z in rules.layout.zones.items():
                if z.per_seat and not z.is_grid:
                    hz = zone(st, name, seat)
                    hz["up"] = [1] * len(hz["cards"])
            v = values[seat]
            g.say(f"{g.name(seat)} shows {v.category}: {g.cards(list(v.cards))}.")
    award(g, values, show_second(g, list(values)))


def award(g: Ctx, values: dict[int, HandValue], second: dict[int, HandValue] | None = None) -> None:
    """Every pot to the best of its eligible hands (to everyone still in when nobody showed)."""
    st = g.st
    live = active(st)
    won: dict[int, int] = {}
    main_winner = None
    for pot in side_pots(st["seats"]):
        elig = [s for s in pot["eligible"] if s in live] or live
        # a split pot (split.py) has a share for each ranking; a plain one, one share
        for winners, chips in shares(g, pot["amount"], elig, values, second or {}):
            ordered = g.order(g.dealer(), winners)
            for s, amount in split(chips, ordered, g.betting().odd_chip).items():
                won[s] = won.get(s, 0) + amount
            if main_winner is None:
                main_winner = ordered[0]
    for s, amount in won.items():
        st["seats"][s]["chips"] += amount
        g.say(f"{g.name(s)} wins {wording.count(amount, 'chip', words=False)}.")
    for seat in st["seats"]:
        seat["total"] = 0
        seat["bet"] = 0
    st["awarded"] = True
    shown: list[ShownHand] = [
        {
            "seat": s,
            "category": v.category,
            "cards": list(v.cards),
            "made": list(v.made),
            "won": won.get(s, 0),
        }
        for s, v in values.items()
    ]
    if second is not None and split_of(g) is not None:  # what each shown hand made for the other half
        for hand in shown:
            other = second.get(hand["seat"])
            hand["low"] = (other.detail or other.category) if other is not None else ""
            hand["low_cards"] = list(other.cards) if other is not None else []
    # Last place: the first to fold, else the weakest hand shown (first after the dealer if tied).
    weakest = None
    if st["folds"]:
        weakest = st["folds"][0]
    elif values:
        low = min(v.key for v in values.values())
        weakest = next(s for s in g.order(g.dealer(), list(values)) if values[s].key == low)
    st["last"] = {"winner": main_winner, "weakest": weakest}
    st["history"].append(
        {
            "hand": st["hand"],
            "winners": sorted(won),
            "category": values[main_winner].category if main_winner in values else None,
            "showdown": bool(values),
            # what each hand shown was, for the table's showdown display and hand histories
            "shown": shown,
            "won": {str(s): amount for s, amount in won.items()},
        }
    )


def end_hand(g: Ctx) -> bool:
    """Settle the hand; True when the match goes on (the caller starts the next hand)."""
    st = g.st
    if not g.rules.betting:
        pts = [s["points"] for s in st["seats"]]
        best = max(pts)
        finish(g, [i for i, p in enumerate(pts) if p == best], "the last card is played")
        return False
    show_roles(g)
    if not st["awarded"]:
        award(g, {})
    for s in st["seats"]:
        if s["chips"] == 0 and not s["out"] and not s["total"]:  # chips in a carried pot keep it in
            s["out"] = True
            g.say(f"{s['name']} is out of chips.")
    playing = in_play(st)
    limit = (st["max_hands"] and st["hand"] >= st["max_hands"]) or st["hand"] >= MAX_HANDS
    if len(playing) > 1 and not limit:
        return True
    if any(s["total"] for s in st["seats"]):  # a pot carried to a deal that never comes goes back
        for s in st["seats"]:
            s["chips"] += s["total"]
            s["total"] = 0
        g.say("The pot carried over goes back to those who put it in.")
        playing = in_play(st)
    if len(playing) <= 1:
        finish(g, playing, "one player has every chip")
    else:
        best = max(st["seats"][i]["chips"] for i in playing)
        finish(g, [i for i in playing if st["seats"][i]["chips"] == best], "the hand limit is reached")
    return False


def show_roles(g: Ctx) -> None:
    """A seat holding a role declared with `show: true` (the openers) shows its cards at the
    hand's end, folded or not."""
    st, rules = g.st, g.rules
    showing = {name: r for name, r in rules.phases.roles.items() if r.get("show")}
    for seat, s in enumerate(st["seats"]):
        for name in s["roles"]:
            if name not in showing:
                continue
            cards: list[int] = []
            for zname, z in rules.layout.zones.items():
                if z.per_seat and not z.is_grid:
                    hz = zone(st, zname, seat)
                    cards += [c for c, up in zip(hz["cards"], hz["up"]) if not up]
                    hz["up"] = [1] * len(hz["cards"])
            if cards:
                label = showing[name].get("label") or f"the {name.replace('_', ' ')}"
                g.say(f"{g.name(seat)} shows {label}: {g.cards(cards)}.")


def finish(g: Ctx, winners: list[int], reason: str) -> None:
    st = g.st
    st.update({"over": True, "turn": None, "step": None})
    st["result"] = {
        "winners": winners,
        "chips": [s["chips"] for s in st["seats"]],
        "points": [s["points"] for s in st["seats"]],
        "hands": st["hand"],
        "reason": reason,
    }
    names = wording.joined([g.name(w) for w in winners]) or "Nobody"
    g.say(f"{names} {'win' if len(winners) > 1 else 'wins'} the game: {reason}.")
