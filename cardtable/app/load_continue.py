"""Continue: the most recent unfinished game, played on in its own autosave (or, when another
window holds it or it cannot go on, the Load screen on it saying why and what can be done)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

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
    (its rules changed, its variant is gone, another window plays it: watch or copy). A long
    game's file opens on `OpeningScene`, which says how far it has got, frame by frame."""
    from ..saves.store import PEEK_ABOVE, SUFFIX, is_autosave

    for path in _autosaves():
        name = path.name[: -len(SUFFIX)]
        if is_autosave(name):
            try:
                long = path.stat().st_size > PEEK_ABOVE
            except OSError:
                continue
            if long:
                return OpeningScene(app, path)
            break
    return open_target(app)


def _autosaves() -> list[Path]:
    from ..paths import user_saves
    from ..saves import SaveStore

    return SaveStore(user_saves()).files()


def open_target(app: App) -> Scene | None:
    """The scene Continue opens on (see continue_scene), made now."""
    from .load import LoadScene

    target = continue_target()
    if target is None:
        return None
    load = LoadScene(app, select=target.name)
    if load.entry is None or load.entry.name != target.name:
        return load
    table = load.play_entry(load.entry)
    return table if table is not None else load


STAGES = ("Reading the save", "Setting out the table")


class OpeningScene(Scene):
    """Continue on a long game: a frame saying what is being done (reading a file of so many
    megabytes, then setting out the table from its last checkpoint) before each step, then the
    table (or the Load screen saying what stops it) in its place."""

    def __init__(self, app: App, path: Path) -> None:
        super().__init__(app)
        self.path = path
        self.stage = 0  # the step the next frame's update does (after a frame has said so)
        self.drawn = False
        try:
            self.megabytes = path.stat().st_size / 2**20
        except OSError:
            self.megabytes = 0.0

    def update(self, dt: float) -> None:
        if not self.drawn:
            return  # (say what comes before doing it)
        self.drawn = False
        if self.stage == 0:
            continue_target()  # the long read; kept for the next step while the file is unchanged
            self.stage = 1
            return
        scene = open_target(self.app)
        if scene is None:
            self.app.pop()
        else:
            self.app.replace(scene)

    def draw(self, surface: pygame.Surface) -> None:
        from . import ui

        surface.fill(ui.FELT)
        w, h = surface.get_size()
        what = STAGES[self.stage] + (f" ({self.megabytes:.0f} MB)" if self.stage == 0 else "")
        ui.text(surface, "Opening your game", (w // 2, h // 2 - 40), 32, bold=True, anchor="center")
        ui.text(
            surface,
            f"{what}… step {self.stage + 1} of {len(STAGES)}",
            (w // 2, h // 2 + 10),
            22,
            anchor="center",
        )
        self.drawn = True
