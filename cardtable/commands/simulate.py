"""`cardtable simulate VARIANT --games N [--players K] [--seed S] [--level L] [--jobs N | --cluster
ADDRESS] [--json] [--log FILE]`: computer players play N games headless; report completion,
conservation of chips and cards, wins per seat, how often each hand category won a pot (in a points
game: how often each hand was made), and the average game length. The same arguments give the
same report, byte for byte, on one core, every core or a cluster: every decision's seed comes from
(S, game, decision) and the games' results are merged in game order (simulation.py, runners.py).
Progress and the time taken go to stderr. The log is written hand by hand; Ctrl+C (or a time
limit's SIGTERM) stops the run and prints the report of the games finished so far."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
import time
from typing import Any

from .arguments import CommandError, output_file, seed, whole
from .simulation import CLUSTER_HINT, Setup, Tally
from .terminal import shown

HELP = "let computer players play games headless and report the results"
MAX_GAMES = 10_000_000
MAX_PLAYERS = 1_000  # the variant says how many it seats; this only keeps the number sane
MAX_JOBS = 1_024


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", help="a variant id or a path to a YAML file")
    parser.add_argument("--games", type=whole(1, MAX_GAMES), default=10, help="how many games (default 10)")
    parser.add_argument(
        "--players",
        type=whole(1, MAX_PLAYERS),
        default=None,
        help="seats per game (default: the minimum, at least 2)",
    )
    parser.add_argument("--seed", type=seed, default=0, help="the first game's seed (then +1 per game)")
    parser.add_argument(
        "--hands",
        type=whole(0, None),
        default=None,
        help="cap each match at this many hands (if the variant has a 'hands' option)",
    )
    parser.add_argument(
        "--random", action="store_true", help="random players instead of the computer players"
    )
    parser.add_argument(
        "--level", default="normal", help="how hard the computer players think: easy, normal or hard"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one of the variant's options for every game (repeatable), e.g. ranking=frequency",
    )
    parser.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS),
        default=None,
        help=f"games played at once, each in its own process (default: every core, here {default_jobs()})",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help="play the games on the Dask cluster whose scheduler is at ADDRESS (e.g. "
        f"tcp://10.0.0.5:8786); needs {CLUSTER_HINT}",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument(
        "--log",
        metavar="FILE",
        type=output_file,
        default=None,
        help="write every game's table talk, hand by hand, to FILE (the computer players' own "
        "lines too, marked 'to NAME': a simulation has no one to hide them from)",
    )


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def simulate(
    variant: Any,
    games: int,
    players: int,
    seed: int,
    hands: int | None,
    randomly: bool,
    progress: Any = None,
    level: str = "normal",
    chosen: dict[str, Any] | None = None,
    log: Any = None,
    jobs: int = 1,
    cluster: str | None = None,
    tally: Tally | None = None,
) -> dict[str, Any]:
    """The report of `games` games (see simulation.py), played in this process (jobs 1), in a pool
    of `jobs` processes, or on the Dask cluster at `cluster`; the same report for each. Every
    finished game's result goes into `tally`, so a caller stopped midway can report them."""
    from .runners import LogWriter, in_pool, in_process, on_cluster

    options: dict[str, Any] = dict(chosen or {})
    if hands is not None and "hands" in variant.sections.get("options", {}):
        options["hands"] = hands
    setup = Setup(players, seed, randomly, level, options, log is not None)
    sums = Tally(variant.id, games, players) if tally is None else tally

    def done(result: dict[str, Any]) -> None:
        sums.add(result)
        if progress:
            progress(sums.finished, games)

    writer = log if isinstance(log, LogWriter) or log is None else LogWriter(log)
    if cluster is not None:
        on_cluster(cluster, variant, setup, games, writer, done, lambda: sums.next)
    elif min(jobs, games) > 1:
        in_pool(variant, setup, games, min(jobs, games), writer, done, lambda: sums.next)
    else:
        in_process(variant, setup, games, writer, done)
    return sums.report()


