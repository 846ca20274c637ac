"""Starting games: a new game's session (autosaved after every action, in a file of its own) on
the table scene, and what the program does with the saves folder at start.

The new-game screen and `cardtable play` start games here; the Load screen and Continue
(load_continue.py) open their tables through `table_for`. A table started here offers, when its game ends, "Play again" (the same seats and options, a new secret
seed) and, when the caller gives a way to open it, "New game". Table options (such as `privacy`)
pass through `**table` to the table scene, so a new one needs no change here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .scene import App, Scene


def start_game(
    app: App,
    variant: Any,
    seats: list[dict[str, str]],
    seed: int | None,
    options: dict[str, Any],
    privacy: str | None = None,
    new_game: Callable[[], Scene] | None = None,
) -> Scene | None:
    """The table scene of a new game (autosaved after every action, in its own file: no other
    game's save is touched), keeping cards private by `privacy` ("curtain" or "peek"; None: the
    one last chosen at New game). `seed` None: a secret one from the OS. ValueError when the
    rules refuse the set-up. `new_game` opens the set-up screen again (the end screen's "New game")."""
    # The engine and the table load when a game starts: the menu, which imports this, starts fast.
    from ..paths import user_saves
    from ..saves import SaveStore
    from ..session import GameSession

    session = GameSession(variant, seats, seed, options, SaveStore(user_saves()))
    session.autosave()
    table = table_for(app, session, privacy=privacy)
    privacy = table.privacy

    def again() -> Scene | None:
        return start_game(app, variant, seats, None, session.options, privacy, new_game)

    table.next_games["Play again"] = again
    if new_game is not None:
        table.next_games["New game"] = new_game
    return table


def table_for(app: App, session: Any, privacy: str | None = None, **table: Any) -> Any:
    """The table scene of a session, set up as tables were last (`remembered`) except for what is
    given: `privacy` (None: the one last chosen) and any other of the table's options."""
    from .seating import played
    from .table import TableScene

    played(session.rules.variant.id)  # listed first in the menu from now on
    setup = remembered()
    if privacy is not None:
        setup["privacy"] = privacy
    setup.update(table)
    return TableScene(app, session, **setup)


# ---------------------------------------------------------------------------- at start
def startup_notice() -> str:
    """Put the saves folder in order as the program starts, and say what was done: the
    installation's key is made if there is none (signing the saves an older version left); temporary files
    of interrupted writes are removed; an autosave that cannot be read is set aside (renamed, kept,
    listed in Load with its reason) so that nothing trips on it. Never raises."""
    from ..paths import user_saves
    from ..saves import SaveStore, seal

    # Made on the first start (an older version's saves are signed then). Without one, saves
    # say so where it matters: they cannot be written or checked until it is restored.
    said = []
    try:
        seal.installation_key()
        have_key = True
    except seal.SaveKeyError:  # said plainly (Load says which file and why); files left as they are
        have_key = False
        said.append("The save key cannot be used: games are not saved until it is restored (Load says why).")
    try:
        store = SaveStore(user_saves())
        store.clean_temporary()
        # (without the key every signed save looks unreadable: they are left where they are)
        moved = store.set_aside_broken_autosaves() if have_key else []
    except Exception:  # nothing about the saves folder may stop the program starting
        return " ".join(said)
    if store.key_gone:  # (kept as they are; Load says where the key goes)
        said.append(
            "The key that sealed your games is gone: put save-key back to play them (Load says where)."
        )
    if moved:
        what = "An unreadable autosave was" if len(moved) == 1 else f"{len(moved)} unreadable autosaves were"
        said.append(f"{what} set aside (renamed, kept): Load shows why.")
    return " ".join(said)


def remembered() -> dict[str, Any]:
    """How tables were last set up (New game, the table's toggles): the way cards are kept
    private, how fast computer players move, whether flipping rounds run by themselves. A game
    opened again (Continue, Load) plays as a new one would."""
    from .settings import load
    from .table.autoplay import DELAYS

    s = load()
    return {"privacy": s["privacy"], "bot_delay": DELAYS[s["bot_speed"]], "auto_flip": s["auto_flip"]}
