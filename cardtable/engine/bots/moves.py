"""The computer player's move for each verb that asks a seat to decide, one function per verb,
registered in MOVES by the verb's name (the view's "phase").

Each takes (rules, view, legal, rng, deals): the fixed rules, the seat's view, the legal action
templates by type, the decision's own random generator and the level's number of deals (see
chance.py). It returns the action, or a generator that yields after each unit of work (a hand
valued) and returns the action, so the thinking can be spread over frames. Nothing here reads the
clock or the state.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Generator
from typing import Any

from ..scoring import score_placement
from .chance import win_chance
from .randomly import fill
from .seen import hand_cards, own_value

Action = dict[str, Any]
Thought = Generator[None, None, Action]
Move = Callable[[Any, dict[str, Any], dict[str, dict[str, Any]], random.Random, int], "Action | Thought"]
SWAP_CANDIDATES = 40  # ways of giving k cards back tried in an exchange (a fixed, seeded choice)


def bet_move(rules: Any, view: dict, legal: dict, rng: random.Random, deals: int) -> Thought:
    """Bet by the estimated chance to win against the hands still in, relative to an average hand."""
    seat = view["seat"]
    a: Action = {"seat": seat}
    me = view["seats"][seat]
    pot = sum(p["amount"] for p in view["pots"])
    chance = yield from win_chance(rules, view, rng, deals)
    live = sum(1 for s in view["seats"] if not s["folded"] and not s["out"])
    strength = chance * max(live, 1)  # 1.0: an average hand at this table
    cost = legal["call"]["cost"] if "call" in legal else 0
    call: Action = {}  # a strong hand calls the showdown, sometimes showing its best cards
    opener = legal.get("raise") or legal.get("bet")
    for t in legal.values():
        if t.get("showdown_allowed") and strength > 1.5 and rng.random() < 0.6:
            call = {"showdown": True}
            if t.get("reveal_count") and strength > 1.8 and rng.random() < 0.5:
                hand = hand_cards(view)
                shown = [c for c in own_value(rules, view, hand).cards if c in hand][: t["reveal_count"]]
                if len(shown) == t["reveal_count"]:
                    call["reveal"] = shown
    if opener and strength > 1.4 + rng.random() * 0.5:
        size = int(max(opener["min"], min(opener["max"], (pot + cost) * (0.5 + rng.random()))))
        return {**a, "type": opener["type"], "amount": size, **call}
    if "check" in legal:
        return {**a, "type": "check", **call}
    if "call" in legal:
        price = cost / max(pot + cost, 1)
        if chance >= price * 0.9 or cost <= me["chips"] * 0.02 or strength > 0.9:
            return {**a, "type": "call", **call}
    if "all_in" in legal and "call" not in legal and "check" not in legal and not opener and strength > 1.0:
        return {**a, "type": "all_in", **call}
    if opener and "fold" in legal and strength > 1.2:
        return {**a, "type": opener["type"], "amount": opener["min"], **call}
    return {**a, "type": "fold"}


def draw_move(rules: Any, view: dict, legal: dict, rng: random.Random, deals: int) -> Action:
    """Trade in the cards the best hand does not use, weakest first, keeping the ones that make it."""
    t = legal["discard"]
    hand = hand_cards(view)
    value = own_value(rules, view, hand)
    keep = set(value.made)
    # Cards the best hand does not use go first, then its kickers from the weakest up.
    order = {c: i for i, c in enumerate(value.cards)}
    spare = sorted((c for c in hand if c not in keep), key=lambda c: -order.get(c, len(hand)))
    return {"seat": view["seat"], "type": "discard", "cards": spare[: t["max"]]}


def exchange_move(rules: Any, view: dict, legal: dict, rng: random.Random, deals: int) -> Thought:
    """Take cards from the card pot when that makes a better hand, else draw; after a draw, give
    back the card whose loss hurts least."""
    a: Action = {"seat": view["seat"]}
    if "discard" in legal:
        least = yield from _least_needed(rules, view)
        return {**a, "type": "discard", "cards": least[:1]}
    if "swap" in legal:
        hand = hand_cards(view)
        k = legal["swap"]["count"]
        pot = next(
            z
            for z in view["zones"].values()
            if z["owner"] == "table" and z["visibility"] == "everyone" and z.get("cards")
        )
        taken = pot["cards"][-k:]
        combos = list(itertools.combinations(hand, k))
        rng.shuffle(combos)
        now = own_value(rules, view, hand).key
        best = None
        for give in combos[:SWAP_CANDIDATES]:
            key = own_value(rules, view, [c for c in hand if c not in give] + taken).key
            yield
            if best is None or key > best[0]:
                best = (key, give)
        if best and best[0] > now:
            return {**a, "type": "swap", "give": list(best[1])}
        if "draw" not in legal:
            least = yield from _least_needed(rules, view)
            return {**a, "type": "swap", "give": least[:k]}
    if "draw" in legal:
        return {**a, "type": "draw"}
    return {**a, "type": "pass"}


def _least_needed(rules: Any, view: dict) -> Generator[None, None, list[int]]:
    """The hand's cards, the one whose loss hurts the hand least first."""
    hand = hand_cards(view)
    scored = []
    for c in hand:
        scored.append((own_value(rules, view, [x for x in hand if x != c]).key, c))
        yield
    scored.sort(reverse=True)
    return [c for _, c in scored]


