"""A game autosaves after every action: the save encodes only the actions new since the last one
(a log's entries are final once written), so an action in a long game does not re-encode the whole
game (at 5,000 decisions that took 16-19 ms of the frame the action was made in)."""

from __future__ import annotations

import copy
import types

from hypothesis import given, settings
from hypothesis import strategies as st
from saved_games import saved_game

from cardtable.saves import SavedGame, dumps, jsontext, loads


def _game(log: list) -> SavedGame:
    return saved_game(log, game_id="g1")


def _action(i: int) -> dict:
    return {"type": "bet", "seat": i % 2, "amount": 10 * i, "cards": [i, i + 1]}


def test_a_save_encodes_only_the_actions_new_since_the_last(monkeypatch):
    log = [_action(i) for i in range(300)]
    dumps(_game(log), key=b"k" * 32)
    calls = []
    real = jsontext.ENTRY
    counting = types.SimpleNamespace(encode=lambda *a: calls.append(a) or real.encode(*a))
    monkeypatch.setattr(jsontext, "ENTRY", counting)
    longer = [*log, _action(300)]  # the next state's log: the same entries and one more
    text = dumps(_game(longer), key=b"k" * 32)
    encoded_actions = [a for a in calls if isinstance(a[0], dict) and "type" in a[0]]
    assert encoded_actions == [(longer[-1],)]
    monkeypatch.undo()
    assert loads(text, key=b"k" * 32).log == longer


steps = st.lists(
    st.one_of(
        st.tuples(st.just("act"), st.integers(1, 5)),
        st.tuples(st.just("undo"), st.integers(0, 8)),
        st.tuples(st.just("other game"), st.integers(0, 6)),
    ),
    max_size=12,
)


@settings(max_examples=40, deadline=None)
@given(steps)
def test_every_save_reads_as_the_log_it_was_given_through_actions_undos_and_other_games(steps):
    """Whatever was saved before (a longer log taken back by undo, another game's log), each save's
    text is the one a fresh encoding gives, and reads back as the log it was given."""
    log: list = []
    n = 0
    for what, k in steps:
        if what == "act":
            log = log + [_action(n + i) for i in range(k)]
            n += k
        elif what == "undo":
            log = log[: max(0, len(log) - k)]
        else:
            dumps(_game([_action(1000 + i) for i in range(k)]), key=b"k" * 32)
        text = dumps(_game(log), key=b"k" * 32)
        fresh = dumps(_game(copy.deepcopy(log)), key=b"k" * 32)  # new entries: nothing to reuse
        assert text == fresh
        assert loads(text, key=b"k" * 32).log == log
