"""Issue 28: the menu's first frame never waits on a user's files. They are listed as loading,
read after the first frame within a per-frame budget (one at least a frame), and a file a
person chooses is read at once."""

from __future__ import annotations

import itertools

import pygame
import pytest

from cardtable import catalog, clock
from cardtable.app.headless import start
from cardtable.app.menu import MenuScene

GAME = "name: Mine {i}\ndeck:\n  attributes:\n    r: {{values: 1..5}}\n  cards:\n    - {{r: all}}\n"


@pytest.fixture()
def user_files(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "cardtable" / "variants"
    folder.mkdir(parents=True)
    for i in range(3):
        (folder / f"zz_mine_{i}.yaml").write_text(GAME.format(i=i))
    read: list[str] = []
    real = catalog.load_variant

    def counted(path):
        read.append(path.stem)
        return real(path)

    monkeypatch.setattr(catalog, "load_variant", counted)
    yield read
    pygame.display.quit()


def _mine(read: list[str]) -> list[str]:
    return [r for r in read if r.startswith("zz_mine")]


def _texts(app) -> list[str]:
    return [t["text"] for t in app.manifest()["texts"]]


def test_the_first_frame_lists_the_users_files_as_loading_without_reading_them(user_files):
    app = start(None, scene="menu", size=(1280, 800))
    assert _mine(user_files) == []
    menu = app.scene
    loading = [e.id for e in menu.entries if e.loading]
    assert loading == ["zz_mine_0", "zz_mine_1", "zz_mine_2"]
    fresh = MenuScene(app)  # the same first frame, scrolled to the user's rows
    fresh.resized(app.surface.get_size())
    fresh.scroll = len(fresh.entries) - 3
    app.push(fresh)
    app.step([], dt=0.0)
    assert sum(t.startswith("zz_mine_") and t.endswith("loading…") for t in _texts(app)) == 3
    assert _mine(user_files) == []


def test_each_frame_reads_one_file_at_least_and_stops_at_its_budget(user_files, monkeypatch):
    app = start(None, scene="menu", size=(1280, 800))
    menu = app.scene
    ticks = itertools.count()
    monkeypatch.setattr(clock, "now", lambda: float(next(ticks)))  # each file read "takes" a second
    for frame in range(1, 4):
        app.step([], dt=1 / 60)
        assert len(_mine(user_files)) == frame
    assert not any(e.loading for e in menu.entries)
    menu.select(len(menu.entries) - 1)
    app.step([], dt=1 / 60)
    assert any("Mine 2" in t for t in _texts(app))


def test_a_file_chosen_while_loading_is_read_at_once(user_files):
    app = start(None, scene="menu", size=(1280, 800))
    menu = app.scene
    last = len(menu.entries) - 1
    assert menu.entries[last].loading
    menu.select(last)
    assert _mine(user_files) == ["zz_mine_2"]
    assert menu.entries[last].variant is not None and menu.buttons[3].enabled  # Deck browser
