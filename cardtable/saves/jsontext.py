"""Compact JSON text (sorted keys, no spaces, UTF-8 as it is: the spelling MACs and sealed boxes
use), made a slice of a long list at a time. The text is the very text `json.dumps` makes; only
the work is cut up: a long game's save (200,000 log entries, its talk and history) is written in
a background thread (session.py), and one call of the C encoder over all of it would hold the
interpreter for a third of a second, freezing the window's frame for as long."""

from __future__ import annotations

import json
from typing import Any

SLICE = 500  # a list longer than this is encoded this many items at a time (a hand history: 250 KB)


# one encoder for every call: `json.dumps` with options makes an encoder object each time (a
# long list's slices, a log's entries: many objects for the collector, and slower)
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
ENTRY = json.JSONEncoder(sort_keys=True, separators=(",", ":"))  # a save's log entries, one a line


def _plain(value: Any) -> str:
    return _ENCODER.encode(value)


def _big(value: Any) -> bool:
    return isinstance(value, list) and len(value) > SLICE


def compact(value: Any) -> str:
    """`json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`, a list of
    more than SLICE items (at the top or as a value of the top object) a slice at a time."""
    if isinstance(value, dict) and any(_big(v) for v in value.values()):
        keys = sorted(value)
        return "{" + ",".join(f"{_plain(k)}:{compact(value[k])}" for k in keys) + "}"
    if _big(value):
        return "[" + ",".join(_plain(value[i : i + SLICE])[1:-1] for i in range(0, len(value), SLICE)) + "]"
    return _plain(value)
