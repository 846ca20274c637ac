"""Lookup tables: a hand's value in a few additions and a dictionary look-up, for any variant whose
deck and hand are small enough (a 52-card deck and 5-card hands, say). No game is known here.

What a hand of exactly `size` cards is worth depends only on what its patterns can see:

- *fine* attributes, seen card by card (the ordering one, those of parts smaller than the hand,
  `differ`, `cover`...): the hand's multiset of per-card fine values (rank, trump, dead, ...);
- *coarse* attributes, seen only by parts as big as the hand (a flush's suit): then only a few
  yes/no facts about the whole hand's values matter (all the same? a run? all different?).

So a card gets two codes, `fine[c] = B**i` for its fine values' index i and `coarse[c]` the same
for its coarse values, with B = size + 1 so that a sum of `size` codes spells the multiset. A hand's
signature is (sum of fine codes, the facts its sum of coarse codes says), and the table maps each
signature to the position of its value among all the values a hand can have. The table is filled
by growing the distinct sums of 1, 2, ... `size` cards card by card (a subset-sum table: a few
hundred thousand sums for a 52-card deck, not its 2.6 million hands) and asking the general
matcher for one hand of each signature; a few thousand matcher calls for a 52-card deck. Bigger pools (7 cards for a 5-card
hand) take the best of their subsets, by subtracting the left-out cards' codes from the pool's sums.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import conditions
from .rules import Part, Rules, Run
from .search import _top_of
from .steps import finish

MAX_SIZE = 7  # hand sizes a table serves
MAX_HANDS = 3_000_000  # hands in a deck a table serves (C(52, 5) is 2,598,960)
MAX_SUBSETS = 36  # a pool with more subsets of the hand's size goes to the matcher
# A table whose signatures hardly group the hands is given up (the matcher values one hand of each
# signature while building): the built-in games have up to 12,467; a Straight Flush of two cards
# gives every one of C(52, 5) hands its own
MAX_SIGNATURES = 50_000

Fact = tuple[Any, ...]  # ("same" | "distinct" | "none" | "values" | "run", attribute, extra)
Key = tuple[Any, ...]


@dataclass(frozen=True)
class Plan:
    """How a variant's hands are reduced to signatures (see the module's docstring)."""

    size: int
    fine: tuple[str, ...]
    coarse: tuple[str, ...]
    facts: tuple[Fact, ...]


def _parts(rules: Rules) -> list[Part]:
    return [p for cat in rules.categories for p in cat.parts + cat.alternatives]


def plan(rules: Rules) -> Plan | None:
    """The reduction for these rules, or None when a table cannot serve them."""
    size = rules.form.size
    if (
        rules.combine
        or rules.form.runs_zone is not None
        or any(rules.wild)
        or size > MAX_SIZE
        or math.comb(len(rules.card_order), size) > MAX_HANDS
        or any(cat.exact or cat.alternatives for cat in rules.categories)
        or not conditions.handles(rules, "table")
    ):
        return None
    used = rules.attributes_used() | {a for cat in rules.categories for a in cat.differ}
    fine = {rules.order} & set(rules.columns)
    for cat in rules.categories:
        fine |= set(cat.differ)
    for p in _parts(rules):
        if p.count != size or p.max_count != size:
            fine |= p.attributes()
        for entry in p.cover:
            fine |= {a for a, _ in entry}
    fine |= used & rules.multi
    coarse = sorted(used - fine)
    facts: dict[str, Fact] = {}  # by repr: a run's sequences are not hashable
    for p in _parts(rules):
        for a in coarse:
            found: list[Fact] = [
                (kind, a, None) for kind in ("same", "distinct", "none") if a in getattr(p, kind)
            ]
            found += [("values", a, w) for b, w in p.values if b == a]
            found += [("run", a, r) for r in p.runs if r.attribute == a]
            facts.update((repr(f), f) for f in found)
    return Plan(size, tuple(sorted(fine)), tuple(coarse), tuple(facts[r] for r in sorted(facts)))


def _run_ok(run: Run, values: Sequence[int]) -> bool:
    """Whether these values (one per card) run in one of the run's sequences (as search.run_top)."""
    n = len(values)
    for seq in run.sequences:
        choices = [seq.positions.get(v) for v in values]
        if any(c is None for c in choices):
            continue
        for combo in itertools.product(*(c for c in choices if c is not None)):
            s = set(combo)
            if len(s) == n and _top_of(s, seq.length, seq.wrap, n) is not None:
                return True
    return False


