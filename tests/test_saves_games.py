"""Every unfinished game is kept: one autosave per game, Continue opens the most recent, a second
window never writes into a game another holds (a lock), and a write that fails (a full disk, a
read-only folder) is said plainly while the game goes on and the last good save stays whole."""

import errno
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame
import pytest
from input_events import key

from cardtable.app.headless import start
from cardtable.app.table.game import computer_action
from cardtable.saves import SaveStore, locks
from cardtable.saves import journal as journal_module
from cardtable.saves import store as store_module
from cardtable.saves.store import read_file


@pytest.fixture()
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from cardtable.paths import user_saves

    return SaveStore(user_saves())


@pytest.fixture(autouse=True)
def _no_display_left():
    yield
    locks.release_all()
    pygame.display.quit()


def act(app, n=1):
    """`n` decisions of whoever is to move, as the table takes them."""
    table = app.scene
    for _ in range(n):
        seat = table.session.to_move()
        table.session.act(computer_action(table.session, seat))
    app.step([])


def test_a_new_game_never_overwrites_another(store):
    first = start("texas_holdem", players=["Ann", "Bob"], seed=1)
    act(first, 2)
    one = first.scene.session
    second = start("poker_grid", players=["Cy", "Di"], seed=2)
    act(second, 1)
    two = second.scene.session
    assert one.slot != two.slot
    assert read_file(store.path(one.slot)).log == one.log  # the first game is still there, whole
    assert read_file(store.path(two.slot)).log == two.log
    from cardtable.app.load_continue import continue_target

    later = store.path(two.slot).stat().st_mtime_ns + 10**9  # the first game played last, a second
    os.utime(store.path(one.slot), ns=(later, later))  # after (file times can tie): Continue opens it
    assert continue_target().name == one.slot


def test_load_lists_every_game_with_its_facts_and_deletes_after_asking(store):
    from cardtable.app.load import LoadScene

    app = start("texas_holdem", players=["Ann", "Bob"], seed=1)
    act(app, 3)
    session = app.scene.session
    start("poker_grid", players=["Cy", "Di"], seed=2)
    app.pop()
    load = LoadScene(app, store, examples=Path(tempfile.mkdtemp()))
    app.push(load)
    app.step([])
    rows = {e.name: e for e in load.entries}
    assert len([n for n in rows if n.startswith("autosave-")]) == 2
    line = rows[session.slot].summary()
    assert "Texas Hold'em" in line and "Ann, Bob" in line and "hand 1" in line and "3 actions" in line
    assert "in progress" in line and rows[session.slot].title().startswith("Game started 20")
    load.select(next(i for i, e in enumerate(load.entries) if e.name == session.slot))
    app.step([key(pygame.K_DELETE)])
    assert store.path(session.slot).exists() and load.confirm_delete
    app.step([key(pygame.K_y)])
    assert not store.path(session.slot).exists()


def _other_live_process():
    """A process that is alive and is not this one (the parent of the test run)."""
    return os.getppid()


def _dead_pid():
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_second_window_never_writes_into_a_held_game(store, variants):
    """Another live process holds the game: Open is refused with the offer, the autosave of a
    session on it is refused plainly, V watches it, C plays on in a copy of its own."""
    from cardtable.app.load import LoadScene
    from cardtable.session import GameSession

    game = GameSession(variants["texas_holdem"], [{"name": "Ann"}, {"name": "Bob"}], 3, {}, store)
    game.autosave()
    path = store.path(game.slot)
    locks.release_all()
    locks.lock_path(path).write_text(f"{_other_live_process()} {os.uname().nodename}\n")
    before = path.read_bytes()
    intruder = GameSession.resume(read_file(path), variants["texas_holdem"], store, slot=game.slot)
    assert not intruder.autosave()
    assert intruder.save_problem.startswith("Not saved: this game is open in another window")
    assert path.read_bytes() == before

    app = start(None, scene="menu")
    app.push(LoadScene(app, store, examples=Path(tempfile.mkdtemp()), select=game.slot))
    load = app.scene
    app.step([key(pygame.K_RETURN)])
    assert app.scene is load and "open in another Cardtable window" in load.message
    assert "open in another window" in [t["text"] for t in app.manifest()["texts"]]
    app.step([key(pygame.K_DELETE)])
    assert not load.confirm_delete and path.exists()  # nor deleted under the other window
    app.step([key(pygame.K_v)])
    assert type(app.scene).__name__ == "ReplayScene"
    app.pop()
    app.step([key(pygame.K_c)])
    table = app.scene
    assert type(table).__name__ == "TableScene", load.message
    assert table.session.slot != game.slot and table.session.log == game.log
    assert store.path(table.session.slot).exists() and path.read_bytes() == before


def test_a_stale_lock_is_taken_over(store, variants):
    from cardtable.session import GameSession

    game = GameSession(variants["texas_holdem"], [{"name": "Ann"}, {"name": "Bob"}], 3, {}, store)
    path = store.path(game.slot)
    store.folder.mkdir(parents=True)
    locks.lock_path(path).write_text(f"{_dead_pid()} {os.uname().nodename}\n")
    assert locks.holder(path) is None
    assert game.autosave() and game.save_problem is None
    assert locks.lock_path(path).read_text().split()[0] == str(os.getpid())
    locks.lock_path(path).write_text("garbage")  # a damaged lock is stale too
    assert locks.holder(path) is None


