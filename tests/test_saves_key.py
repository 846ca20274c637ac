"""The key's story is honest: an older Cardtable's unsigned saves are signed once per installation
(recorded in the config folder), never because the key merely went missing; a missing key is said
plainly, the games it sealed are left as they are, and putting the key back brings them back."""

import json

import pygame
import pytest

from cardtable.saves import SaveStore, dumps, seal
from cardtable.saves.format import SIGNED, UNSIGNED
from cardtable.saves.store import SUFFIX, read_file
from cardtable.session import GameSession

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot"}]


@pytest.fixture()
def user(tmp_path, monkeypatch):
    """Empty data and config folders; the key is read afresh and the window closed afterwards."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    seal.forget_cached_key()
    yield tmp_path
    seal.forget_cached_key()
    pygame.display.quit()


def unfinished(variant, store):
    """A game a few checks and calls in (so it goes on), autosaved."""
    game = GameSession(variant, SEATS, 77, {"hands": 3}, store)
    for _ in range(5):
        legal = game.view(game.to_move())["legal"]
        t = next(t for t in legal if t["type"] in ("check", "call"))
        game.act({"seat": t["seat"], "type": t["type"]})
    assert not game.is_over() and game.save_problem is None
    return game


def unsigned(game, edited=True):
    """The game's save as an older Cardtable wrote it (format 1, no signature); `edited`: with a
    computer seat made a person's, what a cheat would plant hoping the program signs it."""
    data = json.loads(dumps(game.saved(), key=b"x" * 32))
    for k in ("secret", "mac", "key", "game"):
        data.pop(k)
    data.update(seed=game.seed, version=1)
    if edited:
        data["seats"][1]["kind"] = "human"
    return json.dumps(data)


def start_program():
    """The program starting (its menu, which puts the saves folder in order); its notice."""
    from cardtable.app.headless import start

    seal.forget_cached_key()
    app = start(None, scene="menu")
    notice = app.scene.status
    pygame.display.quit()
    return notice


def files(folder):
    return sorted(p.name for p in folder.glob(f"*{SUFFIX}"))


def test_a_missing_key_signs_nothing_moves_nothing_and_coming_back_restores_continue(user, variants):
    from cardtable.app.load_continue import continue_target
    from cardtable.paths import user_saves

    store = SaveStore(user_saves())
    start_program()  # an installation: its key made on the first start
    game = unfinished(variants["texas_holdem"], store)
    key_file = seal.key_path()
    kept_key = key_file.read_bytes()
    (user_saves() / f"edited{SUFFIX}").write_text(unsigned(game))
    before = {name: (user_saves() / name).read_bytes() for name in files(user_saves())}
    assert continue_target() is not None

    key_file.unlink()  # the key goes missing
    notice = start_program()
    assert "the key that sealed" in notice.lower() and "gone" in notice  # said plainly, at start
    assert files(user_saves()) == sorted(before)  # nothing renamed, nothing set aside...
    for name, raw in before.items():
        assert (user_saves() / name).read_bytes() == raw  # ...nothing signed or rewritten
    assert read_file(user_saves() / f"edited{SUFFIX}").trust == UNSIGNED  # never a trusted game
    from cardtable.saves import SaveError

    with pytest.raises(SaveError, match="the key that sealed these games is gone"):
        read_file(store.path(game.slot))
    assert continue_target() is None

    key_file.write_bytes(kept_key)  # put back
    start_program()
    target = continue_target()
    assert target is not None and target.path == store.path(game.slot)
    saved = read_file(target.path)
    assert saved.trust == SIGNED
    again = GameSession.resume(saved, variants["texas_holdem"], store)
    assert again.full_state_for_tests() == game.full_state_for_tests()
    assert read_file(user_saves() / f"edited{SUFFIX}").trust == UNSIGNED


def test_older_saves_are_signed_once_per_installation_and_it_is_recorded(user, variants):
    from cardtable.paths import user_saves

    game = GameSession(variants["texas_holdem"], SEATS, 5, {"hands": 3})
    folder = user_saves()
    folder.mkdir(parents=True)
    (folder / f"autosave{SUFFIX}").write_text(unsigned(game, edited=False))
    start_program()  # the first start of an updated Cardtable: its key made, older saves signed
    assert read_file(folder / f"autosave{SUFFIX}").trust == SIGNED
    record = [p for p in seal.key_path().parent.iterdir() if p != seal.key_path()]
    assert record, "the signing is recorded in the config folder"
    seal.key_path().unlink()
    (folder / f"planted{SUFFIX}").write_text(unsigned(game))
    start_program()  # a key made again: an installation signs older saves once, never again
    assert read_file(folder / f"planted{SUFFIX}").trust == UNSIGNED


def test_a_lost_config_folder_signs_nothing_either(user, variants):
    """The whole config folder gone (key and record): the saves folder shows an installation was
    here (saves it signed), so an unsigned file is not signed."""
    import shutil

    from cardtable.paths import user_saves

    start_program()
    game = unfinished(variants["texas_holdem"], SaveStore(user_saves()))
    shutil.rmtree(seal.key_path().parent)
    (user_saves() / f"planted{SUFFIX}").write_text(unsigned(game))
    notice = start_program()
    assert read_file(user_saves() / f"planted{SUFFIX}").trust == UNSIGNED
    assert (SaveStore(user_saves()).path(game.slot)).exists()
    assert "the key that sealed" in notice.lower()


def test_a_damaged_key_is_said_at_start_and_touches_nothing(user, variants):
    from cardtable.paths import user_saves

    start_program()
    game = unfinished(variants["texas_holdem"], SaveStore(user_saves()))
    before = {name: (user_saves() / name).read_bytes() for name in files(user_saves())}
    kept_key = seal.key_path().read_bytes()
    seal.key_path().write_text("damaged")
    assert "save key cannot be used" in start_program()
    assert {name: (user_saves() / name).read_bytes() for name in files(user_saves())} == before
    assert seal.key_path().read_text() == "damaged"  # never replaced
    seal.key_path().write_bytes(kept_key)
    assert start_program() == ""
    assert read_file(SaveStore(user_saves()).path(game.slot)).trust == SIGNED


def test_the_key_lives_in_the_config_folder_the_environment_names_now(tmp_path, monkeypatch):
    """The key's path is worked out once per config folder, and follows the folder when it moves."""
    from cardtable.paths import user_config

    paths = []
    for folder in ("one", "two", "one"):
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / folder))
        paths.append(seal.key_path())
        assert seal.key_path() == user_config() / seal.KEY_FILE
    assert paths[0] == paths[2] != paths[1] and paths[1].parent.parent == tmp_path / "two"
