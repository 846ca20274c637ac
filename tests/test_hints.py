"""First-game hints: one short hint the first time a person meets a kind of decision, gone once
they decide, switched off for good by "Hide hints" (remembered) and back on from How to play."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from input_events import key

from cardtable.app import settings as user_settings
from cardtable.app.headless import start
from cardtable.app.table.hints import MARGIN, clear_place

pytestmark = pytest.mark.usefixtures("fresh_user")


def texts(app) -> str:
    return " ".join(t["text"] for t in app.manifest()["texts"])


def to_ann(app, frames: int = 300) -> None:
    """Let the computer player move until Ann has a decision."""
    table = app.scene
    for _ in range(frames):
        if table.session.to_move() == 0 and table.controls:
            return
        app.step([], dt=0.5)
    raise AssertionError("Ann never had a decision")


def test_a_hint_the_first_time_only_then_switched_off_for_good():
    app = start("texas_holdem", players=["Ann", "bot"], seed=2, autosave=False)
    table = app.scene
    table.bot_delay = 0.0
    to_ann(app)
    assert "Hint" in texts(app) and "Betting:" in texts(app)
    app.step([key(pygame.K_c if any(t["type"] == "call" for t in table.view()["legal"]) else pygame.K_k)])
    to_ann(app)
    assert "Betting:" not in texts(app)  # the same kind of decision: no hint again
    assert (0, table.hints.seen.pop()[1]) and table.hints.enabled

    table.hints.seen.clear()  # as if new: the hint is back, and "Hide hints" turns them off
    app.step([], dt=0.0)
    off = next(h for h in reversed(table.hits) if h.kind == "button" and h.payload == table.hints.switch_off)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=off.rect.center)], dt=0.0)
    assert "Hint" not in texts(app) and user_settings.load()["hints"] is False
    assert start("texas_holdem", players=["Ann", "bot"], autosave=False).scene.hints.enabled is False

    page = start("texas_holdem", scene="howto")  # How to play switches them back on
    page.step([key(pygame.K_t)], dt=0.0)
    assert user_settings.load()["hints"] is True and "Hints: on  [T]" in texts(page)


def test_hints_say_nothing_of_anybody_s_cards():
    app = start("poker_clash", players=["Ann", "Bob"], seed=4, autosave=False)
    table = app.scene
    for _ in range(40):
        if app.manifest()["curtain"]:
            app.step([key(pygame.K_SPACE)])
            continue
        hint = table.hints.showing
        if hint is not None:
            deck = table.deck
            assert not any(deck.short(c) in hint[1] or deck.name(c) in hint[1] for c in range(deck.size))
        legal = {t["type"] for t in table.view()["legal"]}
        app.step([key(pygame.K_c if "call" in legal else pygame.K_k if "check" in legal else pygame.K_w)])


def hint_box(m: dict) -> list[int]:
    """The hint box's rect: its title, its lines and its buttons (drawn in that order)."""
    texts = m["texts"]
    marks = [i for i, t in enumerate(texts) if t["text"] in ("Hint", "Got it", "Hide hints")]
    assert len(marks) == 3, "no hint on show"
    rects = [t["rect"] for t in texts[marks[0] : marks[-1] + 1]]
    left, top = min(r[0] for r in rects) - 10, min(r[1] for r in rects) - 8
    right, bottom = max(r[0] + r[2] for r in rects) + 10, max(r[1] + r[3] for r in rects) + 8
    return [left, top, right - left, bottom - top]


def covered(a: list[int], b: list[int]) -> int:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0, w) * max(0, h)


@pytest.mark.parametrize("vid", ["poker_clash", "texas_holdem", "infinite_poker"])
def test_a_hint_over_a_folded_panel_leaves_the_pot_and_the_person_s_cards_in_sight(vid):
    """At 800x600 the side panel folds and the hint stands on the felt: it must not hide the pot
    or the cards of the person it speaks to (it once covered the pot and a seat at the top right)."""
    app = start(vid, players=["Ann", "bot", "bot"], size=(800, 600), autosave=False)
    to_ann(app)
    m = app.manifest()
    box = hint_box(m)
    regions = {r["name"]: r["rect"] for r in m["regions"]}
    assert "side" not in regions and "log" not in regions  # the panel is folded at this size
    assert covered(box, regions["pot"]) == 0, (box, regions["pot"])
    assert covered(box, regions["seat:0"]) == 0, (box, regions["seat:0"])


