"""Computer players. `choose_action(rules, state, seat, rng)` decides from the seat's VIEW only
(it never looks at a hidden card) and returns a legal action.

Betting follows an estimate of the chance to win, found by dealing the unseen cards at random to
the other players and the hidden places of the table many times and comparing hands with the
hands evaluator (within a time budget, so a decision takes well under a second even with 12,000
cards). Draws keep the cards that make the best hand; exchanges take the card pot when it helps;
in the grid game the placement that scores most is played. `random_action` plays any legal
action at random (tests use it).
"""

from __future__ import annotations

import random
import time
from typing import Any

from .scoring import evaluate_zones, score_placement

BUDGET_S = 0.12  # thinking time for the win estimate (at most MAX_SAMPLES deals)
MAX_SAMPLES = 120


def random_action(rules: Any, state: dict, seat: int, rng: random.Random) -> dict[str, Any]:
    """Any legal action, chosen at random (amounts and cards too)."""
    templates = rules.legal_actions(state, seat)
    t = rng.choice(templates)
    return fill(rules, state, seat, t, rng)


def fill(rules: Any, state: dict, seat: int, t: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    a: dict[str, Any] = {"seat": seat, "type": t["type"]}
    hand = (
        _hand_cards(rules.view(state, seat), seat)
        if t["type"] in ("discard", "swap") or t.get("showdown_allowed")
        else []
    )
    if t["type"] in ("bet", "raise"):
        a["amount"] = rng.randint(t["min"], t["max"])
    elif t["type"] == "discard":
        a["cards"] = rng.sample(hand, rng.randint(t["min"], min(t["max"], len(hand))))
    elif t["type"] == "swap":
        a["give"] = rng.sample(hand, t["count"])
    elif t["type"] == "flip":
        a[t["key"]] = rng.choice(t["choices"])
    elif t["type"] == "declare":
        a["cards"] = rng.sample(range(rules.variant.deck.size), t["count"])
    elif t["type"] == "place":
        a["card"], a["at"] = rng.choice(t["cards"]), rng.choice(t["spots"])
    if t.get("showdown_allowed") and rng.random() < 0.15:
        a["showdown"] = True
        if t.get("reveal_count") and rng.random() < 0.5 and len(hand) >= t["reveal_count"]:
            a["reveal"] = rng.sample(hand, t["reveal_count"])
    return a


def _hand_cards(view: dict, seat: int) -> list[int]:
    for z in view["zones"].values():
        if z["owner"] == seat and "cards" in z and z["shape"] != "stack":
            return [c for c in z["cards"] if c >= 0]
    return []


def _zones_for(rules: Any, view: dict, seat: int) -> dict[str, Any]:
    """The zones a seat's hand is formed from, by layout name, as the view shows them (-1 = hidden)."""
    out: dict[str, Any] = {}
    for key, z in view["zones"].items():
        name, _, owner = key.partition("/")
        if name == rules.layout.deck or (owner and int(owner) != seat):
            continue
        out[name] = {(r, c): card for r, c, card in z["cells"]} if "cells" in z else list(z["cards"])
    return out


def _unseen(rules: Any, view: dict) -> list[int]:
    seen: set[int] = set()
    for z in view["zones"].values():
        if "cells" in z:
            seen.update(card for _, _, card in z["cells"] if card >= 0)
        else:
            seen.update(card for card in z["cards"] if card >= 0)
    return [c for c in range(rules.variant.deck.size) if c not in seen]


def _fill_hidden(
    zones: dict[str, Any], pool: list[int], rng: random.Random, taken: set[int]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, z in zones.items():
        if isinstance(z, dict):
            out[name] = {p: (c if c >= 0 else _pick(pool, rng, taken)) for p, c in z.items()}
        else:
            out[name] = [c if c >= 0 else _pick(pool, rng, taken) for c in z]
    return out


def _pick(pool: list[int], rng: random.Random, taken: set[int]) -> int:
    for _ in range(50):
        c = pool[rng.randrange(len(pool))]
        if c not in taken:
            taken.add(c)
            return c
    c = next(x for x in pool if x not in taken)
    taken.add(c)
    return c


def win_chance(rules: Any, view: dict, seat: int, rng: random.Random, budget: float | None = None) -> float:
    """The estimated chance that the seat's hand is the best of those still in."""
    others = [i for i, s in enumerate(view["seats"]) if i != seat and not s["folded"] and not s["out"]]
    if not others:
        return 1.0
    mine = _zones_for(rules, view, seat)
    theirs = {o: _zones_for(rules, view, o) for o in others}
    pool = _unseen(rules, view)
    if not pool:
        return 0.5
    declared = view["declared"]
    wins = total = 0
    end = time.perf_counter() + (BUDGET_S if budget is None else budget)
    while total < MAX_SAMPLES and (total < 4 or time.perf_counter() < end):
        taken: set[int] = set()
        shared = {n: z for n, z in mine.items() if not rules.layout.zones[n].per_seat}
        table = _fill_hidden(shared, pool, rng, taken)
        me = dict(_fill_hidden({n: z for n, z in mine.items() if n not in shared}, pool, rng, taken), **table)
        my_key = evaluate_zones(rules, me, declared[seat] or ()).key
        best = True
        for o in others:
            own = {n: z for n, z in theirs[o].items() if n not in shared}
            # An opponent's unseen hand is as big as it is on the table (its count).
            z = dict(_fill_hidden(own, pool, rng, taken), **table)
            if evaluate_zones(rules, z, declared[o] or ()).key > my_key:
                best = False
                break
        wins += best
        total += 1
    return wins / total


def choose_action(rules: Any, state: dict, seat: int, rng: random.Random) -> dict[str, Any]:
    """A sensible legal action for `seat`, decided from its view."""
    view = rules.view(state, seat)
    legal = {t["type"]: t for t in view["legal"]}
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make")
    a = {"seat": seat}
    if "place" in legal:
        return _place(rules, view, legal["place"], seat, rng)
    if "flip" in legal:
        return {**a, "type": "flip", **_flip(view, legal["flip"], rng)}
    if "declare" in legal:
        return {**a, "type": "pass"} if "pass" in legal else fill(rules, state, seat, legal["declare"], rng)
    if "discard" in legal and legal["discard"]["max"] == 1 and legal["discard"]["min"] == 1:
        return {**a, "type": "discard", "cards": [_worst(rules, view, seat, 1)[0]]}
    if "discard" in legal:
        t = legal["discard"]
        return {**a, "type": "discard", "cards": _worst(rules, view, seat, t["max"], keep_made=True)}
    if "draw" in legal or "swap" in legal or "pass" in legal and len(legal) == 1:
        return _exchange(rules, view, legal, seat, rng)
    return _bet(rules, view, legal, seat, rng)


def _own_value(rules: Any, view: dict, seat: int, hand: list[int]) -> Any:
    zones = _zones_for(rules, view, seat)
    for name in zones:
        if rules.layout.zones[name].per_seat and not rules.layout.zones[name].is_grid:
            zones[name] = hand
            break
    known = {
        n: ([c for c in z if c >= 0] if isinstance(z, list) else {p: c for p, c in z.items() if c >= 0})
        for n, z in zones.items()
    }
    return evaluate_zones(rules, known, view["declared"][seat] or ())


def _worst(rules: Any, view: dict, seat: int, most: int, keep_made: bool = False) -> list[int]:
    """Up to `most` cards of the hand that its best hand does not need (lowest first)."""
    hand = _hand_cards(view, seat)
    value = _own_value(rules, view, seat, hand)
    keep = set(getattr(value, "made", ()) or ()) if keep_made else set(value.cards)
    spare = [c for c in hand if c not in keep]
    if not keep_made:  # must give one: the one whose loss hurts least
        scored = []
        for c in hand:
            rest = [x for x in hand if x != c]
            scored.append((_own_value(rules, view, seat, rest).key, c))
        scored.sort(reverse=True)
        return [c for _, c in scored][:most]
    order = {c: i for i, c in enumerate(value.cards)}
    spare.sort(key=lambda c: -order.get(c, -1))
    return spare[:most]


def _exchange(rules: Any, view: dict, legal: dict, seat: int, rng: random.Random) -> dict[str, Any]:
    a = {"seat": seat}
    if "swap" in legal:
        hand = _hand_cards(view, seat)
        k = legal["swap"]["count"]
        pot = next(
            z
            for key, z in view["zones"].items()
            if z["owner"] == "table" and z["visibility"] == "everyone" and z.get("cards")
        )
        taken = pot["cards"][-k:]
        best = None
        for give in _subsets(hand, k, rng):
            new = [c for c in hand if c not in give] + taken
            key = _own_value(rules, view, seat, new).key
            if best is None or key > best[0]:
                best = (key, give)
        now = _own_value(rules, view, seat, hand).key
        if best and best[0] > now:
            return {**a, "type": "swap", "give": list(best[1])}
    if "draw" in legal:
        return {**a, "type": "draw"}
    if "swap" in legal:
        hand = _hand_cards(view, seat)
        return {**a, "type": "swap", "give": _worst(rules, view, seat, legal["swap"]["count"])}
    return {**a, "type": "pass"}


def _subsets(hand: list[int], k: int, rng: random.Random) -> list[tuple[int, ...]]:
    import itertools

    combos = list(itertools.combinations(hand, k))
    rng.shuffle(combos)
    return combos[:40]


def _place(rules: Any, view: dict, t: dict, seat: int, rng: random.Random) -> dict[str, Any]:
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
    assert choice is not None
    return {"seat": seat, "type": "place", "card": choice[0], "at": list(choice[1])}


def _bet(rules: Any, view: dict, legal: dict, seat: int, rng: random.Random) -> dict[str, Any]:
    a = {"seat": seat}
    me = view["seats"][seat]
    pot = sum(p["amount"] for p in view["pots"])
    chance = win_chance(rules, view, seat, rng)
    live = sum(1 for s in view["seats"] if not s["folded"] and not s["out"])
    fair = 1.0 / max(live, 1)
    strength = chance / fair  # 1.0: an average hand at this table
    cost = legal["call"]["cost"] if "call" in legal else 0
    call: dict[str, Any] = {}  # a strong hand calls the showdown, sometimes showing its best cards
    opener = legal.get("raise") or legal.get("bet")
    for t in legal.values():
        if t.get("showdown_allowed") and strength > 1.5 and rng.random() < 0.6:
            call = {"showdown": True}
            if t.get("reveal_count") and strength > 1.8 and rng.random() < 0.5:
                hand = _hand_cards(view, seat)
                value = _own_value(rules, view, seat, hand)
                shown = [c for c in value.cards if c in hand][: t["reveal_count"]]
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


def _flip(view: dict, t: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """On a grid, finish the lines that are most uncovered (one of them will be someone's hand);
    elsewhere any face-down card will do."""
    if t["key"] != "at":
        return {"index": rng.choice(t["choices"])}
    grid = next((z for z in view["zones"].values() if z.get("cells") and z["shape"] == "grid"), None)
    if grid is None:
        return {"at": rng.choice(t["choices"])}
    rows: dict[int, int] = {}
    cols: dict[int, int] = {}
    for r, c, card in grid["cells"]:
        if card >= 0:
            rows[r] = rows.get(r, 0) + 1
            cols[c] = cols.get(c, 0) + 1
    best = max(t["choices"], key=lambda rc: (max(rows.get(rc[0], 0), cols.get(rc[1], 0)), rng.random()))
    return {"at": best}
