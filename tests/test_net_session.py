"""Network play's promises one at a time, on 127.0.0.1: a wrong token is refused, a second
connection replaces the first, an away seat is played by a computer player and comes back to the
talk it missed, a restarted host accepts the same links, and the checker catches a leaking host."""

from __future__ import annotations

import json
import random

import pytest
from net_helpers import WAIT, FakeClock, Table

from cardtable.catalog import resolve
from cardtable.engine.view import view as view_with
from cardtable.net import leakcheck
from cardtable.net.client import connect
from cardtable.net.protocol import new_token
from cardtable.saves import SaveStore
from cardtable.session import GameSession

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}, {"name": "Cy", "kind": "bot"}]


@pytest.fixture(scope="module")
def holdem():
    return resolve("texas_holdem")


def _table(holdem, store=None, **kw) -> Table:
    return Table(GameSession(holdem, SEATS, 7, {"hands": 3}, store), [0, 1], **kw)


def test_a_wrong_token_is_refused(holdem):
    table = _table(holdem)
    try:
        stranger = connect(f"ws://127.0.0.1:{table.host.port}/#{new_token()}", retry=lambda n: 0.0)
        assert stranger.ended.wait(WAIT)
        assert stranger.state == "refused"
        assert "not for this table" in stranger.reason
        assert not stranger.ready
        table.host.pump()
        assert table.host.presence() == ["here", "here", "local"]
    finally:
        table.close()


def test_bad_input_gets_one_clear_error(holdem):
    from websockets.sync.client import connect as raw_connect

    table = _table(holdem)
    try:
        with raw_connect(f"ws://127.0.0.1:{table.host.port}/", proxy=None) as ws:
            ws.send("{not json")
            reply = json.loads(ws.recv(timeout=WAIT))
        assert reply["type"] == "error" and reply["fatal"]
        assert reply["text"] == "a message that is not JSON text"
    finally:
        table.close()


def test_a_second_connection_replaces_the_first(holdem):
    table = _table(holdem)
    try:
        first = table.players[0]
        second = connect(table.host.links[0], retry=lambda n: 0.0)
        assert first.ended.wait(WAIT)
        assert first.state == "replaced"
        table.players[0] = second
        table.play(random.Random(3), 6)  # the game goes on with the newer connection
        table.caught_up()
        assert table.host.presence()[0] == "here"
    finally:
        table.close()


def test_away_then_played_by_the_computer_then_back(holdem):
    clock = FakeClock()
    table = _table(holdem, clock=clock, away_wait=5.0)
    session, host = table.session, table.host
    rng = random.Random(1)
    try:
        ann, bob = table.players[0], table.players[1]
        ann.disconnect()
        for _ in range(1000):
            if host.presence()[0] == "away":
                break
            host.pump(wait=WAIT / 1000)
        assert host.presence() == ["away", "here", "local"]
        table.sync(1)
        for _ in range(100):
            if bob.presence[:1] == ["away"]:
                break
            bob.pump(wait=WAIT / 100)
        assert bob.presence == ["away", "here", "local"]  # everyone is told
        # play on until it is the away seat's turn: the game waits for it
        while session.to_move() != 0:
            seat = session.to_move()
            table.remote_turn(seat, rng) if seat == 1 else table.local_turn(seat, rng)
            host.pump()
        before = len(session.log)
        for _ in range(50):
            host.pump()
        assert len(session.log) == before, "the away seat's turn did not wait"
        clock.now += 5.0  # the host's wait is over: its computer player plays the seat
        for _ in range(10_000):
            if len(session.log) > before:
                break
            host.pump()
        assert session.log[before]["seat"] == 0
        # talk the away seat missed, then back with the same link
        for _ in range(10):
            seat = session.to_move()
            if seat is None:
                break
            if seat == 0:
                n = len(session.log)
                while len(session.log) == n:
                    host.pump()
            elif seat == 1:
                table.remote_turn(1, rng)
            else:
                table.local_turn(seat, rng)
        missed = len(session.view(0)["log"]) - len(ann.view(0)["log"])
        ann.reconnect()
        table.sync(0)
        assert missed > 0
        assert ann.view(0)["log"] == session.view(0)["log"]
        assert host.presence()[0] == "here"
        # back: the game waits for Ann again
        if session.to_move() == 0:
            n = len(session.log)
            clock.now += 100
            for _ in range(50):
                host.pump()
            assert len(session.log) == n
    finally:
        table.close()


def test_a_restarted_host_accepts_the_same_links(holdem, tmp_path):
    store = SaveStore(tmp_path)
    table = _table(holdem, store=store)
    rng = random.Random(5)
    try:
        table.play(rng, 5)
        saved_text = store.path(table.session.slot).read_text()
        for token in (link.rpartition("#")[2] for link in table.host.links.values()):
            assert token not in saved_text  # sealed, never in the clear
        table.restart()
        table.play(rng, 10)
        table.caught_up()
        resumed = table.session
        replayed = resumed.rules.replay(resumed.seats, resumed.seed, resumed.options, list(resumed.log))
        assert replayed["log"] == resumed.log  # the final log replays to the same game
        assert resumed.rules.view(replayed, None)["zones"] == resumed.view(None)["zones"]
    finally:
        table.close()


