"""A screen registered once (app/screens.py) is on the menu, opens by its key, from the headless
driver and from `cardtable screenshot --view`; the menu lays its buttons out from its contents."""

import json

import pygame
import pytest
from input_events import key

from cardtable.app import frame, ui
from cardtable.app.headless import start
from cardtable.app.scene import Scene
from cardtable.app.screens import SCREENS, Screen, register


class StatisticsScene(Scene):
    """A toy screen: the chosen game's name."""

    manifest_scene = "statistics"

    def __init__(self, app, variant):
        super().__init__(app)
        self.variant = variant

    def draw(self, surface):
        surface.fill(ui.FELT)
        frame.region("statistics", ui.text(surface, f"Statistics of {self.variant.name}", (40, 40), 30))


@pytest.fixture()
def registry(monkeypatch, tmp_path):
    """The registry as shipped again after the test; the user's folders empty."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    shipped = dict(SCREENS)
    yield
    SCREENS.clear()
    SCREENS.update(shipped)
    pygame.display.quit()


@pytest.fixture()
def statistics(registry):
    register(Screen("statistics", StatisticsScene, "game", "Statistics", pygame.K_s))


def test_a_registered_screen_is_on_the_menu_and_opens_by_its_key(statistics):
    app = start("texas_holdem", scene="menu", size=(1280, 720))
    labels = [b.label for b in app.scene.buttons]
    assert labels[-2:] == ["Statistics", "Quit"]
    app.step([key(pygame.K_s)])
    assert app.manifest()["scene"] == "statistics"
    assert any(t["text"] == "Statistics of Texas Hold'em" for t in app.manifest()["texts"])


def test_a_registered_screen_opens_headless(statistics):
    app = start("sevendeck_poker", scene="statistics", size=(800, 600))
    assert app.manifest()["scene"] == "statistics"
    with pytest.raises(ValueError, match="scene must be one of table, menu, .*statistics"):
        start("sevendeck_poker", scene="nosuch")


def test_a_registered_screen_is_a_screenshot_view(statistics, tmp_path, capsys):
    from cardtable.cli import main

    out = tmp_path / "stats.png"
    manifest = tmp_path / "stats.json"
    assert (
        main(["screenshot", "texas_holdem", str(out), "--view", "statistics", "--manifest", str(manifest)])
        == 0
    )
    assert out.stat().st_size > 0 and json.loads(manifest.read_text())["scene"] == "statistics"
    assert main(["screenshot", "texas_holdem", str(out), "--view", "nosuch"]) == 2
    assert "no view 'nosuch': choose deck, table or " in capsys.readouterr().err


@pytest.mark.parametrize("extra", [0, 1, 3])
@pytest.mark.parametrize("size", [(800, 600), (1366, 768)])
def test_the_menu_lays_out_every_button_in_the_window(registry, size, extra):
    for i in range(extra):
        register(Screen(f"extra{i}", StatisticsScene, "game", f"Extra {i}", pygame.K_1 + i))
    app = start(None, scene="menu", size=size)
    regions = {r["name"]: pygame.Rect(r["rect"]) for r in app.manifest()["regions"]}
    buttons = app.scene.buttons
    assert len(buttons) == 8 + extra  # the shipped screens (Join a table among them) and Quit
    window = pygame.Rect((0, 0), size)
    for above, below in zip(buttons, buttons[1:]):
        assert above.rect.bottom < below.rect.top  # apart
    assert all(window.contains(b.rect) for b in buttons)
    assert not regions["buttons"].colliderect(regions["status"])
    assert min(b.rect.height for b in buttons) >= 28
