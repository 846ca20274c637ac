"""An autosave's journal: what a game added since its last full save, appended line by line.

A long game's save is a base (the whole save, `format.py`, written atomically now and then) and
beside it `BASE.journal`, one line per autosave since:

    {"after": the MAC of the base or of the line before, "at": [log, talk, history lengths the
     line goes on from], "box": sealed, "summary": {...}} TAB HMAC-SHA256(after, the JSON's bytes)

`box` seals (with the installation's key, like the seed) the new log entries, the new table talk
and hand history, the indices of the new hidden decisions and, at a hand's start (or every
`CHECKPOINT_EVERY` entries), a checkpoint: the rest of the state, which holds every hidden card.
So the file tells nothing the table did not show, and opening the game replays only the entries
after the last checkpoint. A line goes on from `at`, so an undo is a line too.

A line is written with one `write` to a file opened for appending, then fsynced: a kill at any
moment leaves the lines before whole and at most a last line cut short, which has no newline and
is ignored. A complete line whose chain or MAC fails was changed outside Cardtable. A journal whose
first line does not follow the base is left over from before the base was rewritten (the base
holds all it said) and is ignored.
"""

from __future__ import annotations

import base64
import errno
import hashlib
import hmac
import json
import os
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import jsontext

SUFFIX = ".journal"
NONCE_BYTES = 16
COMPACT_BYTES = (
    256 * 1024
)  # a journal longer than this and than a quarter of its base is folded into a new base
CHECKPOINT_EVERY = 256  # log entries at most between two checkpoints when a hand runs long
LISTS = ("log", "events", "history", "marks")  # marks: the talk's length after each decision
SQUEEZED = b"z"  # (a box's JSON starts with "{" or "[")
MAX_BOX_BYTES = 512 * 1024 * 1024  # what a compressed box may hold once opened


def journal_path(base: Path) -> Path:
    return base.with_name(base.name + SUFFIX)


# ---------------------------------------------------------------------------- sealed boxes
def seal_box(key: bytes, game_id: str, data: Any, squeeze: bool = False) -> str:
    """JSON data as base64 that tells nothing without the key. The nonce is a MAC of the text
    (a synthetic IV): a box changed in the file is recognised when it is opened. `squeeze`:
    compressed first (a base's checkpoint: a long game's talk and history, 10,000 hands of
    them, shrink tenfold; its length then depends on the talk, never on a few cards)."""
    plain = jsontext.compact(data).encode("utf-8")
    if squeeze:
        plain = SQUEEZED + zlib.compress(plain, 1)
    nonce = _nonce(key, game_id, plain)
    return base64.b64encode(nonce + _xor(plain, _stream(key, game_id, nonce, len(plain)))).decode("ascii")


def open_box(key: bytes, game_id: str, box: object) -> Any:
    """The data `seal_box` sealed; ValueError when it was sealed with another key or changed."""
    if not isinstance(box, str):
        raise ValueError("not a box")
    try:
        raw = base64.b64decode(box.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise ValueError("not a box") from None
    nonce, body = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
    plain = _xor(body, _stream(key, game_id, nonce, len(body)))
    if len(nonce) != NONCE_BYTES or not hmac.compare_digest(nonce, _nonce(key, game_id, plain)):
        raise ValueError("not sealed by this key for this game")
    if plain.startswith(SQUEEZED):
        try:
            plain = zlib.decompressobj().decompress(plain[1:], MAX_BOX_BYTES)
        except zlib.error:
            raise ValueError("not a box") from None
    return json.loads(plain.decode("utf-8"))


def _nonce(key: bytes, game_id: str, plain: bytes) -> bytes:
    label = b"cardtable box nonce:" + game_id.encode("utf-8") + b":" + plain
    return hmac.new(key, label, hashlib.sha256).digest()[:NONCE_BYTES]


def _stream(key: bytes, game_id: str, nonce: bytes, length: int) -> bytes:
    # SHAKE-256 of key and nonce: a keyed stream of any length at C speed (a checkpoint of the
    # 12,000-card deck is sealed in one call, not 32 bytes at a time)
    return hashlib.shake_256(b"cardtable box pad:" + key + game_id.encode("utf-8") + b":" + nonce).digest(
        length
    )


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).to_bytes(len(a), "big")


# ---------------------------------------------------------------------------- writing
def line(key: bytes, game_id: str, after: str, at: list[int], payload: dict[str, Any], summary: Any) -> str:
    """One journal line (with its newline): JSON, a tab, and the MAC of the line before's MAC
    and this JSON's bytes (checked without parsing anything)."""
    data = {"after": after, "at": at, "box": seal_box(key, game_id, payload), "summary": summary}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{text}\t{_mac(key, after, text.encode('utf-8'))}\n"


def _mac(key: bytes, after: str, body: bytes) -> str:
    return hmac.new(
        key, b"cardtable journal:" + after.encode("ascii", "replace") + b":" + body, hashlib.sha256
    ).hexdigest()


