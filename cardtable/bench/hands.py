"""Hand evaluation speed: hands per second for every variant's evaluator on random hands of its own
form, standard 5- and 7-card hands beside the `treys` evaluator when it is installed (the `bench`
extra), a full showdown of the biggest deck's game, and the exhaustive odds tables.

The caller passes the variants in (`cardtable bench` gives the built-in ones); `choose` says which
of them stand for the standard deck, the biggest deck and the exhaustive tables.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Mapping
from typing import Any

from ..hands.api import ZoneCards, evaluate_pool, evaluate_rules, score_placement_rules
from ..hands.asplayed import dealing
from ..hands.counting import odds
from ..hands.rules import Rules
from ..variant import Variant
from . import versus
from .choose import biggest_deck, exhaustive, hand_rules, standard_deck
from .stats import rate, rate_over

Zones = dict[str, ZoneCards]


def grid_cells(variant: Variant, zone: str) -> list[tuple[int, int]]:
    """Every cell of a fixed grid zone (5x5 when the layout gives no size)."""
    found = variant.sections["layout"].zones.get(zone)
    rows, cols = found.size if found is not None and found.size else (5, 5)
    return [(r, c) for r in range(rows) for c in range(cols)]


def dealt(variant: Variant, zone: str) -> tuple[int, int]:
    """Cards the phases deal to a seat's zone: (to every seat, to a seat holding every role)."""
    deals = [d for _, d in dealing(variant) if d.zone == zone]
    everyone = sum(d.cards for d in deals if not d.role)
    return everyone, everyone + sum(d.cards for d in deals if d.role)


def random_zones(variant: Variant, rules: Rules, rng: random.Random) -> Zones:
    """Random cards for every zone the form names, sized like a real deal."""
    form = rules.form
    deck = list(range(variant.deck.size))
    rng.shuffle(deck)
    zones: Zones = {}
    for use in form.uses:
        if use.line:
            zones[use.zone] = {cell: deck.pop() for cell in grid_cells(variant, use.zone)}
        elif use.exactly is not None:
            zones[use.zone] = [deck.pop() for _ in range(use.exactly)]
        else:
            zones[use.zone] = []
    free = [u for u in form.uses if u.exactly is None and not u.line]
    room = form.size - sum(len(z) for z in zones.values() if isinstance(z, list))
    if free:
        # Hold'em-like pools hold more cards than the hand (best 5 of 7, 6 of 9 + 3...)
        extra = room + (2 if len(free) > 1 else 0) + (3 if any(u.exactly for u in form.uses) else 0)
        for i in range(extra if not any(u.line for u in form.uses) else 4):
            pile = zones[free[i % len(free)].zone]
            assert isinstance(pile, list)
            pile.append(deck.pop())
    return zones


def showdown_zones(rules: Rules) -> tuple[str, str] | None:
    """(hole cards zone, grid zone) when hands are hole cards plus one line of a grid."""
    uses = rules.form.uses
    line = next((u.zone for u in uses if u.line), None)
    hole = next((u.zone for u in uses if not u.line), None)
    return (hole, line) if line is not None and hole is not None else None


def showdown_s(variant: Variant, rules: Rules, rng: random.Random, players: int = 10) -> float:
    """Seconds for one showdown of `players` seats against every line of a full grid, one seat
    holding the cards of every role (a role dealt extra cards)."""
    zones = showdown_zones(rules)
    assert zones is not None, "a showdown against a grid needs a grid in the hand's form"
    hole, line = zones
    cells = grid_cells(variant, line)
    few, most = dealt(variant, hole)
    cards = rng.sample(range(variant.deck.size), len(cells) + few * (players - 1) + most)
    grid = dict(zip(cells, cards))
    at = len(cells)
    start = time.perf_counter()
    for p in range(players):
        n = most if p == 0 else few
        evaluate_rules(rules, {hole: cards[at : at + n], line: grid})
        at += n
    return time.perf_counter() - start


def treys_rates(rng: random.Random) -> dict[str, float] | None:
    try:
        from treys import Card, Evaluator  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    ev = Evaluator()
    full = [Card.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    out = {}
    for n in (5, 7):
        hands = [rng.sample(full, n) for _ in range(2000)]
        out[f"treys_{n}"] = rate_over(hands, lambda h: ev.evaluate(h[:2], h[2:]))
    return out


def placement_rate(variant: Variant, rules: Rules, rng: random.Random) -> float:
    """Placements scored per second: a card placed where a row of five crosses a column of five."""
    cards = rng.sample(range(variant.deck.size), 9)
    grid = {(0, i): c for i, c in enumerate(cards[:5])} | {(i, 2): c for i, c in enumerate(cards[5:], 1)}
    return rate(lambda: score_placement_rules(rules, grid, (0, 2)))


def run(variants: Mapping[str, Variant], exhaustive_tables: bool = True, seed: int = 1) -> dict[str, Any]:
    """Hands per second per variant, standard 5/7-card hands beside treys, the biggest deck's
    showdown, and the exhaustive table times."""
    rng = random.Random(seed)
    ruled = {vid: r for vid, v in variants.items() if (r := hand_rules(v)) is not None}
    per_variant: dict[str, float] = {}
    for vid, rules in sorted(ruled.items()):
        if rules.form.runs_zone is not None:
            per_variant[vid] = placement_rate(variants[vid], rules, rng)
        else:
            deals = [random_zones(variants[vid], rules, rng) for _ in range(50)]
            per_variant[vid] = rate_over(deals, functools.partial(evaluate_rules, rules))
    out: dict[str, Any] = {"hands_per_second": per_variant}
    std = standard_deck(variants)
    out["standard_variant"] = std
    if std is not None:
        best_five = functools.partial(evaluate_pool, ruled[std], size=5)
        for n in (5, 7):
            pools = [rng.sample(range(52), n) for _ in range(2000)]
            out[f"standard_{n}_card_per_second"] = rate_over(pools, best_five)
        out["treys"] = treys_rates(rng)  # None when treys is not installed
        out["versus_treys"] = versus.run(variants[std], ruled[std], rng)
    big = biggest_deck(variants)
    if big is not None and big in ruled and showdown_zones(ruled[big]) is not None:
        times = sorted(showdown_s(variants[big], ruled[big], rng) for _ in range(5))
        out["showdown_s"] = {"variant": big, "players": 10, "median": times[2], "max": times[-1]}
    if exhaustive_tables:
        for vid in exhaustive(variants):
            start = time.perf_counter()
            odds(ruled[vid], variants[vid].deck.size, exact=True)
            out[f"exhaustive_{vid}_s"] = time.perf_counter() - start
    return out
