"""The prefilter's test of runs (prefilter.py): a run of `count` cards needs that many
consecutive positions of one of its sequences held by the pool's cards (inside one bucket of the
part's `same` attributes, where it has them), so the longest such span bounds every run part.

Counting different values alone (the prefilter's other test of a run) lets nearly every run
through in a big deck: fourteen cards of forty ranks nearly always show ten different ranks, but
seldom five in a row. Under a ranking that puts runs above the common hands (the exact-odds
ranking of the 12,000-card game), every line of the grid was searched for every run first.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import or_

from .rules import Category, Rules, Run
from .steps import finish

Present = dict[object, int]  # a bucket's key -> the positions its cards hold, as a bitmask


@dataclass
class RunCheck:
    """One run (attribute and sequences) inside buckets of one `same` group (`group`: an index
    into the prefilter's groups, -1 for the whole pool): the categories whose run parts need
    each span (`needs`: (count, their bits), a category under its parts' longest count), the
    categories it never rules out (`rest`), and the categories each longest span allows."""

    run: Run
    same: tuple[str, ...]
    group: int
    needs: tuple[tuple[int, int], ...] = ()
    rest: int = 0
    masks: dict[int, int] = field(default_factory=dict)
    # per sequence, each card's positions (`_bits`), kept here once asked: a look-up per pool
    # by the run hashed the run each time
    bits: list[list[int]] | None = field(default=None, compare=False, repr=False)

    def allows(self, longest: int) -> int:
        """The categories a pool whose longest span is `longest` might make."""
        longest = min(longest, self.needs[-1][0] if self.needs else 0)
        got = self.masks.get(longest)
        if got is None:
            got = self.masks[longest] = sum(bits for need, bits in self.needs if need <= longest) | self.rest
        return got


def run_checks(
    rules: Rules, groups: tuple[tuple[str, ...], ...], handled: Sequence[bool]
) -> tuple[RunCheck, ...]:
    """One check per (run, `same` group) of the categories' parts; `handled`: per category,
    whether the prefilter may rule it out (its every condition known to the prefilter)."""
    needs: dict[tuple[Run, tuple[str, ...]], dict[int, int]] = {}
    for rank, cat in enumerate(rules.categories):
        for part in cat.parts if handled[rank] else ():
            for run in part.runs if part.count > 0 else ():
                got = needs.setdefault((run, part.same), {})
                got[rank] = max(got.get(rank, 0), part.count)
    full = (1 << len(rules.categories)) - 1
    out = []
    for (run, same), per_rank in needs.items():
        by_need: dict[int, int] = {}
        for rank, need in per_rank.items():
            by_need[need] = by_need.get(need, 0) | 1 << rank
        group = groups.index(same) if same else -1
        out.append(RunCheck(run, same, group, tuple(sorted(by_need.items())), full & ~sum(by_need.values())))
    return tuple(out)


def touches(check: RunCheck, cat: Category) -> bool:
    """Whether the check could rule the category out (the prefilter asks only of categories it
    handles)."""
    return any(p.count > 0 and p.same == check.same and check.run in p.runs for p in cat.parts)


def _bits(rules: Rules, run: Run) -> list[list[int]]:
    """Per sequence of the run, each card's positions as a bitmask (0: none, or a dead or wild
    card, never in a run the search finds: wild cards go to wild.py); made once per rules."""
    memo: dict[Run, list[list[int]]] = rules.memo.setdefault("run_bits", {})
    got = memo.get(run)
    if got is None:
        got = finish(make_bits(rules, run, len(rules.dead) + 1))
    return got


def make_bits(rules: Rules, run: Run, piece: int) -> Generator[None, None, list[list[int]]]:
    """`_bits` of the run, made `piece` cards at a time between yields (the prefilter makes it
    with its other per-card tables, spread over frames)."""
    memo: dict[Run, list[list[int]]] = rules.memo.setdefault("run_bits", {})
    col = rules.columns[run.attribute]
    got: list[list[int]] = []
    for seq in run.sequences:
        row: list[int] = []
        for c, (v, dead, wild) in enumerate(zip(col, rules.dead, rules.wild)):
            if c and not c % piece:
                yield
            row.append(0 if dead or wild else sum(1 << p for p in seq.positions.get(v, ())))
        got.append(row)
    memo[run] = got
    return got


def present(rules: Rules, check: RunCheck, keys: list[object] | None, cards: Sequence[int]) -> list[Present]:
    """Per sequence of the run, the positions the cards hold (a bitmask) per bucket (`keys`:
    each card's bucket key in the check's group, as the prefilter keeps them; None: one
    bucket)."""
    out: list[Present] = []
    every = check.bits
    if every is None:
        every = check.bits = _bits(rules, check.run)
    for bits in every:
        if keys is None:
            out.append({None: reduce(or_, map(bits.__getitem__, cards), 0)})
            continue
        held: Present = {}
        for c in cards:
            k, b = keys[c], bits[c]
            if k is None or not b:
                continue
            for where in k if isinstance(k, tuple) else (k,):
                held[where] = held.get(where, 0) | b
        out.append(held)
    return out


def longest(check: RunCheck, held: list[Present]) -> int:
    """The longest span of consecutive positions held in any bucket, any sequence."""
    best = 0
    for seq, buckets in zip(check.run.sequences, held):
        for ps in buckets.values():
            got = span(ps, seq.length, seq.wrap)
            if got > best:
                best = got
    return best


def span(ps: int, length: int, wrap: bool) -> int:
    """The longest run of consecutive positions in the bitmask `ps` (round the end too when
    `wrap`)."""
    if wrap:
        if ps == (1 << length) - 1:
            return length
        ps |= ps << length  # a span round the end is a span of the mask twice over
    n = 0
    while ps:
        ps &= ps >> 1  # each step ends every span one position shorter
        n += 1
    return n


def longest_with(check: RunCheck, base: list[Present], base_longest: int, own: list[Present]) -> int:
    """`longest` of two sets of cards together, from the first's positions and longest span
    (kept by the caller, left unchanged): only the buckets the second set adds to are measured."""
    best = base_longest
    for seq, kept, held in zip(check.run.sequences, base, own):
        for k, ps in held.items():
            got = span(ps | kept.get(k, 0), seq.length, seq.wrap)
            if got > best:
                best = got
    return best
