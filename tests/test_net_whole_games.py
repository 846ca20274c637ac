"""The issue's trial, in one process on 127.0.0.1: Texas Hold'em and the 12,000-card game played
to their end by a host with a computer player and two remote players, one of whom drops and
rejoins twice, while the host restarts mid-hand; no message carries a hidden card (net_helpers
checks each as it is sent) and the final log replays to the same game."""

from __future__ import annotations

import random

import pytest
from net_helpers import Table

from cardtable.catalog import resolve
from cardtable.saves import SaveStore
from cardtable.session import GameSession

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}, {"name": "Cy", "kind": "bot"}]


@pytest.mark.parametrize("variant_id, hands", [("texas_holdem", 3), ("infinite_poker", 1)])
def test_a_whole_game_with_drops_and_a_host_restart(variant_id, hands, tmp_path):
    variant = resolve(variant_id)
    session = GameSession(variant, SEATS, 13, {"hands": hands}, SaveStore(tmp_path))
    table = Table(session, [0, 1])
    rng = random.Random(13)  # (a game of some length: random play often ends it at the first all-in)
    restarted = False
    try:
        table.drop(0)
        for _ in range(2000):
            if table.session.is_over():
                break
            if not restarted and len(table.session.log) > 6 and table.session.view(None)["phase"] is not None:
                table.restart()  # mid-hand
                restarted = True
                table.drop(0)
            table.play(rng, 1)
        assert table.session.is_over() and restarted
        table.caught_up()
    finally:
        table.close()
    done = table.session
    replayed = done.rules.replay(done.seats, done.seed, done.options, list(done.log))
    assert replayed["log"] == done.log
    assert done.rules.view(replayed, None) | {"log": []} == done.rules.view(
        done.full_state_for_tests(), None
    ) | {"log": []}
    assert any(a.get("seat") == 0 for a in done.log) and any(a.get("seat") == 1 for a in done.log)
