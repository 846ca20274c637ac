"""Every screen, not only the table, fits the smallest window and a laptop's (issue 14).

The menu, New game with ten seats, Load with saves (a long name among them), the replay of a
save, the rules screen, How to play and the deck browser are drawn at 800x600 and 1280x720. The
frame manifest must show every text inside the window, no text under 12 px, no two texts drawn
over each other, and no two layout regions overlapping.
"""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import builtin

from cardtable.app.headless import start
from cardtable.engine.bots import random_action
from cardtable.saves import SaveStore
from cardtable.session import GameSession

SIZES = [(800, 600), (1280, 720)]


def key(app, k: int, char: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char, scancode=0)], dt=0.05)
    app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0)], dt=0.05)


def overlap(a: list[int], b: list[int]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def problems(m: dict) -> list[str]:
    """What is wrong with a frame: texts outside the window, too small or drawn over each other,
    overlapping regions."""
    w, h = m["size"]
    out = []
    texts = [t for t in m["texts"] if t["text"].strip()]
    for t in texts:
        x, y, tw, th = t["rect"]
        if x < 0 or y < 0 or x + tw > w or y + th > h:
            out.append(f"{t['text']!r} at {t['rect']} outside {w}x{h}")
        if t["px"] < 12:
            out.append(f"{t['text']!r} drawn at {t['px']} px")
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            if overlap(a["rect"], b["rect"]):
                out.append(f"{a['text']!r} {a['rect']} drawn over {b['text']!r} {b['rect']}")
    regions = m["regions"]
    for i, a in enumerate(regions):
        for b in regions[i + 1 :]:
            if overlap(a["rect"], b["rect"]):
                out.append(f"regions {a['name']} and {b['name']} overlap")
    return out


def saves() -> None:
    """A few saves in the user's folder: an unfinished game under a long name, a finished one."""
    texas = builtin("texas_holdem")
    seats = [
        {"name": "Annabelle-Marguerite Featherstonehaugh", "kind": "human"},
        {"name": "Bob", "kind": "bot"},
    ]
    from cardtable.paths import user_saves

    store = SaveStore(user_saves())
    for name, moves in (
        ("A game with a name far longer than any row of the Load screen has room for", 6),
        ("Done", 400),
    ):
        game = GameSession(texas, seats, 3, {})
        rng = random.Random(3)
        for _ in range(moves):
            seat = game.to_move()
            if seat is None:
                break
            game.act(random_action(game.rules, game.full_state_for_tests(), seat, rng))
        store.write(name, game.saved())


@pytest.mark.parametrize("size", SIZES)
def test_menu_new_game_load_and_replay_fit(size):
    saves()
    app = start(None, scene="menu", size=size)
    seen = {"menu": problems(app.manifest())}
    key(app, pygame.K_n)
    for _ in range(12):  # as many seats as the game takes (the menu's game: up to ten)
        key(app, pygame.K_PLUS, "+")
    m = app.manifest()
    assert m["scene"] == "new_game"
    seen["new_game"] = problems(m)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_l)
    m = app.manifest()
    assert m["scene"] == "load"
    seen["load"] = problems(m)
    key(app, pygame.K_v)
    m = app.manifest()
    assert m["scene"] == "replay"
    seen["replay"] = problems(m)
    assert not any(seen.values()), {k: v[:5] for k, v in seen.items() if v}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene", ["rules", "howto", "browser"])
def test_rules_how_to_play_and_deck_browser_fit(size, scene):
    seen = {}
    for vid in ("infinite_poker", "poker_grid"):
        app = start(vid, scene=scene, size=size)
        app.step([], dt=0.5)  # the rules screen finds its example hands over a few frames
        m = app.manifest()
        assert m["scene"] == scene
        seen[vid] = problems(m)
    assert not any(seen.values()), {k: v[:5] for k, v in seen.items() if v}
