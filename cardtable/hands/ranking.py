"""A hand ranking by true frequency: the variant's categories ordered by how rarely a player can
make each one in the game as really played, rarer higher.

The frequency of a category is the share of seats, dealt every card of a hand as the variant
deals it (asplayed.py), that can form it with the variant's hand forming (contains.py): hole
cards plus one line of a grid, exactly-N zones, combined sets. It is measured by a seeded
simulation, so it is the same on every machine, with a 95% interval per category. Categories seen
fewer than MIN_SEEN times are too rare to measure: they keep the published order among
themselves, above every measured one. Measured ones are ordered by their counts, fewest first, ties
in published order; a pair whose intervals do not overlap is therefore always in the right order,
and the pairs that do overlap are listed (`unseparated`).

A hand's value under this ranking is the highest category its cards can form in the new order:
the same evaluator, with the categories reordered. Tie-breaks within a category are unchanged.
Results are cached per variant content (its digest) in the user cache folder.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..memo import PerObject
from .conditions import canonical_category
from .counting import wilson
from .ranking_store import load_json, plain_data, reorder, save_json
from .ranking_store import ranked as ranked  # re-exported: callers ask it beside hand_rules
from .rules import Rules

VERSION = 1  # bump when the measurement changes: old cache files are then ignored
SAMPLES = 20_000  # seats dealt, where a hand is one plain pool of cards (cheap to search)
SAMPLES_SLOW = 2_000  # where it is a line of a grid, exactly-N zones or combined sets
SEED = 16
MIN_SEEN = 5
RANKINGS = ("published", "frequency", "exact")  # every ranking there is; `offered` says a variant's

Progress = Callable[[int, int], None]
EXPLAINED = {  # one line each, for New game and the rules page
    "published": "the author's printed order of the hands",
    "frequency": "rarer as dealt in this game ranks higher (measured by dealing hands)",
    "exact": "fewer hands of the deck hold it, higher (counted exactly, the author's principle)",
}


@dataclass(frozen=True)
class Frequency:
    """How often a seat can form each category (indexes in the published order)."""

    names: tuple[str, ...]
    counts: tuple[int, ...]
    samples: int
    seed: int

    @property
    def order(self) -> tuple[int, ...]:
        """Published indexes, best (rarest) first."""
        n = len(self.names)
        rare = [i for i in range(n) if self.counts[i] < MIN_SEEN]
        measured = sorted(
            (i for i in range(n) if self.counts[i] >= MIN_SEEN), key=lambda i: (self.counts[i], i)
        )
        return tuple(rare + measured)

    def measured(self, index: int) -> bool:
        return self.counts[index] >= MIN_SEEN

    def interval(self, index: int) -> tuple[float, float]:
        return wilson(self.counts[index], self.samples)

    def share(self, index: int) -> float:
        return self.counts[index] / self.samples if self.samples else 0.0

    def unseparated(self) -> list[tuple[int, int]]:
        """Neighbours in the frequency order whose 95% intervals overlap (their order is a guess)."""
        out = []
        order = [i for i in self.order if self.measured(i)]
        for a, b in zip(order, order[1:]):
            if self.interval(a)[1] >= self.interval(b)[0]:
                out.append((a, b))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "counts": list(self.counts),
            "samples": self.samples,
            "seed": self.seed,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Frequency:
        return Frequency(
            tuple(str(n) for n in data["names"]),
            tuple(int(c) for c in data["counts"]),
            int(data["samples"]),
            int(data["seed"]),
        )


def samples_for(variant: Any, rules: Rules) -> int:
    """How many seats to deal: fixed by the variant's shape (never by a clock), so the ranking
    is the same on every machine."""
    from .asplayed import deal_plan

    plan = deal_plan(variant, rules)
    slow = (
        rules.combine
        or any(z.grid for z in plan.zones)
        or any(u.exactly is not None for u in rules.form.uses)
    )
    return SAMPLES_SLOW if slow else SAMPLES


def measure(
    variant: Any, rules: Rules, samples: int | None = None, seed: int = SEED, progress: Progress | None = None
) -> Frequency:
    """Deal `samples` seats' hands as the game deals them and count what each can form."""
    from .asplayed import deal_plan, sample_contains

    plan = deal_plan(variant, rules)
    samples = samples or samples_for(variant, rules)
    counts = sample_contains(rules, plan, variant.deck.size, samples, seed, progress)
    n = len(rules.categories)
    return Frequency(
        tuple(c.name for c in rules.categories), tuple(counts.get(i, 0) for i in range(n)), samples, seed
    )


