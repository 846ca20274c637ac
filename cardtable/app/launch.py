"""Starting a new game: its session (autosaved after every action) on the table scene.

The new-game screen and `cardtable play` start games here; the menu's hooks only choose which
scene an entry opens.
"""

from __future__ import annotations

from typing import Any

from .scene import App, Scene


def start_game(
    app: App,
    variant: Any,
    seats: list[dict[str, str]],
    seed: int,
    options: dict[str, Any],
    privacy: str | None = None,
) -> Scene | None:
    """The table scene of a new game (autosaved after every action), keeping cards private by
    `privacy` ("curtain" or "peek"; None: the one last chosen at New game); ValueError when the
    rules refuse the set-up."""
    # The engine and the table load when a game starts: the menu, which imports this, starts fast.
    from ..paths import user_saves
    from ..saves import SaveStore
    from ..session import GameSession
    from .table import TableScene

    session = GameSession(variant, seats, seed, options, SaveStore(user_saves()))
    if privacy is None:
        from .settings import load

        privacy = str(load()["privacy"])
    session.autosave()
    return TableScene(app, session, privacy=privacy)
