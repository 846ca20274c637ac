"""The save format and the store: round trips, bad files, and kill safety while writing."""

import contextlib
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_text import ANY_CHARACTER
from saved_games import saved_game

from cardtable.saves import SavedGame, SaveError, SaveStore, dumps, loads
from cardtable.saves import store as store_module


def _game(n_actions: int = 5) -> SavedGame:
    return saved_game([{"type": "bet", "seat": i % 2, "amount": 10 * i} for i in range(n_actions)])


values = st.one_of(
    st.integers(-5, 10**6), st.text(ANY_CHARACTER, max_size=8), st.lists(st.integers(0, 12_000), max_size=10)
)
actions = st.fixed_dictionaries(
    {"type": st.text(ANY_CHARACTER, min_size=1, max_size=8), "seat": st.one_of(st.none(), st.integers(0, 1))},
    optional={"amount": values, "cards": values, "cell": values},
)


@settings(max_examples=100, deadline=None)
@given(st.lists(actions, max_size=20), st.integers(0, 2**63), st.text(ANY_CHARACTER, max_size=10))
def test_round_trip(log, seed, name):
    game = _game()
    game.log, game.seed, game.seats[0]["name"] = log, seed, name
    assert loads(dumps(game)) == game


def test_every_truncation_is_a_clear_error():
    text = dumps(_game(3))
    for cut in range(len(text) - 2):
        with pytest.raises(SaveError) as info:
            loads(text[:cut], "x.json")
        assert str(info.value).startswith("x.json: ")


@settings(max_examples=200, deadline=None)
@given(st.text(ANY_CHARACTER, max_size=300))
def test_garbage_only_ever_raises_save_error(text):
    with contextlib.suppress(SaveError):
        loads(text)


def test_future_version_is_refused_with_advice():
    data = json.loads(dumps(_game()))
    data["version"] = 99
    with pytest.raises(SaveError, match="newer than this Cardtable"):
        loads(json.dumps(data))


def test_hand_edited_fields():
    data = json.loads(dumps(_game()))
    data["secret"] = "forty-two"
    with pytest.raises(SaveError, match="the sealed seed is malformed"):
        loads(json.dumps(data))
    for key in ("secret", "mac", "key"):  # as format 1 wrote it
        del data[key]
    data["seed"] = "forty-two"
    with pytest.raises(SaveError, match="'seed' has the wrong type"):
        loads(json.dumps(data))
    data = json.loads(dumps(_game()))
    del data["log"]
    with pytest.raises(SaveError, match="'log' is missing"):
        loads(json.dumps(data))
    with pytest.raises(SaveError, match="not a Cardtable save"):
        loads('{"hello": 1}')


def test_store_slots_delete_export_import(tmp_path):
    store = SaveStore(tmp_path / "saves")
    store.write("Evening game!", _game(2))
    store.autosave(_game(4))
    names = {s.name for s in store.slots()}
    assert names == {"Evening_game", "autosave"}
    assert len(store.read("autosave").log) == 4
    (store.folder / "broken.cardtable.json").write_text('{"format": "cardtable-save", ')
    broken = [s for s in store.slots() if s.name == "broken"][0]
    assert broken.game is None and "truncated" in broken.error
    out = tmp_path / "exported.cardtable.json"
    store.export("Evening_game", out)
    assert store.import_file(out) == "exported"
    assert store.import_file(out) == "exported_2"
    store.delete("Evening_game")
    assert "Evening_game" not in {s.name for s in store.slots()}
    # a bad file is never overwritten by an import of itself or deleted by listing
    assert (store.folder / "broken.cardtable.json").exists()


class Interrupted(Exception):
    pass


def test_kill_at_every_step_leaves_a_whole_save(tmp_path, monkeypatch):
    """Interrupt the write at each of its steps; the slot always holds the old or the new save."""
    store = SaveStore(tmp_path)
    old, new = _game(2), _game(7)

    def boom(*args, **kwargs):
        raise Interrupted()

    real_fdopen = os.fdopen
    for step in ("mkstemp", "write", "flush", "fsync", "replace"):
        store.write("slot", old)
        with monkeypatch.context() as m:
            if step == "mkstemp":
                m.setattr(store_module.tempfile, "mkstemp", boom)
            elif step in ("fsync", "replace"):
                m.setattr(store_module.os, step, boom)
            else:
                m.setattr(
                    store_module.os,
                    "fdopen",
                    lambda fd, *a, _step=step, **k: _Failing(real_fdopen(fd, *a, **k), _step),
                )
            with pytest.raises(Interrupted):
                store.write("slot", new)
        assert store.read("slot") == old, step
        assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")], step
    store.write("slot", new)
    assert store.read("slot") == new


class _Failing:
    """A file wrapper whose `write` or `flush` is interrupted after half the text."""

    def __init__(self, handle, step):
        self.handle, self.step = handle, step

    def write(self, text):
        if self.step == "write":
            self.handle.write(text[: len(text) // 2])
            raise Interrupted("write")
        return self.handle.write(text)

    def flush(self):
        if self.step == "flush":
            raise Interrupted("flush")
        return self.handle.flush()

    def fileno(self):
        return self.handle.fileno()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.handle.close()
        return False
