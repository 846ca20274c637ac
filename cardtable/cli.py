"""The `cardtable` command. Each subcommand imports what it needs only when it runs."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from typing import Any

from . import __version__
from .commands.arguments import CommandError, OneLineParser, clip
from .commands.terminal import shown
from .errors import VariantError


def cmd_list(args: argparse.Namespace) -> int:
    from .catalog import catalog, missing_builtins

    entries = catalog()
    missing = missing_builtins()
    if missing:
        print(shown(missing), file=sys.stderr)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": e.id,
                        "path": str(e.path),
                        "builtin": e.builtin,
                        "ok": e.variant is not None,
                        "kind": "deck" if e.deck_only else "game",
                        "name": e.variant.name if e.variant else None,
                        "errors": [str(p) for p in e.error.problems] if e.error else [],
                    }
                    for e in entries
                ]
            )
        )
        return 1 if missing else 0
    width = max((len(e.id) for e in entries), default=0)
    for e in entries:
        where = "built-in" if e.builtin else "yours"
        vid = shown(e.id)
        if e.variant and e.deck_only:
            print(
                f"  {vid:<{width}}  {shown(e.variant.name)} (a deck to browse, {e.variant.deck.size:,} cards) [{where}]"
            )
        elif e.variant:
            v = e.variant
            print(
                f"  {vid:<{width}}  {shown(v.name)} ({v.min_players}-{v.max_players} players, "
                f"{v.deck.size:,} cards) [{where}]"
            )
        else:
            problems = e.error.problems if e.error else []
            first = f"{problems[0].line}:{problems[0].col}: {problems[0].message[:100]}" if problems else ""
            more = (
                f" (and {len(problems) - 1} more: run `cardtable validate {e.path}`)"
                if len(problems) > 1
                else ""
            )
            print(shown(f"! {e.id:<{width}}  fails to load: {first}{more} [{where}]"))
    return 1 if missing else 0


def cmd_validate(args: argparse.Namespace) -> int:
    from .catalog import resolve

    bad = 0
    for name in args.paths:
        try:
            variant = resolve(name, deck_ok=True)
        except VariantError as exc:
            bad += 1
            for problem in exc.problems:
                print(shown(str(problem)))
            continue
        except OSError as exc:  # a name the system refuses (too long, say)
            bad += 1
            print(shown(f"{name[:60]}: cannot read: {exc.strerror or exc}"))
            continue
        warnings = variant.warnings
        for warning in warnings:
            print(shown(str(warning)))
        if not args.quiet:
            n = len(warnings)
            also = f", {n} warning{'s' * (n != 1)}" if n else ""
            what = "a deck to browse of " if variant.deck_only else ""
            print(shown(f"{variant.path}: ok ({variant.name}, {what}{variant.deck.size:,} cards{also})"))
    return 1 if bad else 0


def _window(args: argparse.Namespace) -> int:
    from .app.main import run_app

    return run_app()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `command`, only that subcommand's arguments are set up (the
    one about to run): every subcommand is still listed, with its help, for `--help` and for the
    choice of a command."""
    parser = OneLineParser(
        prog="cardtable",
        description="A desktop card table: every game is a YAML file run by one rules interpreter.",
    )
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    parser.set_defaults(handler=_window, command="cardtable")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    p = sub.add_parser("list", help="the variants found, built-in and yours")
    if command in (None, "list"):
        p.add_argument("--json", action="store_true", help="print one JSON list")
    p.set_defaults(handler=cmd_list, command=p.prog)

    p = sub.add_parser("validate", help="check variant files; print file:line:col: message per problem")
    if command in (None, "validate"):
        p.add_argument("paths", nargs="+", metavar="PATH", help="variant files or ids")
        p.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    p.set_defaults(handler=cmd_validate, command=p.prog)

    for name in COMMANDS:
        module = _command_module(name)
        if module is None:
            continue
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        if command in (None, name):
            module.configure(p)
        p.set_defaults(handler=module.run, command=p.prog)
    return parser


def _command_named(argv: list[str]) -> str | None:
    """The subcommand `argv` runs (its first word that is no option: the top level's options take
    no value), if it is one; None otherwise (the whole parser then says what is wrong)."""
    first = next((a for a in argv if not a.startswith("-")), None)
    return first if first in ("list", "validate", *COMMANDS) else None


# Subcommands living in cardtable/commands/<name>.py, in the order --help lists them.
COMMANDS = (
    "play",
    "host",
    "join",
    "odds",
    "simulate",
    "match",
    "screenshot",
    "bench",
    "replay",
    "install-desktop",
)


def _command_module(name: str) -> Any:
    try:
        return importlib.import_module(f".commands.{name.replace('-', '_')}", __package__)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"{__package__}.commands."):
            return None  # not built yet
        raise


def main(argv: list[str] | None = None) -> int:
    """Run one command. Whatever goes wrong is said in one line on standard error with a
    non-zero exit status, never a traceback (CARDTABLE_DEBUG=1 lets an unexpected one through)."""
    _give_missing_streams()
    argv = _file_means_play(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_command_named(argv))
    args = parser.parse_args(argv)
    try:
        code = int(args.handler(args) or 0)
        sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
        return code
    except BrokenPipeError:
        # the reader went away (`| head`): not our error; nothing more to write, nor a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if os.environ.get("CARDTABLE_DEBUG") and not isinstance(exc, (CommandError, VariantError)):
            raise
        print(f"{args.command}: {clip(failure(exc), 400)}", file=sys.stderr)  # escaped, one line
        return 2 if isinstance(exc, CommandError) else 1


def failure(exc: Exception) -> str:
    """What went wrong, in one line."""
    if isinstance(exc, VariantError):
        first = str(exc.problems[0]) if exc.problems else "the variant cannot be loaded"
        more = len(exc.problems) - 1
        return first + (f" (and {more} more: see `cardtable validate`)" if more > 0 else "")
    if isinstance(exc, CommandError):
        return str(exc)
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror or exc}"
    return f"unexpected error ({type(exc).__name__}: {exc}); CARDTABLE_DEBUG=1 shows where"


def _give_missing_streams() -> None:
    """A windowed program has no standard output or error (pythonw.exe, which runs cardtable-gui.exe,
    and a windowed bundle start Python with them None): what would be written there goes nowhere."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (for the process's life)


def _file_means_play(argv: list[str]) -> list[str]:
    """`cardtable my_game.yaml ...` is `cardtable play my_game.yaml ...`: what a file manager's
    "Open with" runs, and what a designer types first."""
    first = argv[0] if argv else ""
    if first.lower().endswith((".yaml", ".yml")) and os.path.isfile(first):
        return ["play", *argv]
    return argv


def gui_main() -> int:
    """Entry point for the windowed launcher (no console on Windows): the menu, or the variant file
    it is given (a double-clicked `*.cardtable.yaml`)."""
    return main()
