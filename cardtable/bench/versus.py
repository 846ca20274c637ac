"""The project's evaluator beside `treys` (the `bench` extra) on the same standard hands, in one run.

The project's side is `hands.api.ranker` (the lookup table when the variant has one, the general
matcher otherwise), valued on the variant's own card numbers; treys values the same hands in its
own card encoding. Times are CPU times of this process (a busy machine's waits are not counted),
medians of several alternating rounds; the orderings of the two are
compared hand by hand (treys: lower is better; the project: higher is better).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..hands import table as table_mod
from ..hands.api import evaluate_pool, ranker
from ..hands.rules import Rules
from ..variant import Variant

ROUNDS = 11
HANDS = 4000


def _treys_cards(variant: Variant) -> list[int] | None:
    """Each card of a standard deck in treys' encoding (None when the deck is not one)."""
    try:
        from treys import Card  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    deck = variant.deck
    if "rank" not in deck.attributes or "suit" not in deck.attributes or deck.size != 52:
        return None
    ranks, suits = deck.attributes["rank"], deck.attributes["suit"]
    rcol, scol = deck.column("rank"), deck.column("suit")
    out = []
    for c in range(deck.size):
        r = str(ranks.values[rcol[c]].id)
        s = str(suits.values[scol[c]].id)[:1]
        out.append(Card.new(r + s))
    return out


def _seconds(fn: Callable[[Sequence[int]], Any], hands: Sequence[Sequence[int]]) -> float:
    start = time.process_time()
    for h in hands:
        fn(h)
    return time.process_time() - start


def _treys_seconds(
    evaluate: Callable[[list[int], list[int]], int], split: Sequence[tuple[list[int], list[int]]]
) -> float:
    start = time.process_time()
    for a, b in split:
        evaluate(a, b)
    return time.process_time() - start


def _order_agrees(ours: list[tuple], theirs: list[int]) -> int:
    """Disagreements between consecutive hands' comparisons (0: identical orderings)."""
    bad = 0
    for i in range(len(ours) - 1):
        a = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        b = (theirs[i] < theirs[i + 1]) - (theirs[i] > theirs[i + 1])
        bad += a != b
    return bad


def run(variant: Variant, rules: Rules, rng: random.Random) -> dict[str, Any]:
    """Build time of the table, and per hand size the project's and treys' microseconds per hand,
    their ratio and whether they order the hands alike."""
    out: dict[str, Any] = {"variant": variant.id}
    p = table_mod.plan(rules)
    if p is not None:
        start = time.process_time()
        table_mod.build(rules, p, lambda h: evaluate_pool(rules, h).key)
        out["table_build_s"] = round(time.process_time() - start, 3)
    start = time.process_time()
    rank = ranker(rules)  # read from the cache folder (or built) on first use
    out["table_ready_s"] = round(time.process_time() - start, 3)
    enc = _treys_cards(variant)
    evaluator = None
    if enc is not None:
        from treys import Evaluator  # type: ignore[import-not-found,import-untyped,unused-ignore]

        evaluator = Evaluator()
    for n in (5, 7):
        hands = [rng.sample(range(variant.deck.size), n) for _ in range(HANDS)]
        ours = [rank(h) for h in hands]
        row: dict[str, Any] = {}
        if evaluator is not None and enc is not None:
            ev = evaluator
            split = [([enc[c] for c in h[:2]], [enc[c] for c in h[2:]]) for h in hands]
            theirs = [ev.evaluate(a, b) for a, b in split]
            times: list[tuple[float, float]] = []
            for r in range(ROUNDS):  # alternating (and which goes first), so both see the same machine
                if r % 2:
                    them = _treys_seconds(ev.evaluate, split)
                    times.append((_seconds(rank, hands), them))
                else:
                    times.append((_seconds(rank, hands), _treys_seconds(ev.evaluate, split)))
            mine = statistics.median(t[0] for t in times)
            them = statistics.median(t[1] for t in times)
            row["treys_us"] = round(them / HANDS * 1e6, 3)
            # each round's ratio is taken back to back, so a busy machine slows both alike
            row["ratio"] = round(statistics.median(t[0] / t[1] for t in times), 3)
            row["order_disagreements"] = _order_agrees(ours, theirs)
        else:
            mine = statistics.median(_seconds(rank, hands) for _ in range(ROUNDS))
        row["project_us"] = round(mine / HANDS * 1e6, 3)
        out[f"cards_{n}"] = row
    return out
