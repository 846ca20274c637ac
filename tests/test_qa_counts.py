"""Counts on the table's plates read in good English: '1 point', never '1 points'."""

import re


def test_a_seat_with_one_point_says_1_point(fresh_user):
    """Poker Grid, seed 2: a computer player scores one point before Ann's first move; its plate
    read '1 points'."""
    from cardtable.app.headless import start

    app = start("poker_grid", players=["Ann", "bot", "bot", "bot"], seed=2, size=(1280, 720))
    for _ in range(200):  # the computer players move first
        app.step([], dt=0.1)
    texts = [t["text"] for t in app.manifest()["texts"]]
    assert "1 point" in texts, texts
    assert not [t for t in texts if re.search(r"(^|[^\d,])1 (points|chips)\b", t)], texts


def test_the_rules_screen_says_a_one_point_hand_is_worth_1_point(fresh_user):
    """Poker Grid's Pair scores one point: its row read '1 points'."""
    import pygame
    from input_events import key

    from cardtable.app.headless import start

    app = start("poker_grid", scene="rules", size=(1280, 720))
    app.step([key(pygame.K_DOWN) for _ in range(30)])  # down to the last rows
    texts = [t["text"] for t in app.manifest()["texts"]]
    assert any(t.endswith("Pair") for t in texts), texts
    assert "1 point" in texts, texts
    assert "1 points" not in texts
