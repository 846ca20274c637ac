"""Where saves live, written so that a kill at any moment leaves the old or the new file whole,
and read so that no file, however hostile, hangs or crashes the program.

Each game autosaves in a file of its own, `autosave-GAMEID.cardtable.json`: a new game never
writes over another. (`autosave.cardtable.json`, the one autosave of older versions, is still
listed and played on in place.) Named slots are copies a person made.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..paths import open_regular
from . import journal, seal
from .check import MAX_LOG, MAX_SAVE_BYTES, SaveError, SealedElsewhere
from .format import (
    SavedGame,
    dumps,
    dumps_with_mac,
    loads,
    parse,
)

# also the store's readers, for its callers
from .reading import PEEK_ABOVE as PEEK_ABOVE
from .reading import peek_file as peek_file
from .reading import read_file as read_file
from .reading import read_text

AUTOSAVE = "autosave"  # the name older versions used, and the prefix of every game's autosave
SUFFIX = ".cardtable.json"
STALE_TEMP_SECONDS = 600  # a temporary file this old belongs to no write still going on


def atomic_write(
    path: Path, text: str | bytes, publish: Callable[[Callable[[], None]], bool] | None = None
) -> bool:
    """Write `text` to `path` atomically: temporary file, flush, fsync, rename, fsync the folder.
    On any failure the file at `path` is as it was and the temporary file is gone. `publish`
    (a writer in another thread) is given the rename to do, and does it only while the write is
    still wanted (False: it was not; the file is as it was)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8") if isinstance(text, str) else text)
            handle.flush()
            os.fsync(handle.fileno())
        if publish is None:
            os.replace(tmp, path)
        elif not publish(lambda: os.replace(tmp, path)):
            os.unlink(tmp)
            return False
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return True
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)
    return True


