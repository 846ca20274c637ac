"""Secrets stay secret and edits are recognised: the seed is 128 bits from the OS, sealed in the
save of an unfinished game and never printed; a save changed outside Cardtable (its signature
does not match) is marked so and opens only as a replay."""

import json
import random
import stat

import pygame
import pytest

from cardtable.cli import main
from cardtable.engine.bots import random_action
from cardtable.saves import SaveError, SaveStore, dumps, loads, seal
from cardtable.saves.format import CHANGED, FOREIGN, SIGNED, UNSIGNED
from cardtable.saves.store import read_file
from cardtable.session import GameSession

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot"}]
SEED = 271828182845904523536028747135266249775  # distinctive: any print of it would be found


@pytest.fixture()
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from cardtable.paths import user_saves

    return SaveStore(user_saves())


def play(variant, moves, seed=SEED, store=None):
    """A game after `moves` random decisions: still going when it can be (the first of a few
    random sequences that leaves it unfinished), else finished."""
    for attempt in range(50):
        game = GameSession(variant, SEATS, seed, {"hands": 2}, store)
        rng = random.Random(attempt)
        for _ in range(moves):
            if game.to_move() is None:
                break
            game.act(random_action(game.rules, game.full_state_for_tests(), game.to_move(), rng))
        if not game.is_over() or moves > 100:
            return game
    raise AssertionError("no unfinished game found")


def test_a_new_game_draws_a_128_bit_seed_from_the_os(variants, monkeypatch):
    import cardtable.session as session_module

    asked = []
    real = session_module.secrets.randbits
    monkeypatch.setattr(session_module.secrets, "randbits", lambda k: asked.append(k) or real(k))
    a = GameSession(variants["texas_holdem"], SEATS)
    b = GameSession(variants["texas_holdem"], SEATS)
    assert asked == [128, 128] and a.seed != b.seed
    assert GameSession(variants["texas_holdem"], SEATS, 5).seed == 5  # --seed: the user's choice


def test_an_unfinished_game_never_shows_its_seed(variants, store, capsys):
    """Not in the save's text, not on the Load screen's summary, not from `cardtable replay`."""
    game = play(variants["texas_holdem"], 6, store=store)
    assert not game.is_over()
    text = store.path(game.slot).read_text()
    assert str(SEED) not in text and '"seed"' not in text and f"{SEED:x}" not in text
    saved = read_file(store.path(game.slot))
    assert saved.seed == SEED and saved.trust == SIGNED  # this installation opens it
    assert str(SEED) not in json.dumps(saved.summary)
    for args in (["replay", str(store.path(game.slot))], ["replay", game.slot, "--json"]):
        assert main(args) == 0
        out = capsys.readouterr()
        assert str(SEED) not in out.out + out.err and "seed" not in out.out.lower()
    again = GameSession.resume(saved, variants["texas_holdem"])
    assert again.full_state_for_tests() == game.full_state_for_tests()


def test_a_finished_game_may_show_everything(variants):
    game = play(variants["texas_holdem"], 2000)
    assert game.is_over()
    data = json.loads(dumps(game.saved()))
    assert data["seed"] == SEED and "secret" not in data


def test_a_sealed_seed_opens_only_with_this_installations_key(variants):
    text = dumps(play(variants["texas_holdem"], 3).saved())
    assert loads(text).seed == SEED
    other = bytes(range(32))
    with pytest.raises(SaveError, match="another Cardtable installation"):
        loads(text, key=other)
    finished = dumps(play(variants["texas_holdem"], 2000).saved(), key=other)
    assert loads(finished).trust == FOREIGN  # a finished game: readable, not to be played on