def _holds(fact: Fact, values: Sequence[int]) -> bool:
    kind, _, extra = fact
    if kind == "same":
        return values[0] >= 0 and all(v == values[0] for v in values)
    if kind == "distinct":
        return all(v >= 0 for v in values) and len(set(values)) == len(values)
    if kind == "none":
        return all(v < 0 for v in values)
    if kind == "values":
        return len(values) == len(extra) and set(values) == extra
    return _run_ok(extra, values)


@dataclass
class Table:
    """Signature -> position of the hand's value in `keys` (ascending), for hands of `plan.size`.

    At run time a hand's fine multiset is the product of its cards' primes (one prime per fine
    value: small integers, quick to hash), its facts come from the sum of its coarse codes."""

    plan: Plan
    prime: list[int]  # per card: the prime of its fine values
    coarse: list[int]  # per card
    facts_of: Callable[[int], int]  # a coarse sum -> the index of its facts
    nfacts: int  # 2 ** len(plan.facts)
    index: dict[int, int]  # product of primes * nfacts + facts index -> position in keys
    keys: list[Key]
    witnesses: list[tuple[int, ...]]  # one hand per position (checked when read from disk)
    by_sum: dict[int, int] = field(default_factory=dict)  # coarse sum -> facts index, as met

    def facts(self, csum: int) -> int:
        got = self.by_sum.get(csum)
        if got is None:
            got = self.by_sum[csum] = self.facts_of(csum)
        return got

    def fill(self) -> bool:
        """Every coarse sum a hand can have, ahead (when there are not too many); True if done."""
        distinct = sorted(set(self.coarse))
        if math.comb(len(distinct) + self.plan.size - 1, self.plan.size) > 50_000:
            return False
        for combo in itertools.combinations_with_replacement(distinct, self.plan.size):
            self.facts(sum(combo))
        return True

    def signature(self, cards: Sequence[int]) -> int:
        return math.prod(self.prime[x] for x in cards) * self.nfacts + self.facts(
            sum(self.coarse[x] for x in cards)
        )

    def klass(self, cards: Sequence[int]) -> int:
        """The position of the value of exactly `plan.size` cards."""
        return self.index[self.signature(cards)]

    def best(self, cards: Sequence[int]) -> int | None:
        """The best position over the pool's subsets of the hand's size (None: too many subsets)."""
        k, n = self.plan.size, len(cards)
        if n == k:
            return self.klass(cards)
        if n < k or math.comb(n, k) > MAX_SUBSETS:
            return None
        ps = [self.prime[x] for x in cards]
        cs = [self.coarse[x] for x in cards]
        tp, tc = math.prod(ps), sum(cs)
        index, nf, known, facts = self.index, self.nfacts, self.by_sum, self.facts
        top = -1
        for out in _left_out(n, n - k):
            p, c = tp, tc
            for i in out:
                p //= ps[i]
                c -= cs[i]
            got = known.get(c)
            v = index[p * nf + (facts(c) if got is None else got)]
            if v > top:
                top = v
        return top


