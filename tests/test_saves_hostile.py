"""Hostile and broken save files: each is one clear SaveError (listed in Load with its reason),
never a hang, a device opened, a huge read, a crash; a corrupt autosave never stops the start."""

import copy
import json
import math
import os
import time

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis_text import ANY_CHARACTER
from saved_games import saved_game

from cardtable.saves import SavedGame, SaveError, SaveStore, dumps, loads
from cardtable.saves.check import MAX_SAVE_BYTES
from cardtable.saves.store import SUFFIX, is_autosave, read_file


def _game(**changes) -> SavedGame:
    base = [{"type": "shuffle", "seat": None, "n": 0}, {"type": "call", "seat": 0}]
    summary = {"game": "Texas Hold'em", "players": ["Ann", "Bot"], "hand": 1, "over": False}
    return saved_game(base, **{"summary": summary, "game_id": "g1", **changes})


def _edited(change) -> str:
    """A save's text with one field changed (format 1 style: plain seed, no signature), so that
    the field checks themselves are what refuse it."""
    data = json.loads(dumps(_game()))
    for k in ("secret", "mac", "key"):
        data.pop(k)
    data["seed"] = 42
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["variant"].update(id="/dev/zero"), "is not a variant's name"),
        (lambda d: d["variant"].update(id="../../etc/passwd"), "is not a variant's name"),
        (lambda d: d["variant"].update(id=".hidden"), "is not a variant's name"),
        (lambda d: d["variant"].update(digest="x"), "digest is malformed"),
        (lambda d: d.update(summary=["a", "list"]), "summary has the wrong type"),
        (lambda d: d.update(summary="text"), "summary has the wrong type"),
        (lambda d: d["summary"].update(players="Ann"), "'players' has the wrong type"),
        (lambda d: d["summary"].update(hand="one"), "'hand' is not a whole number"),
        (lambda d: d["summary"].update(hand=-1), "'hand' is out of range"),
        (lambda d: d["summary"].update(over="no"), "'over' has the wrong type"),
        (lambda d: d["summary"].update(saved_at="yesterday"), "is not a date"),
        (lambda d: d["summary"].update(game="x" * 10_000_000), "too long (10,000,000 characters"),
        (lambda d: d["summary"].update(players=["y" * 101]), "too long"),
        (lambda d: d.update(seed=2**300), "the seed is out of range"),
        (lambda d: d.update(seed=True), "'seed' has the wrong type"),
        (lambda d: d.update(seats=[]), "1 to 64 seats"),
        (lambda d: d.update(seats=[{"name": "A", "kind": "alien"}]), "neither a person nor a computer"),
        (lambda d: d.update(seats=[{"name": 5}]), "seat 1 is malformed"),
        (lambda d: d["log"].append({"type": "call", "seat": 7}), "names no seat of this game"),
        (lambda d: d["log"].append({"type": "call", "seat": True}), "names no seat of this game"),
        (lambda d: d["log"].append({"seat": 0}), "has no type"),
        (lambda d: d["log"].append({"type": "bet", "seat": 0, "amount": 10**30}), "is malformed"),
        (lambda d: d["log"].append({"type": "bet", "seat": 0, "x": {"a": 1}}), "is malformed"),
        (lambda d: d["log"].append({"type": "x", "seat": 0, "c": [[[[[[1]]]]]]}), "is malformed"),
        (lambda d: d["options"].update(chips=math.inf), "not a finite number"),
        (lambda d: d["options"].update(chips=[1]), "has the wrong type"),
        (lambda d: d.update(game="../x"), "game's id is malformed"),
        (lambda d: d["seats"][0].update(name="\ud800"), "seat 1 is malformed"),
        (lambda d: d["summary"].update(game="a\udfff"), "not valid text"),
        (lambda d: d["log"].append({"type": "x", "seat": 0, "\ud800": 1}), "is malformed"),
        (lambda d: d["options"].update({"\udc00": 1}), "not valid text"),
    ],
)
def test_every_field_is_checked(change, words):
    with pytest.raises(SaveError) as info:
        loads(_edited(change), "s.json")
    assert words in str(info.value) and str(info.value).startswith("s.json: ")


