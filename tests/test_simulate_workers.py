"""`cardtable simulate --jobs` never waits on nothing: a worker that dies mid-run ends the command
with one line saying so (the log keeping every finished hand), and the workers do not inherit
the locks this process's other threads hold (commands/runners.py)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from test_simulate_scale import LONG_MATCH, wait_for_hand

from cardtable.commands import runners

ROOT = Path(__file__).resolve().parent.parent


def _players(pid: int) -> list[int]:
    """The processes under `pid` that play games: the leaves of its tree of processes, but for
    multiprocessing's resource tracker."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            todo.append(child)
            if (
                child not in children
                and b"resource_tracker" not in Path(f"/proc/{child}/cmdline").read_bytes()
            ):
                out.append(child)
    return out


def test_a_worker_killed_mid_run_ends_the_command_with_one_line(tmp_path):
    log = tmp_path / "run.log"
    child = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "simulate", *LONG_MATCH, "--games", "3", "--jobs", "2"]
        + ["--json", "--log", str(log)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # both workers are deep in their long matches once the log shows a few finished hands
        wait_for_hand(child, log, 3)
        players = _players(child.pid)
        assert len(players) == 2, players
        os.kill(players[0], signal.SIGKILL)  # what the kernel does to a process when memory runs out
        out, err = child.communicate(timeout=60)  # a guard: the command ends within moments
    finally:
        child.kill()
    assert child.returncode == 2, err
    assert out == ""
    said = err.strip().splitlines()[-1]
    assert said == (
        "cardtable simulate: a process playing the games was killed by SIGKILL (out of memory?): "
        "0 of 3 games finished; the log keeps every finished hand"
    ), err
    assert "Traceback" not in err
    game1 = log.read_text(encoding="utf-8").split("=== Game 2 ")[0]
    assert "--- Hand 3 ---" in game1
    assert game1.rstrip().endswith("(stopped here: the game was not finished)")
    for hand in game1.split("--- Hand ")[1:-1]:  # every finished hand, whole: someone won it
        assert " wins " in hand


# A child holding a lock (held_lock.HELD) in one thread while the pool starts its workers.
CHILD = f"""
import sys, threading
sys.path.insert(0, {str(ROOT / "tests")!r})
from held_lock import HELD, LockedSetup
from cardtable.catalog import resolve
from cardtable.commands.runners import in_pool

holding, done = threading.Event(), threading.Event()
def hold():
    with HELD:
        holding.set()
        done.wait()
threading.Thread(target=hold, daemon=True).start()
holding.wait()
results = []
in_pool(resolve("poker_grid"), LockedSetup(2, 5, True), 3, 2, None, results.append, lambda: len(results))
done.set()
print(sorted(r["game"] for r in results))
"""


def test_the_workers_do_not_inherit_the_locks_other_threads_hold():
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its workers too are ended below, whatever happens
    )
    try:
        out, err = child.communicate(timeout=60)  # a guard: the run takes a moment
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)  # a forked worker would wait forever
    assert child.returncode == 0, err
    assert out.strip() == "[0, 1, 2]"


class _EndedWorker:
    """A worker of a broken pool: its exit code may be read only once the pool has joined it. A
    read while the pool's own thread still joins it races with that thread for the one status
    the process leaves (multiprocessing then says 255: seen on a loaded machine)."""

    def __init__(self, pool: _BrokenPool, code: int) -> None:
        self.pool, self.code = pool, code

    @property
    def exitcode(self) -> int:
        assert self.pool.joined, "an exit code read while the pool's thread may still be joining"
        return self.code

    def kill(self) -> None:
        pass


class _BrokenPool:
    """A pool one of whose workers was killed: the pool ends the other with SIGTERM."""

    def __init__(self, *args, **kwargs) -> None:
        self.joined = False
        self._processes = {1: _EndedWorker(self, -signal.SIGTERM), 2: _EndedWorker(self, -signal.SIGKILL)}

    def submit(self, *args):
        future = Future()
        future.set_exception(BrokenProcessPool("a child process terminated abruptly"))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.joined = self.joined or wait


def test_how_a_worker_ended_is_read_once_the_pool_has_joined_its_workers(monkeypatch):
    monkeypatch.setattr(runners, "ProcessPoolExecutor", _BrokenPool)
    with pytest.raises(runners.WorkerDied) as died:
        runners.in_pool(None, None, 3, 2, None, lambda result: None, lambda: 0)
    assert str(died.value) == "a process playing the games was killed by SIGKILL (out of memory?)"
