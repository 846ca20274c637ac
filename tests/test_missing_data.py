"""A program that cannot find its built-in games says so, with the folder it looked in (a bundle
built without its data showed an empty menu, `list` printed nothing and exited 0)."""

import pygame
import pytest

import cardtable.catalog as catalog_module
from cardtable.app.headless import start
from cardtable.cli import main
from cardtable.paths import shipped


@pytest.fixture()
def no_builtins(tmp_path, monkeypatch):
    empty = tmp_path / "bundle" / "_data" / "variants"
    empty.mkdir(parents=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(
        catalog_module, "shipped", lambda name: empty if name == "variants" else shipped(name)
    )
    return empty


def test_list_says_the_games_are_missing_and_fails(no_builtins, capsys):
    assert main(["list"]) == 1
    err = capsys.readouterr().err
    assert f"The built-in games are missing: none found in {no_builtins}" in err
    assert main(["list", "--json"]) == 1


def test_play_names_the_missing_folder(no_builtins, capsys):
    assert main(["play", "texas_holdem"]) == 1
    assert f"none found in {no_builtins}" in capsys.readouterr().err


def test_the_menu_says_so(no_builtins):
    app = start(None, scene="menu", size=(1280, 720))
    try:
        texts = " ".join(t["text"] for t in app.manifest()["texts"])
        assert "The built-in games are missing" in texts
    finally:
        pygame.display.quit()


def test_nothing_is_said_when_they_are_there(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert catalog_module.missing_builtins() == ""
    assert main(["list"]) == 0
    assert capsys.readouterr().err == ""
