"""Which categories a set of cards *contains*: every category its cards can form, not only the
highest. `odds --contains` counts these; the frequency ranking (ranking.py) orders categories by
how rarely a player can form them.

A category counts when its parts fit in a hand of the form's size taken from the cards (and, for
a hand formed from zones, under the form's rules: exactly-N zones, one line of a grid). Simple
patterns are searched directly; combined sets and exactly-N forms evaluate the hand under a copy
of the rules holding that one category, so every form the evaluator knows is honoured.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from .api import ZoneCards, _cards, _lines, evaluate_pool, evaluate_rules
from .pool import Pool
from .prefilter import _Static as Static
from .prefilter import allowed
from .rules import Rules
from .search import find

SMALL_DECK = 1000  # cards: the prefilter's per-card tables take about a millisecond per 100


def only(rules: Rules, index: int) -> Rules:
    """A copy of the rules whose one category is `index` (for 'can these cards form it?'), made
    once per rules: a copy starts with an empty memo, and what its evaluator remembers (bounds,
    lookups) pays only when the copy is asked again, hand after hand."""
    made: dict[int, Rules] = rules.memo.setdefault("only", {})
    got = made.get(index)
    if got is None:
        got = made[index] = dataclasses.replace(
            rules, categories=(rules.categories[index],), never_counts={}, warnings=()
        )
    return got


def _prefiltered(rules: Rules) -> bool:
    return len(rules.card_order) <= SMALL_DECK or isinstance(rules.memo.get("prefilter"), Static)


def _direct(rules: Rules) -> bool:
    return not rules.combine and rules.form.runs_zone is None


def formable(
    rules: Rules, cards: Sequence[int], size: int | None = None, declared: Sequence[int] = ()
) -> set[int]:
    """The indexes of every category a hand of `size` cards chosen from `cards` can be."""
    size = size or rules.size
    dset = frozenset(declared)
    out: set[int] = set()
    if _direct(rules):
        pool = Pool(rules, cards)
        # The categories the prefilter rules out `find` cannot make (prefilter.py); its tables are
        # made for a small deck, or used where the evaluator made them (a copy of the rules of a
        # 12,000-card deck, counting a few categories, would pay more for them than it saves).
        mask = allowed(rules, pool.cards, dset) if _prefiltered(rules) else -1
        for i, cat in enumerate(rules.categories):
            if not mask >> i & 1 or cat.size > size or (cat.exact and cat.size != len(pool.cards)):
                continue
            if find(rules, cat, pool, dset) is not None:
                out.add(i)
        return out
    for i in range(len(rules.categories)):
        if evaluate_pool(only(rules, i), cards, size, dset).rank == 0:
            out.add(i)
    return out


def formable_zones(rules: Rules, zones: Mapping[str, ZoneCards], declared: Sequence[int] = ()) -> set[int]:
    """Every category a player holding these zones can make under the variant's hand forming."""
    form = rules.form
    if form.runs_zone is not None:
        raise ValueError("this variant scores placements on a grid: it has no hand to form")
    exact = any(u.exactly is not None for u in form.uses)
    if _direct(rules) and not exact:
        free: list[int] = []
        line_zone = None
        for use in form.uses:
            zone = zones.get(use.zone, ())
            if use.line:
                line_zone = zone
            else:
                free.extend(_cards(zone))
        lines = (_lines(line_zone) if line_zone is not None else []) or [[]]
        out: set[int] = set()
        dset = frozenset(declared)
        for line in lines:
            pool = Pool(rules, free + line)
            for i, cat in enumerate(rules.categories):
                if i in out or cat.size > form.size:
                    continue
                if find(rules, cat, pool, dset) is not None:
                    out.add(i)
        return out
    return {
        i for i in range(len(rules.categories)) if evaluate_rules(only(rules, i), zones, declared).rank == 0
    }
