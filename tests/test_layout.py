"""The table is readable at every usual window size (issue 14), checked on what the frames drew.

Every game at 2 and at its most players is played (passively, so hands reach a showdown) to a
moment in the middle of a hand and to its showdown (or, in a game without one, its last move and
its end). Each moment is drawn at 800x600, 1280x720, 1366x768 and 1920x1080, and the frame
manifest must show: no two regions overlapping, every region, card and text inside the window,
each card of a seat inside that seat's region, cards at least 40 px wide from 1280x720 up (the
10x10 grid 32) and 24 at 800x600, no text under 12 px, none on a card face (the showdown's
included) under 12 px from 1280x720 up nor under 10 at 800x600. The layout itself (layout.plan) is also
checked without drawing, for seats' boxes and boards grown larger than any game reached here.
"""

from __future__ import annotations

import random
from functools import cache

import pygame
import pytest
from conftest import VARIANT_IDS, builtin
from hypothesis import given
from hypothesis import strategies as st

from cardtable.app.geometry import card_h, face_text_floor, grid_cell_size, grid_gap
from cardtable.app.headless import start
from cardtable.app.table.layout import Board, Needs, minimums, plan
from cardtable.app.table.showdown_layout import showdown_grid
from cardtable.app.ui import window_scale
from cardtable.engine.bots.randomly import fill

SIZES = [(800, 600), (1280, 720), (1366, 768), (1920, 1080)]
PASSIVE = ("check", "call", "flip", "draw", "pass", "place", "discard", "swap")


def passive(table, seat, rng):
    """A legal action that keeps the hand going to a showdown: check, call, flip... never fold."""
    view = table.session.view(seat)
    legal = view["legal"]
    t = next((t for kind in PASSIVE for t in legal if t["type"] == kind), None)
    if t is None:
        t = next((t for t in legal if t["type"] != "fold"), legal[0])
    action = fill(table.rules, view, t, rng)
    action.pop("reveal", None)
    if t.get("showdown_allowed"):  # call the showdown when one may: the hand ends sooner
        action["showdown"] = True
    return action


def resize(app, size):
    pygame.display.set_mode(size)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], dt=0.0)


@cache
def frames(vid: str, players: int) -> dict[str, list[dict]]:
    """The manifests of each moment ("middle", "showdown"), one per size in SIZES."""
    variant = builtin(vid)
    app = start(variant, players=["Ann"] + ["bot"] * (players - 1), seed=1, size=SIZES[0], autosave=False)
    table = app.scene
    table.bot_delay = float("inf")
    rng = random.Random(vid)
    out: dict[str, list[dict]] = {}

    def shoot(moment):
        for _ in range(2):  # cards gliding in, speech bubbles: all settled
            app.step([], dt=5.0)
        out[moment] = []
        for size in SIZES:
            resize(app, size)
            out[moment].append(app.manifest())

    moves = 0
    while table.showdown is None and not table.session.is_over() and moves < 3000:
        seat = table.session.to_move()
        if seat is None:
            break
        if "middle" not in out and seat == 0 and moves >= players * 2:
            shoot("middle")
        assert table.act(passive(table, seat, rng)), table.message
        moves += 1
    assert "middle" in out, f"{vid}: Ann was never asked"
    shoot("showdown")
    pygame.display.quit()
    return out


def overlap(a, b):
    return pygame.Rect(a).colliderect(pygame.Rect(b))


def inside(outer, rect):
    return pygame.Rect(outer).contains(pygame.Rect(rect))


def check_frame(m, where):
    size = tuple(m["size"])
    window = (0, 0, *size)
    regions = m["regions"]
    assert regions, where
    for i, a in enumerate(regions):
        assert inside(window, a["rect"]), (where, a)
        for b in regions[i + 1 :]:
            assert not overlap(a["rect"], b["rect"]), (where, a, b)
    least, grid_least = minimums(size)
    face_least = face_text_floor(size)  # the smallest text on a card face, the showdown's too
    by_name = {r["name"]: r["rect"] for r in regions}
    for c in m["cards"]:
        assert inside(window, c["rect"]), (where, c)
        limit = grid_least if c["where"] == "grid" else least
        assert c["rect"][2] >= limit, (where, c, limit)
        assert c["text_px"] is None or c["text_px"] >= face_least, (where, c, face_least)
        if c["where"].startswith("hand:"):
            seat = c["where"].removeprefix("hand:")
            assert inside(by_name[f"seat:{seat}"], c["rect"]), (where, c)
    for t in m["texts"]:
        assert t["px"] >= 12, (where, t)
        assert inside(window, t["rect"]), (where, t)


CASES = [(vid, n) for vid in VARIANT_IDS for n in sorted({2, builtin(vid).max_players})]


