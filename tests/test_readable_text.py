"""Readable text (issue 31): no card face carries text under 12 px from 1280x720 up nor under 10
px at 800x600 (a name too long wraps, or is left to the large preview: never shrunk nor cut), and
at the smallest and largest text sizes the table's panels and bar say their lines whole (shorter
whole words or wrapped, no "…"), every text at least 12 px."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import VARIANT_IDS, builtin
from test_layout import passive, resize

from cardtable.app.geometry import face_text_floor
from cardtable.app.headless import start
from cardtable.render.faces import FacePainter


@pytest.mark.parametrize("least", [10, 12])
def test_no_face_carries_text_under_the_window_s_floor(least):
    """A sample of every built-in deck's faces, at widths from the smallest table card up."""
    pygame.display.init()
    pygame.font.init()
    rng = random.Random(least)
    for vid in VARIANT_IDS:
        deck = builtin(vid).deck
        painter = FacePainter(deck)
        painter.min_text = least
        cards = rng.sample(range(deck.size), min(12, deck.size))
        for width in (24, 40, 60, 86, 110, 160):
            for card in cards:
                painter.render(card, width)
                assert painter.text_px is None or painter.text_px >= least, (vid, card, width)
        painter.back(60)
        assert painter.text_px is None or painter.text_px >= least, vid


@pytest.mark.parametrize("vid", ["infinite_poker", "sigilian_poker"])
def test_long_lines_are_said_whole_at_every_text_size(vid):
    variant = builtin(vid)
    for text_size in (0.85, 1.3):
        app = start(variant, players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
        app.set_text_size(text_size)
        table = app.scene
        table.bot_delay = float("inf")
        rng = random.Random(vid)
        for _ in range(8):  # into the hand, to a decision of Ann's
            seat = table.session.to_move()
            if seat is None or table.showdown is not None:
                break
            if seat == 0 and _ >= 2:
                break
            assert table.act(passive(table, seat, rng)), table.message
        for size in ((800, 600), (1280, 720)):
            resize(app, size)
            app.step([], dt=5.0)
            m = app.manifest()
            where = f"{vid} text {text_size} {size}"
            cut = [
                t["text"]
                for t in m["texts"]
                if t["text"].endswith("…") and not t["text"].endswith("thinking…")
            ]
            assert not cut, (where, cut)
            assert all(t["px"] >= 12 for t in m["texts"]), where
            floor = face_text_floor(size)
            assert all(c["text_px"] is None or c["text_px"] >= floor for c in m["cards"]), where
        pygame.display.quit()
