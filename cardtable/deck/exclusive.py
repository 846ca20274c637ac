"""The `exclusive:` sets of a multi-valued attribute, as bitmasks, and the combinations they allow.

A file sets the work here (up to 30 values, tens of thousands of sets), so every test is a few
bit operations and the work is counted before it is done: a pair is one lookup per value
(`conflict`), a set of three or more is tested only when its highest member joins a
combination, and `combination_cost` bounds a whole enumeration from the counts alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

WORK_LIMIT = 3_000_000  # set tests one deck may cost (about a second in the worst case)


@dataclass(frozen=True)
class Exclusions:
    """The exclusive sets of one attribute of `n` values."""

    n: int
    banned: int  # values that can never be on a card (a set naming one value twice)
    conflict: tuple[int, ...]  # per value: the values it never shares a card with (the pairs)
    by_top: tuple[tuple[int, ...], ...]  # per value: sets of three or more whose highest member it is

    @classmethod
    def of(cls, sets: Iterable[frozenset[int]], n: int) -> Exclusions:
        banned = 0
        conflict = [0] * n
        by_top: list[set[int]] = [set() for _ in range(n)]  # a set: duplicates are tested once
        for members in sets:
            if not members:
                continue
            mask = sum(1 << i for i in members)
            if len(members) == 1:
                banned |= mask
            elif len(members) == 2:
                a, b = members
                conflict[a] |= 1 << b
                conflict[b] |= 1 << a
            else:
                by_top[max(members)].add(mask)
        return cls(n, banned, tuple(conflict), tuple(tuple(sorted(s)) for s in by_top))

    @property
    def larger(self) -> int:
        """How many sets of three or more there are (each a test per combination reaching it)."""
        return sum(len(s) for s in self.by_top)

    def test_cost(self, mask: int) -> int:
        """The set tests `allows(mask)` makes, counted without making them."""
        return sum(1 + len(self.by_top[i]) for i in range(self.n) if mask >> i & 1)

    def held(self, mask: int) -> int:
        """An exclusive set the combination holds (0 when it holds none), as a bitmask."""
        if mask & self.banned:
            return mask & self.banned & -(mask & self.banned)
        for i in range(self.n):
            if mask >> i & 1:
                if self.conflict[i] & mask:
                    other = self.conflict[i] & mask
                    return 1 << i | other & -other
                for s in self.by_top[i]:
                    if s & mask == s:
                        return s
        return 0

    def allows(self, mask: int) -> bool:
        """Whether a card may carry this set of values."""
        return self.held(mask) == 0

    def combination_cost(self, size: int, limit: int) -> int:
        """An upper bound on the set tests `combinations(size, limit)` makes: every combination
        it visits (at most all sets of up to `size` values, and it stops past `limit`) tries each
        higher value once and the larger sets topped by it."""
        visited = min(sum(math.comb(self.n, k) for k in range(size + 1)), limit + 1)
        return visited * (self.n + self.larger)

    def combinations(self, size: int, limit: int) -> list[int]:
        """Every allowed set of at most `size` values, as bitmasks, by size then in the values'
        order; past `limit` of them it stops (the caller then refuses the deck). A set that breaks
        an exclusion is never extended: its supersets break it too."""
        found: list[int] = []
        stack = [(0, 0, self.banned, 0)]  # chosen, next value, values now excluded, size
        while stack:
            chosen, start, blocked, k = stack.pop()
            found.append(chosen)
            if len(found) > limit:
                break
            if k == size:
                continue
            for i in range(self.n - 1, start - 1, -1):  # pushed high first: popped in order
                if blocked >> i & 1:
                    continue
                mask = chosen | 1 << i
                if any(s & mask == s for s in self.by_top[i]):
                    continue
                stack.append((mask, i + 1, blocked | self.conflict[i], k + 1))
        # depth first, lowest value first, visits the sets of one size in order: a stable sort by size
        return sorted(found, key=int.bit_count)
