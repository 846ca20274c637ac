"""A hand ranking by exact odds, as the author's principle says ("hands are scored by the odds
against drawing that hand"): every category ordered by the exact number of hands of the author's
hand size, from the whole deck, that contain it (the "contains" reading of `odds --exact
--contains`), fewest first; categories held by equally many hands keep the published order among
themselves.

The counts come from enumeration where the deck is small (counting.py) and from profiles,
classes and cells where it is huge (profiles.py); a variant where some category cannot be
counted exactly is not offered this ranking. Counts are cached per rules' meaning (`exact_key`:
the deck's columns, the hand forming and the categories' canonical forms, not their names) in
the user cache folder, and shipped for the built-in variants in variants/rankings/exact-KEY.json
(`cardtable odds VARIANT --ranking` writes them).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..memo import PerObject
from .conditions import canonical_category
from .ranking_store import load_json, plain_data, ranked, reorder, save_json
from .rules import Rules

VERSION = 1  # bump when the counting changes: old cache files are then ignored
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Exact:
    """How many hands of `size` cards contain each category (indexes in the published order)."""

    names: tuple[str, ...]
    counts: tuple[int, ...]
    hands: int
    size: int

    @property
    def order(self) -> tuple[int, ...]:
        """Published indexes, best (fewest hands) first; ties in published order."""
        return tuple(sorted(range(len(self.names)), key=lambda i: (self.counts[i], i)))

    def share(self, index: int) -> float:
        return self.counts[index] / self.hands if self.hands else 0.0

    def ties(self) -> list[tuple[int, int]]:
        """Neighbours in the exact order held by equally many hands (ordered as published)."""
        order = self.order
        return [(a, b) for a, b in zip(order, order[1:]) if self.counts[a] == self.counts[b]]

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "counts": list(self.counts),
            "hands": self.hands,
            "size": self.size,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Exact:
        return Exact(
            tuple(str(n) for n in data["names"]),
            tuple(int(c) for c in data["counts"]),
            int(data["hands"]),
            int(data["size"]),
        )


def _enumerable(rules: Rules, deck_size: int) -> bool:
    """Whether counting.odds enumerates every hand of the rules' size in reasonable time."""
    from .counting import DIRECT_LIMIT, EXACT_LIMIT
    from .histograms import histogram_safe

    total = math.comb(deck_size, rules.size)
    return (histogram_safe(rules, rules.size) and total <= EXACT_LIMIT) or total <= DIRECT_LIMIT


def countable(variant: Any) -> bool:
    """Whether every category of the variant can be counted exactly (cached, shipped, by
    enumeration, or by profiles, classes and cells)."""
    from .profiles import supported

    if not ranked(variant):
        return False
    rules: Rules = variant.sections["hands"]
    if rules.size > variant.deck.size:
        return False
    if _memo.get(exact_key(variant)) is not None or cached(variant) is not None:
        return True
    if _enumerable(rules, variant.deck.size):
        return True
    return len(supported(rules, variant.deck.size, rules.size)) == len(rules.categories)


def count(variant: Any, progress: Progress | None = None) -> Exact:
    """Count now every category's hands (ValueError when some category cannot be counted)."""
    from .counting import odds
    from .profiles import count_contains

    rules: Rules = variant.sections["hands"]
    deck, size, n = variant.deck.size, rules.size, len(rules.categories)
    if _enumerable(rules, deck):
        tally = odds(rules, deck, exact=True, progress=progress, size=size, mode="contains")
        counts = tuple(tally.counts[:n])
    else:
        got = count_contains(rules, deck, size)
        if len(got) < n:
            missing = [rules.categories[i].name for i in range(n) if i not in got]
            raise ValueError(f"{variant.id}: {', '.join(missing)} cannot be counted exactly")
        counts = tuple(got[i] for i in range(n))
    return Exact(tuple(c.name for c in rules.categories), counts, math.comb(deck, size), size)


def exact_key(variant: Any) -> str:
    """A digest of what the counts depend on: the deck's cards, the hand forming and size, and
    the categories' meaning (not names or sentences). Worked out once per loaded variant (a
    loaded variant does not change): loading the 12,000-card game asks for it three times."""
    return _KEYS.get(variant, _exact_key)


_KEYS: PerObject[Any, str] = PerObject()  # exact keys of variants still alive


def _exact_key(variant: Any) -> str:
    rules: Rules = variant.sections["hands"]
    parts = [
        f"exact v{VERSION} {variant.deck.size} {rules.size}",
        repr(sorted((a, rules.columns[a]) for a in rules.columns)),
        repr((sorted(rules.multi), rules.wild, rules.dead, rules.combine, rules.combine_min_run)),
        repr(plain_data(rules.form)),
    ]
    parts += [repr(canonical_category(c)) for c in rules.categories]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:32]


def cache_file(variant: Any) -> Path:
    from ..paths import user_cache

    return user_cache() / "rankings" / f"exact-{exact_key(variant)}.json"


def shipped_file(variant: Any) -> Path:
    from ..paths import shipped

    return shipped("variants") / "rankings" / f"exact-{exact_key(variant)}.json"


def read(path: Path, variant: Any, follow_links: bool = False) -> Exact | None:
    try:
        got = Exact.from_json(load_json(path, follow_links))
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    rules: Rules = variant.sections["hands"]
    return got if len(got.counts) == len(rules.categories) and got.size == rules.size else None


def cached(variant: Any) -> Exact | None:
    """The counts made earlier for these rules, if the cache or the shipped files hold them."""
    return read(cache_file(variant), variant) or read(shipped_file(variant), variant, follow_links=True)


def ready(variant: Any) -> Exact | None:
    """The counts if they are at hand (in memory, cached or shipped), never counting now."""
    if not ranked(variant):
        return None
    return _memo.get(exact_key(variant)) or cached(variant)


def exact(variant: Any, progress: Progress | None = None) -> Exact:
    """The variant's exact counts: from memory, a cache or the shipped files, or counted now
    and cached."""
    key = exact_key(variant)
    got = _memo.get(key) or cached(variant)
    if got is None:
        got = count(variant, progress)
        save_json(cache_file(variant), json.dumps(got.to_json()))
    _memo[key] = got
    return got


_memo: dict[str, Exact] = {}
_rules: dict[str, Rules] = {}


def exact_rules(variant: Any, progress: Progress | None = None) -> Rules:
    """The variant's hand rules ranked by exact odds."""
    key = exact_key(variant)
    got = _rules.get(key)
    if got is None:
        got = _rules[key] = reorder(variant.sections["hands"], exact(variant, progress).order)
    return got
