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


MEANING = "Only you see this card: the others see its back"


def check_marks(m, session, tips):
    """Every card of the frame: `private` in the manifest exactly when it is the viewer's and
    hidden from the others; the mark drawn (its tip given) on those cards only when the viewer's
    hand mixes them with cards everyone sees, and on none otherwise. Returns how many of each the
    viewer's hand held, and whether the marks were drawn."""
    public = visible_cards(session.view(None))
    counts = {True: 0, False: 0}
    for c in m["cards"]:
        mine = m["viewer"] is not None and c["where"] == f"hand:{m['viewer']}" and c["face_up"]
        hidden = mine and c["id"] not in public
        assert c["private"] == hidden, (c, m["viewer"])
        if mine:
            counts[hidden] += 1
    marks = sum(words == MEANING for _, words in tips)
    mixed = counts[True] > 0 and counts[False] > 0
    assert marks == (counts[True] if mixed else 0), (marks, counts)
    return counts, marks > 0


def play(variant, size, frames=120):
    """One person against two computer players for one hand, every frame checked; the most
    cards of each kind the person's hand showed at once."""
    app = start(variant, players=["Ann", "bot", "bot"], seed=4, size=size, options={"hands": 1})
    session = app.scene.session
    most = {True: 0, False: 0, "marked": False}
    for _ in range(frames):
        if session.is_over():
            break
        m = app.manifest()
        counts, marked = check_marks(m, session, app.scene.canvas.tips)
        for kind, n in counts.items():
            most[kind] = max(most[kind], n)
        most["marked"] = most["marked"] or marked
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
    assert most[True] >= 2 and most[False] >= 1 and most["marked"]  # both kinds on screen at once


@pytest.mark.parametrize("vid", ["texas_holdem", "jacks_or_better"])
def test_a_hand_all_hidden_from_the_others_carries_no_mark(vid):
    """Hold'em's hole cards and a draw hand are all the viewer's own: the manifest still says
    `private` of each, but no mark is drawn, where it would only add noise."""
    path = vid if vid == "texas_holdem" else str(STUD.parent / f"{vid}.yaml")
    most = play(path, (1280, 720), frames=40)
    assert most[True] >= 2 and most[False] == 0 and not most["marked"]


def test_the_mark_says_what_it_means_when_pointed_at():
    app = start(str(STUD), players=["Ann", "bot", "bot"], seed=4, size=(1280, 720), options={"hands": 1})
    m = app.manifest()
    x, y, w, h = next(c for c in m["cards"] if c["private"])["rect"]
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 8, y + h - 8), rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(3):
        app.step([motion], dt=0.5)
    assert MEANING in [t["text"] for t in app.manifest()["texts"]]
