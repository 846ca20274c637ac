"""The replay viewer, driven headless: stepping, privacy (public view only; a finished game shows
what the table saw, never a folded hand), and the text fallback."""

import random
from collections import defaultdict

import pygame
import pytest
from input_events import key
from make_example_saves import SAVES
from replay_helpers import saved_game, states, unfinished

from cardtable.app.display import open_window
from cardtable.app.replay_view import ReplayScene
from cardtable.app.scene import App, Scene
from cardtable.engine import Rules
from cardtable.engine.state import zone
from cardtable.saves.store import SUFFIX, read_file
from cardtable.session import visible_cards


@pytest.fixture()
def app():
    surface = open_window((1280, 800))
    app = App(surface)
    app.push(Scene(app))
    yield app
    pygame.display.quit()


def viewer(app, saved, variant):
    scene = ReplayScene(app, saved, variant)
    app.push(scene)
    app.step([])
    return scene


def test_steps_forwards_and_backwards(app, variants):
    saved = read_file(SAVES / f"infinite_poker_mid_flop{SUFFIX}")
    variant = variants[saved.variant_id]
    scene = viewer(app, saved, variant)
    every = states(scene.rules, saved)
    decisions = len(every) - 1
    assert scene.steps == decisions + 1 and scene.index == 0
    app.step([key(pygame.K_LEFT)])
    assert scene.index == 0  # no step before the start
    app.step([key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_PAGEDOWN)])
    assert scene.index == 12
    assert scene.view() == {**scene.rules.view(every[12], None), "legal": []}
    app.step([key(pygame.K_END)])
    assert scene.index == decisions and scene.timeline.state_at(decisions) == every[-1]
    app.step([key(pygame.K_RIGHT), key(pygame.K_PAGEUP)])
    assert scene.index == decisions - 10
    app.step([key(pygame.K_HOME)])
    assert scene.index == 0 and scene.timeline.state_at(0) == every[0]
    # the slider: a press half-way along goes half-way through the game
    bar = scene.slider
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(bar.centerx, bar.centery))])
    assert abs(scene.index - decisions / 2) <= 1
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.right, bar.centery), rel=(1, 0), buttons=(1, 0, 0))]
    )
    assert scene.index == decisions
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(bar.right, bar.centery))])
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3)])
    assert scene.index == decisions - 3
    app.step([key(pygame.K_ESCAPE)])
    assert app.scene is not scene


def test_an_unfinished_game_shows_only_the_public_view(app, variants):
    """At every step, whatever keys are pressed, the viewer shows (and draws) no card that the
    table's public view hides: a seat's hole cards stay hidden, its own seat's too."""
    variant = variants["texas_holdem"]
    saved, _ = unfinished(variant, 16)
    scene = viewer(app, saved, variant)
    every = states(scene.rules, saved)
    assert not scene.game_over and scene.steps == len(every)
    presses = [pygame.K_1, pygame.K_TAB, pygame.K_2, pygame.K_t, pygame.K_3]
    for i, st in enumerate(every):
        app.step([key(presses[i % len(presses)])])
        allowed = visible_cards(scene.rules.view(st, None))
        assert scene.index == i
        assert visible_cards(scene.view()) <= allowed, f"step {i} shows hidden cards"
        if scene.table is not None:
            assert set(scene.table.drawn_cards) <= allowed, f"step {i} draws hidden cards"
        app.step([key(pygame.K_RIGHT)])
    # the hands were dealt and are held, face down, all along
    assert any(zone(every[-1], "hand", s)["cards"] for s in range(3))


