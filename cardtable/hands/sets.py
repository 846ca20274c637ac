"""The sets of a combined-set hand: which groups of a pool's cards make a set of which type.

Each set type (a category of a `combine:` ranking) is any one of its alternatives. The groups
worth testing are generated from each alternative's pattern (one card per condition of a cover,
per place of a run window, subsets of a bucket for a match), cheap bit tests come first, and the
full check (`_fits`, setfit.py) is remembered by the cards it was asked about. Used by combined.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Part, Rules, Sequence_
from .search import _matches
from .setfit import _fits
from .setgen import assignments, buckets, windows

SPREAD = 32  # pools of up to this many cards have their alternatives' cards found packed
FITS_KEPT = 200_000  # remembered set checks per rules (then forgotten and begun again)


@dataclass
class _Alt:
    """One alternative of a set type, with what the subset tests need, fixed per rules."""

    strength: int
    part: Part
    lo: int
    hi: int
    one: tuple[str, ...]  # attributes its cards must share (one value bit among them)
    apart: tuple[str, ...]  # attributes its cards must not share (as many bits as normal cards)
    # its candidates always fit (their size checked): the part asks only what made them
    sure: bool = False
    common: tuple[str, ...] = ()  # multi-valued attributes its normal cards must share a member of
    seqs: tuple[int, ...] = ()  # a run's sequences (indexes of `_Static.runs`) its windows follow
    # whether the `one` test can fail on its candidates (no: subsets of a bucket share its values)
    check_one: bool = True


@dataclass
class _Run:
    """A sequence some alternatives run along: their windows are made once (setgen.windows)."""

    attribute: str
    seq: Sequence_
    lo: int
    hi: int
    users: list[int]  # the alternatives that run along it


@dataclass
class _Static:
    """What `set_types` needs of the rules alone, computed once per rules (in `rules.memo`)."""

    attrs: tuple[str, ...]
    alts: list[_Alt]
    runs: list[_Run]
    cards: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    fits: dict[tuple[int, int], bool] = field(default_factory=dict)  # (alternative, deck mask)
    # per card: its alternatives spread one per SPREAD bits (prepare ORs them, shifted per card)
    spread: dict[int, int] = field(default_factory=dict)

    def card(self, rules: Rules, c: int) -> tuple[int, tuple[int, ...]]:
        """Per card: a bitmask of the alternatives it may appear in (a normal, live card), and
        per alternative a bitmask of the cover conditions it meets."""
        got = self.cards.get(c)
        if got is None:
            cols = rules.columns
            ok = 0
            covers = []
            for k, alt in enumerate(self.alts):
                p = alt.part
                covers.append(sum(1 << j for j, cond in enumerate(p.cover) if _matches(rules, c, cond)))
                if rules.dead[c] or rules.wild[c]:
                    continue
                fine = all(cols[a][c] <= 0 if a in rules.multi else cols[a][c] < 0 for a in p.none)
                fine = fine and all(
                    any(cols[r.attribute][c] in q.positions for q in r.sequences) for r in p.runs
                )
                fine = fine and all(cols[a][c] in v for a, v in p.values)
                fine = fine and (not p.cover or covers[-1] != 0)
                if fine:
                    ok |= 1 << k
            got = self.cards[c] = (ok, tuple(covers))
        return got


def _static(rules: Rules) -> _Static:
    got = rules.memo.get("combined")
    if isinstance(got, _Static):
        return got
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
    ncat = len(rules.categories)
    alts: list[_Alt] = []
    runs: list[_Run] = []
    for t, cat in enumerate(rules.categories):
        for p in cat.alternatives:
            lo = len(p.cover) or max(2, p.count)
            hi = len(p.cover) or p.max_count
            one = tuple(a for a in p.same if a in attrs)
            apart = tuple(a for a in sorted({r.attribute for r in p.runs} | set(p.distinct)) if a in attrs)
            common = tuple(a for a in p.same if a in rules.multi)
            seqs: list[int] = []
            check_one = True
            if not p.cover and p.runs:
                # one card per place: the run's values are all different by construction
                run = p.runs[0]
                apart = tuple(a for a in apart if a != run.attribute)
                for q in run.sequences:
                    at = next(
                        (j for j, r in enumerate(runs) if r.attribute == run.attribute and r.seq == q), None
                    )
                    if at is None:
                        at = len(runs)
                        runs.append(_Run(run.attribute, q, lo, hi, []))
                    r = runs[at]
                    r.lo, r.hi = min(r.lo, lo), max(r.hi, hi)
                    r.users.append(len(alts))
                    seqs.append(at)
            elif not p.cover and p.same and all(a not in rules.multi for a in p.same):
                check_one = False  # subsets of one bucket share its values
            alts.append(
                _Alt(ncat - t, p, lo, hi, one, apart, _sure(p, rules), common, tuple(seqs), check_one)
            )
    got = _Static(tuple(attrs), alts, runs)
    rules.memo["combined"] = got
    return got


def _sure(p: Part, rules: Rules) -> bool:
    """Whether every candidate setgen makes for the part (of a size within its bounds, past
    set_types' bit tests) fits it: the part's conditions are the one its candidates are built
    from, `none` (only cards without those values may join: _Static.card) and, for a run,
    `same` (the bit tests: one value, not "none", or a member shared)."""
    others = p.distinct or p.values or p.declared
    if others:
        return False
    if p.cover:
        return not (p.same or p.runs)
    if p.runs:
        return len(p.runs) == 1
    return bool(p.same) and all(a not in rules.multi for a in p.same)


def _share(rules: Rules, attrs: tuple[str, ...], cards: tuple[int, ...], m: int) -> bool:
    """Whether the cards of mask m share a member of each multi-valued attribute (as _fits asks)."""
    for a in attrs:
        col = rules.columns[a]
        common = -1
        x = m
        while x:
            low = x & -x
            common &= col[cards[low.bit_length() - 1]]
            x ^= low
        if m and not common:
            return False
    return True


def _or(bits: list[int], m: int) -> int:
    out = 0
    while m:
        low = m & -m
        out |= bits[low.bit_length() - 1]
        m ^= low
    return out


# (the wild cards, per card what _Static.card says, per alternative the cards that may join it)
Pre = tuple[int, list[tuple[int, tuple[int, ...]]], list[int]]


def prepare(rules: Rules, cards: tuple[int, ...]) -> Pre:
    """What set_types (and setbound.reaches) first read of a pool: its wild cards, each card's
    alternatives and cover conditions, per alternative the cards that may join it."""
    st = _static(rules)
    wildm = 0
    for i, c in enumerate(cards):
        if rules.wild[c]:
            wildm |= 1 << i
    infos = [st.card(rules, c) for c in cards]
    if len(cards) <= SPREAD:
        # every card's alternatives at once: alternative k's cards come out at bits k*SPREAD..
        packed = 0
        for i, c in enumerate(cards):
            one = st.spread.get(c)
            if one is None:
                ok = infos[i][0]
                one = st.spread[c] = sum(1 << (k * SPREAD) for k in range(ok.bit_length()) if ok >> k & 1)
            packed |= one << i
        full = (1 << SPREAD) - 1
        return wildm, infos, [wildm | packed >> (k * SPREAD) & full for k in range(len(st.alts))]
    allowed_of = [wildm] * len(st.alts)
    for i, (ok, _) in enumerate(infos):
        while ok:
            low = ok & -ok
            allowed_of[low.bit_length() - 1] |= 1 << i
            ok ^= low
    return wildm, infos, allowed_of


def set_types(rules: Rules, cards: tuple[int, ...], least: int = 0, pre: Pre | None = None) -> dict[int, int]:
    """Bitmask over `cards` -> the best type strength of a set made of exactly those cards (of
    the types of strength `least` and up: the others are not looked for).

    Each alternative's candidate subsets are generated from its pattern (setgen.py), and cheap
    bit tests come before the full check: the OR of the normal cards' value bits for each
    attribute a part needs the same (one bit) or all different (as many bits as cards).
    """
    st = _static(rules)
    n = len(cards)
    wildm, infos, allowed_of = pre or prepare(rules, cards)
    cols = rules.columns
    bits = {a: [0 if rules.wild[c] else 1 << (cols[a][c] + 1) for c in cards] for a in st.attrs}
    deck_bits = [1 << c for c in cards]
    made: dict[int, set[int]] = {}  # run windows per sequence, for all its alternatives' cards

    def run_windows(at: int) -> set[int]:
        got = made.get(at)
        if got is None:
            r = st.runs[at]
            normal = 0
            for k in r.users:
                normal |= allowed_of[k]
            col = cols[r.attribute]
            got = made[at] = windows(r.seq, col, cards, normal & ~wildm, wildm, r.lo, r.hi)
        return got

    sharing: dict[tuple[str, ...], list[list[int]]] = {}

    def shared(attrs: tuple[str, ...]) -> list[list[int]]:
        """Per multi-valued attribute, the complements of the groups of cards sharing one of its
        members (wild cards and cards with no value of it in every group): a mask shares a
        member, as _fits asks, when it lies inside one group."""
        got = sharing.get(attrs)
        if got is None:
            got = sharing[attrs] = []
            for a in attrs:
                col = cols[a]
                free = wildm  # cards that leave the common members as they are
                members = 0
                for i, c in enumerate(cards):
                    if not wildm >> i & 1:
                        if col[c] < 0:
                            free |= 1 << i
                        else:
                            members |= col[c]
                groups = [free]
                while members:
                    low = members & -members
                    groups.append(
                        free
                        | sum(
                            1 << i
                            for i, c in enumerate(cards)
                            if col[c] >= 0 and col[c] & low and not wildm >> i & 1
                        )
                    )
                    members ^= low
                got.append([~g for g in groups])
        return got

    out: dict[int, int] = {}
    for k, alt in enumerate(st.alts):
        live = False
        allowed = allowed_of[k]
        p, strength, lo, hi = alt.part, alt.strength, alt.lo, alt.hi
        if strength < least:
            break  # the alternatives come best type first
        if allowed.bit_count() < lo:
            continue  # too few cards may join such a set
        if p.cover:
            met = 0
            for i in range(n):
                if allowed >> i & 1 and not wildm >> i & 1:
                    met |= infos[i][1][k]
            if len(p.cover) - met.bit_count() > (wildm & allowed).bit_count():
                continue  # more conditions nobody meets than wild cards to meet them
            slots = [
                [i for i in range(n) if allowed >> i & 1 and not wildm >> i & 1 and infos[i][1][k] >> j & 1]
                for j in range(len(p.cover))
            ]
            candidates = assignments(slots, [i for i in range(n) if wildm >> i & 1])
        elif alt.seqs:
            outside = ~allowed
            candidates = {m for at in alt.seqs for m in run_windows(at) if not m & outside}
        else:
            # a sure part's buckets of cards with no value give only their wild cards
            live = alt.sure and not alt.check_one
            candidates = buckets(rules, p, cards, allowed, wildm, live)
        # the value bits of each attribute a test reads, looked up once per alternative
        ones = [bits[a] for a in alt.one] if alt.check_one else []
        aparts = [bits[a] for a in alt.apart]
        sures = [bits[a] for a in alt.one] if alt.sure else None
        outs_list = shared(alt.common) if alt.common else []
        if alt.sure and not (ones or aparts or outs_list) and (live or not alt.one):
            # every candidate of a size within the bounds is a set: no test to make
            for m in candidates:
                if lo <= m.bit_count() <= hi and out.get(m, 0) < strength:
                    out[m] = strength
            continue
        for m in candidates:
            count = m.bit_count()
            if not lo <= count <= hi or strength <= out.get(m, 0):
                continue
            nnorm = (m & ~wildm).bit_count()
            bad = False
            for b in ones:  # one value among them
                x = _or(b, m)
                if x & (x - 1):
                    bad = True
                    break
            for b in aparts if not bad else ():  # as many values as normal cards
                if _or(b, m).bit_count() != nnorm:
                    bad = True
                    break
            for outs in outs_list if not bad else ():  # inside one group sharing a member
                for o in outs:
                    if not m & o:
                        break
                else:
                    bad = True
                    break
            if bad:
                continue
            if sures is not None:
                # (bit 0 stands for a card with no value: a bucket of those makes no set)
                for b in sures:
                    if _or(b, m) & 1:
                        break
                else:
                    out[m] = strength
                    continue
            # The same few cards meet again and again (every deal of a win-chance estimate):
            # whether they make this alternative is remembered by the set of cards itself.
            key = (k, _or(deck_bits, m))
            fit = st.fits.get(key)
            if fit is None:
                if len(st.fits) > FITS_KEPT:
                    st.fits.clear()
                fit = st.fits[key] = _fits(rules, p, [cards[i] for i in range(n) if m >> i & 1])
            if fit:
                out[m] = strength
    return out
