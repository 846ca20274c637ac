"""Pictures of the real screens for `cardtable screenshot`: the program driven headless (see
app/headless.py), one frame saved as a PNG together with its manifest.

This sits above the app: the renderer only draws, it never drives the program's screens.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from ..app.headless import start
from ..app.scene import App
from ..variant import Variant

SETTLE_FRAMES = 5000  # the deck browser paints faces a few milliseconds a frame: enough for any level
RULES_SAMPLES = 2000  # random hands sampled for the rules screen's frequencies


def shoot(
    variant: Variant,
    out: str | Path,
    view: str = "deck",
    size: tuple[int, int] = (1920, 1080),
    zoom: float | None = None,
    search: str = "",
    seed: int = 1,
    moves: int = 0,
    players: list[str] | None = None,
    manifest: str | Path | None = None,
) -> dict[str, Any]:
    """Draw one frame of `view` ("deck", "table", "rules" or any screen's name) and save it to `out` (and its
    manifest to `manifest`, as JSON); the manifest."""
    import pygame

    if view == "table":
        app = table_app(variant, size, seed, moves, players)
    elif view == "rules":
        app = rules_app(variant, size, seed)
    elif view == "deck":
        app = deck_app(variant, size, zoom, search)
    else:  # any other screen that opens by name (app/screens.py), as the menu opens it
        app = start(variant, scene=view, size=size)
    shown = app.manifest()
    try:
        pygame.image.save(app.surface, str(out))
    except pygame.error as exc:  # the folder was checked before: a full disk, say
        raise ValueError(f"cannot write {out}: {exc}") from None
    if manifest is not None:
        try:
            Path(manifest).write_text(json.dumps(shown, indent=1) + "\n")
        except OSError as exc:
            raise ValueError(f"cannot write {manifest}: {exc.strerror or exc}") from None
    return shown


def table_players(variant: Variant, players: str | None, seat: int = 0) -> list[str]:
    """Who sits at the pictured table. A number K (or nothing: the game's usual size) is K players
    of whom `seat` is the one person, the others computer players, so the frame shows exactly that
    seat's view; names ("Ann,Bob,bot") seat people and computer players as `play` does (hot seat).
    ValueError, in words, for a table the game does not seat."""
    lo, hi = variant.min_players, variant.max_players
    if players is None or re.fullmatch(r"[0-9]{1,6}", players.strip()):
        if players is None and seat >= hi:
            raise ValueError(f"--seat {seat}: this game seats at most {hi} players (seats 0 to {hi - 1})")
        count = int(players) if players else max(lo, min(4, hi), seat + 1)
        if not lo <= count <= hi:
            raise ValueError(f"this game seats {lo} to {hi} players, not {count}")
        if not seat < count:
            raise ValueError(f"--seat {seat} is not one of the {count} seats (0 to {count - 1})")
        return ["Player" if i == seat else "bot" for i in range(count)]
    names = [w.strip() for w in players.split(",") if w.strip()]
    if not lo <= len(names) <= hi:
        raise ValueError(f"this game seats {lo} to {hi} players, not {len(names)}")
    people = [n for n in names if n != "bot"]
    if len(set(people)) < len(people):
        raise ValueError("two seats have the same name")
    return names


def table_app(
    variant: Variant, size: tuple[int, int], seed: int, moves: int, players: list[str] | None
) -> App:
    """The table after `moves` decisions (each made as a computer player would), the animations
    settled and, in hot seat, the curtain lifted for the person to move: their view is pictured."""
    import pygame

    from ..app.table import computer_action

    app = start(variant, players=players, seed=seed, size=size, autosave=False)
    table: Any = app.scene
    table.bot_delay = float("inf")  # the picture waits for nobody
    for _ in range(moves):
        table.continue_game()  # a showdown before the last move is passed; the last one is pictured
        seat = table.session.to_move()
        if seat is None:
            break
        table.act(computer_action(table.session, seat))
    for _ in range(2):  # long frames: a showdown, speech bubbles and cards gliding in all end
        app.step([], dt=5.0)
    if app.manifest()["curtain"]:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")], dt=0.0)
    app.step([], dt=0.0)
    return app


def rules_app(variant: Variant, size: tuple[int, int], seed: int) -> App:
    """The rules screen, its frequencies from at least RULES_SAMPLES hands sampled with `seed`."""
    app = start(variant, scene="rules", size=size)
    sampler = app.scene.sampler  # type: ignore[attr-defined]
    sampler.rng = random.Random(seed)
    while sampler.hands and sampler.samples < RULES_SAMPLES:
        sampler.step()
    app.step([], dt=0.0)  # lays out the rows, so the scene knows which examples to find
    scene: Any = app.scene
    scene.pictures.work(scene.shown, budget=60.0)
    app.step([], dt=0.0)
    return app


def deck_app(variant: Variant, size: tuple[int, int], zoom: float | None, search: str) -> App:
    """The deck browser, searched and zoomed, drawn until every face and tile asked for is painted."""
    from ..render.ladder import nearest

    app = start(variant, scene="browser", size=size)
    browser = app.scene.browser  # type: ignore[attr-defined]
    if search:
        browser.set_query(search)
    if zoom is not None:
        browser.camera.jump(nearest(zoom))
        if search:
            browser.next_match()
            browser.camera.jump(nearest(zoom))
    for _ in range(SETTLE_FRAMES):
        app.step([], dt=1.0)
        if not browser.busy:
            break
    app.step([], dt=0.0)
    return app