def test_a_full_disk_is_said_and_loses_nothing(store, monkeypatch):
    """The write fails with ENOSPC: a banner says so, the game goes on in memory, the last good
    save is untouched, no temporary file stays; when space is back the game is saved again."""
    from cardtable.app.crash import save_sentence

    app = start("texas_holdem", players=["Ann", "Bob"], seed=1, size=(800, 600))
    act(app, 1)
    session = app.scene.session
    path = store.path(session.slot)
    good = path.read_bytes()
    journal = path.with_name(path.name + ".journal")
    good_journal = journal.read_bytes() if journal.exists() else None
    real_fdopen = os.fdopen

    def full_write(fd, data):  # an append to the game's journal
        raise OSError(errno.ENOSPC, "No space left on device")

    class Full:
        def __init__(self, handle):
            self.handle = handle

        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.handle, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()
            return False

    with monkeypatch.context() as m:
        m.setattr(store_module.os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
        m.setattr(journal_module.os, "write", full_write)
        act(app, 2)
        assert session.save_problem == "Not saved: the disk is full"
        shown = [t["text"] for t in app.manifest()["texts"]]
        assert any(t.startswith("Not saved: the disk is full") for t in shown), shown
        assert path.read_bytes() == good
        assert (journal.read_bytes() if journal.exists() else None) == good_journal
        assert not [p for p in store.folder.iterdir() if p.name.endswith(".tmp")]
        sentence, ok = save_sentence()
        assert not ok and "could not be saved (the disk is full)" in sentence
        assert "was last saved" not in sentence
    act(app, 1)
    assert session.save_problem is None and read_file(path).log == session.log
    assert not any(t["text"].startswith("Not saved") for t in app.manifest()["texts"])
    sentence, ok = save_sentence()
    assert ok and "last saved at" in sentence


def test_a_read_only_folder_is_said_and_loses_nothing(store, variants):
    """chmod: the save folder cannot be written. (As root, permissions do not bind: the check
    runs in a child process that gives up root first.)"""
    from cardtable.session import GameSession

    folder = Path(tempfile.mkdtemp())
    os.chmod(folder, 0o755)
    game = GameSession(variants["texas_holdem"], [{"name": "Ann"}, {"name": "Bob"}], 3, {}, SaveStore(folder))
    assert game.autosave()
    path = game.save_path()
    good = path.read_bytes()
    locks.release_all()
    os.chmod(folder, 0o555)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: play one action in the read-only folder, report the banner's words
        try:
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            game.act({"seat": game.to_move(), "type": "call"})
            os.write(write, (game.save_problem or "saved").encode())
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    said = os.read(read, 1000).decode()
    os.close(read)
    os.chmod(folder, 0o755)
    assert said == "Not saved: the save folder cannot be written to"
    assert path.read_bytes() == good
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_the_crash_screen_claims_nothing_when_nothing_was_saved(monkeypatch):
    import cardtable.session as session_module
    from cardtable.app.crash import save_sentence

    monkeypatch.setattr(session_module, "last_save", None)
    assert save_sentence() == ("", True)


def test_leaving_the_table_lets_other_windows_have_the_game(store):
    app = start("texas_holdem", players=["Ann", "Bob"], seed=1)
    path = app.scene.session.save_path()
    assert locks.lock_path(path).read_text().split()[0] == str(os.getpid())
    app.step([key(pygame.K_ESCAPE)])
    assert not locks.lock_path(path).exists() and path.exists()


def test_fields_of_a_newer_version_survive_playing_on(store, variants):
    """A field this version does not know (say, how the table kept cards private) is kept, signed,
    and written back by every autosave of the game played on."""
    from cardtable.saves import dumps
    from cardtable.session import GameSession

    game = GameSession(variants["texas_holdem"], [{"name": "Ann"}, {"name": "Bob"}], 3, {}, store)
    saved = game.saved()
    saved.extra = {"table": {"privacy": "peek"}}
    path = store.path(game.slot)
    store.folder.mkdir(parents=True)
    path.write_text(dumps(saved))
    again = GameSession.resume(read_file(path), variants["texas_holdem"], store, slot=game.slot)
    again.act({"seat": again.to_move(), "type": "call"})
    kept = read_file(path)
    assert kept.trusted and kept.extra == {"table": {"privacy": "peek"}} and len(kept.log) > len(saved.log)


def test_the_longest_save_a_file_may_hold_is_drawn_within_the_window(store, variants):
    """Every field at its limit (64 players of 100 characters, a 200-character game name): Load
    lists and draws it at 800x600 without anything leaving the window."""
    from cardtable.app.load import LoadScene
    from cardtable.session import GameSession

    game = GameSession(variants["texas_holdem"], [{"name": "Ann"}, {"name": "Bob"}], 3, {}, store)
    saved = game.saved()
    saved.summary.update(game="G" * 200, players=["W" * 100] * 64, hand=2**62, actions=2**62)
    store.folder.mkdir(parents=True)
    from cardtable.saves import dumps

    store.path("longest").write_text(dumps(saved))
    app = start(None, scene="menu", size=(800, 600))
    app.push(LoadScene(app, store, examples=Path(tempfile.mkdtemp()), select="longest"))
    app.step([])
    m = app.manifest()
    for t in m["texts"]:
        x, y, w, h = t["rect"]
        assert x >= 0 and x + w <= 800 and y + h <= 600, t["text"][:40]
