"""The real program without a screen: what tests, screenshots and outside checks drive.

    app = start("my_variant", players=["Ann", "Bob", "bot"], seed=1, size=(1280, 720))
    app.step(events, dt=1 / 60)   # pygame events in, time advanced, one frame drawn
    app.manifest()                # what that frame showed (see frame.py and interfaces.md)

The App returned is the program's own, on the program's own scene ("table", or any screen that opens
from the menu, app/screens.py: "browser", "rules", "howto", "new_game"...; or "menu"), with the input
handling a person gets. Its first frame is already drawn. The table stands
alone (Esc there stops the app; in the program it returns to the menu beneath). Games autosave in
the user's data folder, as in the program (tests point it elsewhere with XDG_DATA_HOME), unless
`autosave=False` (screenshots never add a game to a player's saves). Each game autosaves in a file
of its own, so a test's game never writes over another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..variant import Variant
from .scene import App, Scene
from .screens import SCREENS, screen

SCENES = ("table", "menu")  # and every screen that opens from the menu (app/screens.py)


def seats_for(players: Sequence[str]) -> list[dict[str, str]]:
    """Seats from names: "bot" is a computer player ("Computer 1", "Computer 2"... in order),
    "bot:NAME" a computer player called NAME, anything else a person at the screen. "bot-LEVEL"
    or "bot-LEVEL-STYLE" (and ":NAME" after either) is a computer player of that level and style,
    as New game seats it ("bot-hard-tight:Hal"); ValueError for a level or style not known."""
    from ..engine.bots import LEVELS, STYLES, split_player

    seats, bots = [], 0
    for word in players:
        kind, _, name = word.partition(":")
        if kind == "bot" or kind.startswith("bot-"):
            if not name:
                bots += 1
                name = f"Computer {bots}"
            seat = {"name": name, "kind": "bot"}
            if kind != "bot":
                player = split_player(kind[4:], tuple(LEVELS))
                if player is None:
                    raise ValueError(
                        f"no computer player '{kind[4:]}': a level ({', '.join(LEVELS)}), then a style"
                        f" after a dash if you like ({', '.join(STYLES)})"
                    )
                seat["level"], seat["style"] = player
            seats.append(seat)
        else:
            seats.append({"name": word, "kind": "human"})
    return seats


def start(
    variant: str | Path | Variant | None,
    players: Sequence[str] | None = None,
    seed: int = 1,
    size: tuple[int, int] = (1280, 720),
    options: Mapping[str, Any] | None = None,
    scene: str = "table",
    autosave: bool = True,
    privacy: str = "curtain",
) -> App:
    """Open the window headless on `scene` of `variant` (an id, a path or a loaded Variant; None
    for the menu) and draw the first frame. `players` default to as many people as the game needs
    ("Player 1", "Player 2"...). `privacy` ("curtain" or "peek") is how the table keeps each
    person's cards from the others. ValueError for an unknown scene or a set-up the rules refuse."""
    if scene not in (*SCENES, *SCREENS):
        raise ValueError(f"scene must be one of {', '.join((*SCENES, *SCREENS))}, not {scene!r}")
    from ..render import init_display

    app = App(init_display(size, headless=True))
    app.push(
        _scene(
            app,
            scene,
            _variant(variant, scene == "menu" or (scene in SCREENS and SCREENS[scene].needs != "game")),
            players,
            seed,
            dict(options or {}),
            autosave,
            privacy,
        )
    )
    app.step([], dt=0.0)
    return app


def _variant(variant: str | Path | Variant | None, deck_ok: bool = False) -> Variant | None:
    if variant is None or isinstance(variant, Variant):
        return variant
    from ..catalog import resolve

    return resolve(str(variant), deck_ok=deck_ok)


def _scene(
    app: App,
    name: str,
    variant: Variant | None,
    players: Sequence[str] | None,
    seed: int,
    options: dict[str, Any],
    autosave: bool,
    privacy: str = "curtain",
) -> Scene:
    if name == "menu":
        from .menu import MenuScene

        menu = MenuScene(app)
        menu.resized(app.surface.get_size())
        if variant is not None:  # the menu opens on that game
            menu.select(next((i for i, e in enumerate(menu.entries) if e.id == variant.id), menu.selected))
        return menu
    if name != "table":
        return _screen(app, name, variant)
    if variant is None:
        raise ValueError("the table needs a variant")
    names = list(players) if players else [f"Player {i + 1}" for i in range(variant.min_players)]
    if autosave:
        from .launch import start_game

        table = start_game(app, variant, seats_for(names), seed, options, privacy)
        assert table is not None
        return table
    from ..session import GameSession
    from .table import TableScene

    return TableScene(app, GameSession(variant, seats_for(names), seed, options), privacy=privacy)


def _screen(app: App, name: str, variant: Variant | None) -> Scene:
    """A registered screen opened on `variant`, as the menu opens it."""
    opening = screen(name)
    if not opening.opens_for(variant):
        raise ValueError(f"the {name} scene needs a variant")
    scene = opening.open(app, variant)
    if scene is None:
        raise ValueError(f"the {name} scene has nothing to open")
    return scene
