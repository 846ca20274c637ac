"""The renderer's figures for a deck spread at 1920x1080 (the 12,000-card deck by default).

Frame times at every ladder level while panning (faces made within the per-frame budget, as in
the real program), the worst frame of a zoom sweep from one card filling the window to the whole
deck visible and back, resident memory after touring the whole deck, and search latency per
keystroke.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..deck import Deck
from ..render import init_display
from ..render.browser import DeckBrowser
from ..render.ladder import LEVELS
from ..variant import Variant
from .stats import median_p95_ms, rss_mb

SIZE = (1920, 1080)
PAN_FRAMES = 90
DT = 1 / 120


def _frame(browser: DeckBrowser, screen: Any) -> float:
    import pygame

    start = time.perf_counter()
    browser.update(DT)
    browser.draw(screen)
    pygame.display.flip()
    return time.perf_counter() - start


def deck_view(browser: DeckBrowser, screen: Any, progress: Callable[[str], None]) -> list[dict[str, Any]]:
    """Median and p95 frame time at each ladder level, panning steadily across the deck."""
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
        med, p95 = median_p95_ms(times)
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


def zoom_sweep(browser: DeckBrowser, screen: Any) -> tuple[float, int]:
    """The worst frame (ms) and frame count of an animated zoom all the way in and out again."""
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


def tour(browser: DeckBrowser, screen: Any, level: int) -> None:
    """Pan over the whole deck at one level, row band by row band."""
    cam = browser.camera
    cam.jump(level)
    c0, c1, r0, r1 = cam.visible()
    step_c, step_r = max(1, c1 - c0), max(1, r1 - r0)
    for row in range(0, browser.layout.rows + step_r, step_r):
        for col in range(0, browser.layout.cols + step_c, step_c):
            cam.center_on(col + step_c / 2, row + step_r / 2)
            _frame(browser, screen)


def search_queries(deck: Deck, count: int = 6, seed: int = 1) -> list[str]:
    """What a person might type, taken from the deck itself: a few cards' names, alternating with
    the longest of the card's other words (a colour, a group) before the first word of its name."""
    rng = random.Random(seed)
    queries = []
    for i, card in enumerate(rng.sample(range(deck.size), min(count, deck.size))):
        name = deck.name(card).lower()
        others = [w for w in dict.fromkeys(deck.search_text[card].split()) if w not in name.split()]
        queries.append(f"{max(others, key=len)} {name.split()[0]}" if i % 2 and others else name)
    return queries + [queries[0][0]]  # one letter: the whole deck scanned, many matches


def search_ms(browser: DeckBrowser) -> dict[str, float]:
    """Per-keystroke search time over the whole deck: typing queries letter by letter."""
    times = []
    for query in search_queries(browser.deck):
        for n in range(1, len(query) + 1):
            start = time.perf_counter()
            browser.set_query(query[:n])
            times.append(time.perf_counter() - start)
        while browser.search.query:  # and backspacing it away
            start = time.perf_counter()
            browser.set_query(browser.search.query[:-1])
            times.append(time.perf_counter() - start)
    med, p95 = median_p95_ms(times)
    return {"median": med, "p95": p95, "max": round(max(times) * 1000, 3), "keystrokes": len(times)}


def run(variant: Variant, progress: Callable[[str], None]) -> dict[str, Any]:
    """Every renderer figure for the variant's deck, in the shape `cardtable bench --json` prints."""
    screen = init_display(SIZE, headless=True)
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
        "size": list(SIZE),
        "deck_view": views,
        "deck_view_max_p95_ms": max(v["frame_ms_p95"] for v in views),
        "zoom_sweep_max_ms": max(sweep_ms, sweep_after_ms),
        "zoom_sweep_frames": sweep_frames,
        "rss_mb": memory,
        "atlas_budget_mb": round(browser.atlas.budget / 2**20, 1),
        "search_ms": search["median"],
        "search": search,
        "atlas_strip_ms": strip_ms,
        "browser_setup_s": round(setup_s, 3),
    }
