"""The generic suite: random and bot playouts of every playable variant, with conservation,
legality and privacy checked after every action, and replay from the log."""

from __future__ import annotations

import json

import pytest
from conftest import VARIANT_IDS
from engine_helpers import playout

from cardtable.engine import Rules


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
        json.dumps(st)
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