def append(path: Path, text: str, size: int) -> None:
    """Append one line durably after the `size` bytes of whole lines the journal holds: one write
    to a file opened for appending, then fsync. A kill part-way leaves at most a last line
    without its newline, which readers ignore and this cuts off before it writes."""
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        have = os.fstat(fd).st_size
        if have < size:
            raise OSError(errno.EIO, "the journal is shorter than was written")
        if have > size:  # a line cut short by a kill
            os.ftruncate(fd, size)
        data = text.encode("utf-8")
        while data:
            done = os.write(fd, data)
            data = data[done:]
        os.fsync(fd)
    finally:
        os.close(fd)


# ---------------------------------------------------------------------------- reading
class JournalChanged(ValueError):
    """A complete line of the journal was changed outside Cardtable."""


@dataclass
class Tail:
    """Where a journal stands: what the next line follows, and how much it holds."""

    after: str  # the MAC the next line goes on from
    base_mac: str
    lines: int = 0
    size: int = 0
    base_size: int = 0  # the base's bytes: a journal as long is folded into a new base
    path: str = ""  # the base's file


@dataclass
class Replayed:
    """A base's lists with a journal's lines applied."""

    lists: dict[str, list[Any]]
    hidden: set[int]
    summary: Any
    checkpoint: dict[str, Any] | None  # the rest of the state after `checkpoint_at` log entries
    checkpoint_at: int
    tail: Tail


def read(
    raw: bytes,
    key: bytes,
    game_id: str,
    base_mac: str,
    lists: dict[str, list[Any]],
    hidden: set[int],
    checkpoint: dict[str, Any] | None,
    folded: str = "",
) -> Replayed:
    """Apply a journal's lines to a base's `lists` (log, events, history), `hidden` and
    `checkpoint` (the base's, after all of its log). JournalChanged when a complete line does not
    verify; a journal of an older base changes nothing. `folded`: the MAC of the journal line a
    base written while the game went on holds all up to (session.py): the lines up to it are
    passed over (already in the base) and the journal goes on from it."""
    start = folded or base_mac
    out = Replayed(
        {k: list(v) for k, v in lists.items()},
        set(hidden),
        None,
        checkpoint,
        len(lists["log"]),
        Tail(start, base_mac),
    )
    complete = raw[: raw.rfind(b"\n") + 1]
    for number, text in enumerate(complete.split(b"\n")[:-1]):
        body, _, given = text.rpartition(b"\t")
        if folded and out.tail.lines == 0 and _follows(body) != folded:
            continue  # a line the base already holds
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            raise JournalChanged(f"line {number + 1} is corrupt")
        if data.get("after") != out.tail.after:
            if out.tail.lines == 0:
                return out  # left over from before the base was last written
            raise JournalChanged(f"line {number + 1} does not follow the line before")
        if not hmac.compare_digest(given, _mac(key, out.tail.after, body).encode("ascii")):
            raise JournalChanged(f"line {number + 1} was changed")
        try:
            payload = open_box(key, game_id, data.get("box"))
        except (ValueError, UnicodeDecodeError):
            raise JournalChanged(f"line {number + 1} is sealed wrongly") from None
        _apply(out, data, payload, number)
        out.tail = Tail(given.decode("ascii"), base_mac, out.tail.lines + 1, len(complete))
    # no line goes on from the base: the next line is written as the whole journal (a base's
    # own lines before its fold point are not counted as there to append after)
    out.tail.size = len(complete) if out.tail.lines else 0
    return out


def _follows(body: bytes) -> object:
    """The MAC a line says it goes on from (None when it cannot be read)."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return data.get("after") if isinstance(data, dict) else None


def _apply(out: Replayed, data: dict[str, Any], payload: Any, number: int) -> None:
    at = data.get("at")
    bad = JournalChanged(f"line {number + 1} is malformed")
    if not isinstance(payload, dict) or not isinstance(at, list) or len(at) != len(LISTS):
        raise bad
    for name, length in zip(LISTS, at):
        new = payload.get(name, [])
        have = out.lists[name]
        if not isinstance(length, int) or isinstance(length, bool) or not 0 <= length <= len(have):
            raise bad
        if not isinstance(new, list):
            raise bad
        del have[length:]
        have.extend(new)
    log_at = at[0]
    out.hidden = {i for i in out.hidden if i < log_at}
    marks = payload.get("hidden", [])
    if not isinstance(marks, list) or not all(
        isinstance(i, int) and log_at <= i < len(out.lists["log"]) for i in marks
    ):
        raise bad
    out.hidden.update(marks)
    if out.checkpoint_at > log_at:  # an undo went back before the checkpoint: it no longer holds
        out.checkpoint, out.checkpoint_at = None, 0
    state = payload.get("state")
    if state is not None:
        if not isinstance(state, dict):
            raise bad
        out.checkpoint, out.checkpoint_at = state, len(out.lists["log"])
        out.checkpoint["_lengths"] = [len(out.lists[k]) for k in LISTS]
    out.summary = data.get("summary")
