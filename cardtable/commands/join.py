"""`cardtable join ws://HOST:PORT/#CODE`: play your seat at a table hosted on another computer."""

from __future__ import annotations

import argparse

from .arguments import CommandError, number

HELP = "join a table hosted on another computer, with the link its host gave you"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("link", help="the link the host gave you: ws://HOST:PORT/#CODE")
    parser.add_argument(
        "--wait",
        type=number(1, 600),
        default=20.0,
        metavar="S",
        help="seconds to wait for the host (default 20)",
    )


def run(args: argparse.Namespace) -> int:
    from ..net import missing

    need = missing()
    if need:
        raise CommandError(need)
    from ..net.client import connect
    from ..net.protocol import ProtocolError

    try:
        remote = connect(args.link)
    except ProtocolError as exc:
        raise CommandError(str(exc)) from None
    try:
        for _ in range(int(args.wait * 20)):  # until the first view is in, or the host refuses
            remote.pump(wait=0.05)
            if remote.ready or remote.ended.is_set():
                break
        if not remote.ready:
            why = remote.reason or "no answer"
            raise CommandError(f"cannot join the table: {why}")
        from ..app.main import run_app

        return run_app(table_session=remote)
    finally:
        remote.close()
