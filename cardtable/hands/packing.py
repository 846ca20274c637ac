"""Whether disjoint sets of a pool make a collection worth more than a given (size, type): the
question combined.beats_combined asks once no single set decides it.

A collection of several sets is worth (its cards - 1, its lowest type). Instead of growing every
collection (combined._grow), a depth-first search decides the pool's cards in order: the first
card not yet in a set either starts one of the sets whose lowest card it is (disjoint from those
chosen, their cards past the first `nfix` within the room) or stays out, and it stays out only
while enough cards are left to reach the size wanted. Each collection is met once (its sets by
their lowest cards), the search ends at the first that is worth more.
"""

from __future__ import annotations

from collections.abc import Callable

NO_TYPE = 1 << 30  # the lowest type of no set yet


def packs(
    types: dict[int, int],
    n: int,
    loose: int,
    room: int,
    edge: tuple[int, int],
    higher: Callable[[int], bool] | None = None,
) -> bool:
    """Whether two or more disjoint sets of `types` (mask -> type; masks over n cards), no more
    than `room` of their cards in `loose`, are worth more than `edge`: more than its size plus
    one cards, or just its size plus one and a lowest type above its type. With `higher`, also
    a collection worth just `edge` whose cards `higher` accepts."""
    by_low: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for s, t in types.items():
        out = (s & loose).bit_count()
        if out <= room:
            by_low[(s & -s).bit_length() - 1].append((s, t, out))
    for sets in by_low:
        sets.sort(key=lambda st: -st[0].bit_count())  # big sets first: an answer comes sooner
    size, kind = edge
    most = size + 2  # cards needed whatever the lowest type
    fewer = size + 1  # cards needed with a lowest type above `kind` (or equal, with `higher`)
    even = higher is not None

    def go(i: int, chosen: int, count: int, nsets: int, low: int, skipped: int, used: int) -> bool:
        while i < n and chosen >> i & 1:
            i += 1
        need = fewer if low > kind or (even and low == kind) else most
        if n - skipped < need:
            return False
        if i == n:
            if nsets < 2:
                return False
            if count > fewer or (count == fewer and low > kind):
                return True
            return higher is not None and count == fewer and low == kind and higher(chosen)
        for s, t, out in by_low[i]:
            if (
                not s & chosen
                and used + out <= room
                and go(i + 1, chosen | s, count + s.bit_count(), nsets + 1, min(low, t), skipped, used + out)
            ):
                return True
        return go(i + 1, chosen, count, nsets, low, skipped + 1, used)

    return go(0, 0, 0, 0, NO_TYPE, 0, 0)


__all__ = ["packs"]
