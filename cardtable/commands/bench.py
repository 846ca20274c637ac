"""`cardtable bench`: frame times, memory, search and start-up for the 12,000-card deck, and the
hand evaluators' speed. Measured here, never asserted by tests."""

from __future__ import annotations

import argparse

HELP = "measure drawing speed, memory, search and start-up (12,000-card deck) and hand evaluation"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-hands", action="store_true", help="skip the hand-evaluation figures")
    parser.add_argument(
        "--variant", default="infinite_poker", help="the deck to spread (default: 12,000 cards)"
    )


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from ..render.bench import run as render_bench

    def progress(what: str) -> None:
        print(f"bench: {what}…", file=sys.stderr, flush=True)

    result = render_bench(progress, args.variant)
    if not args.no_hands:
        progress("hand evaluation")
        try:
            from ..hands.bench import run as hands_bench
        except ImportError:  # pragma: no cover - the hands package is part of the program
            hands_bench = None
        if hands_bench is not None:
            result["hands"] = hands_bench()
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['variant']} at {result['size'][0]}x{result['size'][1]}")
    print(f"{'card px':>8} {'visible':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for row in result["deck_view"]:
        print(
            f"{row['card_width']:>8} {row['visible_cards']:>8} {row['frame_ms_median']:>10.2f} "
            f"{row['frame_ms_p95']:>8.2f} {row['frame_ms_max']:>8.2f}"
        )
    print(f"worst frame of a zoom sweep: {result['zoom_sweep_max_ms']:.1f} ms (target < 33)")
    print(f"resident memory after touring the deck: {result['rss_mb']} MB (target < 300)")
    print(
        f"search per keystroke: median {result['search']['median']:.3f} ms, "
        f"p95 {result['search']['p95']:.3f} ms (target < 2)"
    )
    print(
        f"start to menu: {result['startup_s']} s (target < 1); to the deck's first frame: "
        f"{result['first_deck_frame_s']} s (target < 2)"
    )
    if "hands" in result:
        print("hand evaluation:")
        print(json.dumps(result["hands"], indent=1))
    return 0
