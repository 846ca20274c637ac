"""Where a variant's lookup table (table.py) comes from: memory, the user cache folder, the tables
shipped with the built-in games (variants/hand-tables/, gzipped), or a build.

A table is named by a digest of what its entries mean (`digest`: the format, the plan, and the
rules' meaning, not their words), so an edited variant gets a new table and a renamed category the
same one. A file is read defensively, shipped or cached alike: its size (unpacked, too), a SHA-256
checksum, its shape, and a sample of its entries re-valued by the general matcher must all agree,
or it is ignored and the table built. A table is built on first use, once enough hands have been
valued the slow way to pay for it (a second or so for a 52-card deck), or at once by `ensure`, or
ahead in small steps by `build_ahead` (a screen waiting for a person); a build that would not group
the hands (table.MAX_SIGNATURES) leaves the rules to the matcher. `scripts/ship_hand_tables.py`
makes the shipped files.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gzip
import hashlib
import json
import random
import zlib
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import Any

from .. import clock
from ..memo import Kept
from ..paths import read_bytes, replace_whole
from .conditions import canonical_category
from .ranking_store import plain_data
from .rules import Rules
from .steps import finish
from .table import Key, Plan, Table, build_steps, codes, plan

FORMAT = 1
MAGIC = b"cardtable-hand-table\n"
MAX_BYTES = 64 * 1024 * 1024
BUILD_AFTER = 3000  # hands valued by the matcher before a missing table is built
CHECKS = 24  # entries re-valued when a table is read from disk

Evaluate = Callable[[Sequence[int]], Key]


# Fields of the rules that no table entry depends on: words for people, and what the evaluator
# learns as it runs. A split pot's second ranking is a table of its own (named from its own rules):
# the evaluator of these never reads it.
_NOT_MEANING = frozenset({"warnings", "value_names", "reading", "memo", "split"})


def meaning(rules: Rules, p: Plan) -> tuple[Any, ...]:
    """What the table's entries depend on, as plain data: every field of the rules (future ones
    too, when not at their default) less `_NOT_MEANING`; the categories, in their order, by their
    patterns' canonical forms (conditions.py), points and tie layers, never their names or
    sentences; of the deck's columns only those the plan reads."""
    out: list[tuple[str, Any]] = []
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if f.name in _NOT_MEANING or value == _default(f):
            continue
        if f.name == "categories":
            value = tuple((canonical_category(c), c.points, c.ties) for c in value)
        elif f.name == "columns":
            value = {a: value[a] for a in set(p.fine) | set(p.coarse)}
        out.append((f.name, plain_data(value)))
    return tuple(out)


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def digest(rules: Rules, p: Plan) -> str:
    """A name for the table of these rules: changes whenever what any entry means does (a
    pattern, the columns it reads, the hand form, the plan, FORMAT), not with the words."""
    text = repr((FORMAT, plain_data(p), meaning(rules, p)))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def folder() -> Path:
    """The user's tables, built on this machine: NAME.table."""
    from ..paths import user_cache

    return user_cache() / "hand-tables"


def shipped_folder() -> Path:
    """The built-in games' tables, shipped with the program: NAME.table.gz."""
    from ..paths import shipped

    return shipped("variants") / "hand-tables"


def cache_file(name: str) -> Path:
    return folder() / f"{name}.table"


def shipped_file(name: str) -> Path:
    return shipped_folder() / f"{name}.table.gz"


# ---------------------------------------------------------------- the file


def _tuple(x: Any) -> Any:
    # (JSON's lists are lists exactly; a call only for the nested ones: thousands of keys a file)
    if type(x) is not list:
        return x
    return tuple([_tuple(v) if type(v) is list else v for v in x])


def _is_key(x: Any) -> bool:
    return type(x) is tuple and all(type(v) is int or (type(v) is tuple and _is_key(v)) for v in x)


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
# variant, is decoded once. Kept: as many as the built-in games ship (10) and a few more, a few
# MB each; fewer made a process that visits every game (the tests, a tournament of games)
# decode the same files again and again.
_DECODED: Kept[tuple[str, str], Table] = Kept(16)