def run(args: argparse.Namespace) -> int:
    from ..catalog import resolve

    # Played in this process, the variant kept for the process (catalog.loaded) serves, with what
    # it has worked out already (its hands' values, its tables), as for `match`; one that travels
    # to workers (pickled) is loaded for this run alone: a kept one might carry what a screen began
    # with it (a hand table half built, which does not pickle).
    here = args.cluster is None and min(args.jobs or default_jobs(), args.games) <= 1
    variant = resolve(args.variant, fresh=not here)
    players = args.players or max(2, variant.min_players)
    name = shown(variant.name)
    if not variant.min_players <= players <= variant.max_players:
        raise CommandError(
            f"{name} is for {variant.min_players}-{variant.max_players} players, not {players}"
        )
    if "phases" not in variant.sections:
        raise CommandError(f"{name} has no phases: it cannot be played")

    from ..engine.bots import LEVELS

    if args.level not in LEVELS:
        raise CommandError(f"no level '{shown(args.level[:60])}': choose one of {', '.join(LEVELS)}")

    from ..engine.options import resolve_options
    from .play import parse_options
    from .progress import Bar

    declared = variant.sections.get("options", {})
    try:
        chosen = parse_options(args.option)
        if args.hands is not None and "hands" in declared:
            chosen["hands"] = args.hands  # checked against the variant's own limits, as any option
        resolve_options(declared, chosen)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if args.cluster is not None and args.jobs is not None:
        raise CommandError(
            "--jobs and --cluster: choose one (a cluster runs as many games as it has workers)"
        )
    if args.cluster is not None:
        cluster = args.cluster.strip()
        if not cluster or len(cluster) > 300 or any(c.isspace() or not c.isprintable() for c in cluster):
            raise CommandError(
                f"'{shown(args.cluster[:60])}' is not a scheduler's address (e.g. tcp://10.0.0.5:8786)"
            )
        import importlib.util

        if importlib.util.find_spec("distributed") is None:
            raise CommandError(f"--cluster needs Dask, which is not installed: {CLUSTER_HINT}")
    started = time.perf_counter()
    log = None
    if args.log:
        try:
            log = open(args.log, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            raise CommandError(
                f"cannot write the log '{shown(str(args.log))}': {exc.strerror or exc}"
            ) from None
    from .runners import LogWriter, WorkerDied

    writer = LogWriter(log) if log is not None else None
    tally = Tally(variant.id, args.games, players)
    stopped = 0  # the exit status of a stopped run: 130 for Ctrl+C, 143 for SIGTERM
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm) if main_thread else None
    try:
        with Bar("game", delay=0.0) as progress:
            try:
                report = simulate(
                    variant,
                    args.games,
                    players,
                    args.seed,
                    None,
                    args.random,
                    progress,
                    args.level,
                    chosen,
                    writer,
                    args.jobs or default_jobs(),
                    args.cluster.strip() if args.cluster is not None else None,
                    tally,
                )
            except (KeyboardInterrupt, Stopped) as exc:
                stopped = exc.status if isinstance(exc, Stopped) else 130
                report = tally.report()
                report.update(stopped=True, games_finished=tally.finished)
                if writer is not None:
                    writer.cut_off()
            except WorkerDied as exc:  # the log keeps every finished hand, as when stopped
                if writer is not None:
                    writer.cut_off()
                kept = "; the log keeps every finished hand" if writer is not None else ""
                raise WorkerDied(
                    f"{exc}: {tally.finished:,} of {args.games:,} games finished{kept}"
                ) from None
        if log is not None:
            log.close()  # the last of the log is written here: a full disk is found here too
    except OSError as exc:
        raise CommandError(f"cannot write the log '{shown(str(args.log))}': {exc.strerror or exc}") from None
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)
        if log is not None and not log.closed:
            with contextlib.suppress(OSError):
                log.close()
    # The time taken is not part of the report: the same arguments must give the same report.
    print(f"simulated in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    if stopped:
        print(
            f"stopped: {tally.finished:,} of {args.games:,} games finished; the report covers those",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(report), flush=True)  # ASCII: nothing a terminal acts on
    else:
        print(f"{name}: {report['completed']}/{report['games']} games completed, {players} players")
        print(f"chips and cards conserved: {'yes' if report['conserved'] else 'NO'}")
        print("wins per seat: " + ", ".join(f"{i + 1}: {w:g}" for i, w in enumerate(report["wins"])))
        print(f"average: {report['average_actions']} actions, {report['average_hands']} hands per game")
        for c in report["categories"]:
            print(f"  {shown(c['name']):<30} {c['count']:>6}  {c['share']:.1%}")
        for e in report["errors"]:
            print("error: " + shown(e))
        sys.stdout.flush()
    if stopped:
        return stopped
    return 0 if not report["errors"] else 1


class Stopped(BaseException):
    """The run was told to stop (SIGTERM: a time limit, say); like KeyboardInterrupt, no game's
    error."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _stop_on_sigterm(signum: int, frame: Any) -> None:
    raise Stopped(128 + signum)