def offered(variant: Any) -> tuple[str, ...]:
    """The rankings a variant can be played by: published always; by frequency where hands are
    ranked; by exact odds where, besides, every category can be counted exactly."""
    if not ranked(variant):
        return ("published",)
    from .ranking_exact import countable

    return RANKINGS if countable(variant) else ("published", "frequency")


_KEYS: PerObject[Any, str] = PerObject()  # content keys of variants still alive


def content_key(variant: Any) -> str:
    """A digest of what the measurement depends on: the deck's cards, the categories' patterns,
    the hand forming and the deal (not names, sentences or comments, which change nothing).
    Worked out once per loaded variant (a loaded variant does not change): the rules screen asks
    for it several times on opening, 3 ms each for the 12,000-card deck."""
    return _KEYS.get(variant, _content_key)


def _content_key(variant: Any) -> str:
    from . import asplayed

    deal_plan = asplayed.deal_plan

    rules: Rules = variant.sections["hands"]
    parts = [
        f"v{VERSION} {samples_for(variant, rules)} {SEED}",
        repr(sorted((a, rules.columns[a]) for a in rules.columns)),
        repr(
            (
                sorted(rules.multi),
                rules.wild,
                rules.dead,
                rules.combine,
                rules.combine_min_run,
                plain_data(rules.form),
            )
        ),
        repr(plain_data(deal_plan(variant, rules))),
    ]
    # the categories' meaning (conditions.py's canonical forms), not how the classes are written:
    # a field added to a class, or a condition registered, leaves the keys of rules it does not touch
    parts += [repr(canonical_category(c)) for c in rules.categories]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:32]


def cache_file(variant: Any) -> Path:
    from ..paths import user_cache

    return user_cache() / "rankings" / f"{content_key(variant)}.json"


def shipped_file(variant: Any) -> Path:
    """Measurements shipped with the built-in variants (`cardtable odds --ranking` writes them)."""
    from ..paths import shipped

    return shipped("variants") / "rankings" / f"{content_key(variant)}.json"


def _read(path: Path, variant: Any, follow_links: bool = False) -> Frequency | None:
    try:
        got = Frequency.from_json(load_json(path, follow_links))
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    rules = variant.sections["hands"]
    return got if len(got.counts) == len(rules.categories) else None


def cached(variant: Any) -> Frequency | None:
    """The frequency measured earlier for this variant's content, if a cache holds it."""
    return _read(cache_file(variant), variant) or _read(shipped_file(variant), variant, follow_links=True)


def save(path: Path, got: Frequency) -> None:
    save_json(path, json.dumps(got.to_json()))


def frequency(variant: Any, progress: Progress | None = None) -> Frequency:
    """The variant's measured frequency: from a cache, or measured now and cached."""
    got = _memo.get(variant.digest) or cached(variant)
    if got is None:
        got = measure(variant, variant.sections["hands"], progress=progress)
        save(cache_file(variant), got)
    _memo[variant.digest] = got
    return got


_memo: dict[str, Frequency] = {}
_rules: dict[str, Rules] = {}


def frequency_rules(variant: Any, progress: Progress | None = None) -> Rules:
    """The variant's hand rules ranked by true frequency."""
    got = _rules.get(variant.digest)
    if got is None:
        got = _rules[variant.digest] = reorder(variant.sections["hands"], frequency(variant, progress).order)
    return got


def hand_rules(variant: Any, ranking: object = "published") -> Rules:
    """The hand rules a game plays with: published, by frequency or by exact odds, as its option says."""
    if ranking == "frequency" and ranked(variant):
        return frequency_rules(variant)
    if ranking == "exact" and ranked(variant):
        from .ranking_exact import exact_rules

        return exact_rules(variant)
    rules: Rules = variant.sections["hands"]
    return rules


def every_rules(variant: Any) -> list[Rules]:
    """Every hand rules a game of the variant may value hands by: under each ranking it offers,
    the ranking's rules and a split pot's second ones (what the table prepares, engine/scoring.py)."""
    out: list[Rules] = []
    if "hands" not in variant.sections:
        return out
    for ranking in offered(variant):
        rules = hand_rules(variant, ranking)
        out += [rules] if rules.split is None else [rules, rules.split.rules]
    return out
