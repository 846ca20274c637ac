"""Every file the program opens is opened like a save (issue 28): regular files only, non-blocking,
size-capped, links refused: locks, settings, the save key, caches. A pipe named like a lock file
beside a save hung the start, deaf to SIGTERM. And a lock naming a process id that another process
has since been given no longer keeps a game from Continue for ever."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from cardtable.paths import FileRefused, read_bytes
from cardtable.saves import locks

PROC = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process start times come from /proc")


@pytest.fixture(autouse=True)
def _let_go():
    yield
    locks.release_all()


def hostile(folder: Path) -> dict[str, Path]:
    """A pipe, a link to an endless device, a folder and a file too large, by name."""
    folder.mkdir(parents=True, exist_ok=True)
    made = {
        "pipe": folder / "pipe",
        "link": folder / "link",
        "folder": folder / "folder",
        "big": folder / "big",
    }
    os.mkfifo(made["pipe"])  # opening it for reading the ordinary way waits for a writer for ever
    made["link"].symlink_to("/dev/zero")
    made["folder"].mkdir()
    made["big"].write_bytes(b"x" * 5000)
    return made


def test_the_shared_reader_refuses_what_is_no_plain_file(tmp_path):
    made = hostile(tmp_path)
    for name, why in (
        ("pipe", "not a file"),
        ("link", "link"),
        ("folder", "not a file"),
        ("big", "too large"),
    ):
        with pytest.raises(FileRefused) as refused:
            read_bytes(made[name], 1000)
        assert refused.value.why == why, name
        assert isinstance(refused.value, OSError) and str(made[name]) in str(refused.value)
    with pytest.raises(FileNotFoundError):
        read_bytes(tmp_path / "none", 1000)
    plain = tmp_path / "plain"
    plain.write_bytes(b"hello")
    (tmp_path / "to_plain").symlink_to(plain)
    assert read_bytes(plain, 5) == b"hello"
    assert read_bytes(tmp_path / "to_plain", 5, follow_links=True) == b"hello"
    with pytest.raises(FileRefused):
        read_bytes(tmp_path / "to_plain", 5)


def test_a_pipe_or_a_link_named_like_a_lock_is_a_damaged_lock_taken_over(tmp_path):
    """Before: `locks._read` opened the pipe with open() and waited for a writer for ever."""
    for kind in ("pipe", "link", "big", "folder"):
        save = tmp_path / f"autosave-{kind}.cardtable.json"
        made = hostile(tmp_path / f"made-{kind}")[kind]
        os.replace(made, locks.lock_path(save))
        assert locks.holder(save) is None, kind  # answered at once: stale
        assert locks.claim(save) is None, kind  # nobody else holds the game
        path = locks.lock_path(save)
        if kind == "folder":  # not replaced by a file (nor a crash): the game is simply not locked
            assert path.is_dir() and not list(tmp_path.glob(f".{path.name}.*.tmp"))
            continue
        assert path.is_file() and not path.is_symlink()
        assert path.read_text().split()[0] == str(os.getpid())
        assert Path("/dev/zero").exists()  # the link was replaced, not followed


def test_settings_that_are_no_plain_file_give_the_defaults(tmp_path, monkeypatch):
    from cardtable.app import settings

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    made = hostile(tmp_path / "made")
    target = settings.settings_file()
    target.parent.mkdir(parents=True)
    good = tmp_path / "good.json"
    good.write_text('{"privacy": "peek"}')
    for kind in ("pipe", "link", "folder"):
        made[kind].rename(target)
        assert settings.load() == settings.DEFAULTS, kind
        if target.is_dir():
            target.rmdir()
        else:
            target.unlink()
    target.write_text('{"privacy": "peek"}' + " " * settings.MAX_BYTES)
    assert settings.load() == settings.DEFAULTS  # too large to be settings
    target.unlink()
    target.symlink_to(good)  # a link, even to good settings, is not followed
    assert settings.load() == settings.DEFAULTS
    target.unlink()
    target.write_text('{"privacy": "peek"}')
    assert settings.load()["privacy"] == "peek"


def test_a_save_key_that_is_no_plain_file_is_said_never_waited_on(tmp_path, monkeypatch):
    from cardtable.saves import seal

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    seal.forget_cached_key()
    made = hostile(tmp_path / "made")
    key = seal.key_path()
    key.parent.mkdir(parents=True)
    try:
        for kind in ("pipe", "link"):
            os.replace(made[kind], key)
            with pytest.raises(seal.SaveKeyError, match="cannot read the save key"):
                seal.installation_key()
            key.unlink()
        key.write_text("ab" * 32 + "\n" + "x" * 300)
        with pytest.raises(seal.SaveKeyError, match="damaged"):
            seal.installation_key()
    finally:
        seal.forget_cached_key()


def test_caches_that_are_no_plain_file_are_measured_again(tmp_path, monkeypatch, variants):
    """A pipe where a ranking, a showdown report or a hand table is cached is no cache."""
    from cardtable.hands import ranking, showdowns, tables

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    variant = variants["texas_holdem"]
    for path in (ranking.cache_file(variant), showdowns._file(tmp_path / "cache" / "cardtable", variant)):
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
        with pytest.raises(OSError):
            ranking.load_json(path)
    assert ranking.cached(variant) == ranking._read(ranking.shipped_file(variant), variant, follow_links=True)
    assert showdowns.cached_winners(variant) is not None  # the shipped one, past the pipe
    table_file = tables.folder() / "pipe.table"
    table_file.parent.mkdir(parents=True)
    os.mkfifo(table_file)
    assert tables.read(table_file, "pipe", None, None, None) is None  # type: ignore[arg-type]


def write_lock(save: Path, *words: object) -> None:
    locks.lock_path(save).parent.mkdir(parents=True, exist_ok=True)
    locks.lock_path(save).write_text(" ".join(str(w) for w in words) + "\n")


@PROC
def test_a_lock_tells_a_process_id_given_again_from_its_own_process(tmp_path):
    """The parent of the test run is alive: a lock naming it with its own start time is kept; a
    lock naming its id with another start time (a process that died, its id since given to this
    one), or from before the host last started, is stale and taken over."""
    save = tmp_path / "autosave-x.cardtable.json"
    other, host, boot = os.getppid(), socket.gethostname(), locks.boot_id()
    began = locks.started(other)
    assert began != locks.UNKNOWN and boot != locks.UNKNOWN
    write_lock(save, other, host, began, boot)
    assert locks.holder(save) == locks.Holder(other, host, began, boot)
    assert locks.claim(save) is not None  # respected
    write_lock(save, other, host, int(began) + 1, boot)
    assert locks.holder(save) is None  # the id is another process's now
    write_lock(save, other, host, began, "another-boot")
    assert locks.holder(save) is None  # the host has restarted since
    write_lock(save, other, host)  # an older version's lock: by the id alone, as before
    assert locks.holder(save) == locks.Holder(other, host)
    write_lock(save, other, "another-host", int(began) + 1, "another-boot")
    assert locks.holder(save) is not None  # another host's processes cannot be checked: kept
    write_lock(save, other, host, int(began) + 1, boot)
    assert locks.claim(save) is None  # Continue takes the game over
    words = locks.lock_path(save).read_text().split()
    assert words == [str(os.getpid()), host, locks.started(os.getpid()), boot]
