"""The Load screen and Continue, driven headless with synthetic events."""

import random

import pygame
import pytest
from input_events import key

from cardtable.app.display import open_window
from cardtable.app.load import LoadScene
from cardtable.app.load_continue import continue_target
from cardtable.app.scene import App, Scene
from cardtable.app.screens import screen
from cardtable.engine.bots import random_action
from cardtable.saves import SaveStore, loads
from cardtable.session import GameSession

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot"}]


@pytest.fixture()
def app():
    surface = open_window((1280, 800))
    app = App(surface)
    app.push(Scene(app))  # the menu's place: popping the Load screen returns here
    yield app
    pygame.display.quit()


@pytest.fixture()
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from cardtable.paths import user_saves

    return SaveStore(user_saves())


def typed(words):
    return [key(0, c) for c in words]


def unfinished(variant, moves):
    """A game still in progress after `moves` random moves (the first seed that gives one)."""
    return next(g for seed in range(100) if not (g := game(variant, moves, seed)).is_over())


def game(variant, moves, seed=3):
    g = GameSession(
        variant, SEATS, seed, {"hands": 3} if "hands" in variant.sections.get("options", {}) else {}
    )
    rng = random.Random(seed)
    for _ in range(moves):
        seat = g.to_move()
        if seat is None:
            break
        g.act(random_action(g.rules, g.full_state_for_tests(), seat, rng))
    return g


@pytest.fixture()
def filled(store, variants, tmp_path):
    """Slots: a game in progress, a finished one, a corrupt file, two of changed rules."""
    texas = variants["texas_holdem"]
    playing = unfinished(texas, 5)
    store.write("Friday", playing.saved())
    store.write("Done", game(texas, 800).saved())
    store.folder.joinpath("Broken.cardtable.json").write_text('{"format": "cardtable-save", "vers')
    changed = playing.saved()
    changed.variant_digest = "0" * 64
    store.write("Changed_ok", changed)
    bad = playing.saved()
    bad.variant_digest = "0" * 64
    bad.log = [dict(a) for a in bad.log]
    first = next(i for i, a in enumerate(bad.log) if a.get("seat") is not None)
    bad.log[first] = {"seat": bad.log[first]["seat"], "type": "bet", "amount": 10**9}
    store.write("Changed_bad", bad)
    examples = tmp_path / "examples"
    examples.mkdir()
    SaveStore(examples).write("sample", playing.saved())
    return playing, examples, first


def open_load(app, store, examples, select=None):
    scene = LoadScene(app, store, examples, select=select)
    app.push(scene)
    app.step([])
    return scene


def test_lists_slots_examples_and_bad_saves(app, store, filled):
    playing, examples, _ = filled
    scene = open_load(app, store, examples)
    names = {(e.name, e.example) for e in scene.entries}
    assert names == {
        ("Friday", False),
        ("Done", False),
        ("Broken", False),
        ("Changed_ok", False),
        ("Changed_bad", False),
        ("sample", True),
    }
    by = {e.name: e for e in scene.entries}
    assert "truncated" in by["Broken"].error
    friday = by["Friday"].summary()
    assert "Texas Hold'em" in friday and "Ann, Bob" in friday and "in progress" in friday
    assert f"{len(playing.decisions())} actions" in friday
    assert "finished" in by["Done"].summary()
    assert by["Changed_ok"].changed and not by["Friday"].changed
    # every row can be reached with the keyboard and drawn
    for _ in scene.entries:
        app.step([key(pygame.K_DOWN)])
    assert scene.selected == len(scene.entries) - 1


def test_bad_save_is_never_touched(app, store, filled):
    _, examples, _ = filled
    path = store.folder / "Broken.cardtable.json"
    before = path.read_bytes()
    scene = open_load(app, store, examples, select="Broken")
    app.step([key(pygame.K_RETURN), key(pygame.K_u), key(pygame.K_v), key(pygame.K_s), key(pygame.K_e)])
    assert "cannot be opened" in scene.message and scene.prompt is None
    app.step([key(pygame.K_DELETE), key(pygame.K_n)])  # asked, and kept
    assert path.read_bytes() == before
    app.step([key(pygame.K_i), *typed(str(path)), key(pygame.K_RETURN)])  # importing it is refused
    assert "truncated" in scene.message
    assert path.read_bytes() == before and len(list(store.folder.glob("Broken*"))) == 1
    app.step([key(pygame.K_DELETE), key(pygame.K_y)])  # only an explicit delete removes it
    assert not path.exists() and "Broken" not in [e.name for e in scene.entries]


def test_examples_cannot_be_deleted(app, store, filled):
    _, examples, _ = filled
    scene = open_load(app, store, examples, select="sample")
    assert scene.entry.example
    app.step([key(pygame.K_DELETE), key(pygame.K_y)])
    assert (examples / "sample.cardtable.json").exists()


def test_open_plays_on_in_a_copy_of_a_named_save(app, store, filled):
    """A named save opens as a game of its own (a new autosave): the save itself stays as it was."""
    playing, examples, _ = filled
    before = store.path("Friday").read_bytes()
    scene = open_load(app, store, examples, select="Friday")
    app.step([key(pygame.K_RETURN)])
    table = app.scene
    assert type(table).__name__ == "TableScene", scene.message
    assert table.session.full_state_for_tests() == playing.full_state_for_tests()
    assert table.session.slot.startswith("autosave-") and table.session.game_id != playing.game_id
    assert loads(store.path(table.session.slot).read_text()).log == playing.log
    assert store.path("Friday").read_bytes() == before
    assert len(app.scenes) == 2  # the table replaced the Load screen


