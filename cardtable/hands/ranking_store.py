"""What the hand rankings share: a ranking as the rules reordered, and their measurements kept as
small JSON files (read like a save, written whole)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from pathlib import Path
from typing import Any

from .rules import Rules
from .shadow import shadowed


def reorder(rules: Rules, order: tuple[int, ...]) -> Rules:
    """The rules with their categories in `order` (published indexes, best first)."""
    out = dataclasses.replace(rules, categories=tuple(rules.categories[i] for i in order), warnings=())
    out.never_counts = dict(shadowed(out))
    return out


def plain_data(obj: Any) -> Any:
    """A dataclass as nested tuples of its fields' names and values, leaving out fields at their
    defaults (so a field added later with a default changes no key)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out = []
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.default is not dataclasses.MISSING and value == f.default:
                continue
            out.append((f.name, plain_data(value)))
        return (type(obj).__name__, tuple(out))
    if isinstance(obj, (tuple, list)):
        return tuple(plain_data(x) for x in obj)
    if isinstance(obj, dict):
        return tuple(sorted((k, plain_data(v)) for k, v in obj.items()))
    if isinstance(obj, (set, frozenset)):  # in an order of their own: a set of names has none
        return tuple(sorted((plain_data(x) for x in obj), key=repr))
    return obj


MAX_CACHE_BYTES = 4 * 1024 * 1024  # a measurement file is a few kilobytes


def load_json(path: Path, follow_links: bool = False) -> Any:
    """A cached measurement, read like a save (paths.read_bytes: never a pipe, a device or a huge
    file; a link only into the shipped files). OSError or ValueError when it cannot be had."""
    from ..paths import read_bytes

    return json.loads(read_bytes(path, MAX_CACHE_BYTES, follow_links).decode("utf-8"))


def save_json(path: Path, text: str) -> None:
    """Written whole (a new temporary file, then a rename): a reader sees the old or the new."""
    from ..paths import replace_whole

    with contextlib.suppress(OSError):  # a read-only cache only costs the measurement again next time
        replace_whole(path, text.encode("utf-8"))


def ranked(variant: Any) -> bool:
    """Whether the variant ranks hands (a points table scores placements instead)."""
    rules = getattr(variant, "sections", {}).get("hands")
    # (lowball: rarer is not better when the lowest wins, so no frequency ranking is offered)
    return (
        rules is not None
        and rules.form.runs_zone is None
        and len(rules.categories) > 1
        and not rules.lowest_wins
    )