def test_the_key_is_private_to_the_user(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    seal.forget_cached_key()
    try:
        key = seal.installation_key()
        path = seal.key_path()
        assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(key) == 32
        seal.forget_cached_key()
        assert seal.installation_key() == key  # read back, never replaced
        path.write_text("damaged")
        seal.forget_cached_key()
        with pytest.raises(seal.SaveKeyError, match="damaged"):
            seal.installation_key()
        assert path.read_text() == "damaged"
    finally:
        seal.forget_cached_key()


EDITS = {
    "the seed": lambda d: d.update(secret=d["secret"][:-2] + ("00" if d["secret"][-2:] != "00" else "11")),
    "an action": lambda d: d["log"][next(i for i, a in enumerate(d["log"]) if a["seat"] is not None)].update(
        type="fold"
    ),
    "the chips": lambda d: d["options"].update(chips=99999),
    "a computer seat turned human": lambda d: d["seats"][1].update(kind="human"),
    "the summary": lambda d: d["summary"].update(hand=99),
}


@pytest.mark.parametrize("what", list(EDITS))
def test_an_edited_save_is_recognised(variants, store, what):
    game = play(variants["texas_holdem"], 4, store=store)
    path = store.path(game.slot)
    data = json.loads(path.read_text())
    EDITS[what](data)
    path.write_text(json.dumps(data))
    saved = read_file(path)
    assert saved.trust == CHANGED and not saved.trusted
    with pytest.raises(SaveError, match="changed outside Cardtable: it opens only as a replay"):
        GameSession.resume(saved, variants["texas_holdem"], store)
    from cardtable.app.load_continue import continue_target

    assert continue_target() is None  # never a game to continue


def test_load_marks_an_edited_save_and_opens_it_only_as_a_replay(variants, store, capsys):
    from cardtable.app.display import open_window
    from cardtable.app.load import LoadScene
    from cardtable.app.scene import App, Scene

    game = play(variants["texas_holdem"], 4, store=store)
    path = store.path(game.slot)
    data = json.loads(path.read_text())
    data["seats"][1]["kind"] = "human"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    app = App(open_window((1280, 720)))
    try:
        app.push(Scene(app))
        scene = LoadScene(app, store, select=game.slot)
        app.push(scene)
        app.step([])
        texts = [t["text"] for t in app.manifest()["texts"]]
        assert "changed outside Cardtable" in texts
        assert any("opens only as a replay" in t for t in texts)
        assert not scene.buttons[3].enabled  # no copy to play on either
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
        assert type(app.scene).__name__ == "ReplayScene"
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
        assert app.scene is scene
        # a copy made here keeps the edit visible: Save as copies the bytes as they are
        scene.answer("save_as", "laundered")
        assert read_file(store.path("laundered")).trust == CHANGED
    finally:
        pygame.display.quit()
    assert path.read_bytes() == before
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["signed"] is False and "changed outside Cardtable" in out["changed_outside"]


def test_saves_of_an_older_cardtable_are_signed_when_the_key_is_made(variants, tmp_path, monkeypatch):
    """An update loses no unfinished game: format 1 saves already in the folder are signed once,
    when the installation's key is first made; an unsigned file that turns up later is not."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    from cardtable.paths import user_saves

    game = play(variants["texas_holdem"], 4)
    data = json.loads(dumps(game.saved(), key=b"k" * 32))
    for k in ("secret", "mac", "key", "game"):
        data.pop(k)
    data.update(seed=SEED, version=1)
    old = json.dumps(data)
    folder = user_saves()
    folder.mkdir(parents=True)
    (folder / "autosave.cardtable.json").write_text(old)
    seal.forget_cached_key()
    try:
        assert loads(old, key=b"k" * 32).trust == UNSIGNED
        from cardtable.app.load_continue import continue_target

        assert continue_target() is None  # unsigned: not to be played on...
        from cardtable.app.headless import start

        menu = start(None, scene="menu")  # ...until the first start makes the key and signs it
        assert menu.scene.buttons[0].enabled and seal.key_path().exists()
        pygame.display.quit()
        migrated = read_file(folder / "autosave.cardtable.json")
        assert migrated.trust == SIGNED and migrated.log == game.log and migrated.seed == SEED
        (folder / "later.cardtable.json").write_text(old)
        assert read_file(folder / "later.cardtable.json").trust == UNSIGNED
    finally:
        seal.forget_cached_key()


def test_no_key_to_be_had_never_stops_the_program(tmp_path, monkeypatch, store):
    """The config folder cannot hold a key (here it is a file): the program starts, a game is
    played with a banner saying why it is not saved, and no traceback."""
    blocked = tmp_path / "not a folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocked))
    seal.forget_cached_key()
    try:
        from cardtable.app.headless import start

        start(None, scene="menu")
        app = start("texas_holdem", players=["Ann", "Bob"], seed=1)
        problem = app.scene.session.save_problem
        assert problem.startswith("Not saved:") and "save key" in problem
        assert any(t["text"].startswith("Not saved:") for t in app.manifest()["texts"])
    finally:
        seal.forget_cached_key()
        pygame.display.quit()
