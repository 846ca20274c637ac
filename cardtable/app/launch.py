"""Starting a new game: its session (autosaved after every action) on the table scene.

The new-game screen and `cardtable play` start games here; the menu's hooks only choose which
scene an entry opens. A table started here offers, when its game ends, "Play again" (the same
seats and options, a new seed) and, when the caller gives a way to open it, "New game".
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .scene import App, Scene


def start_game(
    app: App,
    variant: Any,
    seats: list[dict[str, str]],
    seed: int,
    options: dict[str, Any],
    privacy: str | None = None,
    new_game: Callable[[], Scene] | None = None,
) -> Scene | None:
    """The table scene of a new game (autosaved after every action), keeping cards private by
    `privacy` ("curtain" or "peek"; None: the one last chosen at New game); ValueError when the
    rules refuse the set-up. `new_game` opens the set-up screen again (the end screen's "New game")."""
    # The engine and the table load when a game starts: the menu, which imports this, starts fast.
    from ..paths import user_saves
    from ..saves import SaveStore
    from ..session import GameSession
    from .table import TableScene

    session = GameSession(variant, seats, seed, options, SaveStore(user_saves()))
    setup = remembered()
    if privacy is not None:
        setup["privacy"] = privacy
    session.autosave()
    table = TableScene(app, session, **setup)
    privacy = table.privacy

    def again() -> Scene | None:
        new_seed = random.SystemRandom().randrange(10**9)
        return start_game(app, variant, seats, new_seed, session.options, privacy, new_game)

    table.next_games["Play again"] = again
    if new_game is not None:
        table.next_games["New game"] = new_game
    return table


def remembered() -> dict[str, Any]:
    """How tables were last set up (New game, the table's toggles): the way cards are kept
    private, how fast computer players move, whether flipping rounds run by themselves. A game
    opened again (Continue, Load) plays as a new one would."""
    from .settings import load
    from .table.autoplay import DELAYS

    s = load()
    return {"privacy": s["privacy"], "bot_delay": DELAYS[s["bot_speed"]], "auto_flip": s["auto_flip"]}
