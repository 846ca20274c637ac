"""Which scene each menu entry opens. Scenes are imported on first use, so the menu starts fast."""

from __future__ import annotations

from typing import Any

from .scene import App, Scene


def continue_target() -> Any:
    """The last unfinished autosaved game, if any."""
    return None


def open_scene(what: str, app: App, variant: Any) -> Scene | None:
    if what == "new_game":
        from .new_game import NewGameScene

        return NewGameScene(app, variant)
    return None


def start_game(
    app: App, variant: Any, seats: list[dict[str, str]], seed: int, options: dict[str, Any]
) -> Scene | None:
    """The table scene of a new game; ValueError when the rules refuse the set-up."""
    return None
