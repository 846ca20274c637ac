"""Deck-only files (issue 19) and variant files that must never stop the program (issue 17):
a deck to browse is listed, validated and browsed but never offered as a game; a file that breaks
the loader in any way is listed with its error."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from input_events import key

from cardtable.app.headless import start
from cardtable.cli import main
from cardtable.errors import VariantError
from cardtable.variant import load_variant_text

ROOT = Path(__file__).resolve().parent.parent
DECK_ONLY = """name: Tarot of numbers
description: A deck to share, no game yet.
deck:
  attributes:
    number: {values: 0..21}
    suit: {order: none, values: [{id: cups, glyph: drop}, {id: swords, glyph: spade}]}
  cards:
    - {number: all, suit: all}
"""


@pytest.fixture()
def user_folder(tmp_path, monkeypatch):
    """The user's variants folder, empty, beside a shipped folder holding only Sevendeck Poker (a
    game that loads in milliseconds: listing every built-in would cost a second a test)."""
    import cardtable.catalog as catalog

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "cardtable" / "variants"
    folder.mkdir(parents=True)
    shipped = tmp_path / "shipped" / "variants"
    shipped.mkdir(parents=True)
    (shipped / "sevendeck_poker.yaml").write_text((ROOT / "variants" / "sevendeck_poker.yaml").read_text())
    monkeypatch.setattr(catalog, "shipped", lambda name: tmp_path / "shipped" / name)
    return folder


def test_a_deck_only_file_loads_as_a_deck():
    v = load_variant_text(DECK_ONLY, "d.yaml")
    assert v.deck_only and v.deck.size == 44 and v.max_players == 0


def test_a_game_part_without_players_is_still_an_error():
    text = DECK_ONLY + "hands: {form: {size: 5, from: [hand]}, categories: [{name: High}]}\n"
    with pytest.raises(VariantError) as info:
        load_variant_text(text, "d.yaml")
    assert [str(p) for p in info.value.problems] == [
        "d.yaml:1:1: missing 'players' (a file with 'hands' is a game; a deck-only file has no sections)"
    ]


def test_list_validate_and_play_on_a_deck_file(user_folder, capsys):
    path = user_folder / "tarot.yaml"
    path.write_text(DECK_ONLY)
    assert main(["list", "--json"]) == 0
    entries = {e["id"]: e for e in json.loads(capsys.readouterr().out)}
    assert entries["tarot"]["kind"] == "deck" and entries["tarot"]["ok"]
    assert entries["sevendeck_poker"]["kind"] == "game"
    assert main(["list"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "tarot" in x)
    assert "a deck to browse, 44 cards" in line
    assert main(["validate", str(path)]) == 0
    assert "ok (Tarot of numbers, a deck to browse of 44 cards)" in capsys.readouterr().out
    assert main(["play", "tarot"]) == 2
    out, err = capsys.readouterr()
    assert (
        out == ""
        and err
        == "cardtable play: tarot is a deck to browse, not a game: open it from the menu's Deck browser\n"
    )


def test_the_menu_offers_a_deck_file_to_browse_only(user_folder):
    from cardtable.app.browse import BrowserScene

    (user_folder / "tarot.yaml").write_text(DECK_ONLY)
    try:
        app = start(None, scene="menu", size=(1280, 720))
        menu = app.scene
        index = next(i for i, e in enumerate(menu.entries) if e.id == "tarot")
        assert menu.entries[menu.selected].ok  # a game is chosen first, never the deck
        menu.select(index)
        app.step([key(pygame.K_n), key(pygame.K_RETURN)])  # N is off; Enter asks anyway
        assert app.scene is menu and "a deck to browse, not a game" in menu.status
        enabled = {b.label: b.enabled for b in menu.buttons}
        assert (
            not enabled["New game"] and not enabled["Rules"] and enabled["Deck browser"] and enabled["Quit"]
        )
        assert any("deck · 44 cards" in t["text"] for t in app.manifest()["texts"])
        app.step([key(pygame.K_d)])
        assert isinstance(app.scene, BrowserScene) and app.scene.browser.deck.size == 44
    finally:
        pygame.display.quit()


def test_a_loader_failure_of_any_kind_lists_the_file_with_its_error(user_folder, monkeypatch, capsys):
    import cardtable.catalog as catalog

    (user_folder / "odd.yaml").write_text(DECK_ONLY)
    real = catalog.load_variant

    def flaky(path):
        if str(path).endswith("odd.yaml"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(path)

    monkeypatch.setattr(catalog, "load_variant", flaky)
    assert main(["list"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "odd" in x)
    assert line.startswith("! odd") and "fails to load: 1:1: cannot be loaded (RecursionError" in line
    entry = next(e for e in catalog.catalog() if e.id == "odd")
    assert str(entry.error.problems[0]).endswith(
        "odd.yaml:1:1: cannot be loaded (RecursionError: maximum recursion depth exceeded)"
    )


def test_a_device_or_a_pipe_named_like_a_variant_is_refused_unread(user_folder, capsys):
    """/dev/zero never ends and a pipe waits for a writer: neither is read."""
    import os

    (user_folder / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(user_folder / "pipe.yaml")
    assert main(["list"]) == 0
    lines = [x for x in capsys.readouterr().out.splitlines() if x.startswith("!")]
    assert len(lines) == 2 and all("fails to load: 1:1: not a regular file [yours]" in x for x in lines), (
        lines
    )


def test_a_chosen_broken_file_stays_above_its_error_box(user_folder):
    from cardtable.app.menu import ERROR_BOX, ROW_H

    for i in range(12):
        (user_folder / f"zz_{i:02}.yaml").write_text("name: Broken\nplayers: {min: 2, max: 3}\n")
    try:
        app = start(None, scene="menu", size=(1280, 720))
        menu = app.scene
        for index in range(len(menu.entries)):
            menu.select(index)
            row_bottom = menu.list_rect.top + (menu.selected - menu.scroll + 1) * ROW_H
            assert row_bottom <= menu.list_rect.bottom - ERROR_BOX, index
    finally:
        pygame.display.quit()
