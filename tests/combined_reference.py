"""The combined-set evaluator as it was before it was made faster (cardtable/hands/combined.py at
1e2b21d), kept unchanged as the reference the fast one must agree with (tests/test_combined_fast.py)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from cardtable.hands.combined import set_words
from cardtable.hands.rules import Part, Rules
from cardtable.hands.search import _matches, run_top
from cardtable.hands.value import HandValue


def _fits(rules: Rules, part: Part, cards: Sequence[int]) -> bool:
    """Whether these cards, wild ones standing for whatever is needed, make the part."""
    n = len(cards)
    if n < max(2, part.count) or n > part.max_count:
        return False
    normal = [c for c in cards if not rules.wild[c]]
    wild = n - len(normal)
    cols = rules.columns
    for a in part.same:
        col = cols[a]
        if a in rules.multi:
            common = -1
            for c in normal:
                common &= col[c]
            if normal and not common:
                return False
        elif normal and (col[normal[0]] < 0 or any(col[c] != col[normal[0]] for c in normal)):
            return False
    for a in part.none:
        col = cols[a]
        if any(col[c] > 0 if a in rules.multi else col[c] >= 0 for c in normal):
            return False
    for a in part.distinct:
        vals = [cols[a][c] for c in normal]
        if len(set(vals)) != len(vals):
            return False
    for run in part.runs:
        col = cols[run.attribute]
        ok = False
        for seq in run.sequences:
            if n > seq.length:
                continue
            pos = [seq.positions.get(col[c]) for c in normal]
            if any(p is None for p in pos):
                continue
            flat = [p[0] for p in pos if p is not None]  # the seeds' orders give each value one place
            if len(set(flat)) != len(flat):
                continue
            if not flat or max(flat) - min(flat) < n:
                ok = True
                break
        if not ok:
            return False
    if part.cover:
        if n != len(part.cover):
            return False
        used = [False] * len(part.cover)

        def assign(i: int) -> bool:
            if i == len(normal):
                return True
            for j, cond in enumerate(part.cover):
                if not used[j] and _matches(rules, normal[i], cond):
                    used[j] = True
                    if assign(i + 1):
                        return True
                    used[j] = False
            return False

        if not assign(0):
            return False
    for a, wanted in part.values:
        vals = [cols[a][c] for c in normal]
        if n != len(wanted) or len(set(vals)) != len(vals) or not set(vals) <= wanted:
            return False
    return wild <= n


def _set_types(rules: Rules, cards: tuple[int, ...]) -> dict[int, int]:
    """Bitmask over `cards` -> the best type strength of a set made of exactly those cards.

    Every subset is tried, so cheap bit tests come first: per subset, the OR of its normal
    cards' value bits for each attribute a part needs the same (one bit) or all different (as
    many bits as cards), and whether every card may appear in the part at all.
    """
    n = len(cards)
    cols = rules.columns
    ncat = len(rules.categories)
    wildm = sum(1 << i for i, c in enumerate(cards) if rules.wild[c])
    attrs = sorted(
        {
            a
            for cat in rules.categories
            for p in cat.alternatives
            for a in p.same + p.distinct
            if a not in rules.multi
        }
        | {r.attribute for cat in rules.categories for p in cat.alternatives for r in p.runs}
    )
    size = 1 << n
    popc = [0] * size
    nnorm = [0] * size
    ors = {a: [0] * size for a in attrs}
    bits = {a: [0 if rules.wild[c] else 1 << (cols[a][c] + 1) for c in cards] for a in attrs}
    for m in range(1, size):
        low = m & -m
        i = low.bit_length() - 1
        prev = m ^ low
        popc[m] = popc[prev] + 1
        nnorm[m] = nnorm[prev] + (0 if wildm & low else 1)
        for a in attrs:
            arr = ors[a]
            arr[m] = arr[prev] | bits[a][i]
    tests = []
    for t, cat in enumerate(rules.categories):
        for p in cat.alternatives:
            allowed = wildm
            for i, c in enumerate(cards):
                if rules.dead[c] or rules.wild[c]:
                    continue
                ok = all(cols[a][c] <= 0 if a in rules.multi else cols[a][c] < 0 for a in p.none)
                ok = ok and all(any(cols[r.attribute][c] in q.positions for q in r.sequences) for r in p.runs)
                ok = ok and all(cols[a][c] in v for a, v in p.values)
                ok = ok and (not p.cover or any(_matches(rules, c, cond) for cond in p.cover))
                if ok:
                    allowed |= 1 << i
            lo = len(p.cover) or max(2, p.count)
            hi = len(p.cover) or p.max_count
            one = [ors[a] for a in p.same if a in ors]
            apart = [ors[a] for a in {r.attribute for r in p.runs} | set(p.distinct) if a in ors]
            tests.append((ncat - t, p, allowed, lo, hi, one, apart))
    out: dict[int, int] = {}
    for strength, p, allowed, lo, hi, one, apart in tests:
        for m in _candidates(rules, p, cards, allowed, wildm, lo, hi):
            if (
                lo <= popc[m] <= hi
                and strength > out.get(m, 0)
                and not any(arr[m] & (arr[m] - 1) for arr in one)
                and not any(arr[m].bit_count() != nnorm[m] for arr in apart)
                and _fits(rules, p, [cards[i] for i in range(n) if m >> i & 1])
            ):
                out[m] = strength
    return out


def _candidates(
    rules: Rules, p: Part, cards: tuple[int, ...], allowed: int, wildm: int, lo: int, hi: int
) -> set[int]:
    """Masks of the cards worth testing against a part: every set that fits is among them.

    Rather than every subset of the allowed cards: for a cover, one card (or a wild one) per
    condition; for a run, one card (or a wild one) per place of each window of a sequence; for a
    `same` part, subsets of one bucket (plus wild cards).
    """
    n = len(cards)
    wilds = [i for i in range(n) if (wildm & allowed) >> i & 1]
    normal = [i for i in range(n) if allowed >> i & 1 and not wildm >> i & 1]
    if p.cover:
        return _assignments(
            [[i for i in normal if _matches(rules, cards[i], cond)] for cond in p.cover], wilds
        )
    if p.runs:
        col = rules.columns[p.runs[0].attribute]
        found: set[int] = set()
        for seq in p.runs[0].sequences:
            at: dict[int, list[int]] = {}  # place -> the cards that take it
            for i in normal:
                place = seq.positions.get(col[cards[i]])
                if place is not None:
                    at.setdefault(place[0], []).append(i)  # as in _fits: a value's first place
            for length in range(lo, min(hi, seq.length) + 1):
                for start in range(seq.length - length + 1):
                    found |= _assignments([at.get(q, []) for q in range(start, start + length)], wilds)
        return found
    if p.same and all(a not in rules.multi for a in p.same):
        keys: dict[tuple[int, ...], int] = {}
        for i in normal:
            k = tuple(rules.columns[a][cards[i]] for a in p.same)
            keys[k] = keys.get(k, 0) | 1 << i
        roots = [b | (wildm & allowed) for b in keys.values()]
    else:
        roots = [allowed]
    found = set()
    for root in roots:
        m = root
        while m:
            found.add(m)
            m = (m - 1) & root
    return found


def _assignments(slots: list[list[int]], wilds: list[int]) -> set[int]:
    """Masks choosing one distinct card per slot, from the slot's cards or the wild cards."""
    found: set[int] = set()

    def fill(j: int, used: int) -> None:
        if j == len(slots):
            found.add(used)
            return
        for i in slots[j]:
            if not used >> i & 1:
                fill(j + 1, used | 1 << i)
        for i in wilds:
            if not used >> i & 1:
                fill(j + 1, used | 1 << i)

    fill(0, 0)
    return found


