"""Where a variant's lookup table (table.py) comes from: memory, the user cache folder, or a build.

A table is filed under a digest of everything it depends on (the compiled hand rules and the
deck's columns they read), so an edited variant gets a new table. The file is read defensively:
its size, a SHA-256 checksum, its shape, and a sample of its entries re-valued by the general
matcher must all agree, or it is rebuilt. A table is built on first use, once enough hands have
been valued the slow way to pay for it (a few seconds for a 52-card deck), or at once by `ensure`,
or ahead in small steps by `build_ahead` (a screen waiting for a person).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import random
from collections import OrderedDict
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import Any

from .. import clock
from ..paths import read_bytes, replace_whole
from .rules import Rules
from .steps import finish
from .table import Key, Plan, Table, build_steps, codes, plan

FORMAT = 1
MAGIC = b"cardtable-hand-table\n"
MAX_BYTES = 64 * 1024 * 1024
BUILD_AFTER = 3000  # hands valued by the matcher before a missing table is built
CHECKS = 24  # entries re-valued when a table is read from disk

Evaluate = Callable[[Sequence[int]], Key]


def digest(rules: Rules, p: Plan) -> str:
    """A name for the table of these rules: changes whenever any input of the table does."""
    cats = tuple(dataclasses.replace(c, describe="", published="") for c in rules.categories)
    cols = {a: rules.columns[a] for a in sorted(set(p.fine) | set(p.coarse))}
    # every field of the rules (future ones too), less the words and the columns no pattern reads
    same = dataclasses.replace(rules, categories=cats, columns=cols, warnings=(), value_names=())
    text = repr((FORMAT, p, same))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def folder() -> Path:
    from ..paths import user_cache

    return user_cache() / "hand-tables"


# ---------------------------------------------------------------- the file


def _tuple(x: Any) -> Any:
    return tuple(_tuple(v) for v in x) if isinstance(x, list) else x


def _is_key(x: Any) -> bool:
    return isinstance(x, tuple) and all(type(v) is int or _is_key(v) for v in x)


def encode(table: Table, name: str) -> bytes:
    sigs = sorted(table.index)
    body = json.dumps(
        {
            "format": FORMAT,
            "name": name,
            "sigs": sigs,
            "at": [table.index[s] for s in sigs],
            "keys": table.keys,
            "witnesses": table.witnesses,
        },
        separators=(",", ":"),
    ).encode()
    return MAGIC + b"%d\n" % len(body) + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def decode(
    data: bytes, name: str, rules: Rules, p: Plan, evaluate: Evaluate, rng: random.Random
) -> Table | None:
    """The table in `data`, or None when anything about it is off."""
    if not data.startswith(MAGIC) or len(data) > MAX_BYTES:
        return None
    try:
        size_line, check, body = data[len(MAGIC) :].split(b"\n", 2)
        if int(size_line) != len(body) or hashlib.sha256(body).hexdigest().encode() != check:
            return None
        d = json.loads(body)
    except ValueError:
        return None
    if not isinstance(d, dict) or d.get("format") != FORMAT or d.get("name") != name:
        return None
    sigs, at, keys, wit = (d.get(k) for k in ("sigs", "at", "keys", "witnesses"))
    if not all(isinstance(x, list) for x in (sigs, at, keys, wit)):
        return None
    assert (
        isinstance(sigs, list) and isinstance(at, list) and isinstance(keys, list) and isinstance(wit, list)
    )
    keys = [_tuple(k) for k in keys]
    ncards = len(rules.card_order)
    if (
        len(sigs) != len(at)
        or len(wit) != len(keys)
        or not all(type(s) is int for s in sigs)
        or not all(type(i) is int and 0 <= i < len(keys) for i in at)
        or not all(_is_key(k) for k in keys)
        or any(a >= b for a, b in zip(keys, keys[1:]))
        or not all(
            isinstance(h, list) and len(h) == p.size and all(type(c) is int and 0 <= c < ncards for c in h)
            for h in wit
        )
    ):
        return None
    _, prime, coarse, facts_of = codes(rules, p)
    index = dict(zip(sigs, at))
    table = Table(p, prime, coarse, facts_of, 1 << len(p.facts), index, keys, [tuple(h) for h in wit])
    # Never trusted: a sample of the entries must give their hand's value by the general matcher.
    for i in rng.sample(range(len(keys)), min(CHECKS, len(keys))):
        hand = table.witnesses[i]
        if len(set(hand)) != len(hand) or table.klass(hand) != i or evaluate(hand) != keys[i]:
            return None
    return table


# The same bytes under the same name decode to the same table (the name digests the rules, and
# decode checks the bytes against them), so a file read again, for another game of the same
# variant, is decoded once.
_DECODED: OrderedDict[tuple[str, str], Table] = OrderedDict()
DECODED_KEPT = 6


def read(path: Path, name: str, rules: Rules, p: Plan, evaluate: Evaluate) -> Table | None:
    try:  # read like a save: never a pipe, a device, a link or a huge file
        data = read_bytes(path, MAX_BYTES)
    except OSError:
        return None
    key = (name, hashlib.sha256(data).hexdigest())
    table = _DECODED.get(key)
    if table is not None:
        _DECODED.move_to_end(key)
        return table
    try:
        table = decode(data, name, rules, p, evaluate, random.Random(name))
    except (KeyError, IndexError, TypeError, ValueError, RecursionError):
        return None
    if table is not None:
        _DECODED[key] = table
        if len(_DECODED) > DECODED_KEPT:
            _DECODED.popitem(last=False)
    return table


def write(path: Path, table: Table, name: str) -> None:
    """Atomically (a reader sees the old file or the new one); a folder we cannot write is fine."""
    with contextlib.suppress(OSError):
        replace_whole(path, encode(table, name))


# ---------------------------------------------------------------- on first use


@dataclasses.dataclass
class _Slot:
    plan: Plan | None
    name: str = ""
    table: Table | None = None
    tried_disk: bool = False
    slow: int = 0  # hands valued without a table so far
    building: Generator[None, None, Table] | None = None  # a build begun ahead (`build_ahead`)


def _slot(rules: Rules) -> _Slot:
    slot = rules.memo.get("table")
    if not isinstance(slot, _Slot):
        p = plan(rules)
        slot = _Slot(p, digest(rules, p) if p is not None else "")
        rules.memo["table"] = slot
    return slot


def ensure(rules: Rules, evaluate: Evaluate) -> Table | None:
    """The table for these rules (read or built now: a build begun ahead is finished), or None
    when no table can serve them."""
    slot = _slot(rules)
    if slot.plan is None:
        return None
    if slot.table is None:
        path = folder() / f"{slot.name}.table"
        if slot.building is None:
            slot.table = read(path, slot.name, rules, slot.plan, evaluate)
            slot.tried_disk = True
        if slot.table is None:
            steps = slot.building or _made(rules, slot, evaluate)
            slot.building = None
            slot.table = finish(steps)
    return slot.table


def _made(rules: Rules, slot: _Slot, evaluate: Evaluate) -> Generator[None, None, Table]:
    """The table built, then filed (a step of its own), in steps."""
    assert slot.plan is not None
    table = yield from build_steps(rules, slot.plan, evaluate)
    yield
    write(folder() / f"{slot.name}.table", table, slot.name)
    return table


def build_ahead(rules: Rules, evaluate: Evaluate, budget_s: float) -> bool:
    """Build a table no file holds yet, about `budget_s` seconds of it per call (at least one
    step), for a screen that waits for a person (New game) to call once a frame; True when
    nothing is left to do here: the table is in memory, or filed (`ensure` reads it when the
    game starts), or none can serve these rules."""
    slot = _slot(rules)
    if slot.plan is None or slot.table is not None:
        return True
    if slot.building is None:
        if (folder() / f"{slot.name}.table").is_file():
            return True
        slot.building = _made(rules, slot, evaluate)
    end = clock.now() + budget_s
    while True:
        try:
            next(slot.building)
        except StopIteration as done:
            slot.table, slot.building = done.value, None
            return True
        if clock.now() >= end:
            return False


def current(rules: Rules, evaluate: Evaluate) -> Table | None:
    """The table if there is one by now: read from disk on first use, built once BUILD_AFTER hands
    have been valued without it."""
    slot = _slot(rules)
    if slot.table is not None or slot.plan is None:
        return slot.table
    if not slot.tried_disk:
        slot.tried_disk = True
        slot.table = read(folder() / f"{slot.name}.table", slot.name, rules, slot.plan, evaluate)
        if slot.table is not None:
            return slot.table
    slot.slow += 1
    return ensure(rules, evaluate) if slot.slow >= BUILD_AFTER else None
