"""The renderer's figures for a deck spread at 1920x1080 (the 12,000-card deck by default).

Run in a fresh interpreter (`isolated`), so its memory is the program's own and nothing else's:

- every ladder level, a steady pan (a drag of PAN pixels a frame): p50/p95/max frame time, the
  share of frames that left some visible slot undrawn and the longest run of frames one slot
  stayed blank, with the faces made within the per-frame budget as in the program;
- a zoom sweep from one card filling the window to the whole deck and back: the worst frame, and
  the share of its frames that left slots undrawn (each level shows only a few frames);
- a tour of the whole deck at every level, a screenful at a time, each stop drawn until every
  slot on screen is drawn: how long a cold jump takes to fill;
- search latency per keystroke, and panning with a search showing;
- resident memory sampled through the whole run, and the kernel's peak (VmHWM / ru_maxrss).

    python -m cardtable.bench.frames VARIANT [--quick]     prints one JSON object
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from ..deck import Deck
from ..render import init_display
from ..render.browser import DeckBrowser
from ..render.ladder import LEVELS
from ..variant import Variant
from .blanks import BlankRuns
from .stats import RssSampler, frame_stats, median_p95_ms

SIZE = (1920, 1080)
PAN = (8, 4)  # pixels a frame: a steady drag of about 1,000 px a second at 120 fps
PAN_FRAMES = 240
DT = 1 / 120
FILL_CAP = 2000  # frames a stop may take to fill before the bench gives up on it (and says so)
QUICK_STOPS = 6  # tour stops per level in --quick (the full bench tours the whole deck)


class Bench:
    def __init__(self, browser: DeckBrowser, screen: Any) -> None:
        self.browser, self.screen = browser, screen
        self.memory = RssSampler()
        self.cpu: list[float] = []
        self.sweep_cpu_ms = 0.0
        self.sweep_blanks = BlankRuns()  # frames of the zoom sweeps that left slots undrawn
        self.sweep_standing = 0  # ... and that showed faces scaled from another size

    def frame(self) -> float:
        """One frame as the program draws it (update, draw, flip); its seconds (and its CPU
        seconds noted in `self.cpu`)."""
        import pygame

        cpu, start = time.process_time(), time.perf_counter()
        self.browser.update(DT)
        self.browser.draw(self.screen)
        pygame.display.flip()
        took = time.perf_counter() - start
        self.cpu.append(time.process_time() - cpu)
        self.memory.sample()
        return took

    def fill(self, settled: bool = False) -> tuple[int, float, float]:
        """Draw frames until every visible slot is drawn (`settled`: and none by a stand-in):
        (frames, seconds, worst frame)."""
        frames, total, worst = 0, 0.0, 0.0
        while frames < FILL_CAP:
            took = self.frame()
            frames, total, worst = frames + 1, total + took, max(worst, took)
            b = self.browser
            if not b.blank and not b.camera.animating and not (settled and b.stand_ins):
                break
        return frames, total, worst

    def visible_cards(self) -> int:
        c0, c1, r0, r1 = self.browser.camera.visible()
        return min(self.browser.deck.size, (c1 - c0) * (r1 - r0))

    def steady_pan(self, level: int, frames: int) -> dict[str, Any]:
        """A steady pan at `level`, starting from a filled screen."""
        cam = self.browser.camera
        cam.jump(level)
        cam.center_on(self.browser.layout.cols / 3, self.browser.layout.rows / 3)
        self.fill(settled=True)  # a steady pan, not the end of the jump's filling
        times, blanks, visible, standing = [], BlankRuns(), 0, 0
        self.cpu = []
        for _ in range(frames):
            cam.pan(*PAN)
            times.append(self.frame())
            blanks.frame(self.browser.blank)
            standing += self.browser.stand_ins > 0
            visible = max(visible, self.visible_cards())
        return {
            "card_width": LEVELS[level],
            "visible_cards": visible,
            **frame_stats(times, self.cpu),
            **blanks.as_dict(),
            "stand_in_frame_share": round(standing / max(1, frames), 4),  # drawn, but scaled
        }

    def tour(self, level: int, stops: int | None = None) -> dict[str, Any]:
        """The whole deck at `level` a screenful at a time (or the first `stops` screens), each
        stop drawn until filled: the time a cold jump takes to fill, and the worst frame."""
        cam = self.browser.camera
        cam.jump(level)
        c0, c1, r0, r1 = cam.visible()
        step_c, step_r = max(1, c1 - c0), max(1, r1 - r0)
        fills, frame_counts, worst, unfilled, start = [], [], 0.0, 0, time.perf_counter()
        places = [
            (col, row)
            for row in range(0, self.browser.layout.rows, step_r)
            for col in range(0, self.browser.layout.cols, step_c)
        ]
        complete = stops is None or stops >= len(places)
        for col, row in places[:stops]:
            cam.center_on(col + step_c / 2, row + step_r / 2)
            n, took, slowest = self.fill()
            fills.append(took)
            frame_counts.append(n)
            worst = max(worst, slowest)
            unfilled += n >= FILL_CAP
        med, p95 = median_p95_ms(fills)
        return {
            "card_width": LEVELS[level],
            "complete": complete,
            "stops": len(fills),
            "unfilled_stops": unfilled,
            "fill_ms_median": med,
            "fill_ms_p95": p95,
            "fill_ms_max": round(max(fills) * 1000, 3),
            "fill_frames_max": max(frame_counts),
            "frame_ms_max": round(worst * 1000, 3),
            "seconds": round(time.perf_counter() - start, 2),
        }

    def zoom_sweep(self) -> tuple[float, int]:
        """The worst frame (ms) and frame count of an animated zoom all the way in and out again
        (each level shows a few frames: the blank slots they leave are noted in `sweep_blanks`)."""
        cam = self.browser.camera
        cam.jump(cam.fit_level())
        cam.center_on(self.browser.layout.cols / 2, self.browser.layout.rows / 2)
        worst, frames = 0.0, 0
        self.cpu = []
        for target in (len(LEVELS) - 1, cam.fit_level()):
            cam.zoom_to(target, (SIZE[0] / 2, SIZE[1] / 2))
            while cam.animating and frames < 5000:
                worst = max(worst, self.frame())
                self.sweep_blanks.frame(self.browser.blank)
                self.sweep_standing += self.browser.stand_ins > 0
                frames += 1
        self.sweep_cpu_ms = max(self.sweep_cpu_ms, round(max(self.cpu) * 1000, 3))
        return round(worst * 1000, 3), frames


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
    """Per-keystroke search time over the whole deck: typing queries letter by letter (wall
    clock, and the CPU time each keystroke cost)."""
    times: list[float] = []
    cpu: list[float] = []

    def key(query: str) -> None:
        c, start = time.process_time(), time.perf_counter()
        browser.set_query(query)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - c)

    for query in search_queries(browser.deck):
        for n in range(1, len(query) + 1):
            key(query[:n])
        while browser.search.query:  # and backspacing it away
            key(browser.search.query[:-1])
    med, p95 = median_p95_ms(times)
    cpu_med, cpu_p95 = median_p95_ms(cpu)
    return {
        "median": med,
        "p95": p95,
        "max": round(max(times) * 1000, 3),
        "cpu_median": cpu_med,
        "cpu_p95": cpu_p95,
        "keystrokes": len(times),
    }


def run(variant: Variant, progress: Callable[[str], None], quick: bool = False) -> dict[str, Any]:
    """Every renderer figure for the variant's deck, in the shape `cardtable bench --json` prints."""
    screen = init_display(SIZE, headless=True)
    start = time.perf_counter()
    browser = DeckBrowser(variant.deck, SIZE)
    setup_s = time.perf_counter() - start
    bench = Bench(browser, screen)
    fit = browser.camera.fit_level()
    levels = list(range(fit, len(LEVELS)))
    if quick:  # a far level drawn from tiles, and card levels small, middle and large
        levels = sorted({fit, min(len(LEVELS) - 1, fit + 3), LEVELS.index(48), LEVELS.index(154)})
    views = []
    for level in levels:
        progress(f"steady pan at {LEVELS[level]} px")
        views.append(bench.steady_pan(level, 90 if quick else PAN_FRAMES))
    progress("zoom sweep")
    sweep_ms, sweep_frames = bench.zoom_sweep()
    tours = []
    for level in levels:
        progress(f"touring the deck at {LEVELS[level]} px")
        tours.append(bench.tour(level, QUICK_STOPS if quick else None))
    sweep_after_ms, _ = bench.zoom_sweep()
    progress("search")
    search = search_ms(browser)
    browser.set_query(search_queries(browser.deck)[-1])  # one letter: many matches, halos and shades
    searching = [bench.steady_pan(level, 60) for level in (levels[0], LEVELS.index(48), levels[-1])]
    browser.set_query("")
    budget = browser.memory
    return {
        "size": list(SIZE),
        "quick": quick,
        "pan_px_per_frame": list(PAN),
        "deck_view": views,
        "deck_view_max_p95_ms": max(v["frame_ms_p95"] for v in views),
        "deck_view_max_cpu_p95_ms": max(v["cpu_ms_p95"] for v in views),
        "blank_frame_share_max": max(v["blank_frame_share"] for v in views),
        "longest_blank_run_max": max(v["longest_blank_run"] for v in views),
        "tour": tours,
        "cold_fill_ms_max": max(t["fill_ms_max"] for t in tours),
        "search_pan": searching,
        "zoom_sweep_max_ms": max(sweep_ms, sweep_after_ms),
        "zoom_sweep_frames": sweep_frames,
        "zoom_sweep_max_cpu_ms": bench.sweep_cpu_ms,
        "zoom_sweep_blank_frame_share": round(bench.sweep_blanks.share, 4),
        "zoom_sweep_longest_blank_run": bench.sweep_blanks.longest,
        "zoom_sweep_stand_in_frame_share": round(bench.sweep_standing / max(1, bench.sweep_blanks.frames), 4),
        **bench.memory.as_dict(),
        "rss_mb": bench.memory.max_mb,
        "memory_budget_mb": round(budget.limit / 2**20, 1),
        "memory_budget_peak_mb": round(budget.peak / 2**20, 1),
        "search_ms": search["median"],
        "search": search,
        "browser_setup_s": round(setup_s, 3),
    }


def isolated(spread: str, progress: Callable[[str], None], quick: bool = False) -> dict[str, Any]:
    """`run` in a fresh interpreter (progress lines pass through its standard error)."""
    cmd = [sys.executable, "-m", "cardtable.bench.frames", spread] + (["--quick"] if quick else [])
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None and proc.stdout is not None
    for line in proc.stderr:
        progress(line.strip())
    out = proc.stdout.read()
    if proc.wait() != 0:
        raise RuntimeError(f"the deck bench failed (exit {proc.returncode})")
    return dict(json.loads(out))


if __name__ == "__main__":
    from ..catalog import resolve

    def _progress(what: str) -> None:
        print(what, file=sys.stderr, flush=True)

    print(json.dumps(run(resolve(sys.argv[1]), _progress, quick="--quick" in sys.argv[2:])))
