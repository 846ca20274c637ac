"""Which scene each menu entry opens. Scenes are imported on first use, so the menu starts fast."""

from __future__ import annotations

from typing import Any

from .launch import start_game
from .load_continue import continue_target
from .scene import App, Scene

__all__ = ["continue_target", "open_scene", "start_game"]  # start_game: callers from before launch.py


def _continue(app: App) -> Scene | None:
    """The table of the most recent unfinished game, or the Load screen saying why it cannot go on."""
    from .load_continue import continue_scene

    return continue_scene(app)


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
    if what == "howto":
        from .howto import HowToScene
        from .rules_view import RulesScene

        return HowToScene(app, variant, lambda: RulesScene(app, variant))
    if what == "deck_browser":
        from .browse import BrowserScene

        return BrowserScene(app, variant)
    return None
