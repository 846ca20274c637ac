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
class _Card:
    """One card's share of the bounds: its bucket key per alternative (None where not a bucket
    one), and packed over the alternatives it may join, the cover conditions it meets and its
    place (bit) in each run sequence they follow (at _Bound's offsets)."""

    keys: tuple[tuple[int, ...] | None, ...]
    covers: int
    places: int


@dataclass
class _Bound:
    """Per rules: each alternative's kind ("cover", "run", "bucket" or "all") and offsets in the
    packed bits (a cover's conditions; per run sequence it follows, that sequence's places),
    each card's share, and the remembered window reach per (sequence length, places taken,
    wild cards, lo, hi)."""

    kinds: list[str]
    cover_at: dict[int, int]  # alternative -> offset of its conditions
    run_at: dict[tuple[int, int], int]  # (alternative, sequence) -> offset of its places
    cards: dict[int, _Card] = field(default_factory=dict)
    spans: dict[tuple[int, int, int, int, int], tuple[int, int]] = field(default_factory=dict)


def _bound_static(rules: Rules) -> _Bound:
    got = rules.memo.get("setbound")
    if isinstance(got, _Bound):
        return got
    st = _static(rules)
    kinds = []
    cover_at: dict[int, int] = {}
    run_at: dict[tuple[int, int], int] = {}
    at = 0
    for k, alt in enumerate(st.alts):
        p = alt.part
        if p.cover:
            kinds.append("cover")
            cover_at[k] = at
            at += len(p.cover)
        elif alt.seqs:
            kinds.append("run")
            for q in alt.seqs:
                run_at[(k, q)] = at
                at += st.runs[q].seq.length
        elif p.same and all(a not in rules.multi for a in p.same):
            kinds.append("bucket")
        else:
            kinds.append("all")
    got = _Bound(kinds, cover_at, run_at)
    rules.memo["setbound"] = got
    return got


def _card(rules: Rules, b: _Bound, c: int) -> _Card:
    got = b.cards.get(c)
    if got is None:
        st = _static(rules)
        cols = rules.columns
        ok, covers = st.card(rules, c)
        keys = tuple(
            tuple(cols[a][c] for a in alt.part.same) if kind == "bucket" else None
            for alt, kind in zip(st.alts, b.kinds)
        )
        packed_covers = sum(covers[k] << at for k, at in b.cover_at.items() if ok >> k & 1)
        places = 0
        for (k, q), at in b.run_at.items():
            r = st.runs[q]
            where = r.seq.positions.get(cols[r.attribute][c])
            if ok >> k & 1 and where is not None:
                places |= 1 << (at + where[0])  # as setgen.windows: a value's first place
        got = b.cards[c] = _Card(keys, packed_covers, places)
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


Buckets = dict[int, dict[tuple[int, ...] | None, int]]  # per bucket alternative: key -> cards


def reaches(rules: Rules, cards: tuple[int, ...], pre: Pre, buckets: Buckets | None = None) -> list[Reach]:
    """Per alternative that might make a set of the pool: (its type strength, the size of its
    biggest set, the mask of the cards that might join one). The sets set_types finds lie
    within these. `buckets` gets each bucket alternative's buckets (for `surely`)."""
    st = _static(rules)
    b = _bound_static(rules)
    wildm, _, allowed_of = pre
    nwild = wildm.bit_count()
    info = [_card(rules, b, c) for c in cards]
    covers = places = 0
    for one in info:
        covers |= one.covers
        places |= one.places
    out: list[Reach] = []
    for k, alt in enumerate(st.alts):
        allowed = allowed_of[k]
        lo, hi = alt.lo, alt.hi
        if allowed.bit_count() < lo:
            continue
        kind = b.kinds[k]
        if kind == "cover":
            # the cards that may join are those meeting a condition (_Static.card)
            if lo - (covers >> b.cover_at[k] & ((1 << lo) - 1)).bit_count() <= nwild:
                out.append((alt.strength, lo, allowed))
        elif kind == "run":
            join = most = 0
            for q in alt.seqs:
                at = b.run_at[(k, q)]
                length = st.runs[q].seq.length
                occ = places >> at & ((1 << length) - 1)
                inside, size = _span(b, length, occ, nwild, lo, hi)
                if size:
                    most = max(most, size)
                    inside <<= at
                    for i, one in enumerate(info):
                        if one.places & inside:
                            join |= 1 << i
            if most:
                out.append((alt.strength, most, join | wildm))
        elif kind == "bucket":
            groups: dict[tuple[int, ...] | None, int] = {}
            x = allowed & ~wildm
            while x:
                low = x & -x
                g = info[low.bit_length() - 1].keys[k]
                groups[g] = groups.get(g, 0) | low
                x ^= low
            if buckets is not None:
                buckets[k] = groups
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


def surely(rules: Rules, nfix: int, room: int, buckets: Buckets) -> list[tuple[int, int, int]]:
    """Collections the pool surely makes, found without a search: per alternative whose every
    bucket subset of a size within its bounds is a set (`sure`, no valueless key), one set per
    bucket, the first `nfix` cards first, then the others within the room (the buckets needing
    fewest first, then more cards to those made). Per alternative: (its type strength, the
    collection's mask, its number of sets). `buckets`: the pool's, as `reaches` found them (an
    alternative it left out has no bucket big enough)."""
    st = _static(rules)
    fixed = (1 << nfix) - 1
    out = []
    for k, groups in buckets.items():
        alt = st.alts[k]
        if not alt.sure:
            continue
        lo, hi = alt.lo, alt.hi
        plans = []
        for g, m in groups.items():
            if m.bit_count() < lo or g is None or any(v < 0 for v in g):
                continue
            mine = _first(m & fixed, hi)
            plans.append((max(0, lo - mine.bit_count()), mine, m & ~fixed))
        plans.sort(key=lambda t: t[0])
        left = room
        made = []
        for need, mine, others in plans:
            if need <= left and need <= others.bit_count():
                mine |= _first(others, need)
                left -= need
                made.append((mine, others))
        chosen = 0
        for mine, others in made:
            more = min(left, hi - mine.bit_count())
            if more > 0:
                add = _first(others & ~mine, more)
                mine |= add
                left -= add.bit_count()
            chosen |= mine
        if made:
            out.append((alt.strength, chosen, len(made)))
    return out


def _first(m: int, n: int) -> int:
    """The lowest n bits of m (all of them when fewer)."""
    out = 0
    while m and n > 0:
        low = m & -m
        out |= low
        m ^= low
        n -= 1
    return out


__all__ = ["Reach", "reaches", "surely"]
