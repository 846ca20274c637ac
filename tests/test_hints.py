"""First-game hints: one short hint the first time a person meets a kind of decision, gone once
they decide, switched off for good by "Hide hints" (remembered) and back on from How to play."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app import settings
from cardtable.app.headless import start

pytestmark = pytest.mark.usefixtures("fresh_user")


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


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
    assert "Hint" not in texts(app) and settings.load()["hints"] is False
    assert start("texas_holdem", players=["Ann", "bot"], autosave=False).scene.hints.enabled is False

    page = start("texas_holdem", scene="howto")  # How to play switches them back on
    page.step([key(pygame.K_t)], dt=0.0)
    assert settings.load()["hints"] is True and "Hints: on  [T]" in texts(page)


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
    """The hint box's rect: from its title down to its buttons."""
    rects = [t["rect"] for t in m["texts"] if t["text"] in ("Hint", "Got it", "Hide hints")]
    assert len(rects) == 3, "no hint on show"
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