def test_finished_game_is_offered_for_replay(app, store, filled):
    _, examples, _ = filled
    scene = open_load(app, store, examples, select="Done")
    app.step([key(pygame.K_RETURN)])
    assert type(app.scene).__name__ == "ReplayScene" and app.scene.game_over
    assert app.scene.saved.log == scene.entry.game.log
    app.step([key(pygame.K_ESCAPE)])
    assert app.scene is scene


def test_changed_variant(app, store, filled):
    playing, examples, first = filled
    scene = open_load(app, store, examples, select="Changed_bad")
    assert not scene.buttons[2].enabled  # no replay of a log the rules refuse
    app.step([key(pygame.K_RETURN)])
    assert app.scene is scene and f"action {first + 1} (" in scene.message
    app.step([key(pygame.K_UP), key(pygame.K_DOWN)])
    scene.select(next(i for i, e in enumerate(scene.entries) if e.name == "Changed_ok"))
    app.step([])
    assert scene.checked(scene.entry).ok and scene.buttons[1].enabled
    app.step([key(pygame.K_u)])
    assert app.scene is not scene, scene.message
    assert app.scene.session.full_state_for_tests() == playing.full_state_for_tests()
    assert store.read("Changed_ok").variant_digest == "0" * 64  # the slot itself is left as it was


def test_save_as_export_and_import(app, store, filled, tmp_path):
    playing, examples, _ = filled
    scene = open_load(app, store, examples, select="sample")
    app.step([key(pygame.K_s), *typed("my copy"), key(pygame.K_RETURN)])
    assert store.read("my copy").log == playing.log and scene.entry.name == "my_copy"
    out = tmp_path / "out"
    out.mkdir()
    app.step([key(pygame.K_e), *typed(str(out)), key(pygame.K_RETURN)])
    exported = out / "my_copy.cardtable.json"
    assert exported.exists() and "Exported" in scene.message
    assert loads(exported.read_text()).log == playing.log
    app.step([key(pygame.K_e), *typed(str(out)), key(pygame.K_RETURN)])  # never over a file
    assert "already exists" in scene.message
    app.step([key(pygame.K_s), *typed("Broken"), key(pygame.K_RETURN)])  # nor over a bad save
    assert "already exists" in scene.message
    assert store.path("Broken").read_text() == '{"format": "cardtable-save", "vers'
    app.step([key(pygame.K_i), *typed(str(exported)), key(pygame.K_RETURN)])
    assert scene.entry.name == "my_copy_2" and "Imported" in scene.message
    app.step([key(pygame.K_e), *typed("abc"), key(pygame.K_ESCAPE)])
    assert scene.prompt is None and "Cancelled" in scene.message
    app.step([key(pygame.K_ESCAPE)])
    assert app.scene is not scene  # Esc goes back


def test_mouse_selects_and_deletes(app, store, filled):
    _, examples, _ = filled
    scene = open_load(app, store, examples)
    row = scene.list_rect.top + 2 * 62 + 10
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(scene.list_rect.left + 20, row))])
    assert scene.selected == 2
    doomed = scene.entry.path
    delete = scene.buttons[7]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=delete.rect.center)])
    assert scene.confirm_delete and doomed.exists()
    app.step([key(pygame.K_y)])
    assert not doomed.exists()


def test_continue(app, store, variants):
    assert continue_target() is None
    texas = variants["texas_holdem"]
    playing = unfinished(texas, 4)
    playing.store = store
    playing.autosave()
    target = continue_target()
    assert target is not None and target.game.log == playing.log
    scene = screen("continue").open(app, None)
    assert type(scene).__name__ == "TableScene"
    assert scene.session.full_state_for_tests() == playing.full_state_for_tests()
    done = game(texas, 800)
    done.store = store
    done.autosave()  # a game played since: its own file, and finished
    assert done.slot != playing.slot and store.path(playing.slot).exists()
    assert continue_target().game.log == playing.log  # a finished game is not continued
    store.path(playing.slot).write_text("{garbage")
    assert continue_target() is None
    assert store.path(playing.slot).read_text() == "{garbage"


def test_menu_continue_and_load_keys(app, store, variants):
    """From the menu: C resumes the unfinished autosave, L opens the Load screen."""
    from cardtable.app.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    app.step([])
    assert not menu.buttons[0].enabled  # nothing to continue yet
    playing = unfinished(variants["texas_holdem"], 3)
    playing.store = store
    playing.autosave()
    menu.resized(app.surface.get_size())  # as when the menu comes back into view
    assert menu.buttons[0].enabled
    app.step([key(pygame.K_c)])
    assert app.scene is not menu
    assert app.scene.session.full_state_for_tests() == playing.full_state_for_tests()
    app.pop()
    app.step([key(pygame.K_l)])
    assert isinstance(app.scene, LoadScene)
    assert app.scene.entry.name == playing.slot
