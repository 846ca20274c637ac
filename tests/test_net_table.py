"""The table scene on network play, headless: the host's window never puts up a curtain for a remote
seat nor plays it, and the joining window shows its own seat (no curtain) and sends decisions that
the host takes; neither frame shows a card its screen's person may not see."""

from __future__ import annotations

import random

import pytest
from net_helpers import Table

from cardtable.catalog import resolve
from cardtable.engine.bots.randomly import fill
from cardtable.net import leakcheck
from cardtable.session import GameSession

SEATS = [
    {"name": "Ann", "kind": "human"},
    {"name": "Bob", "kind": "human"},  # remote
    {"name": "Cy", "kind": "bot"},
    {"name": "Dee", "kind": "human"},
]


@pytest.fixture()
def apps():
    import pygame

    from cardtable.app.scene import App
    from cardtable.render import init_display

    host_app = App(init_display((1280, 720), headless=True))
    player_app = App(pygame.Surface((1280, 720)))
    return host_app, player_app


def _allowed(session: GameSession, seat: int | None) -> set[int]:
    """What a frame for `seat` (None: everyone) may show."""
    return leakcheck.seat_may_know(session.rules, session.full_state_for_tests(), seat)


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
        bob_turns = ann_turns = curtains = 0
        for _ in range(400):
            if session.is_over() or (bob_turns >= 2 and ann_turns >= 2):
                break
            host_app.step([], dt=0.05)
            shown = host_app.manifest()
            ids = {c["id"] for c in shown["cards"] if c["id"] is not None and c["id"] >= 0}
            assert ids <= _allowed(session, shown["viewer"])
            to_move = session.to_move()
            if host_scene.showdown is not None:  # a public screen, until someone presses Continue
                assert shown["viewer"] is None and not shown["curtain"]
                host_scene.continue_game()
            elif to_move == 1:
                before = len(session.log)
                for _ in range(5):  # the host's window waits for Bob, however long, with no curtain
                    host_app.step([], dt=5.0)
                    assert not host_app.manifest()["curtain"]
                said = [t["text"] for t in host_app.manifest()["texts"]]
                assert any(t.startswith("Waiting for Bob") for t in said), said  # not "thinking… Space"
                assert len(session.log) == before, "the host's window played the remote seat"
                table.sync(1)
                player_app.step([], dt=0.05)
                if bob_scene.showdown is not None:
                    bob_scene.continue_game()
                    player_app.step([], dt=0.05)
                frame = player_app.manifest()
                assert frame["viewer"] == 1 and not frame["curtain"]  # Bob's own screen: no curtain
                ids = {c["id"] for c in frame["cards"] if c["id"] is not None and c["id"] >= 0}
                assert ids <= _allowed(session, 1)
                assert bob_scene.asked() == 1
                view = bob.view(1)
                assert bob_scene.act(fill(bob.rules, view, rng.choice(view["legal"]), rng))
                for _ in range(1000):
                    if len(session.log) > before:
                        break
                    host.pump(wait=0.03)
                bob_turns += 1
            elif to_move in (0, 3) and host_scene.asked() == to_move:
                # the host's own people keep their curtains: up before each one's private view
                assert shown["curtain"] or shown["viewer"] == to_move
                if shown["curtain"]:
                    curtains += 1
                    host_scene.lift_curtain()
                view = host.view(to_move)
                host_scene.act(fill(session.rules, view, rng.choice(view["legal"]), rng))
                ann_turns += 1
            else:
                assert not shown["curtain"], "a curtain went up on the host's screen for nobody here"
            table.sync(1)
            player_app.step([], dt=0.05)
        assert bob_turns >= 1 and ann_turns >= 2 and curtains >= 1
        table.caught_up()
    finally:
        table.close()
