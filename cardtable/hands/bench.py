"""Hand evaluation speed, for `cardtable bench` (never asserted by tests).

`run()` measures hands per second for every built-in variant's evaluator on random hands of its
own form, standard 5- and 7-card hands beside the `treys` evaluator when it is installed (the
`bench` extra), a full 10-player showdown of the 12,000-card game with one 18-card pool (8 hole cards), and
the exhaustive 5-card tables.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from typing import Any

from .api import HandValue, evaluate_pool, evaluate_rules
from .counting import odds


def _rate(fn: Callable[[], object], budget: float = 0.6, least: int = 20) -> float:
    """Calls per second of fn over about `budget` seconds."""
    n, start = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - start
        if n >= least and elapsed >= budget:
            return n / elapsed


def _rate_over(items: list[Any], fn: Callable[[Any], object]) -> float:
    """Calls per second of fn, cycling through the prepared inputs."""
    cyc = itertools.cycle(items)
    return _rate(lambda: fn(next(cyc)))


def _variants() -> dict[str, Any]:
    from ..catalog import catalog

    return {e.id: e.variant for e in catalog() if e.builtin and e.variant is not None}


def _random_zones(variant: Any, rng: random.Random) -> dict[str, Any]:
    """Random cards for every zone the form names, sized like a real deal."""
    rules = variant.hands
    form = rules.form
    deck = list(range(variant.deck.size))
    rng.shuffle(deck)
    zones: dict[str, Any] = {}
    for use in form.uses:
        if use.line:
            side = 10 if variant.deck.size >= 1000 else 5
            cells = [(r, c) for r in range(side) for c in range(side)]
            zones[use.zone] = {cell: deck.pop() for cell in cells}
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
            zones[free[i % len(free)].zone].append(deck.pop())
    return zones


def showdown_12000(variant: Any, rng: random.Random, players: int = 10) -> float:
    """Seconds for one showdown: `players` hands of 4 hole cards (8 for one of them) against
    every row and column of a full 10x10 grid."""
    deck = rng.sample(range(variant.deck.size), 100 + 4 * players + 4)
    grid = {(i // 10, i % 10): c for i, c in enumerate(deck[:100])}
    start = time.perf_counter()
    at = 100
    values: list[HandValue] = []
    for p in range(players):
        n = 8 if p == 0 else 4
        values.append(evaluate_rules(variant.hands, {"hand": deck[at : at + n], "grid": grid}))
        at += n
    return time.perf_counter() - start


def _treys_rates(rng: random.Random) -> dict[str, float] | None:
    try:
        from treys import Card, Evaluator  # type: ignore[import-not-found]
    except ImportError:
        return None
    ev = Evaluator()
    full = [Card.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    out = {}
    for n in (5, 7):
        hands = [rng.sample(full, n) for _ in range(2000)]
        out[f"treys_{n}"] = _rate_over(hands, lambda h: ev.evaluate(h[:2], h[2:]))
    return out


def run(exhaustive: bool = True, seed: int = 1) -> dict[str, Any]:
    """Hands per second per variant, standard 5/7-card hands beside treys, the 12,000-card
    showdown, and the exhaustive table times."""
    rng = random.Random(seed)
    variants = _variants()
    per_variant: dict[str, float] = {}
    for vid, v in sorted(variants.items()):
        rules = v.sections.get("hands")
        if rules is None:
            continue
        if rules.form.runs_zone is not None:
            from .api import score_placement_rules

            cards = rng.sample(range(v.deck.size), 9)
            grid = {(0, i): c for i, c in enumerate(cards[:5])} | {
                (i, 2): c for i, c in enumerate(cards[5:], 1)
            }
            per_variant[vid] = _rate(lambda g=grid, r=rules: score_placement_rules(r, g, (0, 2)))
            continue
        deals = [_random_zones(v, rng) for _ in range(50)]
        per_variant[vid] = _rate_over(deals, lambda d, r=rules: evaluate_rules(r, d))
    out: dict[str, Any] = {"hands_per_second": per_variant}
    std = variants.get("texas_holdem")
    if std is not None:
        pools = {n: [rng.sample(range(52), n) for _ in range(2000)] for n in (5, 7)}
        for n in (5, 7):
            out[f"standard_{n}_card_per_second"] = _rate_over(
                pools[n], lambda p: evaluate_pool(std.hands, p, 5)
            )
        theirs = _treys_rates(rng)
        out["treys"] = theirs  # None when treys is not installed
    inf = variants.get("infinite_poker")
    if inf is not None:
        times = sorted(showdown_12000(inf, rng) for _ in range(5))
        out["showdown_12000_s"] = {"median": times[2], "max": times[-1]}
    if exhaustive:
        for vid in ("sevendeck_poker", "texas_holdem"):
            v = variants.get(vid)
            if v is not None:
                start = time.perf_counter()
                odds(v.hands, v.deck.size, exact=True)
                out[f"exhaustive_{vid}_s"] = time.perf_counter() - start
    return out


if __name__ == "__main__":  # pragma: no cover - a manual run
    import json

    print(json.dumps(run(), indent=2))
