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
        return self.variant is not None


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


def catalog() -> list[Entry]:
    """Every variant, each loaded or carrying its errors: a bad file never stops the rest."""
    entries = []
    for vid, path, builtin in variant_files():
        entry = Entry(vid, path, builtin)
        try:
            entry.variant = load_variant(path)
        except VariantError as exc:
            entry.error = exc
        entries.append(entry)
    return entries


def resolve(name: str) -> Variant:
    """A variant by id (file stem) or by a path to a YAML file; VariantError if neither."""
    candidate = Path(name)
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        return load_variant(candidate)
    files = {vid: path for vid, path, _ in variant_files()}
    if name in files:
        return load_variant(files[name])
    raise VariantError([Problem(name, 0, 0, "no variant with this id or path" + suggest(name, files))])
