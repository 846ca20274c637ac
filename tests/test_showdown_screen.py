"""The public showdown and the end screen, through the headless driver (issue 13).

Two people at one screen call and check every bet, so every hand reaches a showdown; folding
at once makes a hand uncontested. The frames' manifests say what everyone saw."""

import pygame
import pytest
from input_events import key, lift_curtain

from cardtable.app.headless import start
from cardtable.app.table import TableScene


def regions(app):
    return {r["name"] for r in app.manifest()["regions"]}


def play_until(app, stop, fold=False, frames=400):
    """Lift curtains and let whoever is to move call or check (or fold), until `stop()`."""
    table = app.scene
    for _ in range(frames):
        if stop():
            return
        m = app.manifest()
        if m["curtain"]:
            lift_curtain(app)
            continue
        types = {t["type"] for t in table.view()["legal"]}
        if m["viewer"] is None or not types:
            app.step([], dt=0.05)  # a computer player thinking
        elif fold and "fold" in types:
            app.step([key(pygame.K_f)])
        else:
            app.step([key(pygame.K_c if "call" in types else pygame.K_k)])
    raise AssertionError("the game never got there")


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))


def test_the_showdown_is_public_and_waits_for_continue():
    app = start("texas_holdem", players=["Ann", "Bob"], seed=3, options={"hands": 2})
    table = app.scene
    session = table.session
    play_until(app, lambda: table.showdown is not None)
    m = app.manifest()
    assert m["viewer"] is None and not m["curtain"] and "showdown" in regions(app)
    record = session.view(None)["last_hand"]
    assert record["hand"] == 1 and len(record["shown"]) == 2
    for hand in record["shown"]:  # every shown card face up in its seat's row, nothing else
        drawn = sorted(c["id"] for c in m["cards"] if c["where"] == f"showdown:{hand['seat']}")
        assert drawn == sorted(hand["cards"])
    assert all(c["face_up"] and c["where"].startswith("showdown:") for c in m["cards"])
    texts = [t["text"] for t in m["texts"]]
    assert any(" beats " in t or " against " in t or t.startswith("Split pot") for t in texts)
    show = table.showdown
    assert sum(show.before) == sum(show.after)  # chips only change hands
    for hand in record["shown"]:
        if hand["won"] > 0 and len(record["winners"]) == 1:
            assert show.after[hand["seat"]] > show.before[hand["seat"]]
    decisions = len(session.decisions())
    for _ in range(20):  # it stays: no curtain, no decision, until someone presses Continue
        app.step([], dt=0.5)
        assert "showdown" in regions(app) and not app.manifest()["curtain"]
    app.step([key(pygame.K_k)])  # a key of the game's does not reach it
    assert len(session.decisions()) == decisions and table.showdown is not None
    app.step([key(pygame.K_SPACE)])
    m = app.manifest()
    assert m["curtain"] and "showdown" not in regions(app)  # the next person's curtain, after it


def _showdown_with_a_computer_to_move():
    """A game (seed searched here) whose first showdown leaves a computer player to move next."""
    for seed in range(1, 40):
        app = start("texas_holdem", players=["Ann", "bot", "bot"], seed=seed, options={"hands": 2})
        table = app.scene
        table.bot_delay = 0.0
        play_until(app, lambda t=table: t.showdown is not None or t.session.is_over(), frames=2000)
        to_move = table.session.to_move()
        if table.showdown is not None and to_move is not None and to_move != 0:
            return app
    raise AssertionError("no seed gives a showdown with a computer player to move next")


def test_computer_players_wait_while_the_showdown_is_up():
    app = _showdown_with_a_computer_to_move()
    table = app.scene
    session = table.session
    decisions = len(session.decisions())
    for _ in range(30):
        app.step([], dt=0.5)
    assert len(session.decisions()) == decisions and app.manifest()["viewer"] is None
    app.step([key(pygame.K_RETURN)])
    play_until(app, lambda: len(session.decisions()) > decisions)  # then the game goes on


def test_a_hand_won_uncontested_is_not_shown():
    app = start("texas_holdem", players=["Ann", "Bob"], seed=3, options={"hands": 2})
    table = app.scene
    session = table.session
    seen = []

    def hand_over():
        seen.append(table.showdown is not None or "showdown" in regions(app))
        return session.view(None)["last_hand"] is not None

    play_until(app, hand_over, fold=True)
    assert not session.view(None)["last_hand"]["showdown"]
    app.step([], dt=0.05)
    assert not any(seen) and table.showdown is None and "showdown" not in regions(app)


def test_the_end_screen_names_the_winner_and_plays_again():
    app = start("texas_holdem", players=["Ann", "Bob", "bot:Cy"], seed=5, options={"hands": 1})
    table = app.scene
    table.bot_delay = 0.0
    session = table.session
    play_until(app, lambda: session.is_over())
    if table.showdown is not None:
        app.step([key(pygame.K_SPACE)])
    m = app.manifest()
    assert m["viewer"] is None and not m["curtain"] and "finale" in regions(app)
    view = session.view(None)
    names = [view["seats"][s]["name"] for s in view["result"]["winners"]]
    texts = [t["text"] for t in m["texts"]]
    assert any(t.startswith(names[0]) and ("wins the game" in t or "share" in t) for t in texts)
    assert sum(view["hands_won"]) >= 1
    assert not any(c["face_up"] for c in m["cards"])  # standings only: no cards at all
    app.step([key(pygame.K_RETURN)])  # Play again
    again = app.scene
    assert isinstance(again, TableScene) and again is not table
    assert [(s["name"], s["kind"]) for s in again.session.seats] == [
        (s["name"], s["kind"]) for s in session.seats
    ]
    assert again.session.options == session.options and not again.session.decisions()


def test_the_end_screen_opens_the_new_game_screen_it_came_from():
    """A game started from the New game screen offers "New game" (key N) at its end, and so does
    the game its Play again starts."""
    from cardtable.app.launch import start_game
    from cardtable.app.new_game import NewGameScene

    app = start("texas_holdem", players=["Ann", "bot"], seed=1)
    variant = app.scene.rules.variant
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Cy", "kind": "bot"}]
    table = start_game(app, variant, seats, 2, {"hands": 1}, new_game=lambda: NewGameScene(app, variant))
    app.replace(table)
    table.bot_delay = 0.0
    play_until(app, lambda: table.session.is_over())
    if table.showdown is not None:
        app.step([key(pygame.K_SPACE)])
    texts = [t["text"] for t in app.manifest()["texts"]]
    assert {"Play again  [Enter]", "New game  [N]", "Menu  [M]"} <= set(texts)
    app.step([key(pygame.K_RETURN)])
    assert set(app.scene.next_games) == {"Play again", "New game"}
    app.replace(table)
    app.step([key(pygame.K_n)])
    assert isinstance(app.scene, NewGameScene) and app.scene.variant is variant
