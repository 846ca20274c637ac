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


# ---- a variant loaded once, given again while what it is made of reads the same (catalog.loaded)
BASE = "name: Base\ndeck:\n  attributes:\n    r: {values: 1..5}\n  cards:\n    - {r: all}\n"


def _variant(vid: str):
    entry = next(e for e in catalog.catalog() if e.id == vid)
    assert entry.variant is not None, entry.error
    return entry.variant


def test_a_second_listing_loads_no_file_and_gives_the_same_variants(user_files):
    first = {e.id: e.variant for e in catalog.catalog()}
    read = len(user_files)
    second = {e.id: e.variant for e in catalog.catalog()}
    assert len(user_files) == read  # nothing loaded again
    assert first.keys() == second.keys() and all(second[k] is first[k] for k in first)
    assert first["zz_mine_1"].name == "Mine 1"


def test_a_changed_file_is_seen_at_once_even_at_its_old_size_and_time(user_files, tmp_path):
    import os

    path = tmp_path / "cardtable" / "variants" / "zz_mine_0.yaml"
    assert _variant("zz_mine_0").name == "Mine 0"
    before = path.stat()
    path.write_text(GAME.format(i=7))  # as long as before; its time set back below
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    changed = _variant("zz_mine_0")
    assert changed.name == "Mine 7"
    assert _variant("zz_mine_0") is changed  # and kept again


def test_a_changed_base_is_seen_at_once(user_files, tmp_path):
    folder = tmp_path / "cardtable" / "variants"
    (folder / "zz_base.yaml").write_text(BASE)
    (folder / "zz_over.yaml").write_text("extends: zz_base\nname: Over\n")
    assert _variant("zz_over").deck.size == 5
    (folder / "zz_base.yaml").write_text(BASE.replace("1..5", "1..9"))
    assert _variant("zz_over").deck.size == 9
    (folder / "zz_base.yaml").unlink()  # its base gone: the file is broken, and said so
    entry = next(e for e in catalog.catalog() if e.id == "zz_over")
    assert entry.variant is None and "no variant 'zz_base' to extend" in str(entry.error)


def test_a_users_file_named_as_a_built_in_is_the_base_of_the_file_beside_it(user_files, tmp_path):
    folder = tmp_path / "cardtable" / "variants"
    (folder / "zz_over.yaml").write_text("extends: texas_holdem\nname: Over\n")
    assert _variant("zz_over").deck.size == 52 and not _variant("zz_over").deck_only
    (folder / "texas_holdem.yaml").write_text(BASE)  # `extends:` finds a file beside it first
    assert _variant("zz_over").deck.size == 5 and _variant("zz_over").deck_only
    listed = next(e for e in catalog.catalog() if e.id == "texas_holdem")  # the list keeps the built-in
    assert listed.builtin and listed.variant is not None and listed.variant.deck.size == 52


def test_the_saves_list_sees_a_changed_base_of_a_saves_game_at_once(user_files, tmp_path):
    from cardtable.app.load_list import installed_variant

    folder = tmp_path / "cardtable" / "variants"
    (folder / "zz_base.yaml").write_text(BASE)
    (folder / "zz_over.yaml").write_text("extends: zz_base\nname: Over\n")
    files = {"zz_over": folder / "zz_over.yaml"}
    assert installed_variant("zz_over", files).deck.size == 5
    (folder / "zz_base.yaml").write_text(BASE.replace("1..5", "1..9"))  # the save's own file unchanged
    assert installed_variant("zz_over", files).deck.size == 9
    assert installed_variant("zz_gone", files) == "no variant 'zz_gone' is installed"


def test_a_file_that_loads_only_with_a_hand_condition_registered_is_refused_once_it_is_not(tmp_path):
    from test_hand_conditions import DECK, toy

    from cardtable.errors import VariantError
    from cardtable.hands import conditions

    path = tmp_path / "barber.yaml"
    path.write_text(DECK)
    with conditions.registered(toy()):
        assert catalog.loaded(path).name == "Barber shop"
        assert catalog.resolve(str(path)) is catalog.loaded(path)
    with pytest.raises(VariantError, match="alternate"):
        catalog.loaded(path)


def test_a_run_of_games_sends_its_workers_a_variant_loaded_for_it_alone(tmp_path, monkeypatch):
    """A screen may have begun building a hand table with the variant the catalog keeps (a
    generator in its rules' memo, which does not pickle): `simulate` pickles one of its own."""
    import pickle
    import shutil

    from cardtable.cli import main
    from cardtable.commands import runners
    from cardtable.engine import scoring
    from cardtable.hands import tables

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # nothing filed or shipped: built
    monkeypatch.setattr(tables, "shipped_folder", lambda: tmp_path / "shipped")
    path = tmp_path / "short_deck_holdem.yaml"  # a path of this test's own: no other test keeps it
    shutil.copy(catalog.shipped("variants") / "examples" / "short_deck_holdem.yaml", path)
    kept = catalog.resolve(str(path))
    assert not scoring.build_ahead(kept, 0.0)  # begun, one step
    with pytest.raises(TypeError):
        pickle.dumps(kept)
    sent: list[bytes] = []
    monkeypatch.setattr(runners, "in_pool", lambda variant, *rest: sent.append(pickle.dumps(variant)))
    main(["simulate", str(path), "--games", "2", "--jobs", "2", "--json"])
    assert len(sent) == 1 and pickle.loads(sent[0]).digest == kept.digest