def read(path: Path, name: str, rules: Rules, p: Plan, evaluate: Evaluate) -> Table | None:
    """The table filed at `path` (a shipped one gzipped: NAME.table.gz), or None when there is
    none or anything about it is off."""
    packed = path.suffix == ".gz"
    try:  # read like a save: never a pipe, a device or a huge file; a link only among the shipped
        data = read_bytes(path, MAX_BYTES, follow_links=packed)
        if packed:
            data = unpack(data)
    except (OSError, ValueError, EOFError, zlib.error):
        return None
    key = (name, hashlib.sha256(data).hexdigest())
    table = _DECODED.get(key)
    if table is not None:
        return table
    try:
        table = decode(data, name, rules, p, evaluate, random.Random(name))
    except (KeyError, IndexError, TypeError, ValueError, RecursionError):
        return None
    if table is not None:
        _DECODED.put(key, table)
    return table


def pack(table: Table, name: str) -> bytes:
    """A shipped file's bytes: the file gzipped, the same bytes for the same table (no time in them)."""
    return gzip.compress(encode(table, name), compresslevel=9, mtime=0)


def unpack(data: bytes) -> bytes:
    """A gzipped file's contents, never more than MAX_BYTES of them (ValueError: too many, not
    one whole gzip member, or anything after it)."""
    inflate = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    out = inflate.decompress(data, MAX_BYTES + 1)
    if len(out) > MAX_BYTES or not inflate.eof or inflate.unused_data:
        raise ValueError("not one gzipped file of at most MAX_BYTES")
    return out


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
    building: Generator[None, None, Table | None] | None = None  # begun ahead (`build_ahead`)

    def built(self, table: Table | None) -> None:
        """A build's end: its table, or none can serve (table.MAX_SIGNATURES)."""
        self.table, self.building = table, None
        if table is None:
            self.plan = None


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
        if slot.building is None:
            slot.table = _filed(rules, slot, evaluate)
            slot.tried_disk = True
        if slot.table is None:
            slot.built(finish(slot.building or _made(rules, slot, evaluate)))
    return slot.table


def _made(rules: Rules, slot: _Slot, evaluate: Evaluate) -> Generator[None, None, Table | None]:
    """The table built, then filed (a step of its own), in steps."""
    assert slot.plan is not None
    table = yield from build_steps(rules, slot.plan, evaluate)
    if table is not None:
        yield
        write(cache_file(slot.name), table, slot.name)
    return table


def _filed(rules: Rules, slot: _Slot, evaluate: Evaluate) -> Table | None:
    """The table this machine filed, else the one shipped with the program, if either reads well."""
    assert slot.plan is not None
    for path in (cache_file(slot.name), shipped_file(slot.name)):
        table = read(path, slot.name, rules, slot.plan, evaluate)
        if table is not None:
            return table
    return None


def build_ahead(rules: Rules, evaluate: Evaluate, budget_s: float) -> bool:
    """Build a table no file holds yet, about `budget_s` seconds of it per call (at least one
    step), for a screen that waits for a person (New game) to call once a frame; True when
    nothing is left to do here: the table is in memory, or filed or shipped (`ensure` reads it
    when the game starts), or none can serve these rules."""
    slot = _slot(rules)
    if slot.plan is None or slot.table is not None:
        return True
    if slot.building is None:
        if cache_file(slot.name).is_file() or shipped_file(slot.name).is_file():
            return True
        slot.building = _made(rules, slot, evaluate)
    end = clock.now() + budget_s
    while True:
        try:
            next(slot.building)
        except StopIteration as done:
            slot.built(done.value)
            return True
        if clock.now() >= end:
            return False


def current(rules: Rules, evaluate: Evaluate) -> Table | None:
    """The table if there is one by now: read from disk (filed or shipped) on first use, built once
    BUILD_AFTER hands have been valued without it."""
    slot = _slot(rules)
    if slot.table is not None or slot.plan is None:
        return slot.table
    if not slot.tried_disk:
        slot.tried_disk = True
        slot.table = _filed(rules, slot, evaluate)
        if slot.table is not None:
            return slot.table
    slot.slow += 1
    return ensure(rules, evaluate) if slot.slow >= BUILD_AFTER else None
