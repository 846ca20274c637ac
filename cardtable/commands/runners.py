"""Where the games of a `simulate` run are played: in this process, in a pool of processes on this
machine (`concurrent.futures`), or on a Dask distributed cluster (the `cluster` extra). Each hands
every finished game's result to `done` (in the order they finish: the report sorts them) and
the pieces of the games' logs to a `LogWriter`, which writes them to the file in game order.

A Ctrl+C reaches only this process (the pool's workers ignore it): the runner stops its workers
and lets the KeyboardInterrupt through, with every finished game already given to `done`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import IO, Any

from .arguments import CommandError
from .simulation import CLUSTER_HINT, Setup, play_game

Done = Callable[[dict[str, Any]], None]
AHEAD = 4  # games started per worker beyond the first unfinished one: what waits in memory is bounded


class LogWriter:
    """Writes the games' log pieces to `out` in game order, flushed piece by piece: the game being
    written goes straight to the file, a later game's pieces wait in memory until the games before
    it are finished, and `cut_off` writes whatever waits when the run is stopped."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.head = 0  # the first game not finished
        self.waiting: dict[int, list[str]] = {}
        self.finished: set[int] = set()
        self.started: set[int] = set()

    def piece(self, g: int, text: str) -> None:
        self.started.add(g)
        if g == self.head:
            self.out.write(text)
            self.out.flush()
        else:
            self.waiting.setdefault(g, []).append(text)

    def finish(self, g: int) -> None:
        self.finished.add(g)
        while self.head in self.finished:
            self.head += 1
            self.out.write("".join(self.waiting.pop(self.head, [])))
        self.out.flush()

    def cut_off(self) -> None:
        """The run stops: the pieces still waiting, each unfinished game marked as cut off."""
        for g in sorted(self.started - self.finished | set(self.waiting)):
            self.out.write("".join(self.waiting.pop(g, [])))
            if g not in self.finished:
                self.out.write("(stopped here: the game was not finished)\n\n")
        self.out.flush()


def in_process(variant: Any, setup: Setup, games: int, writer: LogWriter | None, done: Done) -> None:
    for g in range(games):
        done(play_game(variant, setup, g, writer.piece if writer else None))
        if writer:
            writer.finish(g)


# ---- a pool of processes on this machine ----------------------------------------------------
# The workers are started by a fork server (spawned where there is none), never forked from this
# process: a fork copies the locks its other threads hold at that moment (the import lock, a
# stream's, logging's) and a worker that then needs one waits forever. A game's log pieces go
# through one pipe, each written whole before the game's result is returned (no feeder thread in
# between), so the last result arriving means every piece is in the pipe; the pipe reads as ended
# once every worker has exited and this process has closed its end. Nothing here waits on a
# process that may be gone: a dead worker breaks the pool (its games fail) and is reported.
_WORKER: dict[str, Any] = {}


class WorkerDied(CommandError):
    """A worker process ended in the middle of the run (killed, say, for want of memory)."""


class _Sender:
    """A worker's end of the log pipe: one message at a time (the lock), each written whole."""

    def __init__(self, end: Connection, lock: Any) -> None:
        self.end, self.lock = end, lock

    def put(self, message: tuple[int, str | None]) -> None:
        with self.lock:
            self.end.send(message)


def _pool_context() -> BaseContext:
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # each worker is forked from a single-threaded server that has already imported the engine,
    # so it imports nothing itself (a server already running keeps what it has)
    context.set_forkserver_preload([__name__, "cardtable.engine", "cardtable.variant"])
    return context


