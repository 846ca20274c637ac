"""A long save or a big junk file beside the games never slows every start: the start's tidy-up
and the menu's Continue peek at a long file's first and last bytes instead of parsing it, and
the one long game read for Continue is read once, not once per screen. Parses are counted."""

import random

import pytest

from cardtable.engine.bots import random_action
from cardtable.saves import SaveStore, dumps
from cardtable.saves import reading as reading_module
from cardtable.saves.store import PEEK_ABOVE, autosave_slot, read_file
from cardtable.session import GameSession

PAD = "x" * (PEEK_ABOVE + 1000)  # a field a newer version might write: makes a short game a long file


@pytest.fixture()
def store(fresh_user):
    from cardtable.paths import user_saves

    return SaveStore(user_saves())


@pytest.fixture()
def parses(monkeypatch):
    """The save files parsed (format.loads), by name."""
    seen = []
    real = reading_module.loads

    def counting(text, where="save", key=None):
        seen.append(where.rsplit("/", 1)[-1])
        return real(text, where, key)

    monkeypatch.setattr(reading_module, "loads", counting)
    return seen


def game(variants, store, seed):
    g = GameSession(
        variants["texas_holdem"], [{"name": "Ann"}, {"name": "Bob", "kind": "bot"}], seed, {}, store
    )
    g.act({"seat": g.to_move(), "type": "call"})
    g.close()
    return g


def test_a_big_junk_autosave_is_not_parsed_at_start(store, variants, parses):
    from cardtable.app.launch import startup_notice
    from cardtable.app.load_continue import continue_target

    playing = game(variants, store, 1)
    saved = playing.saved()
    saved.extra = {"pad": PAD}
    junk = store.path(autosave_slot("junk"))
    junk.write_text(dumps(saved, sign=False))  # looks like a save, unsigned: never a game to continue
    noise = store.path(autosave_slot("noise"))
    noise.write_bytes(b"\0" * (PEEK_ABOVE + 1))  # not a save at all
    startup_notice()
    found = continue_target()
    assert found is not None and found.path == store.path(playing.slot)
    assert junk.exists() and not noise.exists()  # set aside, unparsed
    assert not [p for p in parses if p.startswith(("autosave-junk", "autosave-noise"))]
    # (the Load screen still parses it, to say what it is)
    assert read_file(junk).trust == "unsigned"


def test_a_long_game_is_read_once_for_continue(store, variants, parses):
    from cardtable.app.launch import startup_notice
    from cardtable.app.load_continue import continue_target
    from cardtable.app.load_list import list_saves

    playing = game(variants, store, 2)
    saved = read_file(store.path(playing.slot))
    saved.extra = {"pad": PAD}
    store.write(playing.slot, saved)
    parses.clear()
    startup_notice()
    assert parses == []  # the tidy-up only peeked at it
    target = continue_target()
    assert target is not None and target.game.extra == {"pad": PAD}
    entries = list_saves(store, None)
    again = GameSession.resume(entries[0].game, variants["texas_holdem"], store)
    assert parses == [playing.slot + ".cardtable.json"]
    seat = again.to_move()
    again.act(
        random_action(again.rules, again.full_state_for_tests(), seat, random.Random(1))
    )  # a journal line
    assert read_file(store.path(playing.slot)).log == again.log
    assert len(parses) == 2


def test_continue_on_a_long_game_says_how_far_it_has_got(store, variants, parses, monkeypatch):
    """Each step of opening a long file is said on a frame before it is done; then the table."""
    import pygame
    from input_events import key

    from cardtable.app.headless import start

    playing = game(variants, store, 3)
    saved = read_file(store.path(playing.slot))
    saved.extra = {"pad": PAD}
    store.write(playing.slot, saved)
    app = start(None, scene="menu")
    monkeypatch.setattr(reading_module, "_last_read", None)  # (the menu read it to offer Continue)
    parses.clear()
    mine = playing.slot + ".cardtable.json"
    said = []
    app.step([key(pygame.K_c)])
    for _ in range(6):
        if type(app.scene).__name__ != "OpeningScene":
            break
        texts = [t["text"] for t in app.manifest()["texts"]]
        said.append((parses.count(mine), next(t for t in texts if "step" in t)))
        app.step([])
    assert type(app.scene).__name__ == "TableScene" and app.scene.session.log == playing.log
    assert said[0][0] == 0 and said[0][1].startswith("Reading the save")  # said before it is read
    assert [s for _, s in said][-1].startswith("Setting out the table")
    assert parses.count(mine) == 1  # read once, for every step
