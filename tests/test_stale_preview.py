"""The large card under the pointer (the folded panel's corner preview) is the card that is under
the pointer now, never a card that has left the table since the pointer last moved."""

import pygame
from input_events import key, mouse


def _under(manifest, pos):
    """The id of the topmost card of a hand drawn under `pos`, or None."""
    x, y = pos
    hits = [
        c["id"]
        for c in manifest["cards"]
        if c["where"].startswith("hand")
        and c["rect"][0] <= x < c["rect"][0] + c["rect"][2]
        and c["rect"][1] <= y < c["rect"][1] + c["rect"][3]
    ]
    return hits[-1] if hits else None


def _previews(manifest):
    return [c["id"] for c in manifest["cards"] if c["where"] == "preview"]


def test_the_preview_does_not_outlive_the_card_pointed_at(fresh_user):
    """Sevendeck Poker at 1088x612: Ann points at a card of her hand and folds without moving
    the mouse; the next hand's cards come, and the corner still showed the folded card."""
    from cardtable.app.headless import start

    app = start("sevendeck_poker", players=["Ann", "bot"], seed=3, size=(1088, 612))
    for _ in range(100):
        app.step([], dt=0.1)
    mine = [c for c in app.manifest()["cards"] if c["where"] == "hand:0" and c["id"] >= 0]
    last = mine[-1]
    pos = (last["rect"][0] + last["rect"][2] - 10, last["rect"][1] + last["rect"][3] // 2)
    app.step([mouse(pygame.MOUSEMOTION, pos)])
    assert _previews(app.manifest()) == [last["id"]]
    app.step([key(pygame.K_f, "f")])
    for _ in range(100):  # the computer player wins the hand, the next one is dealt
        app.step([], dt=0.1)
    m = app.manifest()
    assert last["id"] not in [c["id"] for c in m["cards"] if c["where"] == "hand:0"]
    for shown in _previews(m):
        assert shown == _under(m, pos), (shown, _under(m, pos))
