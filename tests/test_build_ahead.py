"""Hand tables built ahead, a step at a time, while New game waits for a person: a first game on a
machine then starts without building them (up to a second in one frame); and a table has its hand
tables (read, shipped or built) before its first frame."""

from __future__ import annotations

import pygame
import pytest
from conftest import VARIANTS
from input_events import key

from cardtable.app.headless import start
from cardtable.app.new_game import NewGameScene
from cardtable.hands import table as table_mod
from cardtable.hands import tables
from cardtable.hands.api import _matcher
from cardtable.variant import load_variant

SHORT_DECK = VARIANTS / "examples" / "short_deck_holdem.yaml"  # 36 cards: a quick build


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    """Nothing built on this machine and nothing shipped: every table is built."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(tables, "shipped_folder", lambda: tmp_path / "shipped")
    return tmp_path / "cache"


def hands_of(path):
    return load_variant(path).sections["hands"]


@pytest.fixture(scope="module")
def whole_short_deck():
    """The short deck's table built at once, to compare the built-ahead ones with (read only)."""
    rules = hands_of(SHORT_DECK)
    return table_mod.build(rules, table_mod.plan(rules), _matcher(rules))


def test_a_table_built_in_steps_is_the_table_built_at_once_and_is_filed(empty_cache, whole_short_deck):
    rules = hands_of(SHORT_DECK)
    calls = 1
    while not tables.build_ahead(rules, _matcher(rules), 0.0):  # one step a call
        calls += 1
    assert calls > 50  # many small steps, not one
    whole = whole_short_deck
    made = tables._slot(rules).table
    assert made is not None and made.keys == whole.keys and made.index == whole.index
    assert tables.ensure(rules, _matcher(rules)) is made  # the game's start finds it made
    assert (tables.folder() / f"{tables._slot(rules).name}.table").is_file()


def test_a_build_begun_ahead_is_finished_by_the_game_s_start(empty_cache, whole_short_deck):
    rules = hands_of(SHORT_DECK)
    for _ in range(20):
        assert not tables.build_ahead(rules, _matcher(rules), 0.0)
    made = tables.ensure(rules, _matcher(rules))
    whole = whole_short_deck
    assert made is not None and made.keys == whole.keys and made.index == whole.index
    assert tables.build_ahead(rules, _matcher(rules), 0.0)  # nothing left to do


def test_a_filed_table_is_left_for_the_game_s_start_to_read(empty_cache):
    tables.ensure(hands_of(SHORT_DECK), _matcher(hands_of(SHORT_DECK)))  # files it
    rules = hands_of(SHORT_DECK)
    assert tables.build_ahead(rules, _matcher(rules), 0.0)  # done at once: nothing built
    slot = tables._slot(rules)
    assert slot.table is None and slot.building is None
    assert tables.ensure(rules, _matcher(rules)) is not None


def test_new_game_builds_the_tables_before_start_and_the_table_does_not(fresh_user, empty_cache, monkeypatch):
    # a game no table serves: only the new game's table is built
    app = start("sigilian_poker", players=["Ann", "bot"], seed=1, size=(1280, 720), autosave=False)
    variant = load_variant(SHORT_DECK)
    app.push(NewGameScene(app, variant))
    frames = 0
    while not app.scene.built_ahead:
        app.step([], dt=1 / 60)
        frames += 1
        assert frames < 5000
    assert frames > 1  # a little each frame
    rules = variant.sections["hands"]
    assert tables._slot(rules).table is not None

    def built(*args):
        raise AssertionError("the table built its hand table at the game's start")

    monkeypatch.setattr(tables, "build_steps", built)
    app.step([key(pygame.K_RETURN)], dt=1 / 60)
    assert type(app.scene).__name__ == "TableScene"


# Not in test_hand_tables.py: its module-wide empty cache and shipped folder would make these build.
@pytest.mark.parametrize("vid", ["sevendeck_poker", "omaha_hi_lo"])
def test_a_table_has_its_hand_tables_before_its_first_frame(monkeypatch, vid):
    """Building a table mid-game took one frame 0.3-0.8 s (after 3,000 hands valued without it):
    the table scene reads or builds every table its rankings can use (a split pot's low one too)
    before it draws, and no frame of computer players playing reads or builds one."""
    from cardtable.hands.ranking import hand_rules

    path = VARIANTS / f"{vid}.yaml" if vid != "omaha_hi_lo" else VARIANTS / "examples" / f"{vid}.yaml"
    # nothing remembered in memory: the run's cache folder (another test may have filed the tables
    # there) or a build
    variant = load_variant(path)
    app = start(variant, players=["bot-easy"] * 3, size=(800, 600), autosave=False)
    hand = hand_rules(variant)
    rankings = [hand] + ([hand.split.rules] if hand.split is not None else [])
    assert len(rankings) == (2 if vid == "omaha_hi_lo" else 1)
    for ranked in rankings:
        slot = tables._slot(ranked)
        assert slot.plan is None or slot.table is not None, f"{vid}: no table before the first frame"

    def refused(*args, **kwargs):
        raise AssertionError("a hand table read or built during play")

    monkeypatch.setattr(tables, "build_steps", refused)
    monkeypatch.setattr(tables, "read", refused)
    app.scene.bot_delay = 0.0
    for _ in range(60):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")], dt=0.05)


def test_a_big_deck_table_has_its_per_card_tables_before_its_first_frame(monkeypatch):
    """The prefilter's per-card keys of the 12,000-card deck took the first computer player's
    first unit of thinking ~25 ms (a frame near the 33 ms limit): they are made before the table
    draws, and no frame of play makes them."""
    from cardtable.hands import prefilter
    from cardtable.hands.ranking import hand_rules

    variant = load_variant(VARIANTS / "infinite_poker.yaml")  # nothing remembered in memory
    app = start(variant, players=["bot-easy"] * 3, size=(800, 600), autosave=False)
    hand = hand_rules(variant, variant.sections["options"]["ranking"].default)  # the ranking played
    assert isinstance(hand.memo.get("prefilter"), prefilter._Static)

    def refused(*args, **kwargs):
        raise AssertionError("per-card tables made during play")

    monkeypatch.setattr(prefilter, "card_keys", refused)  # what it reads each card through
    app.scene.bot_delay = 0.0
    for _ in range(40):
        app.step([], dt=0.05)
    pygame.display.quit()
