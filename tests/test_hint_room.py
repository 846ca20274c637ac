"""The first-game hint on a folded table uses bare felt wherever it is: beside the 12,000-card
game's grid (the board's region is larger than its cards) and below the deck (the piles' strip is
taller than the pile), covering no card, seat, pot or pile's words."""

from __future__ import annotations

import pygame
import pytest
from input_events import key

from cardtable.app.headless import start

pytestmark = pytest.mark.usefixtures("fresh_user")


def to_ann(app, frames: int = 400) -> None:
    table = app.scene
    table.bot_delay = 0.0
    for _ in range(frames):
        if table.session.to_move() == 0 and table.controls:
            return
        app.step([], dt=0.5)
    raise AssertionError("Ann never had a decision")


def hint_rect(m: dict) -> pygame.Rect:
    """The hint box: every text drawn from its title to its last button."""
    texts = m["texts"]
    first = max(i for i, t in enumerate(texts) if t["text"] == "Hint")
    last = max(i for i, t in enumerate(texts) if t["text"] in ("Got it", "Hide hints"))
    rects = [pygame.Rect(t["rect"]) for t in texts[first : last + 1]]
    return rects[0].unionall(rects[1:])


def test_the_betting_hint_stands_beside_the_12000_card_grid_at_1088x612():
    """Three players at 1088x612, Ann's first bet with the 10x10 grid dealt: the felt right of the
    grid is free, so the hint stands there (not behind the bar's "Hint" button), covering nothing."""
    app = start("infinite_poker", players=["Ann", "bot", "bot"], seed=1, size=(1088, 612), autosave=False)
    to_ann(app)
    app.step([key(pygame.K_p)])  # pass on naming cards
    to_ann(app)
    table = app.scene
    assert table.hints.showing is not None and table.hints.showing[1].startswith("Betting")
    m = app.manifest()
    shown = [t["text"] for t in m["texts"]]
    assert "Got it" in shown, "the hint waits behind the bar's button"
    box = hint_rect(m)
    regions = {r["name"]: pygame.Rect(r["rect"]) for r in m["regions"]}
    for name, rect in regions.items():
        if name.startswith("seat:") or name in ("pot", "actions"):
            assert not box.colliderect(rect), (name, box, rect)
    for c in m["cards"]:
        assert not box.colliderect(pygame.Rect(c["rect"])), (c, box)
    first = max(i for i, t in enumerate(m["texts"]) if t["text"] == "Hint")
    for t in m["texts"][:first]:  # every word drawn before it: the deck's, the seats', a speech bubble's
        assert not box.colliderect(pygame.Rect(t["rect"])), (t, box)


@pytest.mark.parametrize("size", [(1088, 612), (1280, 720), (1920, 1080)])
def test_the_card_pointed_at_shows_large_clear_of_the_hint(size):
    """Pointing at one's card with a hint on show: the large preview (on the felt when the panel
    is folded, in the panel when open) is not partly under the hint box."""
    app = start("texas_holdem", players=["Ann", "bot"], seed=1, size=size, autosave=False)
    to_ann(app)
    m = app.manifest()
    assert "Got it" in [t["text"] for t in m["texts"]]
    for card in [c for c in m["cards"] if c["where"] == "hand:0"]:
        x, y, w, h = card["rect"]
        app.step(
            [
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=(x + w - 6, y + h // 2), rel=(0, 0), buttons=(0, 0, 0)
                )
            ]
        )
        m = app.manifest()
        big = [pygame.Rect(c["rect"]) for c in m["cards"] if c["where"] == "preview"]
        assert big, "no preview"
        if "Got it" in [t["text"] for t in m["texts"]]:
            assert not big[0].colliderect(hint_rect(m)), (big[0], hint_rect(m))
