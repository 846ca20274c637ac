"""`cardtable bench`: frame times, memory, search and start-up for the biggest deck (12,000 cards
among the built-in games), and the hand evaluators' speed. Measured here, never asserted by tests.

The measurements live in `cardtable.bench`; this command loads the built-in variants and passes
them in (the hands package never reads the catalog).
"""

from __future__ import annotations

import argparse

HELP = "measure drawing speed, memory, search and start-up (12,000-card deck) and hand evaluation"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-hands", action="store_true", help="skip the hand-evaluation figures")
    parser.add_argument(
        "--variant",
        help="the deck to spread, an id or a path (default: the built-in deck with the most cards)",
    )


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from ..bench import frames, startup
    from ..bench.choose import biggest_deck
    from ..catalog import catalog, resolve

    def progress(what: str) -> None:
        print(f"bench: {what}…", file=sys.stderr, flush=True)

    builtin = {e.id: e.variant for e in catalog() if e.builtin and e.variant is not None}
    spread = args.variant or biggest_deck(builtin)
    if spread is None:
        print("cardtable bench: no variant to measure", file=sys.stderr)
        return 1
    variant = builtin[spread] if spread in builtin else resolve(spread)
    progress("start-up")
    result = {"variant": spread, **startup.run(spread), **frames.run(variant, progress)}
    if not args.no_hands:
        from ..bench import hands

        progress("hand evaluation")
        result["hands"] = hands.run(builtin)
    from ..bench import reopen
    from ..bench.choose import standard_deck

    progress("reopening long saved games")
    result["reopen"] = reopen.run(builtin, [v for v in dict.fromkeys([standard_deck(builtin), spread]) if v])
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
    for row in result["reopen"]:
        print(
            f"reopen {row['variant']} after {row['decisions']:,} decisions: {row['resume_s']} s "
            f"(check {row['check_s']} s; target well under 1 s)"
        )
    if "hands" in result:
        print("hand evaluation:")
        print(json.dumps(result["hands"], indent=1))
    return 0
