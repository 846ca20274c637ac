"""Saves keep hidden decisions hidden: in the save of an unfinished game, a decision naming cards
that some seat could not see (a discard, an exchange, a placement kept face down) holds them sealed
with the installation's key, like the seed; the game resumed from it is the same game.

The judge here is the seats' views (what each seat saw just before and just after the decision),
not the verbs' names: every variant, random playouts, people and computer players. The same
unfinished games check that an autosave opens from its checkpoint as the same game."""

import json
import random

import pytest
from conftest import VARIANTS

from cardtable.catalog import loaded
from cardtable.engine.bots import random_action
from cardtable.saves import SaveStore, dumps, loads
from cardtable.saves.store import read_file
from cardtable.session import GameSession, visible_cards

ALL = sorted(VARIANTS.glob("*.yaml")) + sorted((VARIANTS / "examples").glob("*.yaml"))
SEATS = [
    {"name": "Ann", "kind": "human"},
    {"name": "Bob", "kind": "human"},
    {"name": "Cy", "kind": "bot"},
]
CARD_FIELDS = ("cards", "give", "card", "reveal")  # (the engine's Action fields typed Card)


def named(action):
    """The cards a decision names, by field."""
    out = {}
    for f in CARD_FIELDS:
        v = action.get(f)
        if isinstance(v, int) and not isinstance(v, bool):
            out[f] = [v]
        elif isinstance(v, list):
            out[f] = [c for c in v if isinstance(c, int)]
    return out


def seen_by_all(game, state):
    """The cards every seat's view shows (declared cards are named in the views too)."""
    views = [game.rules.view(state, s) for s in range(len(game.seats))]
    seen = [visible_cards(v) | {c for d in v["declared"] if d for c in d} for v in views]
    return set.intersection(*seen)


def playout(path, seed, store, moves=70):
    """An unfinished game after up to `moves` random decisions, and the hidden cards of each of
    its decisions (log index -> cards some seat could not see, before or after it)."""
    variant = loaded(path)  # one per file for the run: a variant is never changed
    rng = random.Random(seed)
    game = GameSession(
        variant, SEATS[: max(variant.min_players, min(3, variant.max_players))], seed, {}, store
    )
    hidden = {}
    known_before = seen_by_all(game, game.full_state_for_tests())
    for _ in range(moves):
        seat = game.to_move()
        if seat is None:
            break
        before = game.full_state_for_tests()
        action = random_action(game.rules, before, seat, rng)
        probe = game.rules.apply(before, action)
        if probe["over"]:
            break  # the save of a finished game may show everything: stop just before the end
        game.act(action)
        after = game.full_state_for_tests()
        cards = {c for cs in named(after["log"][len(before["log"])]).values() for c in cs}
        known_after = seen_by_all(game, after)  # (what is seen before the next decision, too)
        secret = cards - known_before - known_after
        if secret:
            hidden[len(before["log"])] = secret
        known_before = known_after
    return game, hidden


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_an_unfinished_games_save_names_no_hidden_card(path, tmp_path):
    store = SaveStore(tmp_path)
    found = 0
    for seed in (1, 2):
        game, hidden = playout(path, seed, store, moves=50)
        assert not game.is_over()
        found += len(hidden)
        # The autosave (a base holding a checkpoint, journal lines after it) opens as the same game
        # from its checkpoint as the whole log gives: test_saves_journal's subject, checked on these
        # games, which stop before their end in every variant (so there is a journal to read).
        autosaved = read_file(store.path(game.slot))
        assert autosaved.log == game.log and autosaved.checkpoint is not None
        resumed = GameSession.resume(autosaved, game.variant, store)
        assert resumed.full_state_for_tests() == game.full_state_for_tests()
        whole = GameSession(game.variant, game.seats, game.seed, game.options, log=game.log)
        assert whole.full_state_for_tests() == game.full_state_for_tests()
        # the file written whole (autosaves between add sealed journal lines: test_saves_journal)
        store.write(game.slot, game.saved())
        text = store.path(game.slot).read_text()
        written = json.loads(text)["log"]
        assert len(written) == len(game.log)
        for i, secret in hidden.items():
            entry = written[i]
            for field, cards in named(entry).items():
                assert not set(cards) & secret, f"{path.stem}: entry {i} shows {field}={cards}: {entry}"
            for f in CARD_FIELDS:
                assert f not in entry or not set(named({f: entry[f]}).get(f, [])) & secret
        # decisions everyone saw stay readable (the file is not sealed wholesale)
        for i, action in enumerate(game.log):
            if action.get("seat") is not None and i not in hidden and named(action):
                assert written[i] == action, f"{path.stem}: a public decision was sealed: {action}"
        saved = read_file(store.path(game.slot))
        assert saved.trusted and saved.log == game.log  # this installation reads them back
        again = GameSession.resume(saved, game.variant, store)
        assert again.full_state_for_tests() == game.full_state_for_tests()
        # ...and saves them sealed again, as they were
        again.autosave()
        assert json.loads(store.path(game.slot).read_text())["log"] == written
    if path.stem in ("sevendeck_poker", "jacks_or_better", "deuce_to_seven"):
        assert found, "a draw game's random playouts made no hidden decision: the test tests nothing"


