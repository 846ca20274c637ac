"""An upper bound of a pool's combined sets, from a few counts, before any set is found.

Per alternative of a set type (sets.py), the cards that could join one of its sets at all and
the size of its biggest set, read from the same patterns sets.set_types builds its candidates
from: a bucket with enough cards (wild ones included), a place inside a run window of enough
places each taken by a card or filled by a wild one, a card meeting a cover condition when
enough conditions are met. Every set set_types finds is made of such cards and no bigger, so a
hand these bounds keep below a key is below it (combined.beats_combined skips the search); the
alternatives they rule out need not be searched (set_types' `least`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Rules
from .sets import Pre, _static

Reach = tuple[int, int, int]  # (type strength, biggest set size, the cards that may join a set)


@dataclass
class _Bound:
    """Per rules: each card's bucket key per bucket alternative and place per run sequence, and
    the remembered window reach per (sequence, places taken, wild cards, lo, hi)."""

    kinds: list[str]  # per alternative: "cover", "run", "bucket" or "all"
    cards: dict[int, tuple[tuple[object, ...], tuple[int, ...]]] = field(default_factory=dict)
    spans: dict[tuple[int, int, int, int, int], tuple[int, int]] = field(default_factory=dict)


def _bound_static(rules: Rules) -> _Bound:
    got = rules.memo.get("setbound")
    if isinstance(got, _Bound):
        return got
    st = _static(rules)
    kinds = []
    for alt in st.alts:
        p = alt.part
        if p.cover:
            kinds.append("cover")
        elif alt.seqs:
            kinds.append("run")
        elif p.same and all(a not in rules.multi for a in p.same):
            kinds.append("bucket")
        else:
            kinds.append("all")
    got = _Bound(kinds)
    rules.memo["setbound"] = got
    return got


def _card(rules: Rules, b: _Bound, c: int) -> tuple[tuple[object, ...], tuple[int, ...]]:
    """A card's bucket key per alternative (None where not a bucket one) and its place (bit) per
    run sequence of sets._Static.runs (0 where it has none)."""
    got = b.cards.get(c)
    if got is None:
        st = _static(rules)
        cols = rules.columns
        keys = tuple(
            tuple(cols[a][c] for a in alt.part.same) if kind == "bucket" else None
            for alt, kind in zip(st.alts, b.kinds)
        )
        places = []
        for r in st.runs:
            at = r.seq.positions.get(cols[r.attribute][c])
            places.append(1 << at[0] if at is not None else 0)  # as setgen.windows: the first place
        got = b.cards[c] = (keys, tuple(places))
    return got


def _span(b: _Bound, length: int, occ: int, wild: int, lo: int, hi: int) -> tuple[int, int]:
    """(the places inside a window of lo..hi places of the sequence, each taken or filled by one
    of the wild cards; the most places of such a window), as setgen.windows makes them."""
    key = (length, occ, wild, lo, hi)
    got = b.spans.get(key)
    if got is None:
        inside = most = 0
        for start in range(length):
            empty = 0
            for size in range(1, min(hi, length - start) + 1):
                if not occ >> (start + size - 1) & 1:
                    empty += 1
                    if empty > wild:
                        break
                if size >= lo:
                    inside |= ((1 << size) - 1) << start
                    most = max(most, size)
        got = b.spans[key] = (inside, most)
    return got


def reaches(rules: Rules, cards: tuple[int, ...], pre: Pre) -> list[Reach]:
    """Per alternative that might make a set of the pool: (its type strength, the size of its
    biggest set, the mask of the cards that might join one). The sets set_types finds lie
    within these."""
    st = _static(rules)
    b = _bound_static(rules)
    wildm, infos, allowed_of = pre
    nwild = wildm.bit_count()
    info = [_card(rules, b, c) for c in cards]
    out: list[Reach] = []
    for k, alt in enumerate(st.alts):
        allowed = allowed_of[k]
        lo, hi = alt.lo, alt.hi
        if allowed.bit_count() < lo:
            continue
        kind = b.kinds[k]
        normal = allowed & ~wildm
        if kind == "cover":
            met = join = 0
            x = normal
            while x:
                low = x & -x
                conds = infos[low.bit_length() - 1][1][k]
                if conds:
                    met |= conds
                    join |= low
                x ^= low
            if lo - met.bit_count() > nwild:
                continue
            out.append((alt.strength, lo, join | wildm))
        elif kind == "run":
            join = most = 0
            for at in alt.seqs:
                occ = 0
                x = normal
                while x:
                    low = x & -x
                    occ |= info[low.bit_length() - 1][1][at]
                    x ^= low
                inside, size = _span(b, st.runs[at].seq.length, occ, nwild, lo, hi)
                if size:
                    most = max(most, size)
                    x = normal
                    while x:
                        low = x & -x
                        if info[low.bit_length() - 1][1][at] & inside:
                            join |= low
                        x ^= low
            if most:
                out.append((alt.strength, most, join | wildm))
        elif kind == "bucket":
            groups: dict[object, int] = {}
            x = normal
            while x:
                low = x & -x
                g = info[low.bit_length() - 1][0][k]
                groups[g] = groups.get(g, 0) | low
                x ^= low
            join = most = 0
            for m in groups.values():
                size = min(hi, m.bit_count() + nwild)
                if size >= lo:
                    join |= m
                    most = max(most, size)
            if most:
                out.append((alt.strength, most, join | wildm))
        else:
            out.append((alt.strength, min(hi, allowed.bit_count()), allowed))
    return out


__all__ = ["Reach", "reaches"]