def test_huge_numbers_and_deep_nesting_are_clear_errors():
    with pytest.raises(SaveError, match="a number is too long"):
        loads('{"format": "cardtable-save", "version": 1, "seed": ' + "9" * 5000 + "}")
    with pytest.raises(SaveError, match="nested too deeply"):
        loads('{"format": "cardtable-save", "log": ' + "[" * 200_000 + "]" * 200_000 + "}")
    with pytest.raises(SaveError, match="not a finite number"):
        loads(_edited(lambda d: None).replace('"chips": 1000', '"chips": NaN'))


def test_files_that_are_not_saves_are_never_read(tmp_path):
    """A device, a pipe, a folder or a file past the size limit: refused before reading."""
    with pytest.raises(SaveError, match="not a save file"):
        read_file(tmp_path)
    with pytest.raises(SaveError, match="not a save file"):
        read_file(__import__("pathlib").Path("/dev/zero"))
    fifo = tmp_path / "pipe.cardtable.json"
    os.mkfifo(fifo)  # opening a pipe for reading would wait for a writer forever
    with pytest.raises(SaveError, match="not a save file"):
        read_file(fifo)
    big = tmp_path / "big.cardtable.json"
    with open(big, "wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)  # sparse: no time or disk spent
    with pytest.raises(SaveError, match="too large to be a save"):
        read_file(big)
    link = tmp_path / "link.cardtable.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="a link, not a save file"):
        read_file(link)
    store = SaveStore(tmp_path)
    reasons = {s.name: s.error for s in store.slots()}
    assert set(reasons) == {"pipe", "big", "link"} and all(reasons.values())


NESTED = [[[[[[[[]]]]]]]]  # one object: the strategy gives it again and again

hostile = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(ANY_CHARACTER, max_size=30),
    st.just("x" * 5000),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(ANY_CHARACTER, max_size=5), st.integers(), max_size=3),
    st.just(NESTED),
)
PATHS = [
    ("variant",),
    ("variant", "id"),
    ("variant", "name"),
    ("seed",),
    ("seats",),
    ("seats", 0),
    ("seats", 0, "name"),
    ("seats", 1, "kind"),
    ("options",),
    ("options", "chips"),
    ("log",),
    ("log", 1),
    ("log", 1, "seat"),
    ("log", 1, "type"),
    ("log", 1, "amount"),
    ("summary",),
    ("summary", "players"),
    ("summary", "hand"),
    ("summary", "extra"),
    ("version",),
    ("game",),
    ("secret",),
    ("mac",),
]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), hostile), min_size=1, max_size=3), st.booleans())
@example(changes=[(("mac",), "\x80")], signed=False)  # a non-ASCII MAC once raised from compare_digest
@example(changes=[(("seats",), NESTED), (("seats", 0), NESTED)], signed=False)  # one list put twice
def test_any_hostile_value_anywhere_is_a_save_or_a_clean_error(changes, signed):
    """Hostile values put anywhere in a save (signed or format 1): a SavedGame or a SaveError."""
    data = json.loads(dumps(_game()))
    if not signed:
        for k in ("secret", "mac", "key"):
            data.pop(k)
        data["seed"] = 7
    for path, value in changes:
        target = data
        for step in path[:-1]:
            target = target[step] if isinstance(target, (dict, list)) and _has(target, step) else None
            if target is None:
                break
        if (isinstance(target, dict) and isinstance(path[-1], str)) or (
            isinstance(target, list) and _has(target, path[-1])
        ):
            # a copy: the strategy's one nested list, put into itself, would make a save that
            # cannot be written at all (and stay so for later examples)
            target[path[-1]] = copy.deepcopy(value)
    try:
        game = loads(json.dumps(data, allow_nan=True))
    except SaveError:
        return
    assert isinstance(game.seed, int) and game.seats and isinstance(game.summary, dict)