def test_a_sealed_decision_opens_only_with_this_installations_key(variants, tmp_path):
    """Like the seed: another key cannot read it, and a finished game's save keeps it clear."""
    path = VARIANTS / "sevendeck_poker.yaml"
    game, hidden = next(
        (g, h) for s in range(1, 20) for g, h in [playout(path, s, SaveStore(tmp_path / str(s)))] if h
    )
    text = dumps(game.saved())
    assert loads(text).log == game.log
    from cardtable.saves import SaveError

    with pytest.raises(SaveError, match="another Cardtable installation"):
        loads(text, key=bytes(range(32)))
    # a changed sealed entry is recognised, never read as some other cards
    data = json.loads(text)
    i = next(iter(hidden))
    sealed = data["log"][i]
    assert set(sealed) - {"seat", "type"}, sealed
    key = next(k for k in sealed if k not in ("seat", "type"))
    data["log"][i][key] = "0" * len(str(sealed[key]))
    with pytest.raises(SaveError, match="sealed"):
        loads(json.dumps(data))


def test_words_about_a_save_that_stops_replaying_name_no_hidden_card(tmp_path, capsys):
    """When a hidden decision no longer replays (the rules changed, say), Load's reason and
    `cardtable replay` name the decision without its cards."""
    from cardtable.cli import main

    path = VARIANTS / "sevendeck_poker.yaml"
    store = SaveStore(tmp_path)
    game, hidden = next((g, h) for s in range(1, 20) for g, h in [playout(path, s, store)] if h)
    i = max(hidden)
    saved = game.saved()
    wrong = sorted(hidden[i])[:1] * 2  # the same card twice: refused, naming the entry
    saved.log = [*saved.log[:i], {**saved.log[i], "cards": wrong}]
    check = GameSession.check_saved(saved, game.variant)
    assert not check.ok and check.failed_at == i
    assert str(wrong) not in check.reason and "cards=?" in check.reason
    file = tmp_path / "stops.cardtable.json"
    file.write_text(dumps(saved))
    assert str(wrong) not in file.read_text()
    for args in (["replay", str(file)], ["replay", str(file), "--json"]):
        assert main(args) == 1
        out = capsys.readouterr()
        assert str(wrong) not in out.out + out.err
        assert "NOT VALID" in out.out or f'"failed_at": {i}' in out.out


def test_a_sealed_decisions_length_tells_how_many_cards_not_which():
    from cardtable.saves import seal

    key = bytes(range(32))
    lengths = {
        len(seal.seal_fields(key, "g", 4, fields))
        for fields in ({"cards": [3, 5]}, {"cards": [99_999, 12_345]}, {"cards": [0, 77]})
    }
    assert len(lengths) == 1
    assert seal.unseal_fields(key, "g", 4, seal.seal_fields(key, "g", 4, {"cards": [99_999, 7]})) == {
        "cards": [99_999, 7]
    }
    assert len(seal.seal_fields(key, "g", 4, {"cards": [1, 2, 3]})) > lengths.pop()
