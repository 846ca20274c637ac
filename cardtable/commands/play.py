"""`cardtable play VARIANT [--players "Ann,Bob,bot"] [--seed N]`: start a game directly."""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING

from .arguments import CommandError, seed
from .terminal import shown

if TYPE_CHECKING:
    from ..engine.types import OptionValue

HELP = "start a game directly, skipping the menu"
BOT_WORDS = {"bot", "computer", "cpu", "ai"}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", help="a variant id (see `cardtable list`) or a path to a YAML file")
    parser.add_argument(
        "--players",
        default=None,
        help='comma-separated seats; "bot" (or "computer") makes a computer player, "bot-hard" or '
        '"bot-easy-tight" one of that level and style, any other word is a person\'s name (default: '
        "you and computer players)",
    )
    parser.add_argument(
        "--seed", type=seed, default=None, help="a fixed seed for a repeatable game (below 2^255 in size)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one of the variant's options (repeatable)",
    )


def parse_players(text: str | None, minimum: int, maximum: int) -> list[dict[str, str]]:
    """Seats from "Ann,Bob,bot": bots are numbered; ValueError when the count does not fit."""
    words = [w.strip() for w in ("You,bot" if text is None else text).split(",") if w.strip()]
    if text is None:
        words += ["bot"] * max(0, minimum - len(words))
    seats, bots = [], 0
    from ..limits import seat_name_problem

    for word in words:
        why = seat_name_problem(word)
        if why:
            raise ValueError(why)
        kind, dash, player = word.partition("-")
        if kind.lower() in BOT_WORDS:
            bots += 1
            seats.append(
                {"name": f"Computer {bots}", "kind": "bot", **(_level_and_style(player) if dash else {})}
            )
        else:
            seats.append({"name": word, "kind": "human"})
    if not minimum <= len(seats) <= maximum:
        raise ValueError(f"this game seats {minimum} to {maximum} players, not {len(seats)}")
    if len({s["name"] for s in seats}) < len(seats):
        raise ValueError("two seats have the same name")
    return seats


def _level_and_style(player: str) -> dict[str, str]:
    """{"level", "style"} of a computer player written "bot-LEVEL" or "bot-LEVEL-STYLE"."""
    from ..engine.bots import LEVELS, STYLES, split_player

    got = split_player(player.lower(), tuple(LEVELS))
    if got is None:
        raise ValueError(
            f"no computer player '{player}': choose a level ({', '.join(LEVELS)}), then a style after"
            f" a dash if you like ({', '.join(STYLES)})"
        )
    return {"level": got[0], "style": got[1]}


def parse_options(pairs: list[str]) -> dict[str, OptionValue]:
    out: dict[str, OptionValue] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise ValueError(f"--option takes NAME=VALUE, not '{pair}'")
        value: OptionValue = raw
        if raw.lower() in ("true", "on", "yes"):
            value = True
        elif raw.lower() in ("false", "off", "no"):
            value = False
        elif re.fullmatch(r"-?[0-9]{1,30}", raw):  # longer is no option's number: said so as text
            value = int(raw)
        out[name.strip()] = value
    return out


def run(args: argparse.Namespace) -> int:
    from ..catalog import NotAGame, resolve
    from ..engine.options import resolve_options

    try:
        variant = resolve(args.variant)
    except NotAGame:
        raise CommandError(
            f"{shown(args.variant[:60])} is a deck to browse, not a game: open it from the menu's Deck browser"
        ) from None
    try:
        seats = parse_players(args.players, variant.min_players, variant.max_players)
        options = parse_options(args.option)
        resolve_options(variant.sections.get("options", {}), options)  # refused here, not in the window
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    seed = args.seed  # None: the game draws a secret 128-bit seed from the OS
    from ..app.main import run_app

    return run_app(variant=variant, seats=seats, seed=seed, options=options)
