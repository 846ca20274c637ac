"""`cardtable screenshot`: render one frame headless to a PNG (and say what it shows as JSON)."""

from __future__ import annotations

import argparse
import re

from .arguments import CommandError, clip, number, output_file, seed, whole
from .terminal import shown

HELP = "render one frame of a variant (its deck spread, its table or its rules) headless to a PNG"


MAX_MOVES = 1_000_000
MAX_SEAT = 999  # the variant says how many it seats; this only keeps the number sane


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a variant id or a path to a YAML file")
    parser.add_argument("out", metavar="OUT.png", type=output_file, help="the PNG to write")
    parser.add_argument(
        "--view",
        default=None,
        help="what to picture: table (a game's default), deck (a deck file's), rules, howto, or another "
        "screen's name (new_game, load)",
    )
    parser.add_argument(
        "--seed", type=seed, default=1, help="the game's seed (table view), or the sampling seed (rules view)"
    )
    parser.add_argument(
        "--moves", type=whole(0, MAX_MOVES), default=0, help="let computer players make N moves first"
    )
    parser.add_argument(
        "--zoom", type=number(1, 10_000), default=None, help="card width in pixels (snapped to the ladder)"
    )
    parser.add_argument("--search", default="", help="search the deck for this text (deck view)")
    parser.add_argument("--size", type=parse_size, default=(1920, 1080), help="WxH of the frame")
    parser.add_argument(
        "--players",
        default=None,
        help="table view: K players, --seat the one person and the rest computer players; or names "
        '("Ann,Bob,bot") for a hot-seat table, pictured as the person to move sees it',
    )
    parser.add_argument(
        "--seat", type=whole(0, MAX_SEAT), default=0, help="the person's seat when --players is a number"
    )
    parser.add_argument(
        "--manifest", metavar="OUT.json", type=output_file, default=None, help="also write the frame manifest"
    )


def parse_size(text: str) -> tuple[int, int]:
    """An argparse type: WxH, each from 64 to 8192 pixels."""
    w, _, h = text.lower().partition("x")
    if not (re.fullmatch(r"[0-9]{1,5}", w.strip()) and re.fullmatch(r"[0-9]{1,5}", h.strip())):
        raise argparse.ArgumentTypeError(f"'{clip(text)}' is not WxH such as 1920x1080")
    size = int(w), int(h)
    if not (64 <= size[0] <= 8192 and 64 <= size[1] <= 8192):
        raise argparse.ArgumentTypeError("must be between 64 and 8192 pixels each way")
    return size


def run(args: argparse.Namespace) -> int:
    from ..app.screens import SCREENS
    from ..catalog import resolve
    from .shot import shoot, table_players

    if args.view not in (None, "deck", "table", *SCREENS):
        raise CommandError(f"no view '{clip(args.view)}': choose deck, table or {', '.join(SCREENS)}")
    variant = resolve(args.variant, deck_ok=args.view in (None, "deck"))
    if args.view is None:  # a game's table; a deck to browse has only its spread
        args.view = "deck" if variant.deck_only else "table"
    try:
        players = table_players(variant, args.players, args.seat) if args.view == "table" else None
        shoot(
            variant,
            args.out,
            view=args.view,
            size=args.size,
            zoom=args.zoom,
            search=args.search,
            seed=args.seed,
            moves=args.moves,
            players=players,
            manifest=args.manifest,
        )
    except ValueError as exc:  # a table the rules refuse (too many players, say)
        raise CommandError(str(exc)) from None
    print(shown(str(args.out)))
    return 0
