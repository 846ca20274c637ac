"""How to play: a page generated from each variant names every step of a hand in order, and
opens from the menu, from New game and at the table (F1 or the ? button) (issue 15)."""

from __future__ import annotations

import pygame
import pytest
from conftest import VARIANT_IDS, builtin
from input_events import key

from cardtable.app.headless import start
from cardtable.engine.howto import howto

# What each verb's sentence must say, so a person recognises the step at the table.
WORDS = {
    "post": ("blind", "ante"),
    "deal": ("Deal", "starts"),
    "bet": ("betting",),
    "declare": ("name",),
    "reveal": ("face up",),
    "draw": ("Draw",),
    "exchange": ("Draw round",),
    "place": ("Place",),
    "showdown": ("Showdown",),
    "_loop": ("Repeat steps",),
}


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_how_to_play_names_every_step_of_a_hand_in_order(vid):
    variant = builtin(vid)
    program = variant.sections["phases"].program
    h = howto(variant)
    assert len(h.steps) == len(program)
    for step, sentence in zip(program, h.steps):
        assert any(w in sentence for w in WORDS[step["do"]]), (step["do"], sentence)
    assert h.summary == variant.summary and h.hands and h.ending


def test_the_page_shows_the_steps_and_scrolls_to_the_end():
    app = start("infinite_poker", scene="howto", size=(800, 600))
    assert app.manifest()["scene"] == "howto"
    seen = {t["text"] for t in app.manifest()["texts"]}
    for _ in range(30):
        app.step([key(pygame.K_PAGEDOWN)], dt=0.0)
        seen |= {t["text"] for t in app.manifest()["texts"]}
    page = " ".join(seen)
    assert "Flip: the players take turns (counterclockwise)" in page
    assert "Showdown:" in page and "Underdog" in page and "Winning" in page
    for t in app.manifest()["texts"]:  # inside the window
        x, y, w, h = t["rect"]
        assert x >= 0 and x + w <= 800 and y >= 0 and y + h <= 600


def test_reachable_from_the_menu_new_game_and_the_table():
    app = start("poker_clash", scene="menu")
    app.step([key(pygame.K_h)], dt=0.0)
    assert app.manifest()["scene"] == "howto"
    app.step([key(pygame.K_r)], dt=0.0)  # on to the hands, with pictures
    assert app.manifest()["scene"] == "rules"
    app.step([key(pygame.K_ESCAPE)], dt=0.0)
    app.step([key(pygame.K_ESCAPE)], dt=0.0)
    assert app.manifest()["scene"] == "menu"
    app.step([key(pygame.K_n)], dt=0.0)
    assert app.manifest()["scene"] == "new_game"
    app.step([key(pygame.K_F1)], dt=0.0)
    assert app.manifest()["scene"] == "howto"

    table = start("poker_clash", players=["Ann", "bot"], autosave=False)
    table.step([key(pygame.K_F1)], dt=0.0)
    assert table.manifest()["scene"] == "howto"
    table.step([key(pygame.K_ESCAPE)], dt=0.0)
    assert table.manifest()["scene"] == "table"
    scene = table.scene
    button = next(h for h in scene.hits if h.kind == "button" and h.rect.width == 30)  # the "?"
    table.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center)], dt=0.0)
    assert table.manifest()["scene"] == "howto"


def test_stud_steps_say_who_sees_the_cards_who_brings_it_in_and_who_bets_first():
    from pathlib import Path

    from cardtable.variant import load_variant

    stud = Path(__file__).resolve().parent.parent / "variants" / "examples" / "seven_card_stud.yaml"
    steps = howto(load_variant(stud)).steps
    assert steps[1] == "Deal: everyone gets 2 cards (only they see them)."
    assert steps[2] == "Deal: everyone gets 1 card face up (everyone sees them)."
    assert "lowest face-up card must open with a small forced bet or complete it to a full bet" in steps[3]
    assert "starting with the player whose face-up cards make the best hand" in steps[6]
