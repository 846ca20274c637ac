"""One frame to a PNG, headless: the deck spread (optionally zoomed and searched), the table, or
the rules screen."""

from __future__ import annotations

import os

from . import init_display
from .ladder import nearest

SETTLE_FRAMES = 2000  # enough for every visible face and tile at any level


def settle(scene, screen, frames: int = SETTLE_FRAMES) -> None:
    """Draw until nothing asked for is left unpainted, so the picture is complete."""
    scene.draw(screen)
    for _ in range(frames):
        if not scene.busy:
            break
        scene.update(1.0)
        scene.draw(screen, budget=0.05)
    scene.draw(screen)


def screenshot(
    variant,
    out: str,
    view: str = "deck",
    size: tuple[int, int] = (1920, 1080),
    zoom: float | None = None,
    search: str = "",
    seed: int = 1,
    moves: int = 0,
    seat: int = 0,
) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    screen = init_display(size, headless=True)
    import pygame

    if view == "table":
        table_frame(variant, screen, seed=seed, moves=moves, seat=seat)
        pygame.image.save(screen, out)
        return
    if view == "rules":
        rules_frame(variant, screen, seed=seed)
        pygame.image.save(screen, out)
        return
    else:
        from .browser import DeckBrowser

        scene = DeckBrowser(variant.deck, size)
        if search:
            scene.set_query(search)
        if zoom is not None:
            scene.camera.jump(nearest(zoom))
            if search:
                scene.next_match()
                scene.camera.jump(nearest(zoom))
    settle(scene, screen)
    pygame.image.save(screen, out)


def table_frame(variant, screen, seed: int = 1, moves: int = 0, seat: int = 0) -> None:
    """Draw the game table as `seat` sees it, after computer players have made `moves` moves.

    The seat is the only person at the table (the others are computer players), so the frame
    shows exactly that seat's view: nobody else's hidden cards.
    """
    import random

    from ..app.scene import App
    from ..app.table import TableScene
    from ..engine.bots import choose_action
    from ..session import GameSession

    players = max(variant.min_players, min(4, variant.max_players), seat + 1)
    seats = [
        {"name": "Player" if i == seat else f"Computer {i + 1}", "kind": "human" if i == seat else "bot"}
        for i in range(players)
    ]
    session = GameSession(variant, seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        to_move = session.rules.to_move(session.state)
        if to_move is None:
            break
        session.act(choose_action(session.rules, session.state, to_move, rng))
    app = App(screen)
    table = TableScene(app, session, bot_delay=float("inf"))
    app.push(table)
    app.step([], dt=0.0)


def rules_frame(variant, screen, seed: int = 1, samples: int = 2000) -> None:
    """Draw the rules screen with its hand ranking and `samples` sampled hands' frequencies."""
    import random

    from ..app.rules_view import RulesScene
    from ..app.scene import App

    scene = RulesScene(App(screen), variant)
    scene.sampler.rng = random.Random(seed)
    while scene.sampler.hands and scene.samples < samples:
        scene.sampler.step()
    scene.draw(screen)
