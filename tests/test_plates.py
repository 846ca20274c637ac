"""A seat's plate is drawn from a picture made once per thing it says (app/table/plates.py): every
frame so drawn is the frame drawn with the plates drawn in place, pixel for pixel and in its
manifest (texts, their places and order), as seats bet, fold, pass the dealer's button and speak,
with a computer player's level and style on its plate and the text made larger."""

import random

import pygame
import pytest

from cardtable.app import frame
from cardtable.app.headless import start
from cardtable.app.table import draw_seats, plates
from cardtable.engine.bots.randomly import calm


def painted(app, in_place, monkeypatch):
    """The frame painted now: (pixels, manifest), the plates drawn in place or from pictures."""
    if in_place:
        monkeypatch.setattr(
            draw_seats, "draw_plate_face", lambda surface, plate, key, body, tip: body(surface, plate, tip)
        )
    else:
        monkeypatch.setattr(draw_seats, "draw_plate_face", plates.draw_plate_face)
    frame.begin(app.surface, "table")
    app.scene.paint(app.surface)
    record = frame.end()
    return pygame.image.tobytes(app.surface, "RGB"), record.as_dict()


@pytest.mark.parametrize("vid", ["texas_holdem"])
def test_a_plates_picture_is_the_plate_drawn_in_place(vid, tmp_path, monkeypatch):
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
        in_place = painted(app, True, monkeypatch)
        assert painted(app, False, monkeypatch) == in_place  # made now, or kept from before
        assert painted(app, False, monkeypatch) == in_place  # kept
    pygame.display.quit()
    assert folds >= 1
