"""Opening a screen from the menu, as a person does: the frame that opens it (the key handled, the
new screen built, its first update and drawing, and the collection a new screen settles with),
in a fresh interpreter, the first time (what the program loads on first use included) and again
after going back to the menu. The screens' own frames (`table.rules_screen`) start after this.
And the frame that starts the next game (the end screen's Play again: a new game's session and
table, its first frame, the settling collection), after a game of computer players.

    python -m cardtable.bench.opening KEY VARIANT     prints {"first_ms", "again_ms", ...}

KEY is the menu's key ("r" the rules, "d" the deck browser), "start" (New game, then Enter: the
frame that turns New game into the table) or "next" (Play again), VARIANT the game chosen in the
menu. Nothing is saved among the user's games or settings: a game started here saves in a
folder of its own, deleted afterwards.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

SIZE = (1280, 720)


def _open(app: Any, key: int) -> tuple[float, float]:
    """Press `key` on the menu: the frame's (wall, CPU) milliseconds, as App.run makes it."""
    import pygame

    down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=pygame.key.name(key), scancode=0)
    cpu, start = time.process_time(), time.perf_counter()
    app.step([down], dt=1 / 120)
    pygame.display.flip()
    app.settle()
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000


def _next_game(app: Any, variant: Any, frames: int) -> dict[str, Any]:
    """A game of computer players on the menu for `frames` frames, then Play again (twice): the
    frame that starts the next game, as the end screen's Play again does (without the save)."""
    import pygame

    from ..app.launch import table_for
    from ..session import GameSession

    seats = [{"name": f"Computer {i + 1}", "kind": "bot"} for i in range(max(2, min(variant.max_players, 4)))]
    app.push(table_for(app, GameSession(variant, seats, 1, {})))
    app.settle()
    times = []
    for seed in (2, 3):
        for _ in range(frames):
            app.step([], dt=1 / 120)
        cpu, start = time.process_time(), time.perf_counter()
        app.replace(table_for(app, GameSession(variant, seats, seed, {})))
        app.step([], dt=1 / 120)
        pygame.display.flip()
        app.settle()
        times.append(((time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000))
    return _row("next game", times)


def _twice(app: Any, menu: Any, keys: list[int]) -> dict[str, Any]:
    """Press `keys` on the menu, the last one's frame timed (the screen it opens), then back to
    the menu as Esc does; the first time and again."""
    times = []
    for _ in range(2):
        for key in keys[:-1]:
            _open(app, key)
        times.append(_open(app, keys[-1]))
        opened = type(app.scene).__name__
        while app.scene is not menu:
            app.pop()
        app.step([])
    return _row(opened, times)


def _row(screen: str, times: list[tuple[float, float]]) -> dict[str, Any]:
    """The first and the second (wall, CPU) milliseconds, as a result row."""
    (first, first_cpu), (again, again_cpu) = times
    return {
        "screen": screen,
        "first_ms": round(first, 3),
        "first_cpu_ms": round(first_cpu, 3),
        "again_ms": round(again, 3),
        "again_cpu_ms": round(again_cpu, 3),
    }


def main(key_name: str, variant: str) -> dict[str, Any]:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # standard output holds the JSON only
    import pygame

    from ..app.display import open_window
    from ..app.menu import MenuScene
    from ..app.scene import App

    app = App(open_window(SIZE, resizable=False))
    menu = MenuScene(app)
    app.push(menu)
    app.step([])
    app.settle()
    menu.select([e.id for e in menu.entries].index(variant))
    app.step([])
    if key_name == "next":
        return _next_game(app, menu.entry.variant if menu.entry else None, 240)
    if key_name == "start":  # New game with its first seats and options, then Enter
        return _twice(app, menu, [pygame.K_n, pygame.K_RETURN])
    return _twice(app, menu, [pygame.key.key_code(key_name)])


def opening(key_name: str, variant: str, tries: int = 3) -> dict[str, Any]:
    """The median of `tries` fresh interpreters (and the worst first opening)."""
    runs = []
    for _ in range(tries):
        # its own saves and settings (a game started saves itself); the user's cache, as a
        # person's program reads it
        with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as home:
            env = {**os.environ, "XDG_DATA_HOME": f"{home}/data", "XDG_CONFIG_HOME": f"{home}/config"}
            out = subprocess.run(
                [sys.executable, "-m", "cardtable.bench.opening", key_name, variant],
                check=True,
                capture_output=True,
                text=True,
                env=env,
            ).stdout
        runs.append(json.loads(out))
    result: dict[str, Any] = {"variant": variant, "screen": runs[0]["screen"]}
    for k in ("first_ms", "first_cpu_ms", "again_ms", "again_cpu_ms"):
        result[k] = round(statistics.median(r[k] for r in runs), 3)
    result["first_ms_max"] = max(r["first_ms"] for r in runs)
    return result


def run(variants: list[str], spread: str, tries: int = 3) -> dict[str, Any]:
    """The rules screen of each of `variants` and the deck browser of `spread`, opened from the
    menu, a game of each of `variants` started from New game, and Play again in each; the worst
    first and again openings."""
    screens = [opening("r", vid, tries) for vid in variants] + [opening("d", spread, tries)]
    starts = [opening("start", vid, tries) for vid in variants]
    games = [opening("next", vid, tries) for vid in variants]
    return {
        "screens": screens,
        "start": starts,
        "start_first_ms_max": max(s["first_ms"] for s in starts),
        "start_again_ms_max": max(s["again_ms"] for s in starts),
        "next_game": games,
        "next_game_ms_max": max(g["first_ms"] for g in games),
        "next_game_cpu_ms_max": max(g["first_cpu_ms"] for g in games),
        "open_first_ms_max": max(s["first_ms"] for s in screens),
        "open_again_ms_max": max(s["again_ms"] for s in screens),
        "open_again_cpu_ms_max": max(s["again_cpu_ms"] for s in screens),
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
