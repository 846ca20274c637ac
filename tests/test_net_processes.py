"""Two programs over real sockets: this process hosts, another joins with the link and plays its
seat from its own view until the game ends; the talk it ends with is the host's for that seat."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from net_helpers import WAIT

from cardtable.catalog import resolve
from cardtable.session import GameSession

PLAYER = """
import json, random, sys
from cardtable.engine.bots.randomly import fill
from cardtable.engine.bots.seen import hand_cards
from cardtable.net.client import connect

remote = connect(sys.argv[1], retry=lambda n: 0.0)
rng = random.Random(3)
for _ in range(100_000):
    remote.pump(wait=0.05)
    if remote.ended.is_set() or (remote.ready and remote.is_over()):
        break
    seat = remote.seat
    if remote.ready and remote.to_move() == seat and not remote.pending():
        view = remote.view(seat)
        remote.act(fill(remote.rules, seat, rng.choice(view["legal"]), hand_cards(view), rng))
talk = remote.view(remote.seat)["log"] if remote.ready else []
print(json.dumps({"state": remote.state, "over": remote.is_over(), "talk": talk}))
remote.close()
"""


def test_a_second_process_plays_a_seat():
    session = GameSession(
        resolve("texas_holdem"),
        [{"name": "Ann", "kind": "bot"}, {"name": "Bob", "kind": "human"}],
        3,
        {"hands": 2},
    )
    from cardtable.engine.bots.randomly import random_action
    from cardtable.net.host import HostedTable

    host = HostedTable.start(session, [1], host="127.0.0.1")
    player = subprocess.Popen(
        [sys.executable, "-c", PLAYER, host.links[1]], stdout=subprocess.PIPE, text=True
    )
    rng = random.Random(9)
    try:
        for _ in range(100_000):
            host.pump(wait=0.05)
            if session.is_over():
                break
            if session.to_move() == 0:
                host.act(random_action(session.rules, session.full_state_for_tests(), 0, rng))
        out, _ = player.communicate(timeout=WAIT)
    finally:
        if player.poll() is None:
            player.kill()
        host.stop()
    assert session.is_over()
    result = json.loads(out)
    assert result["over"]
    assert result["talk"] == session.view(1)["log"]
    assert any(a.get("seat") == 1 for a in session.log), "the other process never decided"


def test_the_bench_counts_messages_and_bytes():
    from cardtable.bench import network

    (row,) = network.run(resolve("texas_holdem"), decisions=6, counts=(3,))
    assert row["remote_seats"] == 3 and row["actions"] == 6
    assert row["messages_per_action"] == 3.0  # one update per remote seat per action
    assert row["bytes_per_message"] > 500 and row["action_to_update_ms_median"] is not None
