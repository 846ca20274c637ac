"""Regenerate the README's screenshots: `python tests/make_screenshots.py` (headless).

Each picture is a real frame of the table scene at a moment worth seeing: a decision of Ann's
against computer players, or the public showdown of friends playing at one screen.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()  # the games' autosaves go nowhere that matters

HERE = Path(__file__).resolve().parent
PEOPLE = ["Ann", "Bob", "Cleo", "Dev"]
SHOTS = {  # variant id -> (seed, players, bot moves before waiting for Ann, what to wait for)
    "texas_holdem": (3, 5, 8, "turn"),
    "infinite_poker": (7, 4, 60, "turn"),
    "poker_grid": (7, 3, 24, "turn"),
    "sigilian_poker": (5, 4, 0, "showdown"),
    "poker_clash": (5, 3, 10, "turn"),
}


def shoot(vid: str, out: Path) -> None:
    import pygame

    from cardtable.app.headless import start
    from cardtable.app.table import computer_action

    seed, players, moves, moment = SHOTS[vid]
    # Ann's turn: Ann against computer players; a showdown: friends at one screen (public)
    names = ["Ann"] + ["bot"] * (players - 1) if moment == "turn" else PEOPLE[:players]
    app = start(vid, players=names, seed=seed, size=(1280, 720), autosave=False)
    table = app.scene
    table.bot_delay = 0.0
    session = table.session
    for _ in range(moves):
        seat = session.to_move()
        if seat is None:
            break
        table.act(computer_action(session, seat))
    for _ in range(5000):
        if moment == "turn" and session.to_move() == 0:
            break
        if moment == "showdown" and table.showdown is not None:
            break
        if moment == "showdown" and table.asked() is not None:  # the friends decide as a computer would
            table.act(computer_action(session, table.asked()))
        app.step([], dt=0.05)
    table.bot_delay = 1e9
    for _ in range(12):
        app.step([], dt=0.04)
    pygame.image.save(app.surface, str(out))
    pygame.display.quit()


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    for vid in sys.argv[1:] or SHOTS:
        shoot(vid, HERE / "screenshots" / f"{vid}.png")
        print("wrote", HERE / "screenshots" / f"{vid}.png")