def test_the_checker_catches_a_leaking_host(holdem):
    """A host that sends each seat every card (the view of a finished replay that shows all)."""
    table = _table(holdem, check=False)
    host, session = table.host, table.session
    rules = session.rules
    caught: list[int] = []
    honest: list[int] = []

    def leaking(seat, presence):
        msg = type(host).update_for(host, seat, presence)
        state = session.full_state_for_tests()
        allowed = leakcheck.seat_may_know(rules, state, seat)
        honest.append(len(leakcheck.leaks(msg, allowed)))
        everything = set(range(rules.variant.deck.size))
        leaked = dict(view_with(rules, state, seat, everything))  # every card shown as if revealed
        del leaked["log"]
        msg["view"] = json.loads(json.dumps(leaked))
        caught.append(len(leakcheck.leaks(msg, allowed)))
        return msg

    host.update_for = leaking
    try:
        table.play(random.Random(2), 12)
    finally:
        table.close()
    assert caught and not any(honest)
    assert sum(1 for n in caught if n) >= len(caught) // 2, caught  # (every update once cards are dealt)
    print(f"caught {sum(1 for n in caught if n)} of {len(caught)} leaking updates")


def test_decisions_are_checked_by_the_host_and_taken_once(holdem):
    """The same decision sent twice is taken once; another seat's decision and an illegal one are
    refused with the engine's own sentence; the game is unchanged by either."""
    from websockets.sync.client import connect as raw_connect

    from cardtable.net.protocol import encode

    table = _table(holdem)
    session, host = table.session, table.host
    rng = random.Random(8)
    try:
        while session.to_move() != 0:
            seat = session.to_move()
            table.remote_turn(seat, rng) if seat == 1 else table.local_turn(seat, rng)
        table.players[0].close()  # this test speaks for seat 0 itself
        with raw_connect(f"ws://127.0.0.1:{host.port}/", proxy=None) as ws:
            token = host.links[0].rpartition("#")[2]
            ws.send(encode({"type": "hello", "token": token, "last_seq": 0, "run": ""}))
            assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"

            def reply(kind: str) -> dict:
                for _ in range(1000):
                    host.pump(wait=0.01)
                    try:
                        msg = json.loads(ws.recv(timeout=0.01))
                    except TimeoutError:
                        continue
                    if msg["type"] == kind:
                        return msg
                raise AssertionError(f"no {kind}")

            view = reply("update")["view"]
            legal = view["legal"][0]
            action = {"seat": 0, "type": legal["type"]}
            if "min" in legal:
                action["amount"] = legal["min"]
            for wrong, words in (
                ({**action, "seat": 1}, "your own seat"),
                ({"seat": 0, "type": "dance"}, None),
            ):
                ws.send(encode({"type": "act", "seq": 1 if words else 2, "action": wrong}))
                before = len(session.log)
                said = reply("error")
                assert len(session.log) == before
                expected = words or session.check(wrong)
                assert expected and expected.lower() in said["text"].lower()
            before = len(session.log)
            for _ in range(2):  # the same decision twice (sent again after a doubt): taken once
                ws.send(encode({"type": "act", "seq": 3, "action": action}))
            while reply("update")["acked"] != 3:
                pass
            for _ in range(20):
                host.pump(wait=0.01)
            assert len(session.log) == before + 1
            assert [a for a in session.log[before:] if a.get("seat") == 0] == [action]
    finally:
        table.close()


def test_a_remote_seat_takes_back_its_decision_when_fair(holdem):
    table = _table(holdem)
    session = table.session
    rng = random.Random(4)
    try:
        while session.to_move() not in (0, 1):
            table.local_turn(session.to_move(), rng)
        seat = session.to_move()
        before = len(session.log)
        table.remote_turn(seat, rng)
        player = table.sync(seat)
        assert player.undo_refusal(seat) is None
        assert player.undo(seat)
        for _ in range(1000):
            if len(session.log) == before:
                break
            table.host.pump(wait=0.01)
        assert len(session.log) == before
        table.caught_up()  # the talk taken back is gone from the player's screen too
    finally:
        table.close()


def test_a_player_checks_what_it_can_from_its_view(holdem):
    table = _table(holdem)
    session = table.session
    rng = random.Random(6)
    try:
        while session.to_move() not in (0, 1):
            table.local_turn(session.to_move(), rng)
        seat = session.to_move()
        me, other = table.sync(seat), table.sync(1 - seat)
        assert other.check({"seat": 1 - seat, "type": "fold"}) == "it is not your turn"
        assert me.check({"seat": 1 - seat, "type": "fold"}) == "you can only decide for your own seat"
        assert me.check({"seat": seat, "type": "dance"}) == "that is not one of your choices now"
        sized = [t for t in me.view(seat)["legal"] if "max" in t]
        assert sized, "a betting decision offers an amount"
        t = sized[0]
        assert me.check({"seat": seat, "type": t["type"], "amount": t["max"] + 1}).startswith(
            "the amount must be"
        )
        assert (
            session.check({"seat": seat, "type": t["type"], "amount": t["max"] + 1}) is not None
        )  # (the host agrees)
        me.act({"seat": seat, "type": t["type"], "amount": t["min"]})
        assert me.check({"seat": seat, "type": t["type"], "amount": t["min"]}) == (
            "waiting for the host to take your last decision"
        )
    finally:
        table.close()
