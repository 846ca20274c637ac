"""The generic suite: random and bot playouts of every playable variant, with conservation,
legality and privacy checked after every action, replay from the log, and every line of every
seat's table talk (and the public one) read as a sentence (test_log_sentences.py's rule)."""

from __future__ import annotations

import json

import pytest
from conftest import VARIANT_IDS
from engine_helpers import playout, sentence_problem, snapshot

from cardtable.engine import Rules
from cardtable.engine.trail import json_default


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_random_playouts_keep_every_invariant(variants, vid):
    rules = Rules(variants[vid])
    v = variants[vid]
    heavy = v.deck.size > 1000
    games = 2 if heavy else 30
    for seed in range(games):
        players = v.min_players + seed % (min(v.max_players, 5) - v.min_players + 1)
        st = playout(rules, seed, players, bot=False, check_every=25 if heavy else 1)
        assert st["over"] and st["result"]["winners"]
        json.dumps(st, default=json_default)
        for seat in [None, *range(players)]:
            for line in rules.view(st, seat)["log"]:
                assert sentence_problem(line) is None, (seat, line, sentence_problem(line))
        again = rules.replay(
            [{"name": s["name"], "kind": s["kind"]} for s in st["seats"]],
            st["seed"],
            st["options"],
            st["log"],
        )
        assert again == st


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_bot_playouts_end(variants, vid):
    """Computer players (the cheap level: legal, sensible play is all this needs) finish a match."""
    rules = Rules(variants[vid])
    heavy = variants[vid].deck.size > 1000
    for seed in range(1 if heavy else 3):
        st = playout(rules, 100 + seed, 3, bot=True, check_every=40 if heavy else 1)
        assert st["over"]


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_apply_never_changes_a_state_it_was_given_nor_an_earlier_one(variants, vid):
    """`apply` returns a new state and leaves every earlier state of the game as it was, even
    though states share their log's entries (a log entry is final once written): each state's
    whole content (pickled: key order too, a tenth of JSON's cost on the 12,000-card deck) is
    taken when it is made and compared with the state at the end of a random game."""
    import random

    from cardtable.engine.bots import random_action

    rules = Rules(variants[vid])
    v = variants[vid]
    rng = random.Random(vid)
    states: list[tuple[dict, bytes]] = []
    want = 40 if v.deck.size > 1000 else 120
    for seed in range(50):  # random games end early (a fold): as many as it takes
        st = rules.new_game([{"name": f"P{i}", "kind": "bot"} for i in range(v.min_players)], seed, {})
        while not rules.is_over(st) and len(states) < want:
            states.append((st, snapshot(st)))
            st = rules.apply(st, random_action(rules, st, rules.to_move(st), rng))
        if len(states) >= want:
            break
    assert len(states) == want
    for i, (old, made) in enumerate(states):
        assert snapshot(old) == made, f"state {i} changed after it was made"
