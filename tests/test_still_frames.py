"""A still table keeps its frame (app/table/still.py): every frame it keeps must be the frame a
fresh paint would draw, pixel for pixel and in its manifest.

Random games of every variant (variants/ and variants/examples/), people and a computer player,
in curtain or peek mode, driven through the headless driver by a restless person: the pointer
moved and clicked anywhere and on cards, keys for the bar, the cards, the arrows, the panel, the
rules, peeking and undo, the curtain lifted, and time let pass in short and long frames (the
seat's glow, speech bubbles fading, cards gliding in, messages that go by themselves). After each
frame the table kept, the same frame is painted afresh and the two compared."""

import random
import sys

import pygame
import pytest
from conftest import VARIANT_IDS, VARIANTS, builtin
from input_events import Keyboard, key, keyup, mouse

from cardtable.app import frame
from cardtable.app.headless import start
from cardtable.engine.bots.randomly import calm

ALL_VARIANTS = VARIANT_IDS + [f"examples/{p.stem}" for p in sorted((VARIANTS / "examples").glob("*.yaml"))]
STEPS = 90  # frames per game: past a few decisions of people and the computer player
KEYS = [
    pygame.K_f,
    pygame.K_k,
    pygame.K_c,
    pygame.K_b,
    pygame.K_w,
    pygame.K_p,
    pygame.K_1,
    pygame.K_2,
    pygame.K_LEFT,
    pygame.K_UP,
    pygame.K_TAB,
    pygame.K_l,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_e,
    pygame.K_t,
]


def fresh_frame(app):
    """The frame the table would paint now, afresh: (pixels, manifest)."""
    frame.begin(app.surface, "table")
    app.scene.paint(app.surface)
    record = frame.end()
    return pixels(app.surface), record.as_dict()


def pixels(surface):
    """The window's memory as it is (a copy of its bytes: a sixteenth of the time converting it
    to RGB takes); compare two with `same_colours`."""
    return surface.get_buffer().raw


def same_colours(a, b, surface):
    """Whether two copies of `surface`'s memory hold the same colours: the same bytes, or the
    same bytes of red, green and blue (a 32-bit window's fourth byte holds no colour)."""
    if a == b:
        return True
    step = surface.get_bytesize()
    at = [
        shift // 8 if sys.byteorder == "little" else step - 1 - shift // 8 for shift in surface.get_shifts()
    ]
    return all(a[i::step] == b[i::step] for i, mask in zip(at, surface.get_masks()) if mask)


def restless(rng, app, keyboard):
    """One frame's events from a restless person at the screen, and its length in seconds."""
    table = app.scene
    m = app.manifest()
    width, height = app.surface.get_size()
    cards = [c["rect"] for c in m["cards"]]
    buttons = [t["rect"] for t in m["texts"] if t["text"].startswith(("I am", "Got it"))]
    if m["curtain"] and rng.random() < 0.3:  # the next person lifts it (after its first moment)
        return [key(pygame.K_RETURN), keyup(pygame.K_RETURN)], 0.5
    roll = rng.random()
    if roll < 0.3:
        return [], rng.choice((0.05, 0.2, 0.5, 1.5))
    if roll < 0.55:
        rect = rng.choice(cards + buttons) if (cards or buttons) and rng.random() < 0.7 else None
        pos = (
            (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)
            if rect
            else (rng.randrange(width), rng.randrange(height))
        )
        events = [mouse(pygame.MOUSEMOTION, pos)]
        if rng.random() < 0.4:
            events += [
                mouse(pygame.MOUSEBUTTONDOWN, pos, rng.choice((1, 3))),
                mouse(pygame.MOUSEBUTTONUP, pos),
            ]
        return events, 0.05
    if roll < 0.65:
        held = pygame.K_h in keyboard.down
        return [keyup(pygame.K_h) if held else key(pygame.K_h)], 0.05
    if roll < 0.7:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)))], 0.05
    if roll < 0.75:
        return [key(pygame.K_z, mod=pygame.KMOD_CTRL), keyup(pygame.K_z)], 0.05
    seat = table.asked()
    if roll < 0.85 and seat is not None:
        # (a calm random choice: what is decided is not under test, the frames are)
        assert table.act(calm(table.session.rules, table.session.view(seat), rng)), table.message
        return [], 0.05
    k = rng.choice(KEYS)
    return [key(k), keyup(k)], 0.05


