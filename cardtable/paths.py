"""Where things live: shipped data (inside the installed package or the source tree) and the
user's folders (platformdirs); and how the program reads a file there (`read_bytes`): every file
it opens (saves, locks, settings, the save key, caches) the same defensive way."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
APP = "cardtable"


def shipped(name: str) -> Path:
    """A shipped data folder: `variants`, `sprites` or `saves`.

    An installed wheel carries them in `cardtable/_data/`; a source checkout has them at the top.
    """
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def user_data() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def user_variants() -> Path:
    return user_data() / "variants"


def user_saves() -> Path:
    return user_data() / "saves"


def user_cache() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def user_log() -> Path:
    import platformdirs

    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def user_config() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False))


class FileRefused(OSError):
    """A file the program will not read: `why` is "link", "not a file" or "too large"."""

    def __init__(self, path: str | Path, why: str, words: str, size: int = 0) -> None:
        super().__init__(errno.EINVAL, words, str(path))
        self.why, self.size = why, size


def open_regular(path: str | Path, follow_links: bool = False) -> tuple[int, os.stat_result]:
    """An open descriptor of the regular file at `path` and its status, opened so that no file,
    however hostile, hangs the program: non-blocking (a pipe never waits for a writer), only a
    regular file (never a device, a pipe or a folder), never through a symbolic link unless
    `follow_links`. The caller closes it. FileNotFoundError when there is none; FileRefused (an
    OSError) for what is refused."""
    nofollow = 0 if follow_links else getattr(os, "O_NOFOLLOW", 0)
    if not follow_links and not nofollow and os.path.islink(path):  # a system without O_NOFOLLOW
        raise FileRefused(path, "link", "a link, not a file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | nofollow
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP and nofollow:
            raise FileRefused(path, "link", "a link, not a file") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(path, "not a file", "not a regular file (a device, a pipe or a folder)")
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def read_bytes(path: str | Path, limit: int, follow_links: bool = False) -> bytes:
    """The bytes of the regular file at `path` (opened as `open_regular` does), never more than
    `limit` of them (refused first from its size, then counted), so that no file floods the
    program. FileNotFoundError when there is none; FileRefused (an OSError) for what is refused."""
    fd, info = open_regular(path, follow_links)
    try:
        if info.st_size > limit:
            raise FileRefused(path, "too large", f"too large ({info.st_size:,} bytes)", info.st_size)
        chunks, got = [], 0
        while got <= limit:  # a file may grow while it is read: what is read is counted
            chunk = os.read(fd, limit + 1 - got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    finally:
        os.close(fd)
    if got > limit:
        raise FileRefused(path, "too large", f"too large (over {limit:,} bytes)", got)
    return b"".join(chunks)


def replace_whole(path: str | Path, data: bytes) -> None:
    """Write `path` whole: a new temporary file beside it, then a rename, so that a reader sees the
    old file or the new one, never a part (the temporary file is removed if anything fails).
    OSError when it cannot be written."""
    import contextlib
    import tempfile

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        try:
            os.write(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
