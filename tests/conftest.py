import atexit
import os
import shutil
import sys
import tempfile
from functools import cache
from pathlib import Path

import pytest

# Keep compiled test and program modules between runs even where the machine says not to
# (PYTHONDONTWRITEBYTECODE): rewriting the tests' asserts and compiling the package again cost each
# test process about 5 s of every run. Set here, before any test module is imported.
sys.dont_write_bytecode = False

# Tests that open a pygame display do it headless.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Tests' files live in memory where the machine has a memory filesystem: each file a test leaves
# is removed again, and on a disk mounted with online discard a removal waits about 3 ms (the suite
# removes thousands). Nothing here tests the disk (fsync is counted, below). Subprocesses inherit it.
_MEMORY = "/dev/shm"
if (
    "CARDTABLE_TESTS_TMP" not in os.environ
    and os.path.isdir(_MEMORY)
    and os.access(_MEMORY, os.W_OK | os.X_OK)
):
    os.environ["CARDTABLE_TESTS_TMP"] = os.path.join(_MEMORY, f"cardtable-tests-{os.getuid()}")
    os.makedirs(os.environ["CARDTABLE_TESTS_TMP"], mode=0o700, exist_ok=True)
if "CARDTABLE_TESTS_TMP" in os.environ:
    os.environ["TMPDIR"] = tempfile.tempdir = os.environ["CARDTABLE_TESTS_TMP"]
# No test reads or writes the real user's saves, variants, settings or save key: each test process
# has its own folders (a test that needs empty ones takes the `fresh_user` fixture).
_USER = tempfile.mkdtemp(prefix="cardtable-tests-")
atexit.register(shutil.rmtree, _USER, ignore_errors=True)
os.environ["XDG_DATA_HOME"] = os.path.join(_USER, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_USER, "config")
# Nor the user's cache (hand tables, rankings measured): one folder for the whole run, made by the
# first process (with several workers, the one that starts them) and shared, so a table one worker
# built another reads, as on a machine where the program ran before.
if "CARDTABLE_TESTS_CACHE" not in os.environ:
    os.environ["CARDTABLE_TESTS_CACHE"] = tempfile.mkdtemp(prefix="cardtable-tests-cache-")
    atexit.register(shutil.rmtree, os.environ["CARDTABLE_TESTS_CACHE"], ignore_errors=True)
os.environ["XDG_CACHE_HOME"] = os.environ["CARDTABLE_TESTS_CACHE"]

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"
VARIANT_IDS = sorted(p.stem for p in VARIANTS.glob("*.yaml"))


@pytest.fixture(autouse=True)
def counting_clock():
    """Every budget of seconds (drawing, thinking, measuring a little a frame) reads a clock that
    moves 0.2 ms each time it is read, so what a frame gets done is the same on a quiet machine and
    a loaded one. A test that wants the real clock asks `clock.use(time.perf_counter)` itself."""
    from cardtable import clock

    previous = clock.use(clock.Counting(tick=0.0002))
    yield
    clock.use(previous)


@pytest.fixture(autouse=True)
def fsyncs(monkeypatch):
    """What os.fsync adds is surviving a power cut, which no test can make; it costs a few ms of
    waiting on the disk each time, and the suite's saves call it thousands of times a run. So the
    suite counts the calls instead: `fsyncs` lists the descriptors synced, for a test that checks
    a write was put on the disk."""
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    return synced


@pytest.fixture(autouse=True)
def saves_in_turn(monkeypatch):
    """A long game's new base, written in a thread in the program (session.py), is written when
    the test's game asks for it, so what is written when does not depend on the machine."""
    from cardtable.session import GameSession

    monkeypatch.setattr(GameSession, "background", staticmethod(lambda job: job()))


@pytest.fixture(scope="session")
def variants():
    """Every built-in variant, loaded once."""
    from cardtable.variant import load_variant

    return {vid: load_variant(VARIANTS / f"{vid}.yaml") for vid in VARIANT_IDS}


@pytest.fixture()
def fresh_user(tmp_path, monkeypatch):
    """A first-time user: empty data and config folders (saves, settings, hints seen); the
    headless window is closed afterwards."""
    import pygame

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield tmp_path
    pygame.display.quit()


@cache
def builtin(vid):
    """A built-in variant by id, loaded once (for tests that cannot take the fixture, e.g.
    hypothesis tests)."""
    from cardtable.variant import load_variant

    return load_variant(VARIANTS / f"{vid}.yaml")
