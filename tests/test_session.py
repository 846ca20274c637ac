"""Games in progress: autosave/resume round trips, fair undo, and saves of changed variants."""

import random
from pathlib import Path

import pytest
from conftest import VARIANT_IDS, builtin
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine.bots import fill, random_action
from cardtable.saves import SaveError, SaveStore, dumps, loads
from cardtable.session import GameSession, visible_cards
from cardtable.variant import load_variant_text

SMALL = {"hands": 2}  # the hand limit every betting variant has: games stay short


def _seats(n, humans=1):
    return [{"name": f"P{i}", "kind": "human" if i < humans else "bot"} for i in range(n)]


def _options(variant):
    declared = variant.sections.get("options", {})
    return {k: v for k, v in SMALL.items() if k in declared}


def _session(variant, seed, humans=1, store=None):
    n = max(variant.min_players, min(3, variant.max_players))
    return GameSession(variant, _seats(n, humans), seed, _options(variant), store)


def _move(game, rng):
    """A random legal decision for whoever is to move (random, not a computer player's thinking:
    these tests are about saving and undoing, and stay fast), seldom a fold or an all-in so that
    hands last a few rounds."""
    seat = game.to_move()
    view = game.view(seat)
    calm = [t for t in view["legal"] if t["type"] not in ("fold", "all_in")]
    if calm and rng.random() < 0.9:
        return fill(game.rules, view, rng.choice(calm), rng)
    return random_action(game.rules, game.full_state_for_tests(), seat, rng)


def _play(session, moves, rng):
    for _ in range(moves):
        if session.to_move() is None:
            return
        session.act(_move(session, rng))


def test_the_option_keys_exist():
    """SMALL names an option every betting variant declares (else the games are not short)."""
    betting = [builtin(vid) for vid in VARIANT_IDS if "betting" in builtin(vid).sections]
    assert betting and all(_options(v) == SMALL for v in betting)
    game = _session(builtin("texas_holdem"), 1)
    assert game.options["hands"] == 2


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
    saved = store.read(game.slot) if moves and game.log else game.saved()
    assert loads(dumps(saved)) == saved
    public = game.view(None)
    assert saved.summary["hand"] == public["hand_number"] and saved.summary["over"] == public["over"]
    again = GameSession.resume(saved, variant)
    assert again.full_state_for_tests() == game.full_state_for_tests()
    seat = game.to_move()
    if seat is not None:
        assert again.view(seat) == game.view(seat)
    rng = random.Random(seed + 1)
    for _ in range(10):  # the same actions lead both to the same states
        if game.to_move() is None:
            break
        action = _move(game, rng)
        game.act(action)
        again.act(action)
        assert again.full_state_for_tests() == game.full_state_for_tests()


@pytest.mark.parametrize("vid", VARIANT_IDS)
@pytest.mark.parametrize("seed", [3, 4])
def test_undo_is_fair(vid, seed):
    """Undo restores the exact earlier state, and is refused exactly when a seat has seen a card
    since (the only person at the table is seat 0: nobody else's decision is in the way)."""
    variant = builtin(vid)
    rng = random.Random(seed)
    game = _session(variant, seed, humans=1)
    done = refused = 0
    while game.to_move() is not None:
        seat = game.to_move()
        before = game.full_state_for_tests()
        seen_before = [visible_cards(game.view(s)) for s in range(len(game.seats))]
        action = _move(game, rng)
        game.act(action)
        if seat != 0:
            continue
        seen_now = [visible_cards(game.view(s)) for s in range(len(game.seats))]
        new_card_seen = any(not now <= then for now, then in zip(seen_now, seen_before))
        k = game.undo_point(0)
        assert (k is None) == new_card_seen
        assert game.undo_refusal(0) == ("cards were revealed since" if new_card_seen else None)
        if k is None:
            assert not game.undo(0)
            refused += 1
            continue
        assert k == len(before["log"])
        assert game.undo(0)
        assert game.full_state_for_tests() == before  # exactly where the person was, chance not re-rolled
        for s, seen in enumerate(seen_now):
            assert seen <= visible_cards(game.view(s))  # nothing to un-see
        game.act(action)
        done += 1
    assert done + refused > 0
    if "betting" in variant.sections:  # (in a placing game every move draws a card: never undone)
        assert done > 0


def test_undo_in_a_resumed_game(variants):
    """A resumed game (no earlier states kept) undoes to the same state as the game it came from."""
    variant = variants["texas_holdem"]
    game = _session(variant, 5)
    rng = random.Random(5)
    while game.to_move() != 0:
        game.act(_move(game, rng))
    game.act({"seat": 0, "type": "call"})
    again = GameSession.resume(game.saved(), variant)
    assert game.undo_point(0) == again.undo_point(0) is not None
    assert game.undo(0) and again.undo(0)
    assert again.full_state_for_tests() == game.full_state_for_tests()
    assert again.to_move() == 0


def test_undo_refuses_after_another_person_acts(variants):
    variant = variants["texas_holdem"]
    game = GameSession(variant, _seats(3, humans=3), 1, _options(variant))
    first = game.to_move()
    assert game.undo_refusal(first) == "nothing to take back yet"
    game.act({"seat": first, "type": "call"})  # pre-flop: nothing new is seen
    second = game.to_move()
    assert second is not None and second != first
    assert game.undo_point(first) is not None  # fair until someone else decides
    game.act({"seat": second, "type": "call"})
    assert game.undo_point(first) is None
    assert game.undo_refusal(first) == "another person has decided since"
    assert not game.undo(first)
    assert game.undo_point(second) is not None  # the second person may still take theirs back


def test_changed_variant(variants, tmp_path):
    variant = variants["texas_holdem"]
    game = _session(variant, 9)
    _play(game, 15, random.Random(9))
    saved = game.saved()
    # the same rules with a comment added: the digest differs, the log is still legal
    edited = load_variant_text(Path(variant.path).read_text() + "\n# edited\n", variant.path)
    with pytest.raises(SaveError, match="still legal"):
        GameSession.resume(saved, edited)
    assert GameSession.resume(saved, edited, accept_changed=True).log == game.log
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
    game.slot = "autosave"  # a game playing on in the one autosave of older versions
    game.act(_move(game, random.Random(0)))
    game.save_as("Friday")
    kept = sorted(p.name for p in store.folder.iterdir() if "unreadable" in p.name)
    assert len(kept) == 2
    texts = sorted((store.folder / name).read_text() for name in kept)
    assert texts == sorted(['{"format": "cardtable-save", "ver', "not json at all"])
    assert store.read("autosave").log == game.log == store.read("Friday").log
    slots = {s.name: s for s in store.slots()}
    assert all(slots[name.removesuffix(".cardtable.json")].error for name in kept)
    game.act(_move(game, random.Random(0)))
    assert len([p for p in store.folder.iterdir() if "unreadable" in p.name]) == 2  # checked once
