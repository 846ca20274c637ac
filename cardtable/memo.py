"""Values worked out once: by key, the last few (`Kept`), or per object while it lives
(`PerObject`), for objects that cannot be dict keys (a dataclass that compares by value is
unhashable): kept by identity, with a weak reference telling the live object from a new one at
a reused address; the values of objects gone are dropped."""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class PerObject(Generic[K, V]):
    def __init__(self) -> None:
        self._kept: dict[int, tuple[weakref.ref[K], V]] = {}

    def get(self, obj: K, make: Callable[[K], V]) -> V:
        """The value kept for `obj`, made by `make(obj)` the first time."""
        kept = self._kept.get(id(obj))
        if kept is not None and kept[0]() is obj:
            return kept[1]
        for gone in [k for k, (ref, _) in self._kept.items() if ref() is None]:
            del self._kept[gone]
        value = make(obj)
        self._kept[id(obj)] = (weakref.ref(obj), value)
        return value


class Kept(Generic[K, V]):
    """The values last put, by key, at most `size` of them: the least recently used is dropped.
    Safe when several threads ask and put at once (a value is never made under its lock)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
