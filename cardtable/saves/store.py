"""Where saves live, written so that a kill at any moment leaves the old or the new file whole."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .format import SavedGame, SaveError, dumps, loads

AUTOSAVE = "autosave"
SUFFIX = ".cardtable.json"


def atomic_write(path: Path, text: str) -> None:
    """Write `text` to `path` atomically: temporary file, flush, fsync, rename, fsync the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def slot_name(name: str) -> str:
    """A file-safe slot name from what a person typed."""
    cleaned = re.sub(r"[^\w\- ]+", "", name, flags=re.UNICODE).strip().replace(" ", "_")
    return cleaned[:80] or "save"


@dataclass
class SlotInfo:
    name: str
    path: Path
    game: SavedGame | None
    error: str | None = None


class SaveStore:
    """The autosave and the named slots in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, name: str) -> Path:
        return self.folder / f"{slot_name(name)}{SUFFIX}"

    def write(self, name: str, game: SavedGame) -> Path:
        path = self.path(name)
        atomic_write(path, dumps(game))
        return path

    def autosave(self, game: SavedGame) -> Path:
        return self.write(AUTOSAVE, game)

    def read(self, name_or_path: str | Path) -> SavedGame:
        path = Path(name_or_path)
        if not path.suffix:
            path = self.path(str(name_or_path))
        return read_file(path)

    def slots(self) -> list[SlotInfo]:
        """Every save in the folder, newest first, each readable or with its error."""
        if not self.folder.is_dir():
            return []
        out = []
        files = sorted(self.folder.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)
        for path in files:
            name = path.name[: -len(SUFFIX)]
            try:
                out.append(SlotInfo(name, path, read_file(path)))
            except SaveError as exc:
                out.append(SlotInfo(name, path, None, str(exc)))
        return out

    def delete(self, name: str) -> None:
        self.path(name).unlink(missing_ok=True)

    def export(self, name: str, target: Path) -> None:
        atomic_write(target, dumps(self.read(name)))

    def import_file(self, source: Path, name: str | None = None) -> str:
        """Copy a save file into the store (checked first); returns the slot name used."""
        game = read_file(source)
        base = slot_name(name or source.name.removesuffix(SUFFIX).removesuffix(".json"))
        chosen, n = base, 2
        while self.path(chosen).exists():
            chosen, n = f"{base}_{n}", n + 1
        self.write(chosen, game)
        return chosen


def read_file(path: Path) -> SavedGame:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}: the file is corrupt (not text)") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return loads(text, str(path))
