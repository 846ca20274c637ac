"""The table's frames with computer players thinking, in every game: no frame may wait for them.

Each game is played by computer players only (the showdown's Continue pressed as soon as it shows),
acting as soon as their thinking is done (no visible delay), so thinking runs in every frame. A frame
is what the program does each tick: events, update (the thinking step included), draw. Measured at
1280x720, the common screen:

- every game: p50/p95/max frame while the computer players play;
- the same while a person hurries them (Space: more thinking a frame, no delays);
- the rules panel (Tab) shown while they play;
- a game with a grid on the table: wheel-zoom over the grid in and out (a new card size each step);
- the rules screen of every game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from ..variant import Variant
from .stats import frame_stats

SIZE = (1280, 720)
DT = 1 / 60


CPU: list[float] = []  # the CPU seconds of each frame timed, beside its wall-clock seconds


def _frame(app: Any, events: list[Any]) -> float:
    cpu, start = time.process_time(), time.perf_counter()
    app.step(events, dt=DT)
    took = time.perf_counter() - start
    CPU.append(time.process_time() - cpu)
    return took


def _stats(times: list[float]) -> dict[str, float]:
    """Frame statistics of the last len(times) frames, wall clock and CPU."""
    return frame_stats(times, CPU[-len(times) :] if times else ())


def _bot_table(variant: Variant, players: int) -> Any:
    from ..app.headless import start
    from ..app.table import TableScene

    app = start(variant, players=["bot"] * players, size=SIZE, autosave=False)
    app.settle()  # as the program's loop does when a screen comes up
    assert isinstance(app.scene, TableScene)
    app.scene.bot_delay = 0.0  # act when thinking is done: thinking in every frame
    return app


def _play(app: Any, frames: int, rules: bool = False, hurry: bool = False) -> tuple[list[float], int]:
    """Frames of computer players playing; the decisions they made. `hurry`: as a person holding
    Space does (the table thinks more a frame for them then)."""
    scene = app.scene
    scene.show_rules = rules
    times, start_version = [], scene._version
    for _ in range(frames):
        if scene.showdown is not None:
            scene.continue_game()
        if scene.finished:
            break
        if hurry:
            scene.hurry()
        times.append(_frame(app, []))
    return times, scene._version - start_version


def game_frames(variant: Variant, frames: int) -> dict[str, Any]:
    """One game of computer players: its frames, and with the rules panel shown."""
    seats = max(2, min(variant.max_players, 4))
    played, decisions = _play(_bot_table(variant, seats), frames)
    playing = _stats(played)
    with_rules, more = _play(_bot_table(variant, seats), frames // 2, rules=True)
    rules_panel = _stats(with_rules)
    hurried, most = _play(_bot_table(variant, seats), frames // 2, hurry=True)
    return {
        "variant": variant.id,
        "decisions": decisions + more + most,
        **playing,
        "rules_panel": rules_panel,
        "hurried": _stats(hurried),
    }


def grid_zoom(variant: Variant, steps: int) -> dict[str, Any] | None:
    """Wheel-zoom in and out over the table's grid, `steps` wheel notches each way, repeated."""
    import pygame

    app = _bot_table(variant, 2)
    scene = app.scene
    scene.bot_delay = 10**9  # the board stays still: only zooming
    for _ in range(3):
        app.step([], dt=DT)
    area = scene.grid.area
    if area is None:
        return None
    scene.pointer = area.center
    pygame.mouse.set_pos(area.center)
    times = []
    for _ in range(2):
        for y in [1] * steps + [-1] * steps:
            wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)
            times.append(_frame(app, [wheel]))
    return {"variant": variant.id, "steps": len(times), **_stats(times)}


def rules_screen(variant: Variant, frames: int) -> dict[str, Any]:
    from ..app.headless import start

    app = start(variant, scene="rules", size=SIZE)
    app.settle()
    times = [_frame(app, []) for _ in range(frames)]
    return {"variant": variant.id, **_stats(times)}


def run(
    variants: Mapping[str, Variant], progress: Callable[[str], None], quick: bool = False
) -> dict[str, Any]:
    frames = 120 if quick else 600
    games, grids, screens = [], [], []
    for vid in sorted(variants):
        progress(f"table of {vid} with computer players")
        games.append(game_frames(variants[vid], frames))
        screens.append(rules_screen(variants[vid], 30 if quick else 120))
        zoom = grid_zoom(variants[vid], 6)
        if zoom is not None:
            grids.append(zoom)
    return {
        "size": list(SIZE),
        "games": games,
        "table_frame_ms_max": max(g["frame_ms_max"] for g in games),
        "table_cpu_ms_max": max(g["cpu_ms_max"] for g in games),
        "rules_panel_ms_max": max(g["rules_panel"]["frame_ms_max"] for g in games),
        "rules_panel_cpu_ms_max": max(g["rules_panel"]["cpu_ms_max"] for g in games),
        "hurried_frame_ms_max": max(g["hurried"]["frame_ms_max"] for g in games),
        "hurried_cpu_ms_max": max(g["hurried"]["cpu_ms_max"] for g in games),
        "grid_zoom": grids,
        "grid_zoom_ms_p95": max((g["frame_ms_p95"] for g in grids), default=None),
        "grid_zoom_cpu_ms_p95": max((g["cpu_ms_p95"] for g in grids), default=None),
        "rules_screen": screens,
        "rules_screen_ms_max": max(s["frame_ms_max"] for s in screens),
        "rules_screen_cpu_ms_max": max(s["cpu_ms_max"] for s in screens),
    }