def fast(table: Table, otherwise: Callable[[Sequence[int]], Key]) -> Callable[[Sequence[int]], Key]:
    """A function from a pool to its best hand's key, in as few Python steps as possible for pools
    of the hand's size and two more (5 and 7 cards for Hold'em); `otherwise` values the rest."""
    if not table.fill():
        return lambda cards: table.keys[at] if (at := table.best(cards)) is not None else otherwise(cards)
    keys, index, nf, by_sum, k = table.keys, table.index, table.nfacts, table.by_sum, table.plan.size
    prime, coarse, prod = table.prime, table.coarse, math.prod
    pget, cget = prime.__getitem__, coarse.__getitem__
    pairs = [(i, j) for i in range(k + 2) for j in range(i + 1, k + 2)]

    def pool(cards: Sequence[int]) -> Key:
        n = len(cards)
        if n == k + 2:  # the best of the subsets, each left-out pair divided and subtracted out
            ps = [prime[x] for x in cards]
            cs = [coarse[x] for x in cards]
            tp, tc = prod(ps), sum(cs)
            return keys[
                max([index[tp // (ps[i] * ps[j]) * nf + by_sum[tc - cs[i] - cs[j]]] for i, j in pairs])
            ]
        if n == k:
            return keys[index[prod(map(pget, cards)) * nf + by_sum[sum(map(cget, cards))]]]
        at = table.best(cards)
        return keys[at] if at is not None else otherwise(cards)

    if k != 5:
        return pool

    def five(
        cards: Sequence[int],
        prime: list[int] = prime,
        coarse: list[int] = coarse,
        by_sum: dict[int, int] = by_sum,
        index: dict[int, int] = index,
        keys: list[Key] = keys,
        nf: int = nf,
    ) -> Key:
        # Unpacked, with everything in locals: about twice as fast as map() for the commonest hand.
        try:
            a, b, c, d, e = cards
        except ValueError:
            return pool(cards)
        return keys[
            index[
                prime[a] * prime[b] * prime[c] * prime[d] * prime[e] * nf
                + by_sum[coarse[a] + coarse[b] + coarse[c] + coarse[d] + coarse[e]]
            ]
        ]

    return five


_LEFT_OUT: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _left_out(n: int, r: int) -> tuple[tuple[int, ...], ...]:
    got = _LEFT_OUT.get((n, r))
    if got is None:
        got = _LEFT_OUT[(n, r)] = tuple(itertools.combinations(range(n), r))
    return got


# ---------------------------------------------------------------- building


def _primes(count: int) -> list[int]:
    out: list[int] = []
    x = 2
    while len(out) < count:
        if all(x % q for q in out if q * q <= x):
            out.append(x)
        x += 1
    return out


def codes(rules: Rules, p: Plan) -> tuple[list[int], list[int], list[int], Callable[[int], int]]:
    """Per card its fine code (a power of size + 1, to add), its prime (to multiply) and its coarse
    code, and the function from a coarse sum to its facts index."""
    base = p.size + 1
    cols = rules.columns
    n = len(rules.card_order)
    tuples = [
        (rules.card_order[c], rules.trump[c], rules.dead[c], *(cols[a][c] for a in p.fine)) for c in range(n)
    ]
    order = {t: i for i, t in enumerate(sorted(set(tuples)))}
    fine = [base ** order[t] for t in tuples]
    primes = _primes(len(order))
    prime = [primes[order[t]] for t in tuples]
    # coarse digits: per attribute, one per value (value -1, "none", included)
    slots: dict[tuple[str, int], int] = {}
    for a in p.coarse:
        for v in sorted({cols[a][c] for c in range(n)}):
            slots[(a, v)] = len(slots)
    coarse = [sum(base ** slots[(a, cols[a][c])] for a in p.coarse) for c in range(n)]
    back = sorted(slots.items(), key=lambda kv: kv[1])

    def facts_of(csum: int) -> int:
        values: dict[str, list[int]] = {a: [] for a in p.coarse}
        for (a, v), _ in back:
            csum, count = divmod(csum, base)
            values[a].extend([v] * count)
        return sum(1 << i for i, f in enumerate(p.facts) if _holds(f, values[f[1]]))

    return fine, prime, coarse, facts_of


EVALUATED_PER_STEP = 32  # hands the matcher values between two steps of a build
INDEXED_PER_STEP = 1024  # and hands entered in the table
STEP_WORK = 5_000  # sums made between two steps of a build


def build(rules: Rules, p: Plan, evaluate: Callable[[Sequence[int]], Key]) -> Table | None:
    """The table, built at once."""
    return finish(build_steps(rules, p, evaluate))


def build_steps(
    rules: Rules, p: Plan, evaluate: Callable[[Sequence[int]], Key]
) -> Generator[None, None, Table | None]:
    """The table, built a step at a time (a step is a millisecond or two: STEP_WORK sums made,
    or a few hands valued), so a screen can build while it waits for a person. It finds every
    signature a hand of `p.size` cards can have; `evaluate` (the general matcher) values one
    hand of each. None, soon, when there would be more than MAX_SIGNATURES."""
    fine, prime, coarse, facts_of = codes(rules, p)
    n, k = len(fine), p.size
    nfacts = 1 << len(p.facts)
    wide = max(coarse) * k + 1  # a pool's coarse sum is below this
    code = [f * wide + c for f, c in zip(fine, coarse)]
    found: dict[int, int] = {}  # signature -> one hand's sum of codes * n + its last card
    known: dict[int, int] = {}  # coarse sum -> facts index
    # A hand's sum of codes spells both its multisets, and its signature reads nothing else:
    # so the distinct sums of j cards are grown card by card (those of j - 1 earlier cards plus
    # this card's code: a subset-sum table, in set operations at C speed), never the C(n, k)
    # hands one by one. sums[j]: every sum of j < k cards met so far (in the order met, and as
    # a set); last[j]: the card that first made each, from which a hand with that sum is read back.
    sums: list[list[int]] = [[0]] + [[] for _ in range(k - 1)]
    met: list[set[int]] = [{0}] + [set() for _ in range(k - 1)]
    last: list[dict[int, int]] = [{} for _ in range(k)]

    def read_back(at: int) -> tuple[int, ...]:
        s, c = divmod(at, n)
        out = [c]
        s -= code[c]
        for j in range(k - 1, 0, -1):
            c = last[j][s]
            out.append(c)
            s -= code[c]
        return tuple(out[::-1])

    # A signature for the build's own use, (fine sum, facts) as one integer: the sum with its
    # coarse part swapped for its facts index (one addition per sum) when the index fits there.
    packed = nfacts <= wide
    swap: dict[int, int] = {}  # coarse sum -> what to add to a sum of k cards for its signature

    def signed(made: set[int]) -> dict[int, int]:
        csums = map(wide.__rmod__, made)
        if packed:
            sigs = map(operator.add, made, map(swap.__getitem__, csums))
        else:
            fsums = map(wide.__rfloordiv__, made)
            sigs = map(operator.add, map(nfacts.__mul__, fsums), map(known.__getitem__, csums))
        return dict(zip(sigs, made))

    def enter(made: set[int], card: int) -> None:
        """Enter the signatures of these sums of k cards (the last card `card`) not found yet."""
        try:
            by_sig = signed(made)
        except KeyError:  # a coarse sum not met before: its facts worked out first
            for csum in set(map(wide.__rmod__, made)).difference(known):
                known[csum] = facts_of(csum)
                swap[csum] = known[csum] - csum
            by_sig = signed(made)
        new = sorted(by_sig.keys() - found.keys())
        found.update(zip(new, map(card.__radd__, map(n.__rmul__, map(by_sig.__getitem__, new)))))

    work = 0
    for card in range(n):
        add = code[card].__add__
        for j in range(min(k, card + 1), 0, -1):  # sums of j - 1 earlier cards, plus this card
            before = sums[j - 1]
            end = len(before)  # (level j - 1 takes this card's sums only after level j)
            for at in range(0, end, STEP_WORK):
                made = set(map(add, before[at : at + STEP_WORK]))
                if j < k:
                    fresh = list(made.difference(met[j]))
                    met[j].update(fresh)
                    sums[j].extend(fresh)
                    last[j].update(dict.fromkeys(fresh, card))
                else:  # no sum of k cards is read again: only its signature
                    enter(made, card)
                    if len(found) > MAX_SIGNATURES:
                        return None
                work += min(end - at, STEP_WORK)
                if work >= STEP_WORK:
                    work = 0
                    yield
    hands = []
    values = []
    for at, made_at in enumerate(found.values(), 1):
        hands.append(read_back(made_at))
        values.append(evaluate(hands[-1]))
        if at % EVALUATED_PER_STEP == 0:
            yield
    keys = sorted(set(values))
    pos = {key: i for i, key in enumerate(keys)}
    table = Table(p, prime, coarse, facts_of, nfacts, {}, keys, [()] * len(keys), dict(known))
    for at, (hand, v) in enumerate(zip(hands, values), 1):
        table.index[table.signature(hand)] = pos[v]
        table.witnesses[pos[v]] = hand
        if at % INDEXED_PER_STEP == 0:
            yield
    return table
