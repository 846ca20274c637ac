"""Undo brings back the decision as it was first offered: the bet slider at its start."""

import pygame
from input_events import key


def _raise_label(app):
    return [t["text"] for t in app.manifest()["texts"] if t["text"].startswith("Raise to")]


def test_undo_puts_the_slider_back_to_the_decisions_own_start(fresh_user):
    """Texas, seed 1: Ann moves the slider up to 100, then calls, and takes her call back before
    the computer players reply: the restored decision offers 'Raise to 40', its own start, not the
    amount she had moved the slider to."""
    from cardtable.app.headless import start

    app = start("texas_holdem", players=["Ann", "bot", "bot"], seed=1, size=(1280, 720))
    for _ in range(60):
        app.step([], dt=0.1)
    first = _raise_label(app)
    assert first == ["Raise to 40 [B]"]
    app.step([key(pygame.K_UP), key(pygame.K_UP)])
    assert _raise_label(app) != first
    app.step([key(pygame.K_c, "c")])
    app.step([key(pygame.K_z, "z", mod=pygame.KMOD_CTRL)])  # at once: no computer player has replied
    texts = [t["text"] for t in app.manifest()["texts"]]
    assert "Your last decision was taken back." in texts
    assert _raise_label(app) == first
