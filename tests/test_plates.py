"""A seat's plate is drawn from a picture made once per thing it says (app/table/plates.py), and
the backdrop leaves out the band the bar and the hand line paint over (backdrops.py): every frame
so drawn is the frame drawn with the plates drawn in place over the whole backdrop, pixel for
pixel and in its manifest (texts, their places and order), as seats bet, fold, pass the dealer's
button and speak, with a computer player's level and style on its plate and the text made larger.
Each frame is painted over a window filled red, so nothing of the frame before stands in."""

import random

import pygame
import pytest

from cardtable.app import frame
from cardtable.app.headless import start
from cardtable.app.table import draw_seats, paint, plates
from cardtable.app.table.backdrops import table_backdrop
from cardtable.engine.bots.randomly import calm


def in_place(surface, plate, key, body, tip):
    """A plate drawn in place, each time (no picture)."""
    body(surface, plate, tip)


def whole_backdrop(surface, table, side, foot=None):
    """The backdrop blitted whole, the band under the felt too."""
    table_backdrop(surface, table, side)


def painted(app, kept, monkeypatch):
    """The frame painted now over a red window: (pixels, manifest); `kept`: the plates from their
    pictures and the backdrop without the bar's band, else everything drawn in full."""
    monkeypatch.setattr(draw_seats, "draw_plate_face", plates.draw_plate_face if kept else in_place)
    monkeypatch.setattr(paint, "table_backdrop", table_backdrop if kept else whole_backdrop)
    app.surface.fill((255, 0, 0))
    frame.begin(app.surface, "table")
    app.scene.paint(app.surface)
    record = frame.end()
    return pygame.image.tobytes(app.surface, "RGB"), record.as_dict()


@pytest.mark.parametrize("vid", ["texas_holdem"])
def test_a_frame_from_kept_pictures_is_the_frame_drawn_in_full(vid, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    players = ["Ann", "A rather long name for a plate", "bot-easy-tight:Hal"]
    app = start(vid, players=players, seed=4, size=(1024, 640), autosave=False, privacy="peek")
    app.set_text_size(1.25)
    table, rng = app.scene, random.Random(vid)
    folds = 0
    for _ in range(20):
        seat = table.asked()
        if seat is not None:
            action = calm(table.session.rules, table.session.view(seat), rng)
            legal = {t["type"] for t in table.session.view(seat)["legal"]}
            if "fold" in legal and rng.random() < 0.3:
                action = {"seat": seat, "type": "fold"}
            folds += action["type"] == "fold"
            assert table.act(action), table.message
        app.step([], dt=0.4)
        full = painted(app, False, monkeypatch)
        assert painted(app, True, monkeypatch) == full  # the plates' pictures made now, or kept
        assert painted(app, True, monkeypatch) == full  # kept
    pygame.display.quit()
    assert folds >= 1
