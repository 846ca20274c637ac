"""Words on a crowded table fit whole at 800x600: a shorter form when room is short (as the bar's
message does), never a word cut to "…", never over each other."""

from __future__ import annotations

import pygame
import pytest
from input_events import key, mouse

from cardtable.app import frame, ui
from cardtable.app.headless import start
from cardtable.app.table.draw_zones import draw_pots
from cardtable.app.table.view_layout import TableLayout

pytestmark = pytest.mark.usefixtures("fresh_user")


def words_in(m: dict, rect: list[int]) -> list[dict]:
    area = pygame.Rect(rect)
    return [t for t in m["texts"] if area.colliderect(pygame.Rect(t["rect"]))]


def test_the_12000_card_deck_s_words_fit_its_strip_at_800x600():
    """Ten players: the piles' strip is narrow; the deck's name, count and height are whole
    words inside it, one under another."""
    app = start("infinite_poker", players=["Ann"] + ["bot"] * 9, seed=1, size=(800, 600), autosave=False)
    app.step([], dt=0.5)
    m = app.manifest()
    deck = next(r["rect"] for r in m["regions"] if r["name"] == "deck")
    texts = words_in(m, deck)
    assert len(texts) == 3, texts
    assert any(t["text"].startswith("2.4 m") for t in texts), texts
    for t in texts:
        assert "…" not in t["text"] and pygame.Rect(deck).contains(pygame.Rect(t["rect"])), (t, deck)
    rects = [pygame.Rect(t["rect"]) for t in texts]
    assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:])), rects


@pytest.mark.parametrize("size", [(800, 600), (1088, 612), (1280, 720)])
def test_a_long_pot_line_fits_whole(size):
    """Side pots at a full table: the pot's line says as much as fits its badge, in whole words
    (the total at least), inside it."""
    app = start("texas_holdem", players=["Ann"] + ["bot"] * 9, seed=1, size=size, autosave=False)
    app.step([], dt=0.5)
    table = app.scene
    view = table.view()
    view["pots"] = [{"amount": a, "eligible": [0, 1, 2]} for a in (12_345, 6_789, 2_468, 1_357)]
    view["seats"][1]["chips"] = 0  # somebody is all in: the side pots are real
    layout = TableLayout.of(size, view, 0, scale=ui.scale())
    surface = pygame.display.get_surface()
    frame.begin(surface, "table")
    draw_pots(table.canvas, layout.plan.pot, view)
    m = frame.end().as_dict()
    (line,) = m["texts"]
    assert line["text"].startswith("Pot 22,959") and "…" not in line["text"], line
    assert layout.plan.pot.contains(pygame.Rect(line["rect"])), (line, layout.plan.pot)


def test_a_narrow_plate_says_chips_and_bet_or_fold_whole_at_800x600():
    """Ten players of the 12,000-card game at 800x600: each plate's second line ("1,000 chips ·
    folded", "894 chips · bet 106") drops the word "chips" rather than cut a word."""
    app = start("infinite_poker", players=["Ann"] + ["bot"] * 9, seed=1, size=(800, 600), autosave=False)
    table = app.scene
    table.bot_delay = 0.0
    folded = 0
    for _ in range(400):
        events = []
        if table.session.to_move() == 0 and table.controls:
            legal = {t["type"] for t in table.view()["legal"]}
            events = [key(pygame.K_p if "pass" in legal else pygame.K_c if "call" in legal else pygame.K_k)]
        app.step(events, dt=0.5)
        m = app.manifest()
        seats = [pygame.Rect(r["rect"]) for r in m["regions"] if r["name"].startswith("seat:")]
        lines = [
            t for t in m["texts"] if "·" in t["text"] and pygame.Rect(t["rect"]).collidelist(seats) != -1
        ]
        for t in lines:
            assert "…" not in t["text"], t
        folded += sum("folded" in t["text"] for t in lines)
        if folded >= 3:
            return
    raise AssertionError("no plate said a fold")


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_the_side_panel_s_keys_line_is_whole(size):
    """The side panel's line of keys says what fits in whole words (Tab and Esc at least), not
    "F11: full…"."""
    app = start("texas_holdem", players=["Ann", "bot"], seed=1, size=size, autosave=False)
    app.step([], dt=0.5)
    m = app.manifest()
    (keys,) = [t for t in m["texts"] if t["text"].startswith("Tab: rules")]
    assert "…" not in keys["text"] and "Esc: menu" in keys["text"], keys
    if "F11" not in keys["text"]:  # the whole line, pointed at
        app.step([mouse(pygame.MOUSEMOTION, pygame.Rect(keys["rect"]).center)], dt=0.1)
        assert any("F11: full screen" in t["text"] for t in app.manifest()["texts"])
