"""An append-only sequence that the states of one game share: the log, the table talk and the
hand history.

A session keeps older states (undo), so a state is never changed once made, and `Rules.apply`
made each new state's lists by copying the old ones: an action cost the length of the game
(9 ms at 200,000 log entries). A `Trail` is a backing list shared by every state of a line of
play and the length this state sees of it. A new state takes a `fork` (the same list and
length, no copy); appending to a fork whose length is the backing list's end extends that list,
which the older states do not see (they stop at their own length). Appending to a fork whose
list another line of play has already extended (a state taken up again after an undo) first
copies the shared part: that happens once per branch, not once per action.

Entries are final once written (never changed after), as everywhere in the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from operator import eq
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Trail(Sequence[T], Generic[T]):
    """The first `len(self)` entries of a list that only grows (see the module's words)."""

    __slots__ = ("_items", "_n")

    copied = 0  # entries copied into a new backing list, all trails together: work, for tests

    def __init__(self, entries: Iterable[T] = ()) -> None:
        self._items: list[T] = list(entries)
        self._n = len(self._items)

    def fork(self) -> Trail[T]:
        """Another trail with these entries, sharing them (nothing copied)."""
        other: Trail[T] = Trail.__new__(Trail)
        other._items, other._n = self._items, self._n
        return other

    def _own_end(self) -> list[T]:
        """The backing list, made this trail's own first when another trail went on from here."""
        if self._n != len(self._items):
            self._items = self._items[: self._n]
            Trail.copied += self._n
        return self._items

    def append(self, entry: T) -> None:
        self._own_end().append(entry)
        self._n += 1

    def extend(self, entries: Iterable[T]) -> None:
        items = self._own_end()
        items.extend(entries)
        self._n = len(items)

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: int | slice) -> T | list[T]:
        if isinstance(i, slice):
            start, stop, step = i.indices(self._n)
            if step == 1:
                return self._items[start : max(start, stop)]
            return [self._items[k] for k in range(start, stop, step)]
        k = i + self._n if i < 0 else i
        if not 0 <= k < self._n:
            raise IndexError("trail index out of range")
        return self._items[k]

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[T]:
        items = self._items
        return (items[k] for k in range(self._n - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Trail, list, tuple)):
            if len(other) != self._n:
                return False
            if isinstance(other, Trail) and other._items is self._items:
                return True
            return first_equal(self._items, self._n, other[:] if isinstance(other, Trail) else other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Iterable[T]) -> list[T]:
        return [*self, *other]

    def __radd__(self, other: Iterable[T]) -> list[T]:
        return [*other, *self]

    def __repr__(self) -> str:
        return f"Trail({list(self)!r})"

    def __copy__(self) -> Trail[T]:
        return self.fork()

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail[T]:
        from copy import deepcopy

        return Trail(deepcopy(list(self), memo))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Trail, (list(self),))


def trail(entries: Sequence[T]) -> Trail[T]:
    """A fork of a trail, or a trail holding a copy of a plain list (a state read from a file)."""
    return entries.fork() if isinstance(entries, Trail) else Trail(entries)


def same_backing(a: object, b: object) -> bool:
    """Whether two trails share their backing list: then they hold the same entries up to the
    shorter one's length (a backing list only grows; a trail that goes on from an earlier point
    copies its part first)."""
    return isinstance(a, Trail) and isinstance(b, Trail) and a._items is b._items


def first_equal(items: list[Any], n: int, other: Sequence[Any]) -> bool:
    """Whether the first `n` of `items` equal `other`, which has `n` entries: a list is compared
    in C (a slice copies only references), anything else entry by entry."""
    if type(other) is list:
        return (items if n == len(items) else items[:n]) == other
    return all(map(eq, islice(items, n), other))


def plain(entries: Sequence[T]) -> list[T]:
    """The entries as a list (for JSON, which knows lists only)."""
    return entries if isinstance(entries, list) else list(entries)


def json_default(value: object) -> list[Any]:
    """`json.dumps(state, default=json_default)`: a state as JSON, its trails as lists (anything
    else JSON does not know is still refused)."""
    if isinstance(value, Trail):
        return list(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
