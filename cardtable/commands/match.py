"""`cardtable match VARIANT --seats "hard,tight" --hands N [--seed S] [--option NAME=VALUE] [--json]`:
a duplicate match between computer players (easy, normal, hard, each in a style after a dash:
hard-tight, normal-loose-aggressive) and fixed baselines (call, random, tight), reported per seat in big blinds won per 100 hands with a 95% interval, and how each played
(how often it put chips in by choice, and raised, in the first betting round). Progress goes to
stderr; the same arguments give the same report."""

from __future__ import annotations

import argparse
import json

from .arguments import CommandError, whole
from .terminal import shown

HELP = "measure computer players against each other and fixed baselines in a duplicate match"
MAX_HANDS = 10_000_000


def configure(parser: argparse.ArgumentParser) -> None:
    from ..engine.bots import STYLES
    from .duplicate import PLAYERS

    parser.add_argument("variant", help="a variant id or a path to a YAML file")
    parser.add_argument(
        "--seats",
        required=True,
        help=f"who plays, seat by seat, separated by commas: {', '.join(PLAYERS)}, or a level in a style"
        f' after a dash ({", ".join(STYLES[1:])}), e.g. "hard,tight" or "hard-tight,normal-loose-aggressive"',
    )
    parser.add_argument(
        "--hands", type=whole(1, MAX_HANDS), default=1000, help="hands each seat plays (default 1000)"
    )
    parser.add_argument(
        "--seed", type=whole(0, 2**63 - 1), default=0, help="the first deal's seed (then +1 per deal)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one of the variant's options (repeatable), e.g. ranking=frequency",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")


def run(args: argparse.Namespace) -> int:
    from ..catalog import resolve
    from ..engine.options import resolve_options
    from .duplicate import play_match
    from .play import parse_options
    from .progress import Bar

    variant = resolve(args.variant)
    players = [p.strip() for p in args.seats.split(",") if p.strip()]
    try:
        chosen = parse_options(args.option)
        resolve_options(variant.sections.get("options", {}), chosen)
        with Bar("deal", delay=0.0) as progress:
            report = play_match(variant, players, args.hands, args.seed, chosen, progress)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps(report))
        return 1 if report["errors"] else 0
    per = "bb_per_100" if "bb_per_100" in report["seats"][0] else "points_per_100"
    print(
        f"{shown(variant.name)}: {report['deals']:,} deals, each played {report['seatings_per_deal']} ways ({report['unit']})"
    )
    width = max(8, *(len(seat["name"]) for seat in report["seats"]))
    for seat in report["seats"]:
        low, high = seat["ci95"] or (None, None)
        interval = f"[{low:+.1f}, {high:+.1f}]" if low is not None else "[too few deals]"
        style = (
            f", in by choice {seat['voluntarily_in']:.0%}, raised first {seat['raised_first_round']:.0%}"
            if seat["voluntarily_in"] is not None
            else ""
        )
        print(f"  {seat['name']:<{width}} {seat[per]:+9.1f} {interval:<22} {seat['hands']:,} hands{style}")
    for error in report["errors"]:
        print("error: " + error)
    return 1 if report["errors"] else 0
