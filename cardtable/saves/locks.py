"""Which window holds a game: a lock file beside its save, naming the process that writes it.

`.NAME.lock` holds "pid host start boot": the process, its host, when it started (from /proc,
"-" where the system does not say) and which boot of the host it ran in. A lock whose process is
gone (on this host) is stale and is taken over; so is one whose process id now belongs to
another process (it started at another time, or the host has restarted since), which would
otherwise keep a game from Continue for ever. A lock of a live process is respected: the other
window may watch the game as a replay or play on in a copy, never write into it. A process holds
one game at a time (a window shows one table): claiming another lets go of the last; all are let
go at exit. Locks of older versions ("pid host") are read as before: by the process id alone.
A lock file is read like a save (paths.read_bytes): a pipe, a link or a huge file named like a
lock is a damaged lock, stale, never a hang.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from ..paths import read_bytes, replace_whole

UNKNOWN = "-"  # a start time or boot the system does not tell
MAX_LOCK_BYTES = 1024  # "pid host start boot": a host name is at most 255 bytes
BOOT_ID = Path("/proc/sys/kernel/random/boot_id")

_held: set[Path] = set()
_mine: Holder | None = None  # this process, as its locks name it (read from /proc once)


@dataclass(frozen=True)
class Holder:
    pid: int
    host: str
    start: str = UNKNOWN  # the process's start time, in the system's clock ticks since boot
    boot: str = UNKNOWN  # the host's boot id

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
    me = _me()
    try:
        _write(path, f"{me.pid} {me.host} {me.start} {me.boot}\n".encode())
    except OSError:  # a folder that cannot be written (nor then the save: its writer says so)
        return None
    found = _read(path)
    if found != me:  # another window took it in the same instant
        return found if found is not None else Holder(0, "")
    _held.add(path)
    return None


def _write(path: Path, line: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # no lock yet: made whole in one step, and only one window can make it
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:  # a stale lock (checked before): replaced whole, whatever it was
        replace_whole(path, line)
        return
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


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
    global _mine
    pid, host = os.getpid(), socket.gethostname()
    if _mine is None or (_mine.pid, _mine.host) != (pid, host):  # (a forked child is another)
        _mine = Holder(pid, host, started(pid), boot_id())
    return _mine


def _read(path: Path) -> Holder | None:
    """The lock at `path`: None when there is none (or it cannot be read), a holder of pid 0
    (stale) when it is damaged or is no regular file."""
    try:
        words = read_bytes(path, MAX_LOCK_BYTES).decode("utf-8", "replace").split()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return None if isinstance(exc, PermissionError) else Holder(0, "")
    if len(words) not in (2, 4) or not words[0].isdigit() or len(words[0]) > 10:
        return Holder(0, "")  # a damaged lock: stale
    return Holder(int(words[0]), *words[1:])


def _stale(found: Holder) -> bool:
    """A lock whose process is gone, or whose process id is now another process's. A lock from
    another host cannot be checked: it is kept."""
    if found.pid <= 0:
        return True
    if found.host != socket.gethostname():
        return False
    if UNKNOWN not in (found.boot, _me().boot) and found.boot != _me().boot:
        return True  # the host has restarted since: every process of then is gone
    try:
        os.kill(found.pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        pass
    except OSError:
        return True
    now = started(found.pid)
    return UNKNOWN not in (found.start, now) and found.start != now  # the id was given again


def started(pid: int) -> str:
    """When process `pid` started, in clock ticks since boot (/proc/PID/stat's 22nd field), or
    UNKNOWN where the system does not say. Two processes with one id never share it."""
    try:
        text = read_bytes(f"/proc/{pid}/stat", 4096).decode("ascii", "replace")
    except OSError:
        return UNKNOWN
    fields = text.rpartition(")")[2].split()  # after the name, which may hold spaces and ")"
    return fields[19] if len(fields) > 19 and fields[19].isdigit() else UNKNOWN


def boot_id() -> str:
    """This boot of the host ("-" where the system does not say)."""
    try:
        words = read_bytes(BOOT_ID, 256).decode("ascii", "replace").split()
    except OSError:
        return UNKNOWN
    return words[0] if len(words) == 1 and len(words[0]) <= 64 else UNKNOWN
