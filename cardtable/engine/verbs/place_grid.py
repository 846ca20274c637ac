"""Where a card may go on an open grid (the place verb's rule, shared with its computer player's
thinking): an empty cell next to (north, east, south or west of) a card, where no row or column
line would grow past `max_line` cards and the cards would still span at most `bound`."""

from __future__ import annotations

from collections.abc import Iterator, Set

Spot = tuple[int, int]
NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))

# The open places of the grids seen last, by their cards' places and the rules: one decision's
# state asks several times (its legal actions, the view of the seat to move, the check of the
# action), and a computer player's look-ahead asks again for the grids it tries. A plain dict,
# emptied when full: its single reads and writes are safe where threads share it (a host's).
_SPOTS: dict[tuple[frozenset[Spot], int | None, tuple[int, int] | None], tuple[Spot, ...]] = {}
SPOTS_KEPT = 256


def open_spots(cells: Set[Spot], limit: int | None, bound: tuple[int, int] | None) -> list[Spot]:
    """The empty cells a card may be placed at, in order."""
    key = (frozenset(cells), limit, bound)
    found = _SPOTS.get(key)
    if found is None:
        if len(_SPOTS) >= SPOTS_KEPT:
            _SPOTS.clear()
        found = _SPOTS[key] = tuple(sorted(_open(key[0], limit, bound)))
    return list(found)


def any_open(cells: set[Spot], limit: int | None, bound: tuple[int, int] | None) -> bool:
    """Whether a card may be placed anywhere (found without listing every place)."""
    return next(_open(cells, limit, bound), None) is not None


def _open(cells: Set[Spot], limit: int | None, bound: tuple[int, int] | None) -> Iterator[Spot]:
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    extent = (min(rows), max(rows), min(cols), max(cols)) if cells else (0, 0, 0, 0)
    seen = set()
    for r, c in cells:
        for dr, dc in NEIGHBOURS:
            p = (r + dr, c + dc)
            if p in cells or p in seen:
                continue
            seen.add(p)
            if bound is not None and not spans_within(extent, p, bound):
                continue
            if limit is None or (_line(cells, p, 0, 1) < limit and _line(cells, p, 1, 0) < limit):
                yield p


def run_length(cells: set[Spot], p: Spot, d: Spot) -> int:
    """Cards already touching p along direction d, both ways."""
    n = 0
    for sign in (1, -1):
        q = (p[0] + sign * d[0], p[1] + sign * d[1])
        while q in cells:
            n += 1
            q = (q[0] + sign * d[0], q[1] + sign * d[1])
    return n


def _line(cells: Set[Spot], p: Spot, dr: int, dc: int) -> int:
    """`run_length` along (dr, dc), without a tuple per step of the direction (the hot loop of
    listing open spots)."""
    r, c = p
    n = 0
    while (r + (n + 1) * dr, c + (n + 1) * dc) in cells:
        n += 1
    back = 1
    while (r - back * dr, c - back * dc) in cells:
        back += 1
    return n + back - 1


def short_lines(cells: set[Spot], p: Spot, limit: int | None) -> bool:
    """Whether a card at p makes no row or column line longer than `limit` (None: any length)."""
    return limit is None or all(run_length(cells, p, d) < limit for d in ((0, 1), (1, 0)))


def spans_within(extent: tuple[int, int, int, int], p: Spot, bound: tuple[int, int]) -> bool:
    """`within`, from the cards' extent (top, bottom, left, right) worked out once."""
    top, bottom, left, right = extent
    return max(bottom, p[0]) - min(top, p[0]) < bound[0] and max(right, p[1]) - min(left, p[1]) < bound[1]


def within(cells: set[Spot], p: Spot, bound: tuple[int, int]) -> bool:
    """Whether the cards, with one more at p, still span at most bound = (rows, cols)."""
    rows = [r for r, _ in cells] + [p[0]]
    cols = [c for _, c in cells] + [p[1]]
    return max(rows) - min(rows) < bound[0] and max(cols) - min(cols) < bound[1]
