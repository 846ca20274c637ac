"""What the Load screen lists: the user's saves (each game's autosave and the named copies) and
the shipped examples, each readable or with the reason it is not, with its variant, whether its
rules changed, whether it was changed outside Cardtable, and whether another window holds it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..saves import SavedGame, SaveError, SaveStore, locks
from ..saves.format import TRUST_WORDS
from ..saves.store import SUFFIX, is_autosave, read_file

# SaveStore.set_aside's names: "unreadable-YYYYmmdd-HHMMSS-n-" before the old name
SET_ASIDE = re.compile(r"unreadable-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)\d\d-\d+-(.*)")


@dataclass
class LoadEntry:
    """One listed save: a slot of the user's or a shipped example, readable or with its error."""

    name: str
    path: Path
    example: bool
    game: SavedGame | None
    error: str | None = None
    variant: Any = None
    variant_error: str | None = None
    check: Any = None  # session.ReplayCheck, made when first needed for a changed variant
    holder: locks.Holder | None = None  # another window that plays this game now

    @property
    def changed(self) -> bool:
        """Made under another version of its variant file."""
        return bool(self.game and self.variant and self.variant.digest != self.game.variant_digest)

    @property
    def autosave(self) -> bool:
        """A game's own autosave: opening it plays on in it (anything else plays on in a copy)."""
        return not self.example and is_autosave(self.name)

    @property
    def outside(self) -> str | None:
        """Why this save is not to be played on, when it was changed outside Cardtable (or is
        not signed by this installation); None when it may be. The shipped examples are trusted
        by where they are."""
        if self.game is None or self.example or self.game.trusted:
            return None
        return TRUST_WORDS[self.game.trust]

    def title(self) -> str:
        aside = None if self.example else SET_ASIDE.fullmatch(self.name)
        if aside is not None:  # set aside at a start: when, and what it was (not its file name)
            y, mo, d, h, mi, was = aside.groups()
            what = self._started() or ("an autosave" if is_autosave(was) else was.replace("_", " "))
            return f"Set aside {y}-{mo}-{d} {h}:{mi}: {what}"
        if self.autosave:
            started = self._started()
            if started:
                return started
            return "Autosave (the last game played)" if self.name == "autosave" else "Autosave"
        return f"Example: {self.name.replace('_', ' ')}" if self.example else self.name.replace("_", " ")

    def _started(self) -> str:
        """'Game started 2026-11-24 03:36', when the save is readable and says so; else ""."""
        started = str(self.game.summary.get("started_at", "")) if self.game else ""
        return f"Game started {started.replace('T', ' ')[:16]}" if started else ""

    def summary(self) -> str:
        if self.game is None:
            return self.error or "unreadable"
        s = self.game.summary
        players = s.get("players") or [seat.get("name", "?") for seat in self.game.seats]
        parts = [
            str(s.get("game") or self.game.variant_name),
            ", ".join(str(p) for p in players),
            f"hand {s.get('hand', '?')}",
            f"{s.get('actions', sum(1 for a in self.game.log if a.get('seat') is not None))} actions",
            str(s.get("saved_at", "")).replace("T", " "),
            "finished" if s.get("over") else "in progress",
        ]
        return "  ·  ".join(p for p in parts if p)


def installed_variant(vid: str, files: dict[str, Path] | None = None) -> Any:
    """The installed variant with this id (kept while its file and its bases read the same:
    `catalog.loaded`), or the text of why not. Only an id of the catalog is looked up: a save's
    id is never taken as a path."""
    from ..catalog import loaded, variant_files
    from ..errors import VariantError

    if files is None:
        files = {v: path for v, path, _ in variant_files()}
    path = files.get(vid)
    if path is None or not path.exists():
        return f"no variant '{vid}' is installed"
    try:
        return loaded(path)
    except VariantError:
        return f"the variant file {path} has errors"


def entry_for(name: str, path: Path, example: bool) -> LoadEntry:
    try:
        entry = LoadEntry(name, path, example, read_file(path))
    except SaveError as exc:
        return LoadEntry(name, path, example, None, str(exc))
    if not example:
        entry.holder = locks.holder(path)
    return entry


def list_saves(store: SaveStore, examples: Path | None) -> list[LoadEntry]:
    """The user's saves (newest first), then the examples (by name)."""
    from ..catalog import variant_files

    entries = [entry_for(p.name[: -len(SUFFIX)], p, False) for p in store.files()]
    if examples is not None and examples.is_dir():
        for path in sorted(examples.glob(f"*{SUFFIX}")):
            entries.append(entry_for(path.name[: -len(SUFFIX)], path, True))
    files = {vid: path for vid, path, _ in variant_files()} if any(e.game for e in entries) else {}
    for e in entries:
        if e.game is not None:
            found = installed_variant(e.game.variant_id, files)
            if isinstance(found, str):
                e.variant_error = found
            else:
                e.variant = found
    return entries
