"""The renderer's measurements for `cardtable bench`: the 12,000-card deck spread at 1920x1080.

Frame times at every ladder level while panning (faces made within the per-frame budget, as in
the real program), the worst frame of a zoom sweep from one card filling the window to all 12,000
visible and back, resident memory after touring the whole deck, search latency per keystroke and
the time from launch to the first menu frame and to the first frame of the deck. Nothing here is
asserted by tests: the machines are shared and noisy.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

SIZE = (1920, 1080)
PAN_FRAMES = 90
DT = 1 / 120


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return round(statistics.median(ordered) * 1000, 3), round(p95 * 1000, 3)


def rss_mb() -> float:
    """Resident memory of this process, in MB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def _frame(browser: Any, screen: Any) -> float:
    import pygame

    start = time.perf_counter()
    browser.update(DT)
    browser.draw(screen)
    pygame.display.flip()
    return time.perf_counter() - start


def deck_view(browser: Any, screen: Any, progress: Callable[[str], None]) -> list[dict[str, Any]]:
    """Median and p95 frame time at each ladder level, panning steadily across the deck."""
    from .ladder import LEVELS

    cam = browser.camera
    out = []
    fit = cam.fit_level()
    for level in range(fit, len(LEVELS)):
        progress(f"level {LEVELS[level]} px")
        cam.jump(level)
        cam.center_on(browser.layout.cols / 3, browser.layout.rows / 3)
        for _ in range(3):  # the first frames of a level fill its atlases; a zoom sweep measures those
            _frame(browser, screen)
        times, visible = [], 0
        for _ in range(PAN_FRAMES):
            cam.pan(6, 3)  # a steady drag: about 700 px a second at 120 fps
            times.append(_frame(browser, screen))
            c0, c1, r0, r1 = cam.visible()
            visible = max(visible, min(browser.deck.size, (c1 - c0) * (r1 - r0)))
        med, p95 = _ms(times)
        out.append(
            {
                "card_width": LEVELS[level],
                "visible_cards": visible,
                "frame_ms_median": med,
                "frame_ms_p95": p95,
                "frame_ms_max": round(max(times) * 1000, 3),
            }
        )
    return out


def zoom_sweep(browser: Any, screen: Any) -> tuple[float, int]:
    """The worst frame (ms) and frame count of an animated zoom all the way in and out again."""
    from .ladder import LEVELS

    cam = browser.camera
    cam.jump(cam.fit_level())
    cam.center_on(browser.layout.cols / 2, browser.layout.rows / 2)
    worst, frames = 0.0, 0
    for target in (len(LEVELS) - 1, cam.fit_level()):
        cam.zoom_to(target, (SIZE[0] / 2, SIZE[1] / 2))
        while cam.animating and frames < 5000:
            worst = max(worst, _frame(browser, screen))
            frames += 1
    return round(worst * 1000, 3), frames


def tour(browser: Any, screen: Any, level: int) -> None:
    """Pan over the whole deck at one level, row band by row band."""
    cam = browser.camera
    cam.jump(level)
    c0, c1, r0, r1 = cam.visible()
    step_c, step_r = max(1, c1 - c0), max(1, r1 - r0)
    for row in range(0, browser.layout.rows + step_r, step_r):
        for col in range(0, browser.layout.cols + step_c, step_c):
            cam.center_on(col + step_c / 2, row + step_r / 2)
            _frame(browser, screen)


def search_ms(browser: Any) -> dict[str, float]:
    """Per-keystroke search time over the whole deck: typing queries letter by letter."""
    times = []
    for query in ("infinity trump", "crimson ace", "dragon", "queen of roses", "7 tides", "x"):
        for n in range(1, len(query) + 1):
            start = time.perf_counter()
            browser.set_query(query[:n])
            times.append(time.perf_counter() - start)
        while browser.search.query:  # and backspacing it away
            start = time.perf_counter()
            browser.set_query(browser.search.query[:-1])
            times.append(time.perf_counter() - start)
    med, p95 = _ms(times)
    return {"median": med, "p95": p95, "max": round(max(times) * 1000, 3), "keystrokes": len(times)}


FIRST_FRAME = """
import os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
what = sys.argv[1]
from cardtable.app.display import open_window
from cardtable.app.scene import App
screen = open_window((1920, 1080), resizable=False)
app = App(screen)
if what == "menu":
    from cardtable.app.menu import MenuScene
    app.push(MenuScene(app))
else:
    from cardtable.catalog import resolve
    from cardtable.app.browse import BrowserScene
    app.push(BrowserScene(app, resolve(what)))
app.step([])
import pygame
pygame.display.flip()
"""


def first_frame_s(what: str) -> float:
    """Seconds from launching a fresh interpreter to its first frame (menu or a deck)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", FIRST_FRAME, what], check=True, capture_output=True)
    return round(time.perf_counter() - start, 3)


def run(
    progress: Callable[[str], None] = lambda s: None, variant_id: str = "infinite_poker"
) -> dict[str, Any]:
    from ..catalog import resolve
    from . import init_display
    from .browser import DeckBrowser

    progress("start-up")
    startup = min(first_frame_s("menu") for _ in range(3))
    first_deck = min(first_frame_s(variant_id) for _ in range(3))
    screen = init_display(SIZE, headless=True)
    variant = resolve(variant_id)
    start = time.perf_counter()
    browser = DeckBrowser(variant.deck, SIZE)
    setup_s = time.perf_counter() - start
    views = deck_view(browser, screen, progress)
    progress("zoom sweep")
    sweep_ms, sweep_frames = zoom_sweep(browser, screen)
    progress("touring the whole deck")
    for width_level in (browser.camera.fit_level() + 4, browser.camera.fit_level() + 7):
        tour(browser, screen, width_level)
    sweep_after_ms, _ = zoom_sweep(browser, screen)
    memory = rss_mb()
    progress("search")
    search = search_ms(browser)
    start = time.perf_counter()
    browser.atlas.clear()
    browser.atlas.make(64, 0)
    strip_ms = round((time.perf_counter() - start) * 1000, 3)
    return {
        "variant": variant_id,
        "size": list(SIZE),
        "deck_view": views,
        "deck_view_max_p95_ms": max(v["frame_ms_p95"] for v in views),
        "zoom_sweep_max_ms": max(sweep_ms, sweep_after_ms),
        "zoom_sweep_frames": sweep_frames,
        "rss_mb": memory,
        "atlas_budget_mb": round(browser.atlas.budget / 2**20, 1)
        if hasattr(browser.atlas, "budget")
        else None,
        "search_ms": search["median"],
        "search": search,
        "atlas_strip_ms": strip_ms,
        "browser_setup_s": round(setup_s, 3),
        "startup_s": startup,
        "first_deck_frame_s": first_deck,
    }