def write_failure(exc: OSError) -> str:
    """What a failed write means, in the words of the banner: 'Not saved: the disk is full'."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        why = "the disk is full"
    elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = "the save folder cannot be written to"
    else:
        why = str(exc.strerror or exc).lower()
    return f"Not saved: {why}"


def slot_name(name: str) -> str:
    """A file-safe slot name from what a person typed."""
    cleaned = re.sub(r"[^\w\- ]+", "", name, flags=re.UNICODE).strip().replace(" ", "_")
    return cleaned[:80] or "save"


def is_autosave(name: str) -> bool:
    return name == AUTOSAVE or name.startswith(f"{AUTOSAVE}-")


def autosave_slot(game_id: str) -> str:
    return f"{AUTOSAVE}-{game_id}"


@dataclass
class SlotInfo:
    name: str
    path: Path
    game: SavedGame | None
    error: str | None = None


class SaveStore:
    """The games' autosaves and the named slots in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        # Autosaves the last tidy-up left alone because their key is gone (not broken: kept).
        self.key_gone: list[Path] = []

    def path(self, name: str) -> Path:
        return self.folder / f"{slot_name(name)}{SUFFIX}"

    def write(self, name: str, game: SavedGame) -> Path:
        """Write a save (SaveError, and the file left as it was, when the reader would refuse it)."""
        return self.write_base(name, game)[0]

    def write_base(self, name: str, game: SavedGame) -> tuple[Path, journal.Tail]:
        """Write a save whole (its journal, now folded in, removed) and say where a journal
        beside it would start. A kill between the two leaves a journal that follows the old base:
        readers ignore it (the new base holds all it said)."""
        path = self.path(name)
        if len(game.log) > MAX_LOG:
            raise SaveError(f"the game is too long to save ({len(game.log):,} entries; at most {MAX_LOG:,})")
        text, mac = dumps_with_mac(game)
        size = len(text.encode("utf-8")) if len(text) * 4 > MAX_SAVE_BYTES else len(text)
        if size > MAX_SAVE_BYTES:
            raise SaveError(f"the game is too long to save (over {MAX_SAVE_BYTES // 2**20} MB)")
        atomic_write(path, text)
        journal.journal_path(path).unlink(missing_ok=True)
        return path, journal.Tail(mac, mac, 0, 0, size)

    def write_folded(
        self, name: str, game: SavedGame, publish: Callable[[Callable[[], None]], bool]
    ) -> tuple[int, str] | None:
        """Write a base while its game goes on (from another thread: session.py), its journal
        kept: `game.folded` names the journal line the base holds all up to, and the journal
        goes on from there. The rename is `publish`ed (not done when the write is no longer
        wanted: None). The base's size and MAC."""
        if len(game.log) > MAX_LOG:
            raise SaveError(f"the game is too long to save ({len(game.log):,} entries; at most {MAX_LOG:,})")
        text, mac = dumps_with_mac(game, own_caches=True)
        data = text.encode("utf-8")
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError(f"the game is too long to save (over {MAX_SAVE_BYTES // 2**20} MB)")
        if not atomic_write(self.path(name), data, publish):
            return None
        return len(data), mac

    def trim_journal(self, name: str, tail: journal.Tail, held: int) -> int:
        """Drop a journal's first `held` bytes, the lines a base written since holds (atomically:
        a kill leaves the journal whole or trimmed, both read alike). The bytes kept."""
        where = journal.journal_path(self.path(name))
        fd, _ = open_regular(where)
        try:
            rest = os.pread(fd, tail.size - held, held)
        finally:
            os.close(fd)
        if len(rest) != tail.size - held:
            raise OSError(errno.EIO, "the journal is shorter than was written")
        if rest:
            atomic_write(where, rest)
        else:
            where.unlink()
        return len(rest)

    def append(self, name: str, text: str, tail: journal.Tail, entries: int) -> None:
        """Add one line to a save's journal (the first one written whole, atomically: a journal
        left from an older base is replaced, never added to). SaveError, and nothing written,
        when the reader would refuse the game: `entries` in its log, or the file and its journal
        together over the size a save may have."""
        if entries > MAX_LOG:
            raise SaveError(f"the game is too long to save ({entries:,} entries; at most {MAX_LOG:,})")
        have = tail.base_size + tail.size
        if have + len(text) * 4 > MAX_SAVE_BYTES and have + len(text.encode("utf-8")) > MAX_SAVE_BYTES:
            raise SaveError(f"the game is too long to save (over {MAX_SAVE_BYTES // 2**20} MB)")
        where = journal.journal_path(self.path(name))
        if tail.lines == 0:
            atomic_write(where, text)
        else:
            journal.append(where, text, tail.size)

    def autosave(self, game: SavedGame) -> Path:
        """Write the game's own autosave (named for its game id)."""
        return self.write(autosave_slot(game.game_id) if game.game_id else AUTOSAVE, game)

    def read(self, name_or_path: str | Path) -> SavedGame:
        path = Path(name_or_path)
        if not path.suffix:
            path = self.path(str(name_or_path))
        return read_file(path)

    def files(self) -> list[Path]:
        """The save files in the folder, newest first."""

        def mtime(p: Path) -> float:
            try:
                return p.lstat().st_mtime
            except OSError:
                return 0.0

        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob(f"*{SUFFIX}"), key=mtime, reverse=True)

    def slots(self) -> list[SlotInfo]:
        """Every save in the folder, newest first, each readable or with its error."""
        out = []
        for path in self.files():
            name = path.name[: -len(SUFFIX)]
            try:
                out.append(SlotInfo(name, path, read_file(path)))
            except SaveError as exc:
                out.append(SlotInfo(name, path, None, str(exc)))
        return out

    def delete(self, name: str) -> None:
        self.path(name).unlink(missing_ok=True)
        journal.journal_path(self.path(name)).unlink(missing_ok=True)

    def copy(self, source: Path, target: Path) -> None:
        """Copy a save's bytes as they are (checked first): a copy keeps its signature, so an
        edited save stays recognised as edited, whatever its name."""
        text = read_text(source)
        loads(text, str(source))
        if journal.journal_path(source).exists():  # the journal's lines folded into the copy
            game = read_file(source)
            if game.trusted:
                game.folded = ""  # (the copy holds the journal's lines, and has none beside it)
                text = dumps(game)
        atomic_write(target, text)

    def export(self, name: str, target: Path) -> None:
        self.copy(self.path(name), target)

    def import_file(self, source: Path, name: str | None = None) -> str:
        """Copy a save file into the store (checked first); returns the slot name used."""
        base = slot_name(name or source.name.removesuffix(SUFFIX).removesuffix(".json"))
        if is_autosave(base):  # an autosave's name is its game's: a copy gets a name of its own
            base = f"imported_{base}"
        chosen, n = base, 2
        while self.path(chosen).exists():
            chosen, n = f"{base}_{n}", n + 1
        self.copy(source, self.path(chosen))
        return chosen

    # ------------------------------------------------------------------ keeping the folder sound
    def set_aside(self, path: Path) -> Path:
        """Move a save that cannot be read out of the way, whole, under a name that says so."""
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        base = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
        # "unreadable-" first: no longer an autosave, so never set aside again; the unique part
        # before the old name, which a long slot name cuts
        for n in range(1, 10_000):
            aside = self.path(f"unreadable-{stamp}-{n}-{base}")
            if not aside.exists():
                path.rename(aside)
                with contextlib.suppress(OSError):
                    journal.journal_path(path).rename(journal.journal_path(aside))
                return aside
        raise OSError(f"no free name to set {path.name} aside")

    def set_aside_broken_autosaves(self) -> list[tuple[Path, str]]:
        """At start: every autosave that cannot be read is renamed (kept, listed in Load with its
        reason) so that Continue never trips on it. Returns (new path, reason) for each. A game
        another live window holds is left alone: it is being played (by another installation,
        whose seal this one cannot check), not broken; so is a game sealed with a key this
        installation does not have (`key_gone` lists those whose key it had): it opens again when
        the key is back."""
        from .locks import holder

        moved = []
        self.key_gone = []
        for path in self.files():
            name = path.name[: -len(SUFFIX)]
            if not is_autosave(name) or holder(path) is not None:
                continue
            try:
                if path.lstat().st_size > PEEK_ABOVE:  # a long game: parsed when it is opened
                    seen = peek_file(path)
                    if seen is not None and seen.save:
                        continue
                    raise SaveError(f"{path}: this is not a Cardtable save")
                read_file(path)
            except OSError:
                continue
            except SealedElsewhere as exc:
                if exc.gone:
                    self.key_gone.append(path)
            except SaveError as exc:
                with contextlib.suppress(OSError):
                    moved.append((self.set_aside(path), str(exc).removeprefix(f"{path}: ")))
        return moved

    def clean_temporary(self, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
        """Remove temporary files that interrupted writes left behind (not one being written now:
        only those older than `older_than` seconds)."""
        if not self.folder.is_dir():
            return []
        now, gone = time.time(), []
        for path in self.folder.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                if now - path.lstat().st_mtime >= older_than:
                    path.unlink()
                    gone.append(path)
        return gone


def _sign_legacy_saves(key: bytes, earlier: set[str] | None) -> None:
    """When an installation's first key is made, the saves already in the user's folder (an
    older Cardtable's, unsigned) are signed as they are, so that an update loses no unfinished
    game. Only then, once per installation: not when the config folder records an earlier key,
    nor when the saves folder holds saves signed by one (the key went missing: a file that is
    unsigned now was changed outside Cardtable). The keys that signed this installation's
    autosaves (only it writes them) join the record, so their games say the key is gone."""
    from ..paths import user_saves

    store = SaveStore(user_saves())
    signed_by: set[str] = set()
    unsigned: list[Path] = []
    for path in store.files():
        with contextlib.suppress(SaveError, OSError):
            data = parse(read_text(path), str(path))
            if "mac" in data or "secret" in data:
                kid = data.get("key")
                signed_by.add(str(kid))
                if isinstance(kid, str) and is_autosave(path.name[: -len(SUFFIX)]):
                    seal.note_key_id(kid)
            else:
                unsigned.append(path)
    if earlier is not None or signed_by:  # (a record, even one that cannot be read)
        return
    for path in unsigned:
        with contextlib.suppress(SaveError, OSError):
            game = read_file(path, key)
            if game.trust == "unsigned":
                atomic_write(path, dumps(game, key))


seal.on_new_key.append(_sign_legacy_saves)
