"""Values worked out once per object while it lives, for objects that cannot be dict keys (a
dataclass that compares by value is unhashable): kept by identity, with a weak reference telling
the live object from a new one at a reused address; the values of objects gone are dropped."""

from __future__ import annotations

import weakref
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