def _start_worker(variant: Any, pieces: _Sender | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run and its workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # whatever the process it came from had
    _WORKER.update(variant=variant, pieces=pieces)


def _send(g: int, text: str) -> None:
    _WORKER["pieces"].put((g, text))


def pool_game(setup: Setup, g: int) -> dict[str, Any]:
    """One game in a worker of the pool; its log's pieces go to the parent as they are made, all of
    them before the result does."""
    pieces = _WORKER["pieces"]
    result = play_game(_WORKER["variant"], setup, g, _send if pieces is not None else None)
    if pieces is not None:
        pieces.put((g, None))  # the game's log is complete
    return result


def _next_games(games: int, head: Callable[[], int], window: int) -> Callable[[], list[int]]:
    """The games to start now: in order, none more than `window` past the first unfinished."""
    started = [0]

    def more() -> list[int]:
        upto = min(games, head() + window)
        out = list(range(started[0], upto))
        started[0] = max(started[0], upto)
        return out

    return more


def in_pool(
    variant: Any,
    setup: Setup,
    games: int,
    jobs: int,
    writer: LogWriter | None,
    done: Done,
    head: Callable[[], int],
) -> None:
    """Raises WorkerDied (one line) when a worker ends mid-run; every finished game is in `done`
    and every finished game's log in `writer` by then."""
    context = _pool_context()
    reader: _Reader | None = None
    sender: _Sender | None = None
    if writer is not None:
        receiving, sending = context.Pipe(duplex=False)
        sender = _Sender(sending, context.Lock())
    pool = ProcessPoolExecutor(jobs, context, initializer=_start_worker, initargs=(variant, sender))
    if writer is not None:
        reader = _Reader(receiving, writer)
    complete = broken = False
    workers: list[Any] = []
    try:
        more = _next_games(games, head, jobs * AHEAD)
        pending: set[Future[dict[str, Any]]] = set()
        while not broken:
            pending |= {pool.submit(pool_game, setup, g) for g in more()}
            workers = list((getattr(pool, "_processes", None) or {}).values()) or workers
            if not pending:
                break
            finished, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in finished:
                try:
                    done(future.result())
                except BrokenProcessPool:  # the pool ends the other workers itself (SIGTERM)
                    broken = True
                    break
            if reader is not None:
                reader.check()
        complete = not broken
    finally:
        if not complete and not broken:
            _stop(pool)
        pool.shutdown(wait=True, cancel_futures=True)  # every worker has exited after this
        if sender is not None and reader is not None:
            sender.end.close()  # the last end of the pipe still open: the reader reaches its end
            reader.join()
    if broken:  # read once the pool's thread has joined every worker: a read while it still
        # joins them races with it for the one status a process leaves (multiprocessing says 255)
        raise WorkerDied(f"a process playing the games {_how_it_ended(workers)}")
    if reader is not None:
        reader.check()
        missing = set(range(games)) - reader.finished
        if missing:  # cannot happen (a game's pieces come before its result): never silently
            raise CommandError(f"the log of game {min(missing) + 1} did not arrive whole")


def _how_it_ended(workers: list[Any]) -> str:
    """'was killed by SIGKILL (out of memory?)': how the first worker that ended did (the pool
    ends the others with SIGTERM)."""
    codes = [p.exitcode for p in workers if p.exitcode not in (None, 0)]
    # the pool ends the others with SIGTERM: the one that ended first is the one that did not
    first = next((c for c in codes if c != -signal.SIGTERM), codes[0] if codes else None)
    if first is None:
        return "ended unexpectedly"
    if first < 0:
        name = signal.Signals(-first).name if -first in signal.valid_signals() else str(-first)
        why = " (out of memory?)" if first == -signal.SIGKILL else ""
        return f"was killed by {name}{why}"
    return f"exited with status {first}"


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now, mid-game (a stopped run keeps only finished games and hands)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.kill()


class _Reader(threading.Thread):
    """Takes the workers' log pieces off the pipe and writes them, until the pipe ends (every
    worker has exited and the parent's end is closed). A worker killed mid-message leaves half a
    message at the end: the finished games before it are whole."""

    def __init__(self, receiving: Connection, writer: LogWriter) -> None:
        super().__init__(daemon=True)
        self.receiving, self.writer = receiving, writer
        self.error: BaseException | None = None
        self.finished: set[int] = set()
        self.start()

    def run(self) -> None:
        try:
            while True:
                try:
                    g, text = self.receiving.recv()
                except (EOFError, OSError):  # every sender gone (the last one perhaps mid-message)
                    return
                if text is None:
                    self.finished.add(g)
                    self.writer.finish(g)
                else:
                    self.writer.piece(g, text)
        except BaseException as exc:  # a full disk, say: the main thread raises it
            self.error = exc
        finally:
            self.receiving.close()

    def check(self) -> None:
        if self.error is not None:
            raise self.error


# ---- a Dask distributed cluster -------------------------------------------------------------
def cluster_game(variant: Any, setup: Setup, g: int) -> dict[str, Any]:
    """One game on a Dask worker: its log comes back whole, in the result."""
    return play_game(variant, setup, g)


def on_cluster(
    address: str,
    variant: Any,
    setup: Setup,
    games: int,
    writer: LogWriter | None,
    done: Done,
    head: Callable[[], int],
) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise CommandError(f"--cluster needs Dask, which is not installed: {CLUSTER_HINT}") from None
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise CommandError(f"cannot reach the Dask cluster at '{address}': {exc}") from None
    futures: list[Any] = []
    try:
        shared = client.scatter(variant, broadcast=True)
        workers = sum(client.nthreads().values())
        more = _next_games(games, head, max(16, AHEAD * workers))

        def submit() -> list[Any]:
            new = [client.submit(cluster_game, shared, setup, g, pure=False) for g in more()]
            futures.extend(new)
            return new

        running = as_completed(submit(), loop=client.loop)
        for future in running:
            try:
                result = future.result()
            except Exception as exc:  # a game's own failure is in its result: this is the cluster's
                raise CommandError(
                    f"the cluster could not play a game: {type(exc).__name__}: {exc}"
                ) from None
            if writer is not None:
                writer.piece(result["game"], result.pop("log", ""))
                writer.finish(result["game"])
            result.pop("log", None)
            done(result)
            for new in submit():
                running.add(new)
    finally:
        with contextlib.suppress(Exception):
            client.cancel(futures)
        client.close()