@pytest.mark.parametrize("vid,players", CASES)
def test_every_moment_fits_every_window(vid, players):
    shots = frames(vid, players)
    for moment, manifests in shots.items():
        for m in manifests:
            where = f"{vid} x{players} {moment} {m['size'][0]}x{m['size'][1]}"
            check_frame(m, where)
            names = {r["name"] for r in m["regions"]}
            if moment == "middle":
                assert {f"seat:{i}" for i in range(players)} <= names, (where, names)
                assert any(c["where"].startswith("hand:0") for c in m["cards"]), where


@pytest.mark.parametrize("vid,players", CASES)
def test_the_showdown_shows_every_hand_whole(vid, players):
    """At the showdown every shown hand's cards are drawn (scrolling if need be), each card whole."""
    for m in frames(vid, players)["showdown"]:
        names = {r["name"] for r in m["regions"]}
        if "showdown" not in names:
            continue  # a game without a showdown ends on its standings
        seats = {c["where"] for c in m["cards"] if c["where"].startswith("showdown:")}
        scrolled = any("wheel or Up/Down" in t["text"] for t in m["texts"])
        assert scrolled or len(seats) == min(players, 10), (vid, m["size"], seats)


@pytest.mark.parametrize("size", SIZES)
def test_ten_hands_of_ten_cards_fit_or_scroll(size):
    """The largest showdown (ten hands of ten cards): whole cells inside the area, cards of the
    minimum width, every hand reachable by scrolling."""
    area = pygame.Rect(20, 120, size[0] - 40, size[1] - 230)
    reached = set()
    for scroll in range(12):
        g = showdown_grid(area, 10, 10, 20, size, scroll)
        assert g.card_width >= minimums(size)[0]
        for i, cell in enumerate(g.cells):
            assert area.contains(cell)
            assert g.card_top(cell) + card_h(g.card_width) <= cell.bottom
            assert cell.left + 8 + g.card_width * (1 + g.spread * 9) <= cell.right + 1
            reached.add(g.first + i)
        for a in range(len(g.cells)):
            for b in range(a + 1, len(g.cells)):
                assert not g.cells[a].colliderect(g.cells[b])
    assert reached == set(range(10))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("board", [Board(10, 10, True, 1), Board(9, 9, True, 1), Board(1, 9, False, 2)])
@pytest.mark.parametrize("seats,hand", [(2, 9), (7, 9), (10, 5)])
def test_the_plan_keeps_regions_apart_and_cards_readable(size, board, seats, hand):
    """The plan alone, for boards larger than the games above reached (a grown open grid, nine
    cards in a row), full tables, nine-card hands, two rows of buttons."""
    needs = Needs(size, (hand,) * seats, (1,) * seats, 0, True, board, size[0] >= 1100, 2, window_scale(size))
    p = plan(needs)
    rects = [r for _, r in p.regions()]
    window = pygame.Rect(0, 0, *size)
    for i, a in enumerate(rects):
        assert window.contains(a), (size, p.regions()[i])
        assert a.collidelist(rects[i + 1 :]) == -1, (size, p.regions()[i])
    least, grid_least = minimums(size)
    assert p.board_card >= (grid_least if board.grid else least)
    for seat in p.seats:
        assert seat.card_width >= least
        assert seat.box.contains(seat.plate) and seat.box.contains(seat.cards)


def test_pointing_at_a_card_shows_it_large_with_the_panel_folded():
    """At 800x600 the side panel is folded: the card under the pointer shows large on the felt."""
    app = start("texas_holdem", players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
    m = app.manifest()
    assert not {"log", "preview"} & {r["name"] for r in m["regions"]}  # folded
    card = next(c for c in m["cards"] if c["where"] == "hand:0")
    x, y, w, h = card["rect"]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 4, y + h // 2), rel=(0, 0), buttons=(0, 0, 0))])
    big = [c for c in app.manifest()["cards"] if c["where"] == "preview"]
    assert big and big[0]["id"] == card["id"] and big[0]["rect"][2] >= 1.5 * w
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")])
    assert {"log", "preview"} <= {r["name"] for r in app.manifest()["regions"]}  # L unfolds it
    pygame.display.quit()


@given(
    st.integers(1, 40), st.integers(1, 40), st.integers(0, 2000), st.integers(0, 2000), st.integers(4, 200)
)
def test_a_grids_cards_are_the_largest_that_fit(rows, cols, w, h, most):
    def fits(width):
        gap = grid_gap(width)
        return cols * (width + gap) - gap <= w and rows * (card_h(width) + gap) - gap <= h

    width = grid_cell_size(rows, cols, pygame.Rect(0, 0, w, h), most)
    assert 4 <= width <= most
    assert width == 4 or fits(width)
    assert not any(fits(larger) for larger in range(width + 1, most + 1))
