"""The viewer's own cards that only they see carry a mark at the table, so a stud player can tell
their hole cards from the up cards everyone sees (issue 19). Checked on the frame manifest:
a card is drawn `private` exactly when it lies in the viewer's hand and the public view (what
everyone sees, from the engine, never from the frame) does not show it."""

from pathlib import Path

import pygame
import pytest

from cardtable.app.headless import start
from cardtable.session import visible_cards

STUD = Path(__file__).resolve().parent.parent / "variants" / "examples" / "seven_card_stud.yaml"
KEYS = {"check": pygame.K_k, "call": pygame.K_c, "bring_in": pygame.K_i}


pytestmark = pytest.mark.usefixtures("fresh_user")


def check_marks(m, session):
    """Every card of the frame: marked private exactly when it is the viewer's and hidden from
    the others. Returns how many of each the viewer's hand held."""
    public = visible_cards(session.view(None))
    counts = {True: 0, False: 0}
    for c in m["cards"]:
        mine = m["viewer"] is not None and c["where"] == f"hand:{m['viewer']}" and c["face_up"]
        hidden = mine and c["id"] not in public
        assert c["private"] == hidden, (c, m["viewer"])
        if mine:
            counts[hidden] += 1
    return counts


def play(variant, size, frames=120):
    """One person against two computer players for one hand, every frame checked; the most
    cards of each kind the person's hand showed at once."""
    app = start(variant, players=["Ann", "bot", "bot"], seed=4, size=size, options={"hands": 1})
    session = app.scene.session
    most = {True: 0, False: 0}
    for _ in range(frames):
        if session.is_over():
            break
        m = app.manifest()
        for kind, n in check_marks(m, session).items():
            most[kind] = max(most[kind], n)
        events = []
        if session.to_move() == 0 and m["viewer"] == 0:
            legal = {t["type"] for t in session.view(0)["legal"]}
            kind = next(k for k in KEYS if k in legal)
            events = [pygame.event.Event(pygame.KEYDOWN, key=KEYS[kind], mod=0, unicode="")]
        elif any(r["name"] == "showdown" for r in m["regions"]):
            events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")]
        app.step(events, dt=0.5)
    return most


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_stud_hole_cards_are_marked_and_up_cards_are_not(size):
    most = play(str(STUD), size)
    assert most[True] >= 2 and most[False] >= 1  # both kinds were on screen at once


def test_every_card_of_a_hold_em_hand_is_marked():
    most = play("texas_holdem", (1280, 720), frames=40)
    assert most[True] == 2 and most[False] == 0


def test_the_mark_says_what_it_means_when_pointed_at():
    app = start(str(STUD), players=["Ann", "bot", "bot"], seed=4, size=(1280, 720), options={"hands": 1})
    m = app.manifest()
    x, y, w, h = next(c for c in m["cards"] if c["private"])["rect"]
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 8, y + h - 8), rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(3):
        app.step([motion], dt=0.5)
    assert "Only you see this card: the others see its back" in [t["text"] for t in app.manifest()["texts"]]