def test_a_finished_game_never_shows_a_folded_hand(app, variants):
    """Once the game is over the viewer may show the cards the table saw in a hand (a showdown)
    for that whole hand, but never the cards of a hand folded without being shown."""
    variant = variants["texas_holdem"]
    rules = Rules(variant)
    for seed in range(50):
        saved, _ = saved_game(variant, seed)
        every = states(rules, saved)
        seen, folded = defaultdict(set), defaultdict(set)
        for st in every:
            seen[st["hand"]] |= visible_cards(rules.view(st, None))
        for h in every[-1]["history"]:
            seen[h["hand"]] |= {c for shown in h["shown"] for c in shown["cards"]}
        decisions = [a for a in saved.log if a.get("seat") is not None]
        for st, action in zip(every, decisions):
            if action["type"] == "fold":
                folded[st["hand"]] |= set(zone(st, "hand", action["seat"])["cards"])
        hidden = {hand: cards - seen[hand] for hand, cards in folded.items()}
        showdown = [h for h in every[-1]["history"] if h["shown"]]
        if any(hidden.values()) and showdown:
            break
    else:
        pytest.fail("no game with both a showdown and a hand folded unseen")
    scene = viewer(app, saved, variant)
    assert scene.game_over
    for i, st in enumerate(every):
        scene.go(i)
        app.step([])
        shows = visible_cards(scene.view())
        assert shows <= visible_cards(rules.view(st, None)) | seen[st["hand"]]
        assert not shows & hidden.get(st["hand"], set()), f"step {i} shows a folded hand"
        if scene.table is not None:
            assert not set(scene.table.drawn_cards) & hidden.get(st["hand"], set())
    # a hand shown at a showdown shows from the first step of its hand on
    hand = showdown[0]["hand"]
    first = next(i for i, st in enumerate(every) if st["hand"] == hand)
    scene.go(first)
    at_showdown = {c for shown in showdown[0]["shown"] for c in shown["cards"]}
    held = {c for s in range(3) for c in zone(every[first], "hand", s)["cards"]}
    assert at_showdown & held and at_showdown & held <= visible_cards(scene.view())


def test_text_rendering_and_a_broken_log(app, variants):
    variant = variants["texas_holdem"]
    saved, _ = saved_game(variant, 5)
    decisions = [i for i, a in enumerate(saved.log) if a.get("seat") is not None]
    saved.log = [dict(a) for a in saved.log]
    saved.log[decisions[3]] = {"seat": saved.log[decisions[3]]["seat"], "type": "fly"}
    scene = viewer(app, saved, variant)
    assert scene.timeline.stop is not None and scene.timeline.stop.index == decisions[3]
    assert scene.steps == 4  # the start and three decisions
    assert not scene.game_over  # a log cut short never shows more than the public view
    scene.table = None  # the text rendering draws the same view
    app.step([key(pygame.K_END)])
    assert scene.index == 3
    # the failure is written on the screen in red-ish ink somewhere above the strip
    h = app.surface.get_height()
    band = [app.surface.get_at((x, y))[:3] for x in range(24, 400) for y in range(h - 90, h - 64)]
    assert any(r > 230 and 140 < g < 200 and 140 < b < 200 for r, g, b in band)


def test_a_game_that_cannot_be_set_up(app, variants):
    """A save whose game cannot even start (one seat at a table for two or more) says why."""
    variant = variants["texas_holdem"]
    saved, _ = saved_game(variant, 1, 3)
    saved.seats = saved.seats[:1]
    scene = viewer(app, saved, variant)
    app.step([key(pygame.K_END), key(pygame.K_LEFT)])
    assert scene.steps == 0 and scene.table is None and not scene.game_over
    assert scene.timeline.stop is not None and "cannot be set up" in scene.timeline.stop.reason


def test_any_step_is_the_game_replayed_to_there(app, variants):
    """Stepping in any order (checkpoints, then replaying) gives exactly the replayed state."""
    variant = variants["poker_grid"]
    saved, _ = saved_game(variant, 4)
    scene = viewer(app, saved, variant)
    every = states(scene.rules, saved)
    assert scene.steps == len(every) and scene.timeline.every < scene.steps
    rng = random.Random(1)
    for index in [scene.steps - 1, 0, 17, 16, 15, 33, 9, 8, 7, *rng.sample(range(scene.steps), 8)]:
        scene.go(index)
        app.step([])
        assert scene.timeline.state_at(index) == every[index]


def test_replay_command_opens_the_viewer(monkeypatch, capsys):
    """`cardtable replay SAVE --view` checks the save, then opens the viewer on it."""
    from cardtable.cli import main

    shown = []

    def one_frame(self):
        self.step([key(pygame.K_END)])
        shown.append((type(self.scene).__name__, self.scene.index, self.scene.steps))

    monkeypatch.setattr(App, "run", one_frame)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests' window stays open
    assert main(["replay", "poker_grid_near_end", "--view"]) == 0
    assert "valid: all" in capsys.readouterr().out
    ((name, index, steps),) = shown
    assert name == "ReplayScene" and index == steps - 1
