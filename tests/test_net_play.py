"""Network play on 127.0.0.1: every variant and example played by a host and remote players,
with forced drops and rejoins where hypothesis chooses; every message checked (net_helpers)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_helpers import options_for
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import Table

from cardtable.catalog import loaded
from cardtable.session import GameSession

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "variants" / "examples").glob("*.yaml"))
STEPS = 40  # decisions per game: a hand or two


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(
    seed=st.integers(0, 2**32),
    # at decision i, seat s's connection is cut (at least once, early enough for a short game)
    drops=st.dictionaries(st.integers(0, 12), st.sampled_from([0, 1]), min_size=1, max_size=2),
)
def test_every_variant_plays_over_the_network(path, seed, drops):
    variant = _load(path)
    rules_opts = options_for(_rules(variant))
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    if variant.max_players >= 3:
        seats.append({"name": "Computer", "kind": "bot"})
    session = GameSession(variant, seats, seed, rules_opts)
    table = Table(session, [0, 1])
    try:
        table.play(random.Random(seed), STEPS, drops)
        assert sum(p.welcomes for p in table.players.values()) > 2 or session.is_over()  # rejoined
        table.caught_up()
    finally:
        table.close()
    assert len(table.seen) >= 2
    # the final log replays to the same game
    again = session.rules.replay(session.seats, session.seed, session.options, list(session.log))
    assert session.rules.view(again, None) == session.rules.view(session.full_state_for_tests(), None)


def _load(path):
    return loaded(path)  # one per file for the run: a variant is never changed


def _rules(variant):
    from cardtable.engine import Rules

    return Rules(variant)
