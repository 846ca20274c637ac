"""`cardtable bench`: frame times at every zoom level with blank frames counted, a tour of the whole
deck, memory sampled through it (the biggest deck: 12,000 cards among the built-in games), the
table with computer players thinking in every game, start-up, self-play (and a hand's cost early and
late in a long match) and reopening times, and
the hand evaluators' speed beside treys. Measured here, never asserted by tests.

The measurements live in `cardtable.bench`; this command loads the built-in variants and passes
them in (the hands package never reads the catalog).
"""

from __future__ import annotations

import argparse
from typing import Any

HELP = "measure drawing, memory, the table, start-up, self-play and hand evaluation"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a subset that takes about 20 seconds")
    parser.add_argument("--no-hands", action="store_true", help="skip the hand-evaluation figures")
    parser.add_argument(
        "--network",
        action="store_true",
        help="only network play on 127.0.0.1: messages per action, bytes per message, action to update "
        "(1, 3 and 9 remote seats; needs the net extra)",
    )
    parser.add_argument(
        "--variant",
        help="the deck to spread, an id or a path (default: the built-in deck with the most cards)",
    )


def evaluator_vs_treys(hands: dict[str, Any] | None) -> dict[str, Any] | None:
    """The project's evaluator beside treys on the same standard hands, filled from `bench.hands`:
    what play uses (`N_card`: the lookup table, timed side by side with treys in one run: CPU
    microseconds per hand, project time / treys time, <= 1.0 is as fast as treys, and the hands
    the two order differently), and the general matcher that games without a table use
    (`N_card_matcher`: hands per second and the same ratio)."""
    if not hands or not hands.get("treys"):
        return None
    versus = hands.get("versus_treys") or {}
    out: dict[str, Any] = {"variant": hands.get("standard_variant")}
    for n in (5, 7):
        side = versus.get(f"cards_{n}")
        if side:
            out[f"{n}_card"] = {
                "project_us": side["project_us"],
                "treys_us": side["treys_us"],
                "time_ratio": side["ratio"],
                "order_disagreements": side["order_disagreements"],
            }
        ours, theirs = hands.get(f"standard_{n}_card_per_second"), hands["treys"].get(f"treys_{n}")
        if ours and theirs:
            out[f"{n}_card_matcher"] = {
                "project_per_second": round(ours),
                "treys_per_second": round(theirs),
                "time_ratio": round(theirs / ours, 3),
            }
    return out


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from ..bench import frames, simulate, startup, table
    from ..bench.choose import biggest_deck, standard_deck
    from ..catalog import catalog, resolve
    from .arguments import CommandError

    def progress(what: str) -> None:
        print(f"bench: {what}…", file=sys.stderr, flush=True)

    if args.network:
        return _network(args, progress)
    builtin = {e.id: e.variant for e in catalog() if e.builtin and e.variant is not None}
    if args.variant:
        resolve(args.variant, deck_ok=True)  # one line now if it cannot be loaded, not after minutes
    spread = args.variant or biggest_deck(builtin)
    if spread is None:
        raise CommandError("no variant to measure")
    quick = args.quick
    progress("start-up")
    result: dict[str, Any] = {"variant": spread, "quick": quick, **startup.run(spread, 3)}
    # Fresh programs (start-up, opening screens) compile every module from source when Python
    # keeps no bytecode (PYTHONDONTWRITEBYTECODE): 40-70 ms more than an installed program's.
    result["bytecode_cache"] = not sys.dont_write_bytecode
    from ..bench import opening

    progress("opening screens from the menu")
    shown = [v for v in dict.fromkeys([spread, standard_deck(builtin)]) if v] if quick else sorted(builtin)
    result["opening"] = opening.run(shown, spread, tries=1 if quick else 3)
    result.update(frames.isolated(spread, progress, quick))
    result["table"] = table.run(builtin, progress, quick)
    std = standard_deck(builtin)
    from ..bench import decisions

    progress("CPU per decision of the hard computer player")
    result["decisions"] = decisions.run(builtin, std, biggest_deck(builtin), quick)
    if not quick:
        result["simulate"] = simulate.run(builtin, std, progress, quick)
        from ..bench import long_match

        progress("a long match: a hand's cost at hands 1-100 and 1,000-1,100")
        result["long_match"] = long_match.run(builtin, std)
        from ..bench import reopen

        progress("reopening long saved games")
        result["reopen"] = reopen.run(builtin, [v for v in dict.fromkeys([std, spread]) if v])
    from ..net import missing

    if not quick and missing() is None and std in builtin:
        from ..bench import network

        progress("network play on 127.0.0.1")
        result["network"] = network.run(builtin[std])
    if not args.no_hands and not quick:
        from ..bench import hands

        progress("hand evaluation")
        result["hands"] = hands.run(builtin)
    # The evaluator's throughput beside treys (None when treys is not installed or hands skipped).
    result["evaluator_vs_treys"] = evaluator_vs_treys(result.get("hands"))
    if args.json:
        print(json.dumps(result))
        return 0
    from ..bench.report import print_report

    print_report(result)
    return 0


def _network(args: argparse.Namespace, progress: Any) -> int:
    """`bench --network`: the network play figures alone (texas_holdem, or --variant)."""
    import json

    from ..bench import network
    from ..catalog import resolve
    from ..net import missing
    from .arguments import CommandError

    need = missing()
    if need:
        raise CommandError(need)
    progress("network play on 127.0.0.1")
    rows = network.run(resolve(args.variant or "texas_holdem"), 60 if args.quick else 200)
    if args.json:
        print(json.dumps({"network": rows}))
    else:
        network.print_rows(rows)
    return 0
