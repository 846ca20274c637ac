"""A hosted table and its players on 127.0.0.1, driven step by step from the test's thread.

Nothing here sleeps or reads the wall clock: every wait is for a message (a queue, an event) with
a generous timeout that only matters when something is broken. Every message the host sends is
checked as it is sent: its views are exactly the host's views of that seat, and no card id in it
is beyond what the seat may know (net/leakcheck.py, against the public view and the seat's own
cards worked out here from the full state).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine.bots.randomly import fill
from cardtable.net import leakcheck
from cardtable.net.client import RemoteSession, connect
from cardtable.net.host import HostedTable
from cardtable.session import GameSession

WAIT = 30.0  # seconds: reached only when something is broken


class FakeClock:
    """The host's clock for the away wait: moved by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def checker(host: HostedTable, seen: list[tuple[int, str]], leaky: Callable[[dict], dict] | None = None):
    """The host's observer: every message checked as it is sent (and kept in `seen`)."""
    session = host.session
    rules = session.rules
    # what anybody may know, worked out once per state (the host sends each seat an update of the
    # same state in turn; a session's state is never changed in place, so `is` tells a new one)
    public: list[Any] = [None, set()]

    def observe(seat: int, text: str) -> None:
        seen.append((seat, text))
        msg = json.loads(text)
        if msg["type"] != "update":
            return
        state = session.full_state_for_tests()
        if public[0] is not state:
            public[:] = [state, leakcheck.seat_may_know(rules, state, None)]
        allowed = public[1] | leakcheck.own_cards(rules, state, seat)
        found = leakcheck.leaks(msg, allowed)
        assert not found, f"seat {seat} was sent hidden cards {sorted(found)[:5]}"
        mine = dict(rules.view(state, seat))
        del mine["log"]
        assert msg["view"] == json.loads(json.dumps(mine)), "the update is not the seat's view"

    return observe


class Table:
    """A hosted game with remote seats and their RemoteSessions."""

    def __init__(
        self,
        session: GameSession,
        remote: Sequence[int],
        clock: FakeClock | None = None,
        away_wait: float = 5.0,
        port: int = 0,
        check: bool = True,
    ) -> None:
        self.session = session
        self.clock = clock or FakeClock()
        self.host = HostedTable.start(
            session,
            remote,
            host="127.0.0.1",
            port=port,
            away_wait=away_wait,
            away_level="easy",
            clock=self.clock,
        )
        self.seen: list[tuple[int, str]] = []
        if check:
            self.host.observe = checker(self.host, self.seen)
        self.players: dict[int, RemoteSession] = {}
        for seat, link in self.host.links.items():
            self.players[seat] = connect(link, retry=lambda n: 0.0)
        for seat in self.players:
            self.sync(seat)

    def sync(self, seat: int) -> RemoteSession:
        """Until `seat`'s player holds the last update the host sent it."""
        player = self.players[seat]
        for _ in range(1000):
            self.host.pump()
            current = player.run_taken == self.host.run and player.seq_taken >= self.host.last_seq(seat) > 0
            if self.host.is_here(seat) and player.ready and current:
                return player
            player.pump(wait=0.05) or self.host.pump(wait=0.05)
        raise AssertionError(f"seat {seat} never caught up ({player.state}: {player.reason})")

    def remote_turn(self, seat: int, rng: random.Random) -> None:
        """The player at `seat` decides from its own view (a random legal choice) and the host takes it."""
        player = self.sync(seat)
        view = player.view(seat)
        template = rng.choice(view["legal"])
        action = fill(player.rules, view, template, rng)
        assert player.check(action) is None, player.check(action)
        before = len(self.session.log)
        player.act(action)
        for _ in range(1000):
            if len(self.session.log) > before:
                return
            self.host.pump(wait=WAIT / 1000)
        raise AssertionError(f"the host never took seat {seat}'s decision {action}")

    def local_turn(self, seat: int, rng: random.Random) -> None:
        from cardtable.engine.bots.randomly import random_action

        self.host.act(random_action(self.session.rules, self.session.full_state_for_tests(), seat, rng))

    def drop(self, seat: int) -> None:
        """Cut `seat`'s connection as a network failure would; it comes back by itself."""
        player = self.players[seat]
        welcomes, rules = player.welcomes, player.rules
        player.drop()
        for _ in range(3000):
            if player.welcomes > welcomes:
                break
            self.host.pump(wait=WAIT / 3000)
        else:
            raise AssertionError("the dropped player never came back")
        self.sync(seat)
        assert player.rules is rules, "a rejoin to the same game loaded its variant again"

    def play(self, rng: random.Random, steps: int, drops: dict[int, int] | None = None) -> int:
        """Up to `steps` decisions (remote seats through their players); `drops`: at decision i,
        drop that seat's connection. The decisions made."""
        drops = drops or {}
        for i in range(steps):
            if i in drops:
                self.drop(drops[i])
            self.host.pump()
            seat = self.session.to_move()
            if seat is None:
                return i
            if seat in self.players:
                self.remote_turn(seat, rng)
            else:
                self.local_turn(seat, rng)
        return steps

    def restart(self) -> None:
        """The host's program ends and starts again: the game resumed from its save and hosted
        again, on the port it had; its players (still trying) come back with the same links."""
        from cardtable.net.host import HostedTable

        links, port, slot, store = (
            dict(self.host.links),
            self.host.port,
            self.session.slot,
            self.session.store,
        )
        assert store is not None
        self.host.stop()
        self.session.close()
        resumed = GameSession.resume(store.read(slot), self.session.variant, store)
        assert resumed.log == self.session.log
        # no port given: the one the game was hosted on, which the links name
        again = HostedTable.start(resumed, None, host="127.0.0.1", clock=self.clock)
        assert again.port == port and again.links == links
        if self.host.observe is not None:
            again.observe = checker(again, self.seen)
        self.host, self.session = again, resumed
        for seat in self.players:
            self.sync(seat)

    def caught_up(self) -> None:
        for seat, player in self.players.items():
            self.sync(seat)
            assert player.view(seat)["log"] == self.session.view(seat)["log"], "the talk differs"
            public = {k: v for k, v in self.session.view(None).items() if k != "log"}
            assert {k: v for k, v in player.view(None).items() if k != "log"} == public

    def close(self) -> None:
        for player in self.players.values():
            player.close()
        self.host.stop()


def messages(seen: list[tuple[int, str]], kind: str) -> list[dict[str, Any]]:
    return [m for _, text in seen if (m := json.loads(text))["type"] == kind]