def to_person(app, seat: int, frames: int = 300) -> None:
    """Let the computer players move until the person at `seat` has a decision."""
    table = app.scene
    table.bot_delay = 0.0
    for _ in range(frames):
        if table.session.to_move() == seat and table.controls:
            return
        app.step([], dt=0.5)
    raise AssertionError(f"seat {seat} never had a decision")


@pytest.mark.parametrize(
    ("vid", "size", "players"),
    [
        ("infinite_poker", (1088, 612), ["bot", "Ann", "bot"]),
        ("infinite_poker", (800, 600), ["bot", "Ann", "bot"]),
        ("texas_holdem", (1088, 612), ["Ann", "bot", "bot"]),
    ],
)
def test_a_hint_over_a_folded_panel_covers_no_seat_the_pot_or_the_deck(vid, size, players):
    """With the side panel folded the hint stands on the felt clear of every seat (its name, chips
    and cards), the pot and the deck; where no such place is free it waits behind a "Hint" button
    in the action bar whose tip says it whole. (At the start of the 12,000-card game it once hid a
    computer player's seat and the deck.)"""
    app = start(vid, players=players, size=size, autosave=False)
    seat = players.index("Ann")
    to_person(app, seat)
    m = app.manifest()
    regions = {r["name"]: r["rect"] for r in m["regions"]}
    assert "log" not in regions  # the panel is folded at these sizes
    shown = [t["text"] for t in m["texts"]]
    if "Got it" not in shown:  # folded into the bar: the button's tip is the whole hint
        assert "Hint" in shown
        assert any(words == app.scene.hints.showing[1] for _, words in app.scene.canvas.tips)
        return
    box = hint_box(m)
    w, h = m["size"]
    assert pygame.Rect(0, 0, w, h).contains(pygame.Rect(box))
    for name, rect in regions.items():
        if name.startswith("seat:") or name in ("pot", "deck", "actions"):
            assert covered(box, rect) == 0, (name, box, rect)


rects = st.tuples(st.integers(0, 150), st.integers(0, 110), st.integers(1, 60), st.integers(1, 50))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(rects, max_size=5),
    st.lists(rects, max_size=3),
    st.lists(st.tuples(st.integers(10, 120), st.integers(10, 90)), min_size=1, max_size=3),
)
def test_clear_place_finds_a_clear_box_whenever_there_is_one(vital, others, sizes):
    """The hint's place on a folded table: inside the felt, clear of every vital rect by the
    margin, and found whenever any position of any size is clear (checked by trying them all)."""
    felt = pygame.Rect(0, 0, 180, 140)
    walls = [pygame.Rect(r).inflate(2 * MARGIN, 2 * MARGIN) for r in vital]
    inner = felt.inflate(-2 * MARGIN, -2 * MARGIN)
    box = clear_place(felt, sizes, [pygame.Rect(r) for r in vital], [pygame.Rect(r) for r in others])
    if box is not None:
        assert inner.contains(box) and box.collidelist(walls) == -1 and box.size in sizes
        return
    for w, h in sizes:
        for x in range(inner.left, inner.right - w + 1):
            for y in range(inner.top, inner.bottom - h + 1):
                assert pygame.Rect(x, y, w, h).collidelist(walls) != -1, (x, y, w, h)


def click(app, rect: pygame.Rect) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)], dt=0.05)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center)], dt=0.05)


def test_a_hint_with_no_clear_place_waits_behind_a_button_that_opens_and_closes_it():
    """The Poker Grid with four seats at 800x600: the board holds cards and the seats take the
    rest, so the hint is a "Hint" button in the bar (its tip the hint); pressing it opens the box,
    "Got it" closes it for good."""
    app = start("poker_grid", players=["Ann", "bot", "bot", "bot"], size=(800, 600), autosave=False)
    table = app.scene
    to_person(app, 0)
    assert "Got it" not in texts(app)
    words = table.hints.showing[1]
    button = next(h for h in table.hits if h.kind == "button" and h.payload == table.hints.toggle_open)
    assert (button.rect, words) in [(r, w) for r, w in table.canvas.tips]
    click(app, button.rect)
    assert "Got it" in texts(app) and words.split()[0] in texts(app)
    got = next(h for h in reversed(table.hits) if h.kind == "button" and h.payload == table.hints.decided)
    click(app, got.rect)
    assert "Got it" not in texts(app) and table.hints.showing is None
