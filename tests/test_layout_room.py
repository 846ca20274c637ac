"""The table gives each thing the room that is actually free: the viewer's long hand is not
squeezed while the felt beside it is empty (the fan may reach under the side seats)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app.geometry import OWN_SPREAD, fan_span
from cardtable.app.headless import start
from cardtable.app.table.layout import Board, Needs, plan
from cardtable.app.ui import window_scale


def own_steps(m: dict, seat: int = 0) -> tuple[int, list[int]]:
    """The viewer's card width and the steps between their cards, left to right."""
    cards = sorted((c["rect"] for c in m["cards"] if c["where"] == f"hand:{seat}"), key=lambda r: r[0])
    return cards[0][2], [b[0] - a[0] for a, b in zip(cards, cards[1:])]


@pytest.mark.parametrize("seats", [2, 4, 7])
def test_a_nine_card_hand_is_not_squeezed_at_1920(seats):
    """Nine cards, a board of five and two piles, the side panel open: the plan gives the viewer's
    fan its full spread at a comfortable size (the felt below the side seats is free)."""
    size = (1920, 1080)
    s = window_scale(size)
    needs = Needs(size, (9,) * seats, (1,) * seats, 0, True, Board(1, 5, False, 2), True, 1, s)
    p = plan(needs)
    own = p.seats[0]
    assert own.card_width >= int(80 * s), own
    assert own.cards.width >= fan_span(9, own.card_width, OWN_SPREAD), own


@pytest.mark.parametrize("players", [2, 7])
def test_sigilian_nine_cards_show_their_spread_at_1920(players):
    """The frame drawn: each of the viewer's nine cards shows as much as a fan of its own shows
    anywhere (OWN_SPREAD of its width), none squeezed under the next."""
    app = start(
        "sigilian_poker", players=["Ann"] + ["bot"] * (players - 1), seed=1, size=(1920, 1080), autosave=False
    )
    width, steps = own_steps(app.manifest())
    assert len(steps) == 8
    assert width >= 96 and min(steps) >= int(width * OWN_SPREAD) - 1, (width, steps)
    pygame.display.quit()
