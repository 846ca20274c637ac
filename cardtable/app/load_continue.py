"""Continue: the most recent unfinished game, played on in its own autosave (or, when another
window holds it or it cannot go on, the Load screen on it saying why and what can be done)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .scene import App, Scene


@dataclass
class ContinueTarget:
    """The most recent unfinished game of the user's: its file and what it holds."""

    path: Path
    name: str
    game: Any  # SavedGame


_seen: tuple[Any, ContinueTarget | None] = (None, None)  # (the folder's stamp, the answer)


def continue_target() -> ContinueTarget | None:
    """The most recently saved unfinished game among the games' autosaves (readable, signed by
    this installation); None when there is none. The menu asks every time it comes into view: the
    answer is kept while no autosave file changes."""
    global _seen
    from ..paths import user_saves
    from ..saves import SaveError, SaveStore
    from ..saves.store import PEEK_ABOVE, SUFFIX, is_autosave, peek_file, read_file

    store = SaveStore(user_saves())
    candidates = []
    for path in store.files():
        name = path.name[: -len(SUFFIX)]
        if is_autosave(name):
            try:
                info = path.stat()
            except OSError:
                continue
            candidates.append((path, name, info.st_mtime_ns, info.st_size))
    stamp = (_key_name(), tuple(candidates))  # (a key put back opens games the files did not change)
    if _seen[0] == stamp:
        return _seen[1]
    found = None
    for path, name, _, size in candidates:  # newest first
        if size > PEEK_ABOVE:  # a long file is read only if it may be a game to continue
            seen = peek_file(path)
            if seen is None or not seen.save or not seen.signed or seen.over:
                continue
        try:
            game = read_file(path)
        except SaveError:
            continue
        if game.trusted and not game.over:
            found = ContinueTarget(path, name, game)
            break
    _seen = (stamp, found)
    return found


def _key_name() -> str | None:
    """Which key the installation has now (never making one: that is the start's business)."""
    from ..saves import seal

    try:
        return seal.key_id(seal.installation_key()) if seal.key_path().exists() else None
    except seal.SaveKeyError:
        return None


def continue_scene(app: App) -> Scene | None:
    """The table of the most recent unfinished game, or the Load screen on it saying what stops it
    (its rules changed, its variant is gone, another window plays it: watch or copy)."""
    from .load import LoadScene

    target = continue_target()
    if target is None:
        return None
    load = LoadScene(app, select=target.name)
    if load.entry is None or load.entry.name != target.name:
        return load
    table = load.play_entry(load.entry)
    return table if table is not None else load
