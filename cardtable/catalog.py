"""Finding variants: the built-in ones and the user's, by id (file stem) or by path.

A variant loaded from a file is kept (`loaded`) and given again while the file and every base
it extends read the same: the menu lists every variant at each visit, and a game, its saves and
its screens name it again, without building it again. A loaded variant is never changed (what
is worked out from it later is kept beside it, e.g. the hand rules' `memo`), so one object can
serve every screen and game of the program.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import Problem, VariantError
from .memo import Kept
from .paths import shipped, user_variants
from .schema import suggest
from .variant import Variant, load_variant, text_digest


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
        entry.variant = loaded(entry.path)
    except VariantError as exc:
        entry.error = exc
    except Exception as exc:  # a loader bug must not stop the program: the file is listed as broken
        entry.error = VariantError(
            [Problem(str(entry.path), 1, 1, f"cannot be loaded ({type(exc).__name__}: {exc})")]
        )


class NotAGame(VariantError):
    """A deck-only file named where a game is needed."""


def resolve(name: str, deck_ok: bool = False, fresh: bool = False) -> Variant:
    """A variant by id (file stem) or by a path to a YAML file; VariantError if neither, NotAGame
    for a deck-only file unless `deck_ok` (the deck browser, validate). `fresh`: loaded anew, not
    the one kept (`loaded`), so it carries nothing this process worked out from it before."""
    load = load_variant if fresh else loaded
    candidate = Path(name)
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        variant = load(candidate)
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
        variant = load(files[name])
    if variant.deck_only and not deck_ok:
        raise NotAGame(
            [Problem(variant.path, 1, 1, "a deck to browse, not a game (it has no players or phases)")]
        )
    return variant


# Variants loaded from files, by what decides the result (`_sources`): the last 64, every built-in
# game and example and a designer's own files (the menu's thread and another may ask at once).
_LOADED: Kept[tuple[object, ...], Variant] = Kept(64)


def loaded(path: str | Path) -> Variant:
    """The variant in the file at `path`, as `load_variant` gives it (VariantError the same), kept
    and given again while the file and every base it extends read the same text, found where
    `extends:` finds them now (a base put next to the file, or changed, is seen at once), and the
    hand conditions and verbs a file may use are the same. A file that fails is not kept: it is
    read again each time, to say its problems as they are now."""
    key = _sources(str(path))
    if key is not None:
        kept = _LOADED.get(key)
        if kept is not None:
            return kept
    variant = load_variant(path)
    # kept only if built from exactly the texts the key names (the digest covers the file and its
    # bases): a file changed between the two reads, or a base `chain` missed, is not
    if key is not None and variant.digest == key[-1]:
        _LOADED.put(key, variant)
    return variant


def _sources(path: str) -> tuple[object, ...] | None:
    """What loading the file at `path` reads: the paths of the file and of its bases, the
    registries of hand conditions and verbs, and last the digest their texts give a variant. None
    when a file cannot be read or parsed (the load says why)."""
    from .extends import chain

    try:
        files = chain(path, parse_all=False)
    except VariantError:
        return None
    digest = text_digest("".join(text for _, text in files))
    return (tuple(p for p, _ in files), registries(), digest)


def registries() -> tuple[object, ...]:
    """The hand conditions and verbs a variant file may use now, as they decide what it loads to
    (a test, a plugin may register more)."""
    from .engine.verbs import REGISTRY as VERBS
    from .hands.conditions import REGISTRY as CONDITIONS

    return tuple((k, id(v)) for k, v in CONDITIONS.items()), tuple((k, id(v)) for k, v in VERBS.items())
