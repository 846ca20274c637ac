"""Finding variants: the built-in ones and the user's, by id (file stem) or by path."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import Problem, VariantError
from .paths import shipped, user_variants
from .schema import suggest
from .variant import Variant, load_variant


@dataclass
class Entry:
    """A variant file found on disk, loaded or with the problems that stopped it."""

    id: str
    path: Path
    builtin: bool
    variant: Variant | None = None
    error: VariantError | None = None

    @property
    def ok(self) -> bool:
        """A game that can be played."""
        return self.variant is not None and not self.variant.deck_only

    @property
    def loading(self) -> bool:
        """Not read yet (a user's file the menu reads after its first frame)."""
        return self.variant is None and self.error is None

    @property
    def deck_only(self) -> bool:
        """A deck to browse, not a game."""
        return self.variant is not None and self.variant.deck_only


def variant_files() -> list[tuple[str, Path, bool]]:
    """(id, path, builtin) for every variant file; a user's file never hides a built-in one."""
    found: dict[str, tuple[str, Path, bool]] = {}
    for folder, builtin in ((shipped("variants"), True), (user_variants(), False)):
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.yaml")):
            if path.stem not in found:
                found[path.stem] = (path.stem, path, builtin)
    return sorted(found.values(), key=lambda t: (not t[2], t[0]))


def missing_builtins() -> str:
    """'' when the built-in games are where the program looks; else a sentence naming that folder
    (a bundle built without its data, a damaged install)."""
    folder = shipped("variants")
    if folder.is_dir() and any(folder.glob("*.yaml")):
        return ""
    return f"The built-in games are missing: none found in {folder}. Reinstall Cardtable."


def catalog(defer_user: bool = False) -> list[Entry]:
    """Every variant, each loaded or carrying its errors: a bad file never stops the rest. With
    `defer_user` the user's files are listed unread (`Entry.loading`), for `load_entry` later:
    the menu's first frame never waits on them."""
    entries = []
    for vid, path, builtin in variant_files():
        entry = Entry(vid, path, builtin)
        if builtin or not defer_user:
            load_entry(entry)
        entries.append(entry)
    return entries


def load_entry(entry: Entry) -> None:
    """Read the entry's file: its variant, or the problems that stopped it."""
    try:
        entry.variant = load_variant(entry.path)
    except VariantError as exc:
        entry.error = exc
    except Exception as exc:  # a loader bug must not stop the program: the file is listed as broken
        entry.error = VariantError(
            [Problem(str(entry.path), 1, 1, f"cannot be loaded ({type(exc).__name__}: {exc})")]
        )


class NotAGame(VariantError):
    """A deck-only file named where a game is needed."""


def resolve(name: str, deck_ok: bool = False) -> Variant:
    """A variant by id (file stem) or by a path to a YAML file; VariantError if neither, NotAGame
    for a deck-only file unless `deck_ok` (the deck browser, validate)."""
    candidate = Path(name)
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        variant = load_variant(candidate)
    else:
        files = {vid: path for vid, path, _ in variant_files()}
        if name not in files:
            missing = missing_builtins()
            raise VariantError(
                [
                    Problem(
                        name,
                        0,
                        0,
                        "no variant with this id or path"
                        + (f" ({missing})" if missing else suggest(name, files)),
                    )
                ]
            )
        variant = load_variant(files[name])
    if variant.deck_only and not deck_ok:
        raise NotAGame(
            [Problem(variant.path, 1, 1, "a deck to browse, not a game (it has no players or phases)")]
        )
    return variant
