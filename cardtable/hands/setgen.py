"""The groups of a pool's cards worth testing against one alternative of a set type (sets.py):
every set that fits is among them, and far fewer than every subset.

For a cover, one card (or a wild one) per condition; for a run, one card (or a wild one) per
place of each window of a sequence; for a `same` part, subsets of one bucket (plus wild cards).
Run windows are made once per sequence for all the alternatives that run along it (the cards any
of them may use), then each alternative keeps the windows made of its own cards: a window of its
cards is a window of theirs, and one of theirs made only of its cards is one of its own.
"""

from __future__ import annotations

from .rules import Part, Rules, Sequence_


def windows(
    seq: Sequence_, col: tuple[int, ...], cards: tuple[int, ...], normal: int, wildm: int, lo: int, hi: int
) -> set[int]:
    """Masks taking one card per place of every window of lo..hi places of the sequence: the
    normal cards of `normal` at their value's first place, or wild ones."""
    at: dict[int, list[int]] = {}  # place -> the cards that take it
    x = normal
    while x:
        low = x & -x
        i = low.bit_length() - 1
        place = seq.positions.get(col[cards[i]])
        if place is not None:
            at.setdefault(place[0], []).append(low)  # as in _fits: a value's first place
        x ^= low
    wild_bits = []
    x = wildm
    while x:
        low = x & -x
        wild_bits.append(low)
        x ^= low
    found: set[int] = set()
    if not wild_bits:
        # No wild card: each place's cards are other cards than any other place's, so every
        # choice of one card per place is a new mask; a window starts at a taken place.
        end = seq.length
        for start, first in at.items():
            grown = first
            if lo <= 1:
                found.update(grown)
            pos = start + 1
            while pos - start < hi and pos < end:
                more = at.get(pos)
                if more is None:
                    break
                grown = (
                    [m | b for m in grown for b in more] if len(more) > 1 else [m | more[0] for m in grown]
                )
                pos += 1
                if pos - start >= lo:
                    found.update(grown)
        return found
    # Each start's windows grown one place at a time; a place nobody can take ends them.
    for start in range(seq.length):
        masks = {0}
        for length in range(1, min(hi, seq.length - start) + 1):
            choices = at.get(start + length - 1, []) + wild_bits
            masks = {m | b for m in masks for b in choices if not m & b}
            if not masks:
                break
            if length >= lo:
                found |= masks
    return found


def buckets(
    rules: Rules, p: Part, cards: tuple[int, ...], allowed: int, wildm: int, live: bool = False
) -> set[int]:
    """Every non-empty subset of one bucket of cards sharing the part's `same` values, with any
    of the wild cards (or of all the allowed cards when a multi-valued attribute is shared).
    `live`: a bucket of cards without one of those values gives only its wild cards."""
    n = len(cards)
    wild = wildm & allowed
    if p.same and all(a not in rules.multi for a in p.same):
        keys: dict[tuple[int, ...], int] = {}
        for i in range(n):
            if allowed >> i & 1 and not wildm >> i & 1:
                k = tuple(rules.columns[a][cards[i]] for a in p.same)
                keys[k] = keys.get(k, 0) | 1 << i
        roots = [(0 if live and min(k) < 0 else b) | wild for k, b in keys.items()]
    else:
        roots = [allowed]
    found: set[int] = set()
    for root in roots:
        m = root
        while m:
            found.add(m)
            m = (m - 1) & root
    return found


def assignments(slots: list[list[int]], wilds: list[int]) -> set[int]:
    """Masks choosing one distinct card per slot, from the slot's cards or the wild cards."""
    if sum(1 for slot in slots if not slot) > len(wilds):
        return set()  # more empty places than wild cards to fill them
    wild_bits = [1 << i for i in wilds]
    masks = {0}
    for slot in slots:
        choices = [1 << i for i in slot] + wild_bits
        masks = {m | b for m in masks for b in choices if not m & b}
        if not masks:
            break
    return masks
