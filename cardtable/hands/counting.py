"""Category frequencies of random hands: exact enumeration where feasible (histograms.py when a
hand's category follows from its histograms, one by one otherwise), sampling otherwise."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .api import evaluate_pool, strength
from .contains import formable
from .histograms import count_exact, histogram_safe
from .rules import Rules
from .value import HandValue

Progress = Callable[[int, int], None]
# What one hand counts for: its best category ("best"), or every category it contains.
Classify = Callable[[tuple[int, ...]], "list[int] | set[int]"]
MODES = ("best", "contains")
QUALIFIES = -1  # the count's key for hands meeting a qualifier (a split's low half: eight or better)
Qualify = Callable[[HandValue], bool]


@dataclass
class Tally:
    names: list[str]  # the categories in ranking order, plus "No Hand" last if any hand has none
    counts: list[int]
    hands: int
    method: str  # "exact" or "sampled"
    hand_size: int
    intervals: list[tuple[float, float]] = field(default_factory=list)
    mode: str = "best"  # "best": each hand's highest category; "contains": every category it holds
    dealt: int = 0  # cards a hand is chosen from (more than hand_size: the best hand_size of them)
    published: list[str] = field(default_factory=list)  # the author's odds, as written ("" if none)
    lowest_wins: bool = False  # lowball: the categories' last is the best hand
    qualifying: int | None = None  # hands meeting the qualifier, when one was given
    categories: int = 0  # rows that are the ranking's categories (a "No Hand" row follows them)

    def best_first(self) -> list[int]:
        """The rows in order of the hand they count, best first: for lowball the categories'
        order turned round (the last category is the best low); "No Hand" stays last."""
        rows = list(range(len(self.names)))
        cats = self.categories or len(rows)
        return rows[:cats][::-1] + rows[cats:] if self.lowest_wins else rows


def hand_count(deck_size: int, size: int) -> int:
    return math.comb(deck_size, size)


def classifier(rules: Rules, size: int, mode: str = "best", qualify: Qualify | None = None) -> Classify:
    """The categories one hand counts for: its best (of `size` cards), or all it contains; with
    `qualify`, a hand whose best meets it also counts for QUALIFIES."""
    if mode == "contains":
        return lambda hand: formable(rules, hand, size) or [len(rules.categories)]
    if qualify is not None:

        def best_and_qualifies(hand: tuple[int, ...]) -> list[int]:
            v = evaluate_pool(rules, hand, size)
            return [v.rank, QUALIFIES] if qualify(v) else [v.rank]

        return best_and_qualifies
    if size == rules.size and not rules.lowest_wins and not rules.combine:
        # A key's first field is the category's place from the bottom: the lookup table's key
        # when the rules have one (read, or built once enough hands were valued), the matcher's else.
        top = len(rules.categories)
        return lambda hand: [top - strength(rules, hand)[0]]
    return lambda hand: [evaluate_pool(rules, hand, size).rank]


def count_direct(
    rules: Rules,
    n_cards: int,
    size: int,
    progress: Progress | None = None,
    classify: Classify | None = None,
) -> Counter[int]:

    classify = classify or classifier(rules, size)
    out: Counter[int] = Counter()
    total = hand_count(n_cards, size)
    for i, hand in enumerate(itertools.combinations(range(n_cards), size)):
        out.update(classify(hand))
        if progress and i % 1000 == 0:
            progress(i, total)
    return out


def count_sampled(
    rules: Rules,
    n_cards: int,
    size: int,
    samples: int,
    seed: int | None,
    progress: Progress | None = None,
    classify: Classify | None = None,
) -> Counter[int]:
    classify = classify or classifier(rules, size)
    rng = random.Random(seed)
    out: Counter[int] = Counter()
    deck = range(n_cards)
    for i in range(samples):
        out.update(classify(tuple(rng.sample(deck, size))))
        if progress and i % 200 == 0:
            progress(i, samples)
    if progress:
        progress(samples, samples)
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


EXACT_LIMIT = 5_000_000  # hands tallied by histogram
DIRECT_LIMIT = 100_000  # hands evaluated one by one


def odds(
    rules: Rules,
    n_cards: int,
    *,
    exact: bool | None = None,
    samples: int = 20_000,
    seed: int | None = None,
    progress: Progress | None = None,
    size: int | None = None,
    mode: str = "best",
    qualify: Qualify | None = None,
) -> Tally:
    """Category frequencies for random hands of `size` cards (default the variant's hand size)
    from its whole deck. More cards than the hand size: each counts as its best hand of the
    variant's size. mode "contains" counts every category a hand holds, not only the highest.

    exact=None chooses: exact when feasible, else sampled. exact=True forces enumeration
    (ValueError when it is out of reach). `qualify`: also count the hands whose best meets it.
    """
    if mode not in MODES:
        raise ValueError(f"no mode '{mode}': choose one of {', '.join(MODES)}")
    dealt = size or rules.size
    if dealt > n_cards:
        raise ValueError(f"a hand of {dealt} cards needs a deck of at least {dealt}; this one has {n_cards}")
    hand = min(dealt, rules.size)
    classify = classifier(rules, hand, mode, qualify)
    total = hand_count(n_cards, dealt)
    safe = histogram_safe(rules, dealt)
    feasible = (safe and total <= EXACT_LIMIT) or total <= DIRECT_LIMIT
    if exact and not feasible and total > 50 * EXACT_LIMIT:
        raise ValueError(f"{total:,} hands are too many to enumerate; use --samples")
    if exact or (exact is None and feasible):
        count = count_exact if safe else count_direct
        counts = count(rules, n_cards, dealt, progress, classify)
        method, hands = "exact", total
    else:
        counts = count_sampled(rules, n_cards, dealt, samples, seed, progress, classify)
        method, hands = "sampled", samples
    return tally(rules, counts, hands, method, hand, mode, dealt, qualify is not None)


def tally(
    rules: Rules,
    counts: Counter[int],
    hands: int,
    method: str,
    size: int,
    mode: str,
    dealt: int,
    qualified: bool = False,
) -> Tally:
    """The table of one count: categories in ranking order, "No Hand" last when some hands have
    none, intervals when sampled; `qualified`: the count has the hands meeting a qualifier."""
    names = [c.name for c in rules.categories]
    published = [c.published for c in rules.categories]
    values = [counts.get(i, 0) for i in range(len(names))]
    if counts.get(len(names), 0):
        names.append("No Hand")
        published.append("")
        values.append(counts[len(names) - 1])
    intervals = [wilson(k, hands) for k in values] if method == "sampled" else []
    qualifying = counts.get(QUALIFIES, 0) if qualified else None
    n = len(rules.categories)
    return Tally(
        names,
        values,
        hands,
        method,
        size,
        intervals,
        mode,
        dealt,
        published,
        rules.lowest_wins,
        qualifying,
        n,
    )


def against(count: int, hands: int) -> float | None:
    """The odds against ((hands - count) / count, "n to 1"), None when never seen."""
    if not count:
        return None
    return (hands - count) / count


def as_json(variant_id: str, t: Tally) -> dict[str, Any]:
    """name, count, hands, probability, 95% interval, the true odds against and the published
    odds (as written and as a number) per category."""
    from .against import parse_against

    cats = []
    for i in t.best_first():
        name, k = t.names[i], t.counts[i]
        p = k / t.hands if t.hands else 0.0
        entry: dict[str, Any] = {
            "name": name,
            "count": k,
            "hands": t.hands,
            "probability": p,
            "ci95": list(t.intervals[i]) if t.intervals else [p, p],
            "odds_against": against(k, t.hands),
        }
        text = t.published[i] if i < len(t.published) else ""
        if text:
            entry["published"] = text
            entry["published_against"] = parse_against(text)
        cats.append(entry)
    return {
        "variant": variant_id,
        "mode": t.mode,
        "hand_size": t.hand_size,
        "dealt": t.dealt or t.hand_size,
        "method": t.method,
        "hands": t.hands,
        "lowest_wins": t.lowest_wins,  # the categories are listed best first: for lowball, the last first
        "categories": cats,
    }
