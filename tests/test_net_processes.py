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
        remote.act(fill(remote.rules, view, rng.choice(view["legal"]), rng))
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


def test_the_host_and_join_commands(monkeypatch, capsys):
    """`cardtable host` prints the links and opens the window on the hosted table; `cardtable join`
    with a link opens it on a RemoteSession once the first view is in (the window itself replaced)."""
    import threading

    from cardtable import cli
    from cardtable.app import main
    from cardtable.net.client import RemoteSession
    from cardtable.net.host import HostedTable

    opened: list[object] = []
    joined: list[int] = []

    def window(table_session=None, **_):
        opened.append(table_session)
        if isinstance(table_session, HostedTable):  # a friend joins while the host's window is open
            link = table_session.links[1]
            friend = threading.Thread(target=lambda: joined.append(cli.main(["join", link])))
            friend.start()
            while friend.is_alive():
                table_session.pump(wait=0.05)
        else:
            assert isinstance(table_session, RemoteSession) and table_session.ready
            assert table_session.seat == 1 and table_session.view(1)["seat"] == 1
        return 0

    monkeypatch.setattr(main, "run_app", window)
    argv = ["host", "texas_holdem", "--players", "You,Bob", "--bind", "127.0.0.1", "--away-wait", "5"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "Bob: cardtable join ws://127.0.0.1:" in out
    assert joined == [0] and [type(s).__name__ for s in opened] == ["HostedTable", "RemoteSession"]
    # hosted again from its save: the same link
    link = out.split("Bob: cardtable join ")[1].split()[0]
    slot = out.split("cardtable host --resume ")[1].split("`")[0]
    monkeypatch.setattr(main, "run_app", lambda table_session=None, **_: 0)
    assert cli.main(["host", "--resume", slot, "--bind", "127.0.0.1"]) == 0
    again = capsys.readouterr().out
    assert f"Bob: cardtable join {link.rpartition(':')[0]}" in again  # (another port: any free one)
    assert link.rpartition("#")[2] in again
