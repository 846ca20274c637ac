"""The parts of a view read off the game's append-only lists (the table talk as one seat reads it,
the hands each seat has won), kept up to date instead of worked out from the whole list each time.

A view was built from every event of the game: at hand 600 of a long match, 26 ms a view, so each
decision cost more than the one before (a simulation's hands grew from 3 to 18 ms). Entries of
those lists are never changed once written, and a game's later states share them (rules.apply), so
a list is another's continuation exactly when they hold the same entry at the place where the
shorter one ends; only the entries after what was already read are read. A view's talk is a
`Lines`: the first n lines of the list read so far, which only grows (copying it per view still
made a hand at hand 3,000 cost 2.3 times one at hand 100).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar, overload

from .trail import first_equal, same_backing

Entry = Any
Folded = TypeVar("Folded")
KEEP = 64  # lists remembered (games x seats): a few games at once, as tests and matches have


class Reader(Generic[Folded]):
    """Folds entries into a value (`add` extends a copy of it by some entries), remembering the
    last fold of each list so that a continuation is folded from where that one ended."""

    def __init__(self, empty: Callable[[], Folded], add: Callable[[Folded, Sequence[Entry]], Folded]) -> None:
        self.empty, self.add = empty, add
        # by (the first entry's id, tag): the list last read, its length, its fold, its first entry
        self._seen: OrderedDict[tuple[int, object], tuple[Sequence[Entry], int, Folded, Entry]] = (
            OrderedDict()
        )
        self.entries_read = 0  # work done, for tests

    def read(
        self, entries: Sequence[Entry], tag: object = None, cut: Callable[[Folded, int], Folded] | None = None
    ) -> Folded:
        """The fold of `entries` (for `tag`, such as a seat). `cut(value, k)`: the fold of the first k
        entries from a longer fold, when a list shorter than the remembered one (an undo) is read."""
        if not entries:
            return self.empty()
        first, n = entries[0], len(entries)
        key = (id(first), tag)
        seen = self._seen.get(key)
        if seen is not None and seen[3] is first:
            old, count, folded, _ = seen
            if count == n and same_backing(old, entries):  # read already (a view of the same state)
                self._seen.move_to_end(key)
                return folded
        value, done = self.empty(), 0
        if seen is not None and seen[3] is first:
            most = min(count, n)
            # one backing list (trail.py): the whole shorter length is shared, no search needed
            shared = most if same_backing(old, entries) else _shared_prefix(old, entries, most)
            if shared == count:
                value, done = folded, count
            elif cut is not None:
                value, done = cut(folded, shared), shared
        if done < n:
            value = self.add(value, entries[done:])
        self.entries_read += n - done
        self._seen[key] = (entries, n, value, first)
        self._seen.move_to_end(key)
        while len(self._seen) > KEEP:
            self._seen.popitem(last=False)
        return value


def _shared_prefix(old: Sequence[Entry], new: Sequence[Entry], most: int) -> int:
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


def _lines(seat: int | None) -> Callable[[list[str], Sequence[Entry]], list[str]]:
    def add(lines: list[str], events: Sequence[Entry]) -> list[str]:
        # extended in place: the views already made hold a prefix of it, which never changes
        lines.extend(
            ev["private"] if seat is not None and "private" in ev and ev.get("seat") == seat else ev["text"]
            for ev in events
        )
        return lines

    return add


class Lines(Sequence[str]):
    """The first `n` lines of a list that only grows: a view's table talk, made without copying
    the talk read so far (a copy per view cost a long match's decisions more and more)."""

    __slots__ = ("_lines", "_n")

    def __init__(self, lines: list[str], n: int) -> None:
        self._lines, self._n = lines, n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> list[str]: ...

    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            start, stop, step = i.indices(self._n)  # within the first n, whatever the step
            if step == 1:
                return self._lines[start : max(start, stop)]
            return [self._lines[k] for k in range(start, stop, step)]
        k = i + self._n if i < 0 else i
        if not 0 <= k < self._n:
            raise IndexError("line index out of range")
        return self._lines[k]

    def __iter__(self) -> Iterator[str]:
        return islice(self._lines, self._n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Lines, list, tuple)):
            if len(other) != self._n:
                return False
            return first_equal(self._lines, self._n, other[:] if isinstance(other, Lines) else other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Lines({list(self)!r})"


_TALK: dict[int | None, Reader[list[str]]] = {}


def seat_talk(events: Sequence[Entry], seat: int | None) -> Lines:
    """The table talk as `seat` reads it (its own private lines; None: everyone's public lines)."""
    reader = _TALK.get(seat)
    if reader is None:
        reader = _TALK[seat] = Reader(list, _lines(seat))
    # a shorter list (an undo, another line of play): a fresh copy of the shared lines, since
    # the remembered list is extended in place and the views made before hold its prefix
    return Lines(reader.read(events, cut=_first), len(events))


def _first(lines: list[str], k: int) -> list[str]:
    return lines[:k]


def _wins(won: tuple[float, ...], hands: Sequence[Entry]) -> tuple[float, ...]:
    counts = list(won)
    for hand in hands:
        for seat in set(hand["winners"]):
            while len(counts) <= seat:
                counts.append(0)
            counts[seat] += 1
    return tuple(counts)


_WON: Reader[tuple[float, ...]] = Reader(tuple, _wins)


def hands_won(history: Sequence[Entry], seats: int) -> list[int]:
    """How many hands of the game each seat has won (a share counts as one)."""
    counts = _WON.read(history)
    return [int(counts[i]) if i < len(counts) else 0 for i in range(seats)]
