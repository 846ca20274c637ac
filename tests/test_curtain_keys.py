"""A curtain lifts only on purpose. A key held down (the keyboard repeating it) never lifts the
next person's curtain: the person who acted with Space or Enter and kept the key down a moment too
long must not see the next person's cards. Nor do the taps of somebody hurrying the computer
players with Space, at any rhythm quicker than one a second, however long they go on, nor the
second click of a double-click. Enter pressed afresh, a click on the curtain's button once it has
settled, or Space after a pause lift it."""

import pygame
import pytest
from input_events import Keyboard, lift_curtain

from cardtable.app.headless import start
from cardtable.app.table.curtain_guard import QUIET

LIFT = (pygame.K_SPACE, pygame.K_RETURN)


pytestmark = pytest.mark.usefixtures("fresh_user")


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
            lift_curtain(app)
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
    keyboard.down.clear()  # let go, then after a pause with no key a fresh press lifts it
    app.step([pygame.event.Event(pygame.KEYUP, key=held.key, mod=0, unicode="")])
    app.step([], dt=QUIET)
    app.step(press(pygame.K_SPACE))
    m = app.manifest()
    assert not m["curtain"] and m["viewer"] == session.to_move() != person


def lift_button(app):
    """Where the curtain's own button is: its words' centre."""
    x, y, w, h = next(t["rect"] for t in app.manifest()["texts"] if t["text"].startswith("I am "))
    return (x + w // 2, y + h // 2)


def clicks(at):
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1),
    ]


def test_a_double_click_on_a_button_does_not_lift_the_next_persons_curtain():
    """The second click of a double-click on Call lands on the curtain the first one raised: it is
    not the next person asking to see their cards. A click beside the curtain's button never
    lifts it; a click on it a moment later does."""
    app = start("texas_holdem", players=["Ann", "Bob"], seed=4, autosave=False)
    table = app.scene
    lift_curtain(app)  # the first person lifts their curtain
    person = app.manifest()["viewer"]
    assert person is not None
    button = next(t for t in app.manifest()["texts"] if t["text"].startswith(("Call", "Check")))
    x, y, w, h = button["rect"]
    click = clicks((x + w // 2, y + h // 2))
    app.step(click)
    assert app.manifest()["curtain"] and table.session.to_move() != person
    app.step(clicks(lift_button(app)), dt=0.15)  # the second click of the double-click, on its button
    assert app.manifest()["curtain"], "a double-click lifted the next person's curtain"
    app.step([], dt=0.5)
    app.step(click)  # beside the button: nobody asked for it
    assert app.manifest()["curtain"], "a click beside the curtain's button lifted it"
    app.step(clicks(lift_button(app)))  # the next person, on the button
    m = app.manifest()
    assert not m["curtain"] and m["viewer"] == table.session.to_move() != person


def until_a_computer_moves_before_a_person(app):
    """Calls until a computer player is to move with a person after it (the curtain for the first
    person lifted with Enter)."""
    table, session = app.scene, app.scene.session
    for _ in range(300):
        m = app.manifest()
        if m["curtain"]:
            app.step(press(pygame.K_RETURN), dt=0.5)
            continue
        if table.asked() is None and session.to_move() is not None:
            return
        calls = [c for c in table.controls if c.enabled and c.key in (pygame.K_c, pygame.K_k)]
        app.step(press(calls[0].key) if calls else [], dt=0.05)
    pytest.fail("no computer player's turn")


@pytest.mark.parametrize("every", [0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.75, 0.9, 0.99 * QUIET])
def test_no_rhythm_of_hurrying_taps_lifts_the_curtain_that_follows(every):
    """Space hurries computer players; the hurrying person taps on at their rhythm after the
    curtain rises for the next person, for 8 s: however quick or slow (up to one tap a QUIET),
    no tap lifts it. After a pause the next person's Space does; Enter would at once."""
    app = start("texas_holdem", players=["Ann", "bot", "Bob"], seed=11, size=(800, 600), autosave=False)
    session = app.scene.session
    until_a_computer_moves_before_a_person(app)
    clock = risen = 0.0
    while clock < 8.0 or not risen:  # tap Space through the computer's turn and long after
        app.step(press(pygame.K_SPACE), dt=every)
        clock += every
        m = app.manifest()
        risen = risen or (m["curtain"] and clock)
        assert not (risen and m["viewer"] is not None), f"a tap every {every} s lifted the curtain"
        assert clock < 60, "no curtain rose"
    app.step([], dt=QUIET)
    app.step(press(pygame.K_SPACE))
    assert not app.manifest()["curtain"] and app.manifest()["viewer"] == session.to_move()


def test_enter_lifts_the_curtain_while_space_is_still_being_tapped():
    """Taps run on, and the next person presses Enter: it lifts the curtain at once."""
    app = start("texas_holdem", players=["Ann", "bot", "Bob"], seed=11, size=(800, 600), autosave=False)
    session = app.scene.session
    until_a_computer_moves_before_a_person(app)
    for _ in range(200):
        app.step(press(pygame.K_SPACE), dt=0.3)
        if app.manifest()["curtain"]:
            break
    app.step(press(pygame.K_SPACE), dt=0.3)
    app.step(press(pygame.K_SPACE), dt=0.3)
    assert app.manifest()["curtain"]
    app.step(press(pygame.K_RETURN), dt=0.1)
    assert not app.manifest()["curtain"] and app.manifest()["viewer"] == session.to_move()


def test_a_double_press_of_enter_does_not_lift_the_curtain_its_first_half_raised():
    """Enter on the showdown's Continue, pressed twice: the second press lands on the next
    person's curtain, which everyone is still looking at. It stays; Enter a moment later lifts it."""
    app = start("texas_holdem", players=["Ann", "Bob"], seed=4, size=(800, 600), autosave=False)
    table, session = app.scene, app.scene.session
    for _ in range(400):  # check or call (fold nothing) to the showdown
        if table.showdown is not None:
            break
        if app.manifest()["curtain"]:
            app.step([], dt=0.5)
            app.step(press(pygame.K_RETURN))
            continue
        calls = [c for c in table.controls if c.enabled and c.key in (pygame.K_c, pygame.K_k)]
        app.step(press(calls[0].key) if calls else [], dt=0.1)
    assert table.showdown is not None
    app.step([], dt=1.0)
    app.step(press(pygame.K_RETURN) + press(pygame.K_RETURN), dt=0.1)  # Continue, and its tail at once
    assert app.manifest()["curtain"], "the tail of a double Enter on Continue lifted the curtain"
    app.step([], dt=0.5)
    app.step(press(pygame.K_RETURN))
    assert not app.manifest()["curtain"] and app.manifest()["viewer"] == session.to_move()
