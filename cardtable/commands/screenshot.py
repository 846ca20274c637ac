"""`cardtable screenshot`: render one frame headless to a PNG (and say what it shows as JSON)."""

from __future__ import annotations

import argparse

HELP = "render one frame of a variant (its deck spread, its table or its rules) headless to a PNG"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a variant id or a path to a YAML file")
    parser.add_argument("out", metavar="OUT.png", help="the PNG to write")
    parser.add_argument(
        "--view",
        default="deck",
        help="what to picture: deck, table, rules, howto, or another screen's name (new_game, load)",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="the game's seed (table view), or the sampling seed (rules view)"
    )
    parser.add_argument("--moves", type=int, default=0, help="let computer players make N moves first")
    parser.add_argument(
        "--zoom", type=float, default=None, help="card width in pixels (snapped to the ladder)"
    )
    parser.add_argument("--search", default="", help="search the deck for this text (deck view)")
    parser.add_argument("--size", default="1920x1080", help="WxH of the frame")
    parser.add_argument(
        "--players",
        default=None,
        help="table view: K players, --seat the one person and the rest computer players; or names "
        '("Ann,Bob,bot") for a hot-seat table, pictured as the person to move sees it',
    )
    parser.add_argument("--seat", type=int, default=0, help="the person's seat when --players is a number")
    parser.add_argument("--manifest", metavar="OUT.json", default=None, help="also write the frame manifest")


def parse_size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    try:
        size = int(w), int(h)
    except ValueError:
        raise SystemExit(f"--size wants WxH such as 1920x1080, not {text!r}") from None
    if not (64 <= size[0] <= 8192 and 64 <= size[1] <= 8192):
        raise SystemExit("--size must be between 64 and 8192 pixels each way")
    return size


def run(args: argparse.Namespace) -> int:
    from ..app.screens import SCREENS
    from ..catalog import resolve
    from .shot import shoot, table_players

    if args.view not in ("deck", "table", *SCREENS):
        raise SystemExit(
            f"cardtable screenshot: no view {args.view!r}: choose deck, table or {', '.join(SCREENS)}"
        )
    variant = resolve(args.variant, deck_ok=args.view == "deck")
    size = parse_size(args.size)
    try:
        players = table_players(variant, args.players, args.seat) if args.view == "table" else None
        shoot(
            variant,
            args.out,
            view=args.view,
            size=size,
            zoom=args.zoom,
            search=args.search,
            seed=args.seed,
            moves=args.moves,
            players=players,
            manifest=args.manifest,
        )
    except ValueError as exc:  # a table the rules refuse (too many players, say)
        raise SystemExit(f"cardtable screenshot: {exc}") from None
    print(args.out)
    return 0
