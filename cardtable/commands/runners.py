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
import queue
import signal
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
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
_WORKER: dict[str, Any] = {}


def _start_worker(variant: Any, pieces: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run and its workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler (a fork inherits it)
    _WORKER.update(variant=variant, pieces=pieces)


def _send(g: int, text: str) -> None:
    _WORKER["pieces"].put((g, text))


def pool_game(setup: Setup, g: int) -> dict[str, Any]:
    """One game in a worker of the pool; its log's pieces go to the parent as they are made."""
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
    context = multiprocessing.get_context()
    pieces = context.Queue() if writer is not None else None
    pool = ProcessPoolExecutor(jobs, context, initializer=_start_worker, initargs=(variant, pieces))
    reader: _Reader | None = None
    complete = False
    try:
        more = _next_games(games, head, jobs * AHEAD)
        pending: set[Future[dict[str, Any]]] = {pool.submit(pool_game, setup, g) for g in more()}
        if writer is not None and pieces is not None:
            reader = _Reader(pieces, writer, games)
        while pending:
            finished, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in finished:
                done(future.result())
            pending |= {pool.submit(pool_game, setup, g) for g in more()}
            if reader is not None:
                reader.check()
        if reader is not None:
            reader.join()
        complete = True
    finally:
        if not complete:
            _stop(pool)
        pool.shutdown(wait=True, cancel_futures=True)
        if reader is not None:
            reader.stop()


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
    """Takes the workers' log pieces off the queue and writes them, until every game is complete."""

    def __init__(self, pieces: Any, writer: LogWriter, games: int) -> None:
        super().__init__(daemon=True)
        self.pieces, self.writer, self.left = pieces, writer, games
        self.error: BaseException | None = None
        self.stopping = threading.Event()
        self.start()

    def run(self) -> None:
        try:
            while self.left and not self.stopping.is_set():
                try:
                    self._take(self.pieces.get(timeout=0.2))
                except queue.Empty:
                    continue
        except BaseException as exc:  # a full disk, say: the main thread raises it
            self.error = exc

    def _take(self, message: tuple[int, str | None]) -> None:
        g, text = message
        if text is None:
            self.writer.finish(g)
            self.left -= 1
        else:
            self.writer.piece(g, text)

    def check(self) -> None:
        if self.error is not None:
            raise self.error

    def join(self, timeout: float | None = None) -> None:
        super().join(timeout)
        self.check()

    def stop(self) -> None:
        """Stop reading (the workers are gone): the pieces already sent are still written."""
        self.stopping.set()
        super().join(5)
        with contextlib.suppress(Exception):  # a worker stopped mid-message leaves a broken one
            while self.left and self.error is None:
                self._take(self.pieces.get(timeout=0.1))


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