def evaluate_combined(
    rules: Rules,
    pool: tuple[int, ...],
    size: int,
    exact: list[tuple[list[int], int]] | None = None,
) -> HandValue:
    """The best hand of `size` cards from the pool. `exact` lists (cards, n): n of those cards
    must be in the hand (e.g. exactly three hole cards); the pool gives the rest."""
    fixed: list[int] = []
    for cs, k in exact or []:
        fixed.extend(sorted(cs, key=lambda c: -rules.card_order[c])[:k])
    cards = tuple(fixed) + tuple(c for c in pool if c not in fixed)
    nfix = len(fixed)
    if not exact and len(cards) <= size:
        nfix = len(cards)
    types = _set_types(rules, cards)
    n = len(cards)
    fixmask = (1 << nfix) - 1
    free_room = size - nfix  # how many non-fixed cards the hand may hold
    # part[mask]: the best lowest type over the ways to split `mask` into >= 2 sets (0 = none)
    by_low: dict[int, list[tuple[int, int]]] = {}
    for mask, t in types.items():
        by_low.setdefault(mask & -mask, []).append((mask, t))
    split: dict[int, int] = {}
    whole: dict[int, int] = {}  # mask -> best lowest type over all splits into >= 1 set

    def best_any(mask: int) -> int:
        got = whole.get(mask)
        if got is None:
            got = max(types.get(mask, 0), best_split(mask))
            whole[mask] = got
        return got

    def best_split(mask: int) -> int:
        got = split.get(mask)
        if got is not None:
            return got
        got = 0
        low = mask & -mask
        for s, t in by_low.get(low, ()):
            if s != mask and s & mask == s:
                rest = best_any(mask ^ s)
                if rest:
                    got = max(got, min(t, rest))
        split[mask] = got
        return got

    top_key: tuple = (0,)
    top_mask = 0
    top_type = 0
    for mask in _biggest_first(n):
        count = mask.bit_count()
        if count < top_key[0]:
            break  # neither one set (count) nor several (count - 1) can catch up any more
        if (mask & ~fixmask).bit_count() > free_room:
            continue
        if mask in types:
            sz, t = count, types[mask]
        else:
            if count - 1 < top_key[0] or mask & -mask not in by_low:
                continue
            t = best_split(mask)
            if not t:
                continue
            sz = count - 1
        key = (sz, t)
        if key > top_key:
            top_key, top_mask, top_type = key, mask, t
        elif key == top_key:
            # equal hands: the higher other cards, then (for a stable choice) the lower mask
            a, b = _highs(rules, cards, mask, nfix, size), _highs(rules, cards, top_mask, nfix, size)
            if a > b or (a == b and mask < top_mask):
                top_mask = mask
    hand = _hand(rules, cards, top_mask, nfix, size)
    ncat = len(rules.categories)
    if top_type == 0:
        return HandValue((0, 0, _orders(rules, hand)), "No Set", ncat, hand)
    rank = ncat - top_type
    made = tuple(cards[i] for i in range(n) if top_mask >> i & 1)
    nsets = 1 if top_mask in types else 2
    name = rules.categories[rank].name
    detail = set_words(top_key[0], name, nsets)  # the words only: the reading is this file's own
    return HandValue((*top_key, _orders(rules, hand)), name, rank, hand, 0, made, detail)


@functools.cache
def _biggest_first(n: int) -> tuple[int, ...]:
    """Every non-empty mask of n cards, those with more cards first."""
    return tuple(sorted(range(1, 1 << n), key=lambda m: -m.bit_count()))


def _hand(rules: Rules, cards: tuple[int, ...], mask: int, nfix: int, size: int) -> tuple[int, ...]:
    chosen = [i for i in range(len(cards)) if mask >> i & 1 or i < nfix]
    rest = sorted(
        (i for i in range(len(cards)) if i not in chosen), key=lambda i: -rules.card_order[cards[i]]
    )
    chosen += rest[: max(0, size - len(chosen))]
    made = [cards[i] for i in chosen if mask >> i & 1]
    others = sorted((cards[i] for i in chosen if not mask >> i & 1), key=lambda c: -rules.card_order[c])
    return tuple(made + others)


def _orders(rules: Rules, hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted((rules.card_order[c] for c in hand), reverse=True))


def _highs(rules: Rules, cards: tuple[int, ...], mask: int, nfix: int, size: int) -> tuple[int, ...]:
    return _orders(rules, _hand(rules, cards, mask, nfix, size))


__all__ = ["evaluate_combined", "run_top"]
