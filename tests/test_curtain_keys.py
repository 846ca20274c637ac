"""A key held down (the keyboard repeating it) never lifts the next person's curtain: the person
who acted with Space or Enter and kept the key down a moment too long must not see the next
person's cards. Only a press that began while the curtain was up lifts it."""

import pygame
import pytest

from cardtable.app.headless import start

LIFT = (pygame.K_SPACE, pygame.K_RETURN)


pytestmark = pytest.mark.usefixtures("fresh_user")


class Keyboard:
    """The keys physically down, as pygame.key.get_pressed answers."""

    def __init__(self) -> None:
        self.down: set[int] = set()

    def __call__(self) -> "Keyboard":
        return self

    def __getitem__(self, key: int) -> bool:
        return key in self.down


def press(key: int) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""),
    ]


def test_a_held_key_does_not_lift_the_next_persons_curtain(monkeypatch):
    keyboard = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", keyboard)
    app = start(
        "infinite_poker", players=["Ann", "Bob"], seed=2, options={"called_shot": False}, autosave=False
    )
    table, session = app.scene, app.scene.session
    for _ in range(200):  # call or check until a person is asked for a decision bound to Space or Enter
        m = app.manifest()
        if m["curtain"]:
            app.step(press(pygame.K_SPACE))
            continue
        held = next((c for c in table.controls if c.enabled and c.key in LIFT), None)
        if held is not None and m["viewer"] is not None:
            break
        calls = [c for c in table.controls if c.enabled and c.key in (pygame.K_c, pygame.K_k)]
        app.step(press(calls[0].key) if calls else [], dt=0.2)
    else:
        pytest.fail("no decision bound to Space or Enter")
    person = m["viewer"]
    keyboard.down.add(held.key)  # the key goes down: it acts, and stays down
    app.step([pygame.event.Event(pygame.KEYDOWN, key=held.key, mod=0, unicode="")])
    curtains = 0
    for _ in range(40):  # the keyboard repeats the key while it is held
        app.step([pygame.event.Event(pygame.KEYDOWN, key=held.key, mod=0, unicode="")], dt=0.035)
        m = app.manifest()
        curtains += m["curtain"]
        assert m["viewer"] in (None, person), "a held key lifted another person's curtain"
    assert curtains, "the next decision was not another person's"
    keyboard.down.clear()  # let go, then a fresh press lifts it
    app.step([pygame.event.Event(pygame.KEYUP, key=held.key, mod=0, unicode="")])
    app.step(press(pygame.K_SPACE))
    m = app.manifest()
    assert not m["curtain"] and m["viewer"] == session.to_move() != person


def test_a_double_click_on_a_button_does_not_lift_the_next_persons_curtain():
    """The second click of a double-click on Call lands on the curtain the first one raised: it is
    not the next person asking to see their cards. A click a moment later lifts it."""
    app = start("texas_holdem", players=["Ann", "Bob"], seed=4, autosave=False)
    table = app.scene
    app.step(press(pygame.K_SPACE))  # the first person lifts their curtain
    person = app.manifest()["viewer"]
    assert person is not None
    button = next(t for t in app.manifest()["texts"] if t["text"].startswith(("Call", "Check")))
    x, y, w, h = button["rect"]
    click = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + w // 2, y + h // 2), button=1),
    ]
    app.step(click)
    assert app.manifest()["curtain"] and table.session.to_move() != person
    app.step(click, dt=0.15)  # the second click of the double-click
    assert app.manifest()["curtain"], "a double-click lifted the next person's curtain"
    app.step([], dt=0.5)
    app.step(click)  # the next person, a moment later
    m = app.manifest()
    assert not m["curtain"] and m["viewer"] == table.session.to_move() != person


def test_space_tapped_to_hurry_the_computer_does_not_lift_the_curtain_that_follows():
    """Space hurries computer players; taps that run on a moment after the curtain rises for the
    next person are the hurrying person's, not the next person's. A tap a moment later lifts it."""
    app = start("texas_holdem", players=["Ann", "bot", "Bob"], seed=11, autosave=False)
    table, session = app.scene, app.scene.session
    for _ in range(300):  # play calls until a computer player is to move before a person
        m = app.manifest()
        if m["curtain"]:
            app.step(press(pygame.K_SPACE), dt=0.5)
            continue
        if table.asked() is None and session.to_move() is not None:
            break
        calls = [c for c in table.controls if c.enabled and c.key in (pygame.K_c, pygame.K_k)]
        app.step(press(calls[0].key) if calls else [], dt=0.05)
    else:
        pytest.fail("no computer player's turn")
    taps = 0
    while not app.manifest()["curtain"] and taps < 200:  # tap Space until the curtain rises
        app.step(press(pygame.K_SPACE), dt=0.1)
        taps += 1
    assert app.manifest()["curtain"]
    app.step(press(pygame.K_SPACE), dt=0.1)  # the hurrying person's taps run on
    app.step(press(pygame.K_SPACE), dt=0.1)
    assert app.manifest()["curtain"], "a tap meant to hurry lifted the next person's curtain"
    app.step([], dt=0.5)
    app.step(press(pygame.K_SPACE))
    assert not app.manifest()["curtain"] and app.manifest()["viewer"] == session.to_move()