def place_move(rules: Any, view: dict, legal: dict, rng: random.Random, deals: int) -> Thought:
    """Place the card where it scores most (ties broken at random)."""
    t = legal["place"]
    grid_zone = next(z for z in view["zones"].values() if z["shape"] == "open_grid")
    grid = {(r, c): card for r, c, card in grid_zone["cells"]}
    best: tuple[int, float] | None = None
    choice = None
    for card in t["cards"]:
        for at in t["spots"]:
            grid[(at[0], at[1])] = card
            pts = score_placement(rules, grid, (at[0], at[1])).total
            del grid[(at[0], at[1])]
            k = (pts, rng.random())
            if best is None or k > best:
                best, choice = k, (card, at)
        yield
    assert choice is not None
    return {"seat": view["seat"], "type": "place", "card": choice[0], "at": list(choice[1])}


def reveal_move(rules: Any, view: dict, legal: dict, rng: random.Random, deals: int) -> Action:
    """On a grid, turn up a card of the line most uncovered (one of them will be someone's hand);
    elsewhere any face-down card will do."""
    t = legal["flip"]
    a: Action = {"seat": view["seat"], "type": "flip"}
    if t["key"] != "at":
        return {**a, "index": rng.choice(t["choices"])}
    grid = next((z for z in view["zones"].values() if z.get("cells") and z["shape"] == "grid"), None)
    if grid is None:
        return {**a, "at": rng.choice(t["choices"])}
    rows: dict[int, int] = {}
    cols: dict[int, int] = {}
    for r, c, card in grid["cells"]:
        if card >= 0:
            rows[r] = rows.get(r, 0) + 1
            cols[c] = cols.get(c, 0) + 1
    best = max(t["choices"], key=lambda rc: (max(rows.get(rc[0], 0), cols.get(rc[1], 0)), rng.random()))
    return {**a, "at": best}


def declare_move(rules: Any, view: dict, legal: dict, rng: random.Random, deals: int) -> Action:
    """Name no cards when that is allowed (a called shot rarely pays); otherwise name any."""
    if "pass" in legal:
        return {"seat": view["seat"], "type": "pass"}
    return fill(rules, view["seat"], legal["declare"], [], rng)


def any_move(rules: Any, view: dict, legal: dict, rng: random.Random, deals: int) -> Action:
    """A verb with no move of its own yet: any legal action, filled in at random."""
    return fill(rules, view["seat"], rng.choice(list(legal.values())), hand_cards(view), rng)


MOVES: dict[str, Move] = {
    "bet": bet_move,
    "draw": draw_move,
    "exchange": exchange_move,
    "place": place_move,
    "reveal": reveal_move,
    "declare": declare_move,
}
