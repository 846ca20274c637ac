"""The headless driver and the frame manifest (interfaces.md): every scene opens through `start`,
answers `step` and `manifest`, and the manifest says what the frame really drew."""

import itertools
import json

import pygame
import pytest

from cardtable.app.headless import seats_for, start
from cardtable.cli import main

SPACE = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")


pytestmark = pytest.mark.usefixtures("fresh_user")


def _inside(rect, size):
    return pygame.Rect(0, 0, *size).contains(pygame.Rect(rect))


def _check_shape(m, scene, size):
    assert m["scene"] == scene and m["size"] == list(size)
    assert set(m) >= {"size", "scene", "viewer", "curtain", "cards", "regions", "texts"}
    assert json.loads(json.dumps(m)) == m  # plain JSON
    for t in m["texts"]:
        assert t["text"] and t["px"] >= 8 and _inside(t["rect"], size), t
    for r in m["regions"]:
        assert _inside(r["rect"], size), r
    for c in m["cards"]:
        assert isinstance(c["id"], int) and c["face_up"] == (c["id"] >= 0) and _inside(c["rect"], size), c


def test_seats_from_names():
    assert seats_for(["Ann", "bot", "bot:Zed", "bot"]) == [
        {"name": "Ann", "kind": "human"},
        {"name": "Computer 1", "kind": "bot"},
        {"name": "Zed", "kind": "bot"},
        {"name": "Computer 2", "kind": "bot"},
    ]


def test_hot_seat_table_curtain_then_one_persons_view():
    size = (1280, 720)
    app = start("texas_holdem", players=["Ann", "Bob", "bot"], seed=1, size=size)
    m = app.manifest()
    _check_shape(m, "table", size)
    assert m["curtain"] and m["viewer"] is None and m["cards"] == []
    assert any("Pass the screen to" in t["text"] for t in m["texts"])
    app.step([], dt=1.0)  # the screen changes hands: Space lifts a curtain after a second's quiet
    app.step([SPACE])
    m = app.manifest()
    _check_shape(m, "table", size)
    seat = m["viewer"]
    assert not m["curtain"] and seat == app.scene.session.to_move()
    mine = [c for c in m["cards"] if c["where"] == f"hand:{seat}"]
    others = [c for c in m["cards"] if c["where"].startswith("hand:") and c["where"] != f"hand:{seat}"]
    assert len(mine) == 2 and all(c["face_up"] for c in mine)
    assert len(others) == 4 and not any(c["face_up"] for c in others)  # backs carry no id: -1
    assert {c["id"] for c in mine} == set(app.scene.session.view(seat)["zones"][f"hand/{seat}"]["cards"])
    names = {r["name"] for r in m["regions"]}
    assert {"seat:0", "seat:1", "seat:2", "community", "actions", "log"} <= names
    assert any(t["text"] == "Ann" for t in m["texts"])


@pytest.mark.parametrize("vid", ["texas_holdem", "poker_clash", "poker_grid"])
def test_table_regions_do_not_overlap_at_the_common_size(vid):
    """At 1280x720 with up to four players the layout's areas are apart; the pot badge sitting on
    the community area is the one overlap today's layout has (issue 14 redoes the layout)."""
    for players in (["Ann", "Bob"], ["Ann", "Bob", "bot", "bot"]):
        app = start(vid, players=players, size=(1280, 720))
        app.step([SPACE])
        regions = app.manifest()["regions"]
        overlaps = {
            tuple(sorted((a["name"], b["name"])))
            for a, b in itertools.combinations(regions, 2)
            if pygame.Rect(a["rect"]).colliderect(pygame.Rect(b["rect"]))
        }
        assert overlaps <= {("community", "pot")}, (vid, len(players), overlaps)


@pytest.mark.parametrize(
    "scene, vid, cards",
    [("browser", "texas_holdem", 52), ("rules", "poker_clash", 0), ("menu", None, 0)],
)
def test_other_scenes_answer_the_manifest(scene, vid, cards):
    size = (1280, 720)
    app = start(vid, scene=scene, size=size)
    m = app.manifest()
    _check_shape(m, scene, size)
    assert m["viewer"] is None and not m["curtain"] and m["texts"] and m["regions"]
    assert len(m["cards"]) == cards
    if scene == "browser":
        assert {c["where"] for c in m["cards"]} == {"grid"} and len({c["id"] for c in m["cards"]}) == 52


def test_menu_opens_the_new_game_scene_with_a_manifest():
    app = start("poker_clash", scene="menu")
    assert app.scene.entry.id == "poker_clash"  # the menu opens on the game asked for
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n")])
    assert app.manifest()["scene"] == "new_game" and app.manifest()["texts"]


def test_screenshot_writes_the_picture_and_its_manifest(tmp_path):
    out, js = tmp_path / "t.png", tmp_path / "t.json"
    args = ["screenshot", "poker_clash", str(out), "--view", "table", "--size", "800x600"]
    assert main([*args, "--players", "3", "--moves", "4", "--manifest", str(js)]) == 0
    m = json.loads(js.read_text())
    assert pygame.image.load(str(out)).get_size() == (800, 600) and m["size"] == [800, 600]
    assert m["scene"] == "table" and m["viewer"] == 0 and not m["curtain"]
    assert len({c["where"] for c in m["cards"] if c["where"].startswith("hand:")}) == 3
    # a hot-seat table is pictured as the person to move sees it, the curtain lifted
    assert main([*args, "--players", "Ann,Bob", "--manifest", str(js)]) == 0
    m = json.loads(js.read_text())
    assert not m["curtain"] and m["viewer"] in (0, 1)
    assert all(
        c["face_up"] == (c["where"] == f"hand:{m['viewer']}") for c in m["cards"] if "hand" in c["where"]
    )
