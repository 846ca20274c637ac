"""Games in progress: autosave/resume round trips, fair undo, and saves of changed variants."""

import random
from pathlib import Path

import pytest
from conftest import VARIANT_IDS, builtin
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine.bots import choose_action
from cardtable.saves import SaveError, SaveStore, dumps, loads
from cardtable.session import GameSession, visible_cards
from cardtable.variant import load_variant_text

SMALL = {"max_hands": 2}


def _seats(n, humans=1):
    return [{"name": f"P{i}", "kind": "human" if i < humans else "bot"} for i in range(n)]


def _options(variant):
    declared = variant.sections.get("options", {})
    return {k: v for k, v in SMALL.items() if k in declared}


def _session(variant, seed, humans=1, store=None):
    n = max(variant.min_players, min(3, variant.max_players))
    return GameSession(variant, _seats(n, humans), seed, _options(variant), store)


def _play(session, moves, rng):
    for _ in range(moves):
        seat = session.rules.to_move(session.state)
        if seat is None:
            return
        session.act(choose_action(session.rules, session.state, seat, rng))


@pytest.mark.parametrize("vid", VARIANT_IDS)
@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 40))
def test_save_load_round_trip(tmp_path_factory, vid, seed, moves):
    """Save at a random point; loading gives the same state, legal actions and future."""
    variant = builtin(vid)
    store = SaveStore(tmp_path_factory.mktemp("saves"))
    game = _session(variant, seed, store=store)
    _play(game, moves, random.Random(seed))
    saved = store.read("autosave") if moves and game.log else game.saved()
    assert loads(dumps(saved)) == saved
    again = GameSession.resume(saved, variant)
    assert again.state == game.state
    seat = game.rules.to_move(game.state)
    if seat is not None:
        assert again.rules.legal_actions(again.state, seat) == game.rules.legal_actions(game.state, seat)
    rng = random.Random(seed + 1)
    for _ in range(10):  # the same actions lead both to the same states
        seat = game.rules.to_move(game.state)
        if seat is None:
            break
        action = choose_action(game.rules, game.state, seat, rng)
        game.act(action)
        again.act(action)
        assert again.state == game.state


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_undo_is_fair(vid):
    """Undo restores the exact earlier state, and is refused once anything new was seen."""
    variant = builtin(vid)
    rng = random.Random(11)
    game = _session(variant, 3, humans=1)
    done = refused = 0
    for _ in range(120):
        seat = game.rules.to_move(game.state)
        if seat is None:
            break
        before = game.state
        action = choose_action(game.rules, game.state, seat, rng)
        game.act(action)
        if seat != 0:
            continue
        k = game.undo_point(0)
        if k is None:
            refused += 1
            continue
        seen_now = [visible_cards(game.view(s)) for s in range(len(game.seats))]
        assert game.undo(0)
        assert game.state == before  # exactly where the person was, chance not re-rolled
        for s, seen in enumerate(seen_now):
            assert seen <= visible_cards(game.view(s)) | seen  # nothing to un-see
        game.act(action)
        done += 1
    assert done + refused > 0


def test_undo_refuses_after_another_person_acts(variants):
    variant = variants["texas_holdem"]
    game = GameSession(variant, _seats(3, humans=3), 1, _options(variant))
    first = game.rules.to_move(game.state)
    game.act(choose_action(game.rules, game.state, first, random.Random(0)))
    second = game.rules.to_move(game.state)
    if second is not None and second != first:
        game.act(choose_action(game.rules, game.state, second, random.Random(0)))
        assert game.undo_point(first) is None
        assert not game.undo(first)


def test_changed_variant(variants, tmp_path):
    variant = variants["texas_holdem"]
    game = _session(variant, 9)
    _play(game, 15, random.Random(9))
    saved = game.saved()
    # the same rules with a comment added: the digest differs, the log is still legal
    edited = load_variant_text(Path(variant.path).read_text() + "\n# edited\n", variant.path)
    with pytest.raises(SaveError, match="still legal"):
        GameSession.resume(saved, edited)
    assert GameSession.resume(saved, edited, accept_changed=True).state["log"] == game.state["log"]
    # a log that the rules refuse: the message names the first failing action
    bad = game.saved()
    bad.variant_digest = "0" * 64
    index = next(i for i, a in enumerate(bad.log) if a.get("seat") is not None)
    bad.log = [dict(a) for a in bad.log]
    bad.log[index] = {"seat": bad.log[index]["seat"], "type": "no-such-move"}
    check = GameSession.check_saved(bad, variant)
    assert not check.ok and check.failed_at == index
    assert f"action {index + 1} (" in check.reason
    with pytest.raises(SaveError, match="changed since this save: action"):
        GameSession.resume(bad, variant, accept_changed=True)


def test_unreadable_save_is_moved_aside_never_overwritten(variants, tmp_path):
    """A corrupt autosave (or slot) is kept whole under another name before a game writes there."""
    variant = variants["texas_holdem"]
    store = SaveStore(tmp_path / "saves")
    store.folder.mkdir()
    store.path("autosave").write_text('{"format": "cardtable-save", "ver')
    store.path("Friday").write_text("not json at all")
    game = _session(variant, 4, store=store)
    game.act(choose_action(game.rules, game.state, game.rules.to_move(game.state), random.Random(0)))
    game.save_as("Friday")
    kept = sorted(p.name for p in store.folder.iterdir() if "unreadable" in p.name)
    assert len(kept) == 2
    texts = sorted((store.folder / name).read_text() for name in kept)
    assert texts == sorted(['{"format": "cardtable-save", "ver', "not json at all"])
    assert store.read("autosave").log == game.log == store.read("Friday").log
    slots = {s.name: s for s in store.slots()}
    assert all(slots[name.removesuffix(".cardtable.json")].error for name in kept)
    game.act(choose_action(game.rules, game.state, game.rules.to_move(game.state), random.Random(0)))
    assert len([p for p in store.folder.iterdir() if "unreadable" in p.name]) == 2  # checked once
