"""The parts of a view read off the game's append-only lists (the table talk as one seat reads it,
the hands each seat has won), kept up to date instead of worked out from the whole list each time.

A view was built from every event of the game: at hand 600 of a long match, 26 ms a view, so each
decision cost more than the one before (a simulation's hands grew from 3 to 18 ms). Entries of
those lists are never changed once written, and a game's later states share them (rules.apply), so
a list is another's continuation exactly when they hold the same entry at the place where the
shorter one ends; only the entries after what was already read are read.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

Entry = Any
Folded = TypeVar("Folded")
KEEP = 64  # lists remembered (games x seats): a few games at once, as tests and matches have


class Reader(Generic[Folded]):
    """Folds entries into a value (`add` extends a copy of it by some entries), remembering the
    last fold of each list so that a continuation is folded from where that one ended."""

    def __init__(self, empty: Callable[[], Folded], add: Callable[[Folded, Sequence[Entry]], Folded]) -> None:
        self.empty, self.add = empty, add
        self._seen: OrderedDict[tuple[int, object], tuple[list[Entry], int, Folded]] = OrderedDict()
        self.entries_read = 0  # work done, for tests

    def read(
        self, entries: list[Entry], tag: object = None, cut: Callable[[Folded, int], Folded] | None = None
    ) -> Folded:
        """The fold of `entries` (for `tag`, such as a seat). `cut(value, k)`: the fold of the first k
        entries from a longer fold, when a list shorter than the remembered one (an undo) is read."""
        if not entries:
            return self.empty()
        key = (id(entries[0]), tag)
        value, done = self.empty(), 0
        seen = self._seen.get(key)
        if seen is not None and seen[0][0] is entries[0]:
            old, count, folded = seen
            shared = _shared_prefix(old, entries, min(count, len(entries)))
            if shared == count:
                value, done = folded, count
            elif cut is not None:
                value, done = cut(folded, shared), shared
        value = self.add(value, entries[done:])
        self.entries_read += len(entries) - done
        self._seen[key] = (entries, len(entries), value)
        self._seen.move_to_end(key)
        while len(self._seen) > KEEP:
            self._seen.popitem(last=False)
        return value


def _shared_prefix(old: list[Entry], new: list[Entry], most: int) -> int:
    """How many first entries the two lists share (the same objects): lineages share a prefix,
    then differ, so halving finds its end."""
    lo, hi = 0, most  # the first lo are shared; beyond hi they are not
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[mid - 1] is new[mid - 1]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _lines(seat: int | None) -> Callable[[tuple[str, ...], Sequence[Entry]], tuple[str, ...]]:
    def add(lines: tuple[str, ...], events: Sequence[Entry]) -> tuple[str, ...]:
        return lines + tuple(
            ev["private"] if seat is not None and "private" in ev and ev.get("seat") == seat else ev["text"]
            for ev in events
        )

    return add


_TALK: dict[int | None, Reader[tuple[str, ...]]] = {}


def seat_talk(events: list[Entry], seat: int | None) -> list[str]:
    """The table talk as `seat` reads it (its own private lines; None: everyone's public lines)."""
    reader = _TALK.get(seat)
    if reader is None:
        reader = _TALK[seat] = Reader(tuple, _lines(seat))
    return list(reader.read(events, cut=lambda lines, k: lines[:k]))


def _wins(won: tuple[float, ...], hands: Sequence[Entry]) -> tuple[float, ...]:
    counts = list(won)
    for hand in hands:
        for seat in set(hand["winners"]):
            while len(counts) <= seat:
                counts.append(0)
            counts[seat] += 1
    return tuple(counts)


_WON: Reader[tuple[float, ...]] = Reader(tuple, _wins)


def hands_won(history: list[Entry], seats: int) -> list[int]:
    """How many hands of the game each seat has won (a share counts as one)."""
    counts = _WON.read(history)
    return [int(counts[i]) if i < len(counts) else 0 for i in range(seats)]
