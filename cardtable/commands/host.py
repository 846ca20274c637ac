"""`cardtable host VARIANT --players "You,Bob,bot" --remote-seats Bob`: host a table whose remote
seats are played from other computers (`cardtable join LINK`); prints each remote seat's link,
then opens the window on the host's own seats. `--resume SAVE` hosts a saved game again: its
remote seats keep their links."""

from __future__ import annotations

import argparse
from typing import Any

from .arguments import CommandError, number, seed, whole
from .terminal import shown

HELP = "host a table that friends join over the network (prints their links)"
LEVELS = ("easy", "normal", "hard")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", nargs="?", help="a variant id or a path to a YAML file")
    parser.add_argument(
        "--players", default=None, help='comma-separated seats, as for `play` (default "You,Friend")'
    )
    parser.add_argument(
        "--remote-seats",
        default=None,
        help="the seats played from other computers: names or seat numbers from 1, comma-separated "
        "(default: every person but the first)",
    )
    parser.add_argument(
        "--port", type=whole(0, 65535), default=0, help="the port to listen on (default: any free one)"
    )
    parser.add_argument("--bind", default="0.0.0.0", help="the address to listen on (default: every one)")
    parser.add_argument(
        "--advertise", default=None, help="the host name the links give (default: this machine's address)"
    )
    parser.add_argument(
        "--away-wait",
        type=number(0, 86_400),
        default=60.0,
        metavar="S",
        help="seconds a dropped seat's turn waits before a computer player plays it (default 60)",
    )
    parser.add_argument("--away-level", choices=LEVELS, default="normal", help="that computer player's level")
    parser.add_argument("--seed", type=seed, default=None, help="a fixed seed for a repeatable game")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="set one of the variant's options"
    )
    parser.add_argument(
        "--resume", default=None, metavar="SAVE", help="host a saved game again (a save file or its name)"
    )


def remote_seats(text: str | None, seats: list[dict[str, str]]) -> list[int]:
    """Seat indices from "Bob,3" (names or numbers from 1); default every person but the first."""
    if text is None:
        return [i for i, s in enumerate(seats) if s.get("kind") != "bot"][1:]
    out = []
    names = [s["name"] for s in seats]
    for word in (w.strip() for w in text.split(",") if w.strip()):
        if word.isdigit() and 1 <= int(word) <= len(seats):
            out.append(int(word) - 1)
        elif word in names:
            out.append(names.index(word))
        else:
            raise CommandError(f"--remote-seats: no seat {shown(word[:40])} (seats: {', '.join(names)})")
    return out


def _session(args: argparse.Namespace) -> Any:
    from ..catalog import NotAGame, resolve
    from ..paths import user_saves
    from ..saves import SaveError, SaveStore
    from ..session import GameSession
    from .play import parse_options, parse_players

    store = SaveStore(user_saves())
    if args.resume:
        try:
            saved = store.read(args.resume)
            variant = resolve(saved.variant_id)
            return GameSession.resume(saved, variant, store)
        except (SaveError, OSError) as exc:
            raise CommandError(f"cannot resume {shown(args.resume[:60])}: {exc}") from None
    if not args.variant:
        raise CommandError("name a variant to host (or --resume a saved game)")
    try:
        variant = resolve(args.variant)
    except NotAGame:
        raise CommandError(f"{shown(args.variant[:60])} is a deck to browse, not a game") from None
    try:
        seats = parse_players(args.players or "You,Friend", variant.min_players, variant.max_players)
        options = parse_options(args.option)
        from ..engine.options import resolve_options

        resolve_options(variant.sections.get("options", {}), options)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return GameSession(variant, seats, args.seed, options, store)


def run(args: argparse.Namespace) -> int:
    from ..net import missing

    need = missing()
    if need:
        raise CommandError(need)
    from ..net.host import HostedTable

    session = _session(args)
    remote = (
        None if args.resume and args.remote_seats is None else remote_seats(args.remote_seats, session.seats)
    )
    try:
        hosted = HostedTable.start(
            session, remote, args.bind, args.port, args.advertise, args.away_wait, args.away_level
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"cannot listen on port {args.port}: {exc.strerror or exc}") from None
    print(f"Hosting {shown(session.variant.name)} on port {hosted.port}. Send each friend their link:")
    for seat, link in hosted.links.items():
        print(f"  {shown(session.seats[seat]['name'])}: cardtable join {link}")
    print("(Across the internet: forward this port on your router and give your public address.)")
    print(
        f"If this program stops, `cardtable host --resume {session.slot}` hosts the game again (the same links).",
        flush=True,
    )
    from ..app.main import run_app
    from ..net.discovery import register  # listed in other programs' Join screens (tables nearby)

    advert = register(
        session.variant.name, session.variant.id, len(hosted.remote), hosted.port, args.advertise
    )
    try:
        return run_app(table_session=hosted)
    finally:
        hosted.close()
        if advert is not None:
            advert.close()
