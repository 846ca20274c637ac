"""A misclick can be taken back: for a moment after a person's decision (until the next person
looks, anybody else decides, or a computer player replies) the next person's curtain offers
"Undo my last move" (its button, and Ctrl+Z), which goes back to the person who made it, behind a
curtain of their own. Nobody sees anything new meanwhile: once a computer player has replied,
undo is refused, and the curtain says why. Peek mode has the same grace."""

import pygame
import pytest
from input_events import click, key, keyup, lift_curtain

from cardtable.app.headless import start
from cardtable.app.table.input import PEEK_KEY

pytestmark = pytest.mark.usefixtures("fresh_user")

CTRL_Z = key(pygame.K_z, mod=pygame.KMOD_CTRL)


def texts(app):
    return [t["text"] for t in app.manifest()["texts"]]


def text_centre(app, start):
    x, y, w, h = next(t["rect"] for t in app.manifest()["texts"] if t["text"].startswith(start))
    return (x + w // 2, y + h // 2)


def hole_cards_up(m):
    return [c for c in m["cards"] if c["face_up"] and c["where"].startswith("hand:")]


def ann_calls(players, privacy="curtain"):
    """Texas: Ann (first to act) lifts her curtain and calls; the frame after it."""
    app = start("texas_holdem", players=players, seed=4, size=(1280, 720), autosave=False, privacy=privacy)
    table = app.scene
    if privacy == "curtain":
        lift_curtain(app)
    ann = table.session.to_move()
    assert table.session.view(None)["seats"][ann]["name"] == "Ann"
    app.step([key(pygame.K_c)], dt=0.5)
    return app, ann


@pytest.mark.parametrize("how", ["ctrl+z", "button"])
def test_the_next_persons_curtain_takes_a_misclick_back(how):
    app, ann = ann_calls(["Ann", "Bob"])
    table, session = app.scene, app.scene.session
    bob = session.to_move()
    assert app.manifest()["curtain"] and bob != ann
    assert "Undo my last move  [Ctrl+Z]" in texts(app)
    assert "Ann: a misclick? Take it back before Bob looks." in texts(app)
    decisions = len(session.decisions())
    app.step([CTRL_Z] if how == "ctrl+z" else [], dt=0.5)
    if how == "button":
        app.step([click(text_centre(app, "Undo my last move"))])
    m = app.manifest()
    assert len(session.decisions()) == decisions - 1 and session.to_move() == ann
    assert m["curtain"] and m["viewer"] is None and "Pass the screen to Ann" in texts(app)
    assert "Your last decision was taken back." in texts(app)
    lift_curtain(app)  # Ann, at the screen again, decides again
    m = app.manifest()
    assert m["viewer"] == ann and any(c.key == pygame.K_c for c in table.controls)


def test_once_the_next_person_looks_undo_is_theirs():
    app, ann = ann_calls(["Ann", "Bob"])
    session = app.scene.session
    bob = session.to_move()
    lift_curtain(app)  # Bob lifts his curtain: he sees the table after Ann's call
    assert app.manifest()["viewer"] == bob
    decisions = len(session.decisions())
    app.step([CTRL_Z])
    assert len(session.decisions()) == decisions and app.scene.message == (
        "Undo is not possible: nothing to take back yet."
    )


def test_undo_is_refused_with_its_reason_once_a_computer_player_has_replied():
    app, ann = ann_calls(["Ann", "bot", "Bob"])
    table, session = app.scene, app.scene.session
    for _ in range(200):  # the computer player replies; then the curtain rises for Bob
        if app.manifest()["curtain"]:
            break
        app.step([], dt=0.1)
    assert app.manifest()["curtain"] and session.to_move() not in (ann, None)
    replies = session.decisions()
    assert session.seats[replies[-1]["seat"]]["kind"] == "bot"
    assert "No undo: a computer player has replied since." in texts(app)
    app.step([CTRL_Z])
    app.step([click(text_centre(app, "Undo my last move"))], dt=0.5)
    m = app.manifest()
    assert session.decisions() == replies and m["curtain"] and m["viewer"] is None
    assert "Undo is not possible: a computer player has replied since." in texts(app)
    assert table.curtain_for() == session.to_move()


def test_undo_before_the_computer_replies_never_shows_the_reply():
    """Ctrl+Z while the computer player thinks: Ann's call is taken back and the reply never made."""
    app, ann = ann_calls(["Ann", "bot", "Bob"])
    session = app.scene.session
    decisions = len(session.decisions())
    app.step([CTRL_Z], dt=0.1)
    assert len(session.decisions()) == decisions - 1 and session.to_move() == ann
    for _ in range(20):
        app.step([], dt=0.1)
    assert len(session.decisions()) == decisions - 1  # nobody replied to what was taken back


def test_peek_mode_has_the_same_grace():
    """Peek mode: after Ann's call, Ctrl+Z takes it back (it does not answer about Bob, who has
    decided nothing); once Bob looks, Ctrl+Z is his."""
    app, ann = ann_calls(["Ann", "Bob"], privacy="peek")
    table, session = app.scene, app.scene.session
    bob = session.to_move()
    assert bob != ann and app.manifest()["viewer"] is None
    assert any(c.label == "Undo last move" and c.enabled for c in table.controls)
    decisions = len(session.decisions())
    app.step([CTRL_Z])
    assert len(session.decisions()) == decisions - 1 and session.to_move() == ann
    assert table.message == "Your last decision was taken back."
    m = app.manifest()
    assert m["viewer"] is None and not hole_cards_up(m)
    app.step([key(pygame.K_c)])  # Ann calls again; Bob looks
    app.step([key(PEEK_KEY)])
    assert app.manifest()["viewer"] == bob
    app.step([keyup(PEEK_KEY)])
    app.step([CTRL_Z])
    assert len(session.decisions()) == decisions and table.message == (
        "Undo is not possible: nothing to take back yet."
    )
