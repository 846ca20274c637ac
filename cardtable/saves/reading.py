"""Reading a save file: defensively (never a pipe, a link or an oversized file), with the journal
beside it applied, peeking at a big file's first and last bytes instead of parsing it when that
says enough, and keeping the last long save read while its files are unchanged."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from ..paths import FileRefused, open_regular, read_bytes
from . import check, journal, seal
from .check import MAX_SAVE_BYTES, SaveError
from .format import HEAD_BYTES, Checkpoint, Peek, SavedGame, loads, peek


def read_text(path: Path) -> str:
    """The text of a save file, read defensively (paths.read_bytes): only a regular file (never a
    device, a pipe, a folder or a link), never more than the size limit, and without blocking."""
    try:
        raw = read_bytes(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except FileRefused as exc:
        why = {
            "link": "a link, not a save file",
            "not a file": "not a save file (a device, a pipe or a folder)",
            "too large": f"the file is too large to be a save ({exc.size:,} bytes)",
        }[exc.why]
        raise SaveError(f"{path}: {why}") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: the file is corrupt (not text)") from None


PEEK_ABOVE = 1024 * 1024  # a bigger autosave is peeked at by the start's tidy-up, not parsed


def peek_file(path: Path) -> Peek | None:
    """What a save's first and last bytes say (format.peek), read like a save (a regular file,
    no link, without blocking); None when it cannot be read at all."""
    try:
        fd, info = open_regular(path)
    except OSError:
        return None
    try:
        head = os.pread(fd, HEAD_BYTES, 0)
        end = os.pread(fd, 100, max(0, info.st_size - 100))
    except OSError:
        return None
    finally:
        os.close(fd)
    return peek(head, end)


def _stamp(path: Path) -> tuple[object, ...] | None:
    """What tells one version of a save (and its journal) from another, without reading it."""
    try:
        a = path.lstat()
    except OSError:
        return None
    try:
        j = journal.journal_path(path).lstat()
        jstamp: tuple[int, ...] = (j.st_size, j.st_mtime_ns, j.st_ino)
    except OSError:
        jstamp = ()
    return (str(path), a.st_size, a.st_mtime_ns, a.st_ino, a.st_ctime_ns, jstamp)


_last_read: tuple[object, SavedGame] | None = None  # the last long save read, while unchanged


def read_file(path: Path, key: bytes | None = None) -> SavedGame:
    """The game a save file holds, with the lines of its journal (if any) applied. The last long
    save read is kept while its files are unchanged: Continue finds it, lists it and opens it
    with one reading."""
    global _last_read
    stamp = _stamp(path) if key is None else None
    if stamp is not None:
        stamp = (stamp, _stamp(seal.key_path()))  # (a key put back or replaced: read again)
    if stamp is not None and _last_read is not None and _last_read[0] == stamp:
        return dataclasses.replace(_last_read[1])
    text = read_text(path)
    game = loads(text, str(path), key)
    size = len(text.encode("utf-8")) if len(text) * 4 > PEEK_ABOVE else len(text)
    if game.checkpoint is not None:
        _apply_journal(path, game, size, key)
    if stamp is not None and size > PEEK_ABOVE:
        _last_read = (stamp, dataclasses.replace(game))
    return game


def _apply_journal(path: Path, game: SavedGame, base_size: int, key: bytes | None) -> None:
    """Bring a game read from its base up to date with the journal beside it. A journal changed
    outside Cardtable makes the game `changed` (it opens only as a replay, as it stood in the base)."""
    cp = game.checkpoint
    assert cp is not None
    mac = game.mac
    try:
        raw = read_bytes(journal.journal_path(path), MAX_SAVE_BYTES)
    except FileNotFoundError:
        raw = b""
    except OSError as exc:
        raise SaveError(f"{path}: cannot read its journal: {exc.strerror or exc}") from None
    base = game.log
    lists = {"log": base, **cp.lists}
    try:
        done = journal.read(
            raw,
            key if key is not None else seal.installation_key(),
            game.game_id,
            mac,
            lists,
            set(game.hidden),
            {**cp.rest, "_lengths": cp.lengths},
            game.folded,
        )
        if done.tail.lines:
            check.log(done.lists["log"], len(game.seats), str(path), deep=False)  # (lines we signed)
            summary = check.summary(done.summary, str(path))
    except (journal.JournalChanged, SaveError):
        game.trust = "changed"
        game.checkpoint = None
        return
    done.tail.base_size, done.tail.path = base_size, str(path)
    game.journal = done.tail
    if not done.tail.lines:
        return
    game.log, game.summary, game.hidden = done.lists["log"], summary, frozenset(done.hidden)
    if done.checkpoint is None:
        game.checkpoint = None
        return
    rest = dict(done.checkpoint)
    lengths = rest.pop("_lengths")
    game.checkpoint = Checkpoint(
        done.checkpoint_at, rest, {k: done.lists[k] for k in journal.LISTS[1:]}, lengths
    )
