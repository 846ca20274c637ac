"""Category frequencies of random hands: exact enumeration where feasible, sampling otherwise.

Exact counts avoid evaluating 2.6 million hands one by one. When every category depends only on
the hand's per-attribute histograms (how many cards of each rank, of each suit...), which holds
when each part either constrains one attribute or spans the whole hand (a straight flush of five
in a five-card hand), hands are tallied by one packed integer: the sum of per-card codes in which
each attribute value has a small counter. Counting runs in C (collections.Counter over map), and
only one representative hand per distinct histogram is evaluated.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from . import conditions
from .api import evaluate_pool, strength
from .contains import formable
from .relabel import interchangeable, ring_shape, rotatable
from .rules import Rules
from .value import HandValue

Progress = Callable[[int, int], None]
# What one hand counts for: its best category ("best"), or every category it contains.
Classify = Callable[[tuple[int, ...]], "list[int] | set[int]"]
MODES = ("best", "contains")
QUALIFIES = -1  # the count's key for hands meeting a qualifier (a split's low half: eight or better)
Qualify = Callable[[HandValue], bool]

try:  # Counter.update's own counting loop, in C, without its checks at each of ~250,000 calls
    from _collections import _count_elements as _count_into  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python: the same count in Python

    def _count_into(into: dict[int, int], items: Iterable[int]) -> None:
        for x in items:
            into[x] = into.get(x, 0) + 1


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


def histogram_safe(rules: Rules, size: int) -> bool:
    """Whether a hand's category follows from its per-attribute histograms alone."""
    if rules.combine or rules.form.runs_zone is not None or not conditions.handles(rules, "histograms"):
        return False
    for cat in rules.categories:
        attrs_of_parts = [p.attributes() for p in cat.parts]
        for p, attrs in zip(cat.parts, attrs_of_parts):
            if len(attrs) > 1 and p.count != size:
                return False
        if len(cat.parts) > 1 and len(set().union(*attrs_of_parts)) > 1:
            return False
        if any(a not in set().union(*attrs_of_parts) for a in cat.differ) and cat.differ:
            return False
    return True


def _codes(rules: Rules, n_cards: int, size: int, top: frozenset[str] = frozenset()) -> tuple[list[int], int]:
    """Per card: its packed histogram code (one counter per attribute value and flag); the
    attributes in `top` take the highest fields, which start at the bit returned."""
    bits = max(2, size.bit_length())
    attrs = sorted(rules.attributes_used() | {rules.order})
    codes = [0] * n_cards
    shift = 0
    for a in [a for a in attrs if a not in top]:
        shift = _place(rules, a, codes, bits, shift)
    for flags in (rules.wild, rules.dead, rules.trump):
        for c in range(n_cards):
            if flags[c]:
                codes[c] += 1 << (bits * shift)
        shift += 1
    top_bit = bits * shift
    for a in [a for a in attrs if a in top]:
        shift = _place(rules, a, codes, bits, shift)
    return codes, top_bit


def _place(rules: Rules, attr: str, codes: list[int], bits: int, shift: int) -> int:
    """Add a counter per value of `attr` to each card's code, from field `shift`; the next free field."""
    col = rules.columns[attr]
    width = (max(col) if attr not in rules.multi else max(col).bit_length()) + 2
    for c in range(len(codes)):
        x = col[c]
        if attr in rules.multi:
            slots = [i + 1 for i in range(x.bit_length()) if x >> i & 1] or [0]
        else:
            slots = [x + 1]
        for s in slots:
            codes[c] += 1 << (bits * (shift + s))
    return shift + width


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


