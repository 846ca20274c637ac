"""Which window holds a game: a lock file beside its save, naming the process that writes it.

`.NAME.lock` holds "pid host". A lock whose process is gone (on this host) is stale and is taken
over; a lock of a live process is respected: the other window may watch the game as a replay or
play on in a copy, never write into it. A process holds one game at a time (a window shows one
table): claiming another lets go of the last; all are let go at exit.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import socket
from dataclasses import dataclass
from pathlib import Path

_held: set[Path] = set()


@dataclass(frozen=True)
class Holder:
    pid: int
    host: str

    def describe(self) -> str:
        here = self.host == socket.gethostname()
        return f"process {self.pid}" + ("" if here else f" on {self.host}")


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


def holder(save: Path) -> Holder | None:
    """Who holds the game saved at `save`, when it is another live process (else None)."""
    found = _read(lock_path(save))
    if found is None or found.pid == os.getpid() and found.host == socket.gethostname():
        return None
    return None if _stale(found) else found


def claim(save: Path) -> Holder | None:
    """Take the lock of `save` for this process (letting go of any other this process holds).
    None when taken (or already ours); the holder when another live process has it."""
    path = lock_path(save)
    if path in _held and _read(path) == _me():
        return None
    other = holder(save)
    if other is not None:
        return other
    release_all()
    path.parent.mkdir(parents=True, exist_ok=True)
    me = _me()
    line = f"{me.pid} {me.host}\n".encode()
    try:  # no lock yet: made whole in one step, and only one window can make it
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:  # a stale lock (checked above): replaced whole
        tmp = path.with_name(f"{path.name}.{me.pid}.tmp")
        tmp.write_bytes(line)
        os.replace(tmp, path)
    else:
        try:
            os.write(fd, line)
        finally:
            os.close(fd)
    found = _read(path)
    if found != me:  # another window took it in the same instant
        return found if found is not None else Holder(0, "")
    _held.add(path)
    return None


def release(save: Path) -> None:
    path = lock_path(save)
    if _read(path) == _me():
        with contextlib.suppress(OSError):
            path.unlink()
    _held.discard(path)


def release_all() -> None:
    for path in list(_held):
        if _read(path) == _me():
            with contextlib.suppress(OSError):
                path.unlink()
        _held.discard(path)


atexit.register(release_all)


def _me() -> Holder:
    return Holder(os.getpid(), socket.gethostname())


def _read(path: Path) -> Holder | None:
    try:
        with open(path, "rb") as handle:
            words = handle.read(300).decode("utf-8", "replace").split()
    except OSError:
        return None
    if len(words) != 2 or not words[0].isdigit() or len(words[0]) > 10:
        return Holder(0, "")  # a damaged lock: stale
    return Holder(int(words[0]), words[1])


def _stale(found: Holder) -> bool:
    """A lock whose process is gone. A lock from another host cannot be checked: it is kept."""
    if found.pid <= 0:
        return True
    if found.host != socket.gethostname():
        return False
    try:
        os.kill(found.pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    except OSError:
        return True
    return False
