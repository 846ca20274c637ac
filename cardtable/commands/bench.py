"""`cardtable bench`: frame times of the 12,000-card deck spread at 1920x1080, and more."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HELP = "measure the renderer on the 12,000-card deck (frame times, memory, search, start-up)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)


def _rss_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _frames(b, screen, n, move=None):
    times = []
    for i in range(n):
        t = time.perf_counter()
        if move:
            move(i)
        b.update(1 / 120)
        b.draw(screen)
        times.append((time.perf_counter() - t) * 1000)
    return times


def run(args: argparse.Namespace) -> int:
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    from ..catalog import resolve
    from ..render import init_display
    from ..render.browser import DeckBrowser
    from ..render.ladder import LEVELS

    size = (1920, 1080)
    screen = init_display(size, headless=True)
    deck = resolve("infinite_poker").deck
    b = DeckBrowser(deck, size)
    if args.first_frame:
        b.draw(screen)
        print("first-frame", flush=True)
        return 0
    out: dict = {"deck_view": []}
    for i, w in enumerate(LEVELS):
        b.camera.jump(i)
        b.camera.center_on(b.layout.cols / 2, b.layout.rows / 2)
        for _ in range(400):
            b.draw(screen, budget=0.05)
            if not b.busy:
                break
        c0, c1, r0, r1 = b.camera.visible()
        ts = _frames(b, screen, 60, lambda k: b.camera.pan(1 if k % 2 else -1, 0))
        out["deck_view"].append(
            {
                "card_width": w,
                "visible_cards": min(deck.size, (c1 - c0) * (r1 - r0)),
                "frame_ms_median": round(statistics.median(ts), 2),
                "frame_ms_p95": round(sorted(ts)[int(len(ts) * 0.95) - 1], 2),
            }
        )
    # Zoom sweep, out to in and back, smoothly animated.
    b.camera.jump(0)
    sweep = []
    for target in (len(LEVELS) - 1, 0):
        b.camera.zoom_to(target)
        while b.camera.animating:
            sweep += _frames(b, screen, 1)
    out["zoom_sweep_max_ms"] = round(max(sweep), 2)
    # Pan over the whole deck at a middle level.
    b.camera.jump(LEVELS.index(64))
    pan = []
    for row in range(0, b.layout.rows + 1, 12):
        b.camera.center_on(0, row)
        pan += _frames(b, screen, 40, lambda k: b.camera.pan(120, 0))
    out["pan_ms_median"] = round(statistics.median(pan), 2)
    out["pan_ms_p95"] = round(sorted(pan)[int(len(pan) * 0.95) - 1], 2)
    out["atlas_strips_made"] = b.atlas.generated
    out["atlas_gen_ms_per_strip"] = round(b.atlas.gen_seconds * 1000 / max(1, b.atlas.generated), 3)
    out["rss_mb"] = round(_rss_mb(), 1)
    _ = b.search.texts  # built once, as the browser does on its first keystroke
    ks = []
    for q in ("c", "cr", "cri", "crim", "crimson", "crimson a", "crimson ace", "trump", "dragon", "7"):
        t = time.perf_counter()
        b.set_query(q)
        ks.append((time.perf_counter() - t) * 1000)
    out["search_ms"] = round(max(ks), 3)
    t = time.perf_counter()
    p = subprocess.run(
        [sys.executable, "-m", "cardtable", "bench", "--first-frame"], capture_output=True, text=True
    )
    out["startup_s"] = round(time.perf_counter() - t, 3) if p.returncode == 0 else None
    try:
        from ..hands import bench as hands_bench  # type: ignore[attr-defined]

        out["hands"] = hands_bench.run()
    except ImportError:
        pass
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0
