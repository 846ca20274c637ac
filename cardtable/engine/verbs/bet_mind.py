"""The `bet` verb's computer player: bets by its estimated chance to win."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..types import Action, Card, Template
from .base import Mind, Thought

OPEN_SPAN = 0.3  # aggression above the balanced 1 at which every such call becomes a raise
PROBE_SIZE = 0.33  # a probe's share of the pot
REVEAL = 0.5  # how often a value bet's showdown call shows cards, where it may
STEAL_SEATS = 2  # the most players in the hand at which a weak hand opens with a raise
BLUFF_FOLDS = 0.5  # about how often one more opponent still in lets a bluff through


def think(mind: Mind) -> Thought:
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
            call = _showdown(mind, t, strength, REVEAL)
    # Value bets with a strong hand; a bluff now and then when nobody has shown strength (its
    # level's share), which wins the pot at once from a player who only plays good hands.
    # Its style (bots/style.py): an aggressive player bets a lesser hand and bluffs more often.
    value = strength > (1.4 + rng.random() * 0.5) / mind.aggression
    # A bluff wins only when every opponent still in folds: each one more makes it rarer.
    bluffs = mind.bluff * mind.aggression * BLUFF_FOLDS ** max(0, live - 2)
    bluff = mind.bluff > 0 and mind.pressure() == 0 and rng.random() < bluffs
    if opener and (value or bluff):
        # A value bet calls the showdown where it may: settled now, at the odds it was bet on.
        # Left to run, the draws still to come change the hands while every bet (the pot's size)
        # grows: against a player who calls everything, hard lost a whole stack in 3 hands of
        # 300 so, and Poker Clash's `hard,call` was -12.9 bb/100 [-44.3, +18.6] over 4,000
        # hands; settled, +24.3 [+7.1, +41.6].
        if value and not call:
            call = _showdown(mind, opener, strength, REVEAL)
        size = int(max(opener["min"], min(opener["max"], (pot + cost) * (0.5 + rng.random()))))
        return {**a, "type": opener["type"], "amount": size, **call}
    # A probe: nobody has bet this round though someone bet before; a player who bet strong
    # hands and now checks (or has yet to act) often holds nothing it will put more chips on.
    if opener and "check" in legal and mind.probe > 0 and mind.pressure() > 0 and rng.random() < mind.probe:
        size = int(max(opener["min"], min(opener["max"], pot * PROBE_SIZE)))
        return {**a, "type": opener["type"], "amount": size, **call}
    if "check" in legal:
        if not legal["check"].get("reveal_count"):  # a check with nothing in shows nothing
            call.pop("reveal", None)
        return {**a, "type": "check", **call}
    chips = view["seats"][mind.seat]["chips"]
    if "call" in legal:
        price = cost / max(pot + cost, 1)
        # a player who has bet hard will bet again: its raise costs more than this call's price
        pushed = mind.pressure() if mind.reads else 0.0
        # a tight player needs more than the price to play on, and calls even a small bet less
        # readily; a loose one less (entry, its style). A small bet, and a raise instead of a
        # call with a weak hand, only heads-up: at six seats somebody behind holds a hand to
        # raise with (hard against five `tight`: -25 bb/100 lost to folds after it), and even
        # on the button the two blinds fold together too rarely (+2 and +6 over 3,000 hands)
        # (no raise will come from a bettor who is all in: the price is then the whole cost)
        more = pushed if any(view["seats"][o]["chips"] > 0 for o in _bettors(mind)) else 0.0
        need, entry = price * (0.9 + 0.2 * more), mind.entry
        if (
            chance >= need * entry
            or (cost <= chips * 0.02 / entry**4 and live <= STEAL_SEATS)
            or (strength > 0.9 * entry and not pushed)
        ):
            # An aggressive player opens with a raise rather than a call when nobody has bet
            # beyond the blind: a raise takes the pot at once from whoever folds to bets.
            opens = min(1.0, max(0.0, (mind.aggression - 1.0) / OPEN_SPAN))
            if opener and opens > 0 and live <= STEAL_SEATS and mind.pressure() == 0 and rng.random() < opens:
                return {**a, "type": opener["type"], "amount": opener["min"], **call}
            return {**a, "type": "call", **call}
    if "all_in" in legal and "call" not in legal and "check" not in legal and not opener and strength > 1.0:
        return {**a, "type": "all_in", **call}
    if opener and "fold" in legal and strength > 1.2:
        return {**a, "type": opener["type"], "amount": opener["min"], **call}
    return {**a, "type": "fold"}


def fill_randomly(a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random) -> None:
    """A random bet or raise amount; now and then a showdown call, sometimes showing cards."""
    if t["type"] in ("bet", "raise"):
        a["amount"] = rng.randint(t["min"], t["max"])
    if t.get("showdown_allowed") and rng.random() < 0.15:
        a["showdown"] = True
        cards = hand()
        if t.get("reveal_count") and rng.random() < 0.5 and len(cards) >= t["reveal_count"]:
            a["reveal"] = rng.sample(cards, t["reveal_count"])


def _showdown(mind: Mind, t: Template, strength: float, reveal: float) -> Action:
    """A showdown call with the bet of template `t` ({} where `t` allows none); with chance `reveal`
    a strong hand shows its best cards too (where the call may show cards)."""
    if not t.get("showdown_allowed"):
        return {}
    call: Action = {"showdown": True}
    n = t.get("reveal_count", 0)
    if n and strength > 1.8 and mind.rng.random() < reveal:
        hand = mind.hand()
        shown = [c for c in mind.own_value(hand).cards if c in hand][:n]
        if len(shown) == n:
            call["reveal"] = shown
    return call


def _bettors(mind: Mind) -> list[int]:
    """The opponents still in who have put the most chips in this hand."""
    seats = mind.view["seats"]
    live = [i for i, s in enumerate(seats) if i != mind.seat and not s["folded"] and not s["out"]]
    most = max((seats[i]["total"] for i in live), default=0)
    return [i for i in live if seats[i]["total"] == most]