@pytest.mark.parametrize("vid", ALL_VARIANTS)
def test_a_kept_frame_is_the_frame_painted_afresh(vid, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    rng = random.Random(vid)
    variant = builtin(vid)
    players = ["Ann", "Bob", "bot-easy"][: max(2, min(3, variant.max_players))]
    options = {
        k: v
        for k, v in {"hands": 2, "called_shot": False}.items()
        if k in variant.sections.get("options", {})
    }
    keyboard = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", keyboard)
    privacy = rng.choice(("curtain", "peek"))
    app = start(
        variant, players=players, seed=5, size=(960, 600), options=options, privacy=privacy, autosave=False
    )
    table = app.scene
    compared = 0
    for _ in range(STEPS):
        if table.session.is_over():
            break
        events, dt = restless(rng, app, keyboard)
        keyboard.feel(events)
        kept = table.still.kept
        app.step(events, dt)
        if app.scene is not table:  # a button opened another screen: back
            app.step([key(pygame.K_ESCAPE), keyup(pygame.K_ESCAPE)])
            continue
        if table.still.kept > kept:
            shown = pixels(app.surface), app.manifest()
            again = fresh_frame(app)
            assert shown[1] == again[1], f"{vid}: a kept frame's manifest is not the fresh frame's"
            assert same_colours(shown[0], again[0], app.surface), (
                f"{vid}: a kept frame's pixels are not the fresh frame's"
            )
            compared += 1
    pygame.display.quit()
    assert compared > 0, f"{vid}: no frame was kept"


def test_a_window_made_again_is_painted_again(tmp_path, monkeypatch):
    """Full screen or a resize makes the window's surface again, holding none of the kept frame:
    the next frame is painted, not kept."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("texas_holdem", players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
    table = app.scene
    for _ in range(3):  # no time passes: nothing changes
        app.step([], dt=0.0)
    shown = pygame.image.tobytes(app.surface, "RGB")
    assert table.still.kept > 0
    kept = table.still.kept
    app.surface.fill((0, 0, 0))  # what a new window holds
    app.resized()  # (as App.toggle_fullscreen and a resize do)
    app.step([], dt=0.0)
    assert table.still.kept == kept
    assert pygame.image.tobytes(app.surface, "RGB") == shown
    pygame.display.quit()


def test_the_glow_breathes_and_is_kept_between_breaths(tmp_path, monkeypatch):
    """The glow round the seat to move swells and shrinks (two widths, a second each): over a few
    seconds of a person thinking, the frames show it wide and narrow in turn, and the frames
    between its changes are kept rather than painted again."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("texas_holdem", players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
    table = app.scene
    for _ in range(40):  # the deal glides in, the computer player may move: until Ann is asked
        if table.asked() == 0 and table.still.kept:
            break
        app.step([], dt=0.1)
    assert table.asked() == 0
    widths, kept = [], table.still.kept
    for _ in range(40):  # four seconds in tenths
        app.step([], dt=0.1)
        widths.append(table.anim.pulse())
    changes = sum(a != b for a, b in zip(widths, widths[1:]))
    assert len(set(widths)) == 2 and 3 <= changes <= 4, widths
    assert table.still.kept - kept >= 40 - 2 * (changes + 1), (table.still.kept - kept, changes)
    pygame.display.quit()


def test_what_painting_writes_is_settled_first_and_a_change_is_still_painted(tmp_path, monkeypatch):
    """Painting a frame writes into the table (who is at the screen, the bet slider's amount kept
    within its ends, the hand line read): written before the frame is keyed (settle.py), the next
    frame with nothing changed is kept, not painted a second time. A change after it (the bet
    nudged with the arrow key) is painted, and shows the new amount."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("texas_holdem", players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
    table = app.scene
    for _ in range(40):  # the deal glides in, the computer player may move: until Ann is asked
        app.step([], dt=0.5)
        if table.asked() == 0:
            break
    assert table.asked() == 0
    app.step([], dt=0.5)  # (cards dealt have landed)
    table.choices.amount = 0  # as a new decision starts: below the slider's least
    app.step([], dt=0.0)  # painted (the amount changed), the slider keeps it within its ends
    lo, hi = table.slider[1], table.slider[2]
    assert table.choices.amount == lo < hi
    kept = table.still.kept
    app.step([], dt=0.0)
    assert table.still.kept == kept + 1, "the frame after the one that settled the slider was painted again"
    before = pygame.image.tobytes(app.surface, "RGB")
    labels = [t["text"] for t in app.manifest()["texts"]]
    app.step([key(pygame.K_UP), keyup(pygame.K_UP)], dt=0.0)  # the bet a blind up
    assert table.still.kept == kept + 1 and table.choices.amount > lo
    assert pygame.image.tobytes(app.surface, "RGB") != before
    assert [t["text"] for t in app.manifest()["texts"]] != labels  # the bet button says the new amount
    pygame.display.quit()


def test_a_pointer_moving_over_nothing_keeps_the_frame_and_onto_a_button_shows_its_tip(tmp_path, monkeypatch):
    """What the pointer shows is the tooltip of the place under it: moving within the bare felt
    keeps the frame; moving onto a button paints its tooltip, and back off it takes it away."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("texas_holdem", players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
    table = app.scene
    for _ in range(40):  # until Ann is asked and her frame is kept
        app.step([], dt=0.5)
        if table.asked() == 0 and table.still.kept:
            break
    assert table.asked() == 0
    tips = [rect for rect, _ in table.canvas.tips]
    felt = next(
        (x, y)
        for x in range(20, 600, 20)
        for y in range(60, 300, 20)
        if not any(r.collidepoint((x, y)) for r in tips)
        and not any(h.rect.collidepoint((x, y)) for h in table.hits)
    )
    app.step([mouse(pygame.MOUSEMOTION, felt)], dt=0.0)
    kept, texts = table.still.kept, app.manifest()["texts"]
    app.step([mouse(pygame.MOUSEMOTION, (felt[0] + 3, felt[1] + 2))], dt=0.0)
    assert table.still.kept == kept + 1 and app.manifest()["texts"] == texts
    button = next(rect for rect, words in table.canvas.tips if "How to play" in words)
    app.step([mouse(pygame.MOUSEMOTION, button.center)], dt=0.0)
    assert table.still.kept == kept + 1  # painted: the tip shows
    assert any("How to play" in t["text"] for t in app.manifest()["texts"])
    app.step([mouse(pygame.MOUSEMOTION, felt)], dt=0.0)
    assert table.still.kept == kept + 1 and app.manifest()["texts"] == texts
    pygame.display.quit()


def test_a_scroll_past_the_logs_first_line_is_painted_once_and_kept(tmp_path, monkeypatch):
    """The wheel over the side panel scrolls the log back no further than its first line: a turn
    of the wheel there is painted as the first line's frame once, and the next frame is kept (and
    is the frame a fresh paint draws)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("texas_holdem", players=["Ann", "bot"], seed=1, size=(1280, 720), autosave=False)
    table = app.scene
    for _ in range(40):  # until Ann is asked: the log holds the deal and the blinds
        app.step([], dt=0.5)
        if table.asked() == 0:
            break
    x, y, w, h = table.log_area
    app.step([mouse(pygame.MOUSEMOTION, (x + w // 2, y + h // 2))], dt=0.0)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)
    for _ in range(20):  # back to the first line, and on: the panel stays there
        app.step([wheel], dt=0.0)
    first, shown = pygame.image.tobytes(app.surface, "RGB"), pixels(app.surface)
    kept = table.still.kept
    app.step([wheel], dt=0.0)  # past the first line again: painted, as it was
    app.step([], dt=0.0)
    assert table.still.kept == kept + 1, "the frame after a scroll past the first line was painted again"
    assert pygame.image.tobytes(app.surface, "RGB") == first
    assert same_colours(fresh_frame(app)[0], shown, app.surface)
    pygame.display.quit()
