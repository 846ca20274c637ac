"""The table scene on network play, headless: the host's window never puts up a curtain for a remote
seat nor plays it, and the joining window shows its own seat (no curtain) and sends decisions that
the host takes; neither frame shows a card its screen's person may not see."""

from __future__ import annotations

import random

import pytest
from net_helpers import Table

from cardtable.catalog import resolve
from cardtable.engine.bots.randomly import fill
from cardtable.engine.bots.seen import hand_cards
from cardtable.net import leakcheck
from cardtable.session import GameSession

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}, {"name": "Cy", "kind": "bot"}]


@pytest.fixture()
def apps():
    import pygame

    from cardtable.app.scene import App
    from cardtable.render import init_display

    host_app = App(init_display((1280, 720), headless=True))
    player_app = App(pygame.Surface((1280, 720)))
    return host_app, player_app


def _allowed(session: GameSession, seat: int) -> set[int]:
    rules, state = session.rules, session.full_state_for_tests()
    return leakcheck.may_know(rules.view(state, None), leakcheck.own_cards(rules, state, seat))


def test_host_and_joining_windows(apps):
    from cardtable.app.table import TableScene

    host_app, player_app = apps
    session = GameSession(resolve("texas_holdem"), SEATS, 11, {"hands": 2})
    table = Table(session, [1])  # Bob plays from another screen
    host, bob = table.host, table.players[1]
    rng = random.Random(4)
    try:
        host_scene = TableScene(host_app, host, bot_delay=0.0, privacy="curtain")
        host_app.push(host_scene)
        table.sync(1)
        bob_scene = TableScene(player_app, bob, bot_delay=0.0, privacy="curtain")
        player_app.push(bob_scene)
        bob_turns = ann_turns = 0
        for _ in range(400):
            if session.is_over() or (bob_turns >= 2 and ann_turns >= 1):
                break
            host_app.step([], dt=0.05)
            shown = host_app.manifest()
            assert not shown["curtain"], "a curtain went up on the host's screen"
            assert shown["viewer"] in (0, None)
            assert {c["id"] for c in shown["cards"] if c["id"] is not None and c["id"] >= 0} <= _allowed(
                session, 0
            )
            to_move = session.to_move()
            if to_move == 0 and host_scene.asked() == 0:
                view = host.view(0)
                host_scene.act(fill(session.rules, 0, rng.choice(view["legal"]), hand_cards(view), rng))
                ann_turns += 1
            elif to_move == 1:
                before = len(session.log)
                for _ in range(5):  # the host's window waits for Bob, however long
                    host_app.step([], dt=5.0)
                assert len(session.log) == before, "the host's window played the remote seat"
                table.sync(1)
                player_app.step([], dt=0.05)
                frame = player_app.manifest()
                assert frame["viewer"] == 1 and not frame["curtain"], (
                    bob_scene.showdown,
                    bob_scene.asked(),
                    bob_scene.humans(),
                    bob.to_move(),
                    bob_scene.finished,
                    bob.is_over(),
                    bob.seat,
                    bob.elsewhere,
                )
                ids = {c["id"] for c in frame["cards"] if c["id"] is not None and c["id"] >= 0}
                assert ids <= _allowed(session, 1)
                assert bob_scene.asked() == 1
                view = bob.view(1)
                assert bob_scene.act(fill(bob.rules, 1, rng.choice(view["legal"]), hand_cards(view), rng))
                for _ in range(1000):
                    if len(session.log) > before:
                        break
                    host.pump(wait=0.03)
                bob_turns += 1
            table.sync(1)
            player_app.step([], dt=0.05)
        assert bob_turns >= 1 and ann_turns >= 1
        table.caught_up()
    finally:
        table.close()