def _has(container, step):
    if isinstance(container, dict):
        return step in container
    return isinstance(step, int) and 0 <= step < len(container)


def test_a_corrupt_autosave_is_set_aside_and_the_program_starts(tmp_path, monkeypatch, variants):
    """At start the unreadable autosave is renamed (kept whole, listed in Load with its reason)
    and the menu says so; nothing else in the folder is touched."""
    from cardtable.app.headless import start
    from cardtable.paths import user_saves

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    store = SaveStore(user_saves())
    store.folder.mkdir(parents=True)
    store.path("autosave-abc").write_text('{"format": "cardtable-save", "vers')
    store.path("autosave").write_text("\x00\x01garbage")
    store.path("Friday").write_text("not json")  # a named save: left where it is
    app = start(None, scene="menu")
    shown = " ".join(t["text"] for t in app.manifest()["texts"])
    assert "2 unreadable autosaves were set aside" in shown
    names = sorted(p.name for p in store.folder.iterdir())
    assert "autosave-abc.cardtable.json" not in names and "autosave.cardtable.json" not in names
    aside = [n for n in names if n.startswith("unreadable-")]
    assert len(aside) == 2
    assert sorted((store.folder / n).read_bytes() for n in aside) == sorted(
        [b'{"format": "cardtable-save", "vers', b"\x00\x01garbage"]
    )
    assert store.path("Friday").read_text() == "not json"
    assert not app.scene.buttons[0].enabled  # nothing to continue, and no crash


def test_an_autosave_set_aside_stays_aside_whatever_its_name(tmp_path):
    """A set-aside autosave is no longer an autosave: the next start leaves it alone (it was set
    aside again at every start, its name growing until the store's 80-character slot names cut
    the part that made it unique, and finding a free name never ended)."""
    store = SaveStore(tmp_path)
    store.folder.mkdir(exist_ok=True)
    long_id = "autosave-" + "x" * 90  # longer than a slot name: truncated
    for _ in range(3):  # three starts, each with a new broken autosave of that name
        store.path(long_id).write_text("{broken")
        assert len(store.set_aside_broken_autosaves()) == 1
    aside = sorted(p.name for p in store.folder.iterdir())
    assert len(aside) == 3 and not any(is_autosave(n.removesuffix(SUFFIX)) for n in aside)
    assert store.set_aside_broken_autosaves() == []


def test_leftover_temporary_files_are_cleaned_at_start(tmp_path, monkeypatch):
    from cardtable.app.launch import startup_notice
    from cardtable.paths import user_saves

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = user_saves()
    folder.mkdir(parents=True)
    old = folder / ".autosave-x.cardtable.json.abc123.tmp"
    fresh = folder / ".autosave-y.cardtable.json.def456.tmp"  # a write going on in another window
    old.write_text("half a sa")
    fresh.write_text("half a sa")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    assert startup_notice() == ""
    assert not old.exists() and fresh.exists()


def test_load_names_a_set_aside_save_by_when_and_what_not_by_its_file(tmp_path, monkeypatch):
    """Load listed a set-aside autosave by its file name ('unreadable-20261124-033827-1-
    autosave-…'); it says when it was set aside and what it was."""
    import pygame
    from input_events import key

    from cardtable.app.headless import start
    from cardtable.paths import user_saves

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    store = SaveStore(user_saves())
    store.folder.mkdir(parents=True)
    store.path("autosave-abc").write_text("{broken")
    app = start(None, scene="menu")
    app.step([key(pygame.K_l, "l")])
    texts = [t["text"] for t in app.manifest()["texts"]]
    pygame.display.quit()
    assert not [t for t in texts if t.startswith("unreadable-")], texts
    aside = [t for t in texts if t.startswith("Set aside ")]
    assert len(aside) == 1 and aside[0].endswith("an autosave"), texts
