"""The menu and the desktop entry, driven headless with synthetic events."""

import pygame
import pytest
from input_events import key

from cardtable.app.headless import start
from cardtable.cli import main


@pytest.fixture()
def menu_app(tmp_path, monkeypatch):
    """The menu as a double-click opens it, the user's folders empty."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    yield lambda variant=None: start(variant, scene="menu", size=(1280, 800))
    pygame.display.quit()


def test_menu_lists_every_variant_and_moves_with_keys(menu_app):
    app = menu_app()
    menu = app.scene
    names = [e.variant.name for e in menu.entries if e.ok]
    assert len(names) >= 7
    first = menu.selected
    app.step([key(pygame.K_DOWN)])
    assert menu.selected == first + 1
    app.step([key(pygame.K_UP), key(pygame.K_UP)])
    assert menu.selected == max(0, first - 1)
    # the selected row is drawn in the panel colour
    row_y = menu.list_rect.top + (menu.selected - menu.scroll) * 64 + 3
    assert app.surface.get_at((menu.list_rect.left + 5, row_y))[:3] == (245, 240, 225)


def test_broken_variant_is_listed_with_errors(menu_app, tmp_path):
    folder = tmp_path / "cardtable" / "variants"
    folder.mkdir(parents=True)
    (folder / "zz_broken.yaml").write_text("name: Broken\nplayers: {min: 2, max: 3}\ndek: {}\n")
    app = menu_app()
    menu = app.scene
    index = next(i for i, e in enumerate(menu.entries) if e.id == "zz_broken")
    menu.select(index)
    app.step([])
    assert not menu.buttons[1].enabled  # New game is off for a broken variant
    # the error box is drawn (dark red) at the bottom of the list
    box_y = menu.list_rect.bottom - 90
    assert app.surface.get_at((menu.list_rect.left + 4, box_y))[:3] == (60, 20, 20)
    assert any(t["text"].startswith("Fix ") for t in app.manifest()["texts"])


def test_escape_asks_before_quitting(menu_app):
    app = menu_app()
    app.step([key(pygame.K_ESCAPE)])
    assert app.running and any(r["name"] == "question" for r in app.manifest()["regions"])
    assert "Quit Cardtable?" in [t["text"] for t in app.manifest()["texts"]]
    app.step([key(pygame.K_n)])  # stay
    assert app.running and not any(r["name"] == "question" for r in app.manifest()["regions"])
    app.step([key(pygame.K_ESCAPE)])
    app.step([key(pygame.K_ESCAPE)])  # Esc again: stay
    assert app.running
    app.step([key(pygame.K_ESCAPE)])
    app.step([key(pygame.K_y)])
    assert not app.running


def test_install_desktop(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["install-desktop"]) == 0
    entry = (tmp_path / "applications" / "cardtable.desktop").read_text()
    assert "Exec=" in entry and "Terminal=false" in entry
    icon = tmp_path / "cardtable" / "cardtable.png"
    assert f"Icon={icon}" in entry
    image = pygame.image.load(str(icon))
    assert image.get_size() == (256, 256)


def test_rules_and_deck_browser_open_from_the_menu(menu_app):
    from cardtable.app.browse import BrowserScene
    from cardtable.app.rules_view import RulesScene

    app = menu_app("poker_clash")
    menu = app.scene
    app.step([key(pygame.K_r)])
    rules = app.scene
    assert isinstance(rules, RulesScene)
    for _ in range(10):
        app.step([], dt=0.02)
    sampler = rules.sampler
    assert sampler.samples > 0 and sum(sampler.counts) == sampler.samples
    names = [name for name, _, _ in rules.lines()]
    assert names.index("Color") == names.index("Two Pair") + 1  # Color between Two Pair and Pair
    app.step([key(pygame.K_ESCAPE)])
    assert app.scene is menu
    app.step([key(pygame.K_d)])
    assert isinstance(app.scene, BrowserScene)
    assert app.scene.browser.deck.size == 52


def test_a_crash_is_logged_readably(tmp_path, monkeypatch, capsys):
    from cardtable.app.crash import write_crash_log

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    try:
        raise RuntimeError("the table fell over")
    except RuntimeError as exc:
        path = write_crash_log(exc)
    assert path is not None and path.exists() and path.is_relative_to(tmp_path)
    text = path.read_text()
    assert "RuntimeError: the table fell over" in text and "Traceback" in text
    assert "the table fell over" in capsys.readouterr().err
