"""Caches bounded by bytes, all drawing from one memory budget sized from the window.

Every cache of pixels the renderer keeps (face atlas strips, far-zoom tiles, glyphs, text, blank
cards) is a `ByteLRU` charged to one `Budget`. When the total goes over the limit, the least
recently used entry *of all the caches* is dropped, so a zoom level that is no longer looked at
gives its memory to the one that is, whatever kind of picture it holds. Entries used in the
current frame are never dropped (they are on screen); a limit sized from the window leaves room
for a screenful of faces many times over.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

MB = 1024 * 1024
SCREENS = 11  # the budget holds this many window-sized pictures (faces, strips, tiles, glyphs, text)
FLOOR = 48 * MB  # even a small window gets this much: a zoom sweep keeps a few levels
CEILING = 160 * MB  # a huge window gets no more: the whole program stays under 300 MB
TRIM_EVERY = 24 * MB  # bytes of pictures dropped between two returns of free memory to the system


def limit_for(size: tuple[int, int]) -> int:
    """The budget for a window of `size` pixels (4 bytes a pixel, SCREENS of them, clamped)."""
    w, h = size
    return max(FLOOR, min(CEILING, max(1, w) * max(1, h) * 4 * SCREENS))


def surface_bytes(surface: object) -> int:
    """The pixel memory a pygame surface holds (its rows with their padding)."""
    get_pitch = getattr(surface, "get_pitch", None)
    get_height = getattr(surface, "get_height", None)
    if get_pitch is None or get_height is None:
        return 0
    return int(get_pitch()) * int(get_height())


class Budget:
    """A byte limit shared by caches, with a clock telling which entry was used least recently."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.total = 0
        self.clock = 0
        self.frame_tick: int | None = None  # entries used since this tick are on screen: kept
        self.evicted = 0  # entries dropped so far (for the bench and tests)
        self.dropped_bytes = 0  # bytes dropped since `trimmed` was last called
        self.peak = 0
        self._caches: weakref.WeakSet[ByteLRU] = weakref.WeakSet()

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def new_frame(self) -> None:
        """A frame begins: what it uses from now on is kept until the next frame begins."""
        self.frame_tick = self.clock + 1

    def end_frames(self) -> None:
        """No frame under way (outside a drawing loop): only the newest entry is protected."""
        self.frame_tick = None

    def trim_if_due(self, every: int = TRIM_EVERY) -> bool:
        """After `every` bytes of pictures dropped, give the heap's free pages back to the system
        (render/heap.py); True when it was due."""
        if self.dropped_bytes < every:
            return False
        from .heap import trim

        self.dropped_bytes = 0
        trim()
        return True

    def fit_window(self, size: tuple[int, int]) -> None:
        self.limit = limit_for(size)
        self.shrink()

    def join(self, cache: ByteLRU) -> None:
        self._caches.add(cache)

    def caches(self) -> list[ByteLRU]:
        return list(self._caches)

    def charge(self, delta: int) -> None:
        self.total += delta
        self.peak = max(self.peak, self.total)

    def shrink(self, newest: int | None = None) -> int:
        """Drop least recently used entries until within the limit; returns how many were dropped.
        Entries used at or after the frame's start (or `newest`, the entry just added) stay."""
        keep_from = self.clock + 1 if newest is None else newest
        if self.frame_tick is not None:
            keep_from = min(keep_from, self.frame_tick)
        dropped = 0
        while self.total > self.limit:
            oldest: ByteLRU | None = None
            oldest_tick = keep_from
            for cache in self._caches:
                t = cache.oldest_tick()
                if t is not None and t < oldest_tick:
                    oldest, oldest_tick = cache, t
            if oldest is None:
                break  # everything left is on screen: over the limit until the next frame
            self.dropped_bytes += oldest.drop_oldest()
            dropped += 1
        self.evicted += dropped
        return dropped


_SHARED: Budget | None = None


def shared() -> Budget:
    """The program's one budget (sized for a 1280x720 window until a scene says its size)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Budget(limit_for((1280, 720)))
    return _SHARED


class ByteLRU(Generic[K, V]):
    """A mapping whose entries cost bytes from a Budget; the least recently used goes first.

    `size_of(value)` says what an entry costs (a surface's pixel bytes by default)."""

    def __init__(
        self, budget: Budget | None = None, name: str = "", size_of: Callable[[V], int] = surface_bytes
    ) -> None:
        self.budget = budget if budget is not None else shared()
        self.name = name
        self.size_of = size_of
        self.nbytes = 0
        self._entries: OrderedDict[K, tuple[V, int, int]] = OrderedDict()  # value, bytes, last use
        self._charged = [0]  # shared with the finalizer, which must not hold the cache itself
        self.budget.join(self)
        weakref.finalize(self, _release, self.budget, self._charged)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def get(self, key: K) -> V | None:
        """The value (marking it used now), or None."""
        entry = self._entries.get(key)
        if entry is None:
            return None
        self._entries[key] = (entry[0], entry[1], self.budget.tick())
        self._entries.move_to_end(key)
        return entry[0]

    def peek(self, key: K) -> V | None:
        """The value without marking it used."""
        entry = self._entries.get(key)
        return None if entry is None else entry[0]

    def put(self, key: K, value: V, nbytes: int | None = None) -> V:
        """Keep `value` (costing `nbytes`, or its size) and make room within the budget."""
        self.pop(key)
        cost = self.size_of(value) if nbytes is None else nbytes
        tick = self.budget.tick()
        self._entries[key] = (value, cost, tick)
        self._add(cost)
        self.budget.shrink(newest=tick)
        return value

    def pop(self, key: K) -> V | None:
        entry = self._entries.pop(key, None)
        if entry is None:
            return None
        self._add(-entry[1])
        return entry[0]

    def clear(self) -> None:
        self._entries.clear()
        self._add(-self.nbytes)

    def oldest_tick(self) -> int | None:
        if not self._entries:
            return None
        return self._entries[next(iter(self._entries))][2]

    def drop_oldest(self) -> int:
        """Drop the least recently used entry; its bytes."""
        key = next(iter(self._entries))
        cost = self._entries[key][1]
        self.pop(key)
        return cost

    def _add(self, delta: int) -> None:
        self.nbytes += delta
        self._charged[0] += delta
        self.budget.charge(delta)


def _release(budget: Budget, charged: list[int]) -> None:
    """A cache was dropped: its bytes no longer count."""
    budget.charge(-charged[0])
