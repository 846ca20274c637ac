"""Which scene each menu entry opens. Scenes are imported on first use, so the menu starts fast."""

from __future__ import annotations

from typing import Any

from .launch import start_game
from .scene import App, Scene

__all__ = ["continue_target", "open_scene", "start_game"]  # start_game: callers from before launch.py

_autosave_seen: tuple[Any, Any] = (None, None)  # (file stamp, what it held): the menu asks often


def continue_target() -> Any:
    """The last unfinished autosaved game (a SavedGame), if any; None when there is none, it is
    finished, or it cannot be read (the Load screen shows why)."""
    global _autosave_seen
    from ..paths import user_saves
    from ..saves import SaveError, SaveStore
    from ..saves.store import AUTOSAVE

    path = SaveStore(user_saves()).path(AUTOSAVE)
    try:
        info = path.stat()
    except OSError:
        return None
    stamp = (str(path), info.st_mtime_ns, info.st_size)
    if _autosave_seen[0] != stamp:
        try:
            saved = SaveStore(user_saves()).read(AUTOSAVE)
        except SaveError:
            saved = None
        if saved is not None and saved.summary.get("over"):
            saved = None
        _autosave_seen = (stamp, saved)
    return _autosave_seen[1]


def _continue(app: App) -> Scene | None:
    """The table of the autosaved game, or the Load screen saying why it cannot go on."""
    from ..catalog import resolve
    from ..errors import VariantError
    from ..paths import user_saves
    from ..saves import SaveError, SaveStore
    from ..saves.store import AUTOSAVE
    from ..session import GameSession
    from .load import LoadScene

    saved = continue_target()
    if saved is None:
        return None
    store = SaveStore(user_saves())
    try:
        session = GameSession.resume(saved, resolve(saved.variant_id), store, AUTOSAVE)
    except (SaveError, VariantError):
        return LoadScene(app, store, select=AUTOSAVE)  # it shows what stops the game
    try:
        from .table import TableScene
    except ImportError:
        return LoadScene(app, store, select=AUTOSAVE, message="Playing a game is not available yet.")
    from .launch import remembered

    return TableScene(app, session, **remembered())


def open_scene(what: str, app: App, variant: Any) -> Scene | None:
    if what == "load":
        from .load import LoadScene

        return LoadScene(app)
    if what == "continue":
        return _continue(app)
    if what == "new_game":
        from .new_game import NewGameScene

        return NewGameScene(app, variant)
    if what == "rules":
        from .rules_view import RulesScene

        return RulesScene(app, variant)
    if what == "deck_browser":
        from .browse import BrowserScene

        return BrowserScene(app, variant)
    return None