def count_exact(
    rules: Rules,
    n_cards: int,
    size: int,
    progress: Progress | None = None,
    classify: Classify | None = None,
) -> Counter[int]:
    """Category index -> number of hands, over every hand of `size` cards (by default each
    counted in its best category)."""
    classify = classify or classifier(rules, size)
    # Values of an unordered attribute that no part names are interchangeable: only the sorted
    # counts matter, so histograms that differ by a relabelling share one evaluation.
    # On a circle whose values no part names, a rotation or mirror image changes nothing either.
    # Those attributes take the codes' top fields, so a histogram's shape under them is worked
    # out once per distinct top part, not once per histogram.
    free = [a for a in sorted(rules.attributes_used()) if interchangeable(rules, a)]
    circles = [a for a in sorted(rules.attributes_used()) if rotatable(rules, a)]
    codes, top_bit = _codes(rules, n_cards, size, top=frozenset(free + circles))
    tally: Counter[int] = Counter()
    # The loops that added codes never tallied before: (the hand's first cards, their code), and
    # how many codes were tallied after each. A code's first hand is found from them only when
    # its shape or class is new (a few thousand codes of 282,256 in a 52-card deck).
    grew: list[tuple[tuple[int, ...], int]] = []
    marks: list[int] = []
    tops = n_cards - size + 1
    done = [0]

    # The last two cards of a hand come from the sums of pairs of cards, listed by their first
    # card highest first (those from card j on are a first stretch of the list): one count in C
    # per hand of size - 2 cards, not one per hand of size - 1 (for a hand of 3 or more cards,
    # whose decks are small enough to list their pairs).
    pair_sums: list[int] = []
    pairs_from = [0] * (n_cards + 1)  # card j -> how many pairs have their first card >= j
    top_pair: dict[int, tuple[int, int]] = {}  # a pair sum -> its pair with the highest first card
    if size >= 3:
        for d in range(n_cards - 2, -1, -1):
            for e in range(d + 1, n_cards):
                pair_sums.append(codes[d] + codes[e])
                top_pair.setdefault(pair_sums[-1], (d, e))
            pairs_from[d] = len(pair_sums)

    def tick() -> None:
        done[0] += 1
        if progress:
            progress(done[0], tops)

    def counted(cards: tuple[int, ...], head: int, items: Iterable[int]) -> None:
        before = len(tally)
        _count_into(tally, map(head.__add__, items))
        if len(tally) > before:
            grew.append((cards, head))
            marks.append(len(tally))

    def walk(start: int, depth: int, total: int, cards: tuple[int, ...]) -> None:
        if depth == size - 2:
            counted(cards, total, itertools.islice(pair_sums, pairs_from[start]))
            return
        for c in range(start, n_cards - (size - 1 - depth)):
            walk(c + 1, depth + 1, total + codes[c], cards + (c,))
            if depth == 0:
                tick()

    def first_hand(i: int, k: int) -> tuple[int, ...]:
        """A hand whose code is k, the i-th code tallied: the hand of the count that first
        tallied k, and its last one or two cards found from k."""
        if size == 1:
            return (codes.index(k),)
        hand, head = grew[bisect.bisect_right(marks, i)]
        if size >= 3:
            return (*hand, *top_pair[k - head])
        c = hand[-1]
        return (*hand, c + 1 + list(map(head.__add__, codes[c + 1 :])).index(k))

    if size == 1:
        tally.update(codes)
    elif size == 2:  # a hand of two cards: the second from a slice of the codes (any deck size)
        for c in range(n_cards - 1):
            counted((c,), codes[c], codes[c + 1 :])
            tick()
    else:
        walk(0, 0, 0, ())
    cols = [rules.columns[a] for a in free]
    rings = [(rules.columns[a], len(set(rules.columns[a]))) for a in circles]
    low_mask = (1 << top_bit) - 1
    # Per code, its class: the code's own fields and its shape under the relabellings (a number
    # per distinct shape, worked out once per distinct top part), as one integer. The hands of a
    # class are summed first, and each class classified once, by the first hand of its first code.
    shape_of: dict[int, int] = {}  # top part -> its shape's number, in the class's top fields
    numbers: dict[tuple[tuple[int, ...], ...], int] = {}
    per_class: dict[int, int] = {}
    firsts: dict[int, tuple[int, int]] = {}
    for i, (k, n) in enumerate(tally.items()):
        shape = shape_of.get(k >> top_bit)
        if shape is None:
            hand = first_hand(i, k)
            seen = (
                *(tuple(sorted(Counter(col[c] for c in hand).values())) for col in cols),
                *(ring_shape(col, m, hand) for col, m in rings),
            )
            shape = shape_of[k >> top_bit] = numbers.setdefault(seen, len(numbers)) << top_bit
        canon = shape | k & low_mask
        got = per_class.get(canon)
        if got is None:
            per_class[canon] = n
            firsts[canon] = (i, k)
        else:
            per_class[canon] = got + n
    out: Counter[int] = Counter()
    for canon, n in per_class.items():
        for rank in classify(first_hand(*firsts[canon])):
            out[rank] += n
    return out


def count_direct(
    rules: Rules,
    n_cards: int,
    size: int,
    progress: Progress | None = None,
    classify: Classify | None = None,
) -> Counter[int]:
    import itertools

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
