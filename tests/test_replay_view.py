"""The replay viewer, driven headless: stepping, whose view, privacy, and the text fallback."""

import random

import pygame
import pytest
from make_example_saves import SAVES

from cardtable.app.display import open_window
from cardtable.app.replay_view import ReplayScene
from cardtable.app.scene import App, Scene
from cardtable.engine.bots import random_action
from cardtable.saves.store import SUFFIX, read_file
from cardtable.session import GameSession, visible_cards


@pytest.fixture()
def app():
    surface = open_window((1280, 800))
    app = App(surface)
    app.push(Scene(app))
    yield app
    pygame.display.quit()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def viewer(app, saved, variant):
    scene = ReplayScene(app, saved, variant)
    app.push(scene)
    app.step([])
    return scene


def finished_game(variant, seed=2):
    opts = {"hands": 2} if "hands" in variant.sections.get("options", {}) else {}
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot"}, {"name": "Cy", "kind": "bot"}]
    game = GameSession(variant, seats, seed, opts)
    rng = random.Random(seed)
    while not game.state["over"]:
        game.act(random_action(game.rules, game.state, game.rules.to_move(game.state), rng))
    return game


def test_steps_forwards_and_backwards(app, variants):
    saved = read_file(SAVES / f"infinite_poker_mid_flop{SUFFIX}")
    variant = variants[saved.variant_id]
    scene = viewer(app, saved, variant)
    end = GameSession.resume(saved, variant, accept_changed=True).state
    decisions = sum(1 for a in saved.log if a.get("seat") is not None)
    assert scene.steps == decisions + 1 and scene.index == 0
    app.step([key(pygame.K_LEFT)])
    assert scene.index == 0  # no step before the start
    app.step([key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_PAGEDOWN)])
    assert scene.index == 12
    assert scene.actions[11] == [a for a in saved.log if a.get("seat") is not None][11]
    app.step([key(pygame.K_END)])
    assert scene.index == decisions and scene.state == end
    app.step([key(pygame.K_RIGHT), key(pygame.K_PAGEUP)])
    assert scene.index == decisions - 10
    app.step([key(pygame.K_HOME)])
    assert scene.index == 0 and scene.state == scene.rules.new_game(saved.seats, saved.seed, saved.options)
    # the slider: a press half-way along goes half-way through the game
    bar = scene.slider
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(bar.centerx, bar.centery))])
    assert abs(scene.index - decisions / 2) <= 1
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.right, bar.centery), rel=(1, 0), buttons=(1, 0, 0))]
    )
    assert scene.index == decisions
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(bar.right, bar.centery))])
    app.step([key(pygame.K_ESCAPE)])
    assert app.scene is not scene


def test_a_game_in_progress_shows_each_seat_only_its_own(app, variants):
    saved = read_file(SAVES / f"poker_clash_about_to_clash{SUFFIX}")
    scene = viewer(app, saved, variants[saved.variant_id])
    assert not scene.game_over
    app.step([key(pygame.K_END)])
    rules, state = scene.rules, scene.state
    for seat in [None, 0, 1, 2]:
        scene.choose_seat(seat)
        app.step([])
        allowed = visible_cards(rules.view(state, seat))
        assert visible_cards(scene.view()) == allowed
        if scene.table is not None:
            assert set(scene.table.drawn_cards) <= allowed
    # seat 0 sees its own five cards, the table does not
    scene.choose_seat(0)
    mine = visible_cards(scene.view())
    scene.choose_seat(None)
    assert len(mine - visible_cards(scene.view())) == 5
    # keys choose whose view: Tab cycles, 1-9 pick a seat, T the table
    app.step([key(pygame.K_2)])
    assert scene.seat == 1
    app.step([key(pygame.K_TAB)])
    assert scene.seat == 2
    app.step([key(pygame.K_TAB)])
    assert scene.seat is None
    app.step([key(pygame.K_9)])
    assert scene.seat is None  # no ninth seat here
    app.step([key(pygame.K_1), key(pygame.K_t)])
    assert scene.seat is None


def test_finished_game_shows_everything_to_the_table(app, variants):
    variant = variants["texas_holdem"]
    game = finished_game(variant)
    scene = viewer(app, game.saved(), variant)
    assert scene.game_over
    app.step([key(pygame.K_END)])
    everything = visible_cards(scene.view())
    hands = {c for key, z in scene.view()["zones"].items() if key.startswith("hand/") for c in z["cards"]}
    state_hands = {c for z in game.state["zones"]["hand"] for c in z["cards"]}
    assert hands == state_hands and state_hands <= everything
    # a seat's view stays that seat's, even after the end
    scene.choose_seat(1)
    assert visible_cards(scene.view()) == visible_cards(game.rules.view(scene.state, 1))
    # and earlier in the game the table sees every hand as well (the game is over)
    app.step([key(pygame.K_HOME), key(pygame.K_RIGHT), key(pygame.K_t)])
    start_hands = {c for z in scene.state["zones"]["hand"] for c in z["cards"]}
    assert start_hands <= visible_cards(scene.view())


def test_text_rendering_and_a_broken_log(app, variants):
    variant = variants["texas_holdem"]
    saved = finished_game(variant, seed=5).saved()
    decisions = [i for i, a in enumerate(saved.log) if a.get("seat") is not None]
    saved.log = [dict(a) for a in saved.log]
    saved.log[decisions[3]] = {"seat": saved.log[decisions[3]]["seat"], "type": "fly"}
    scene = viewer(app, saved, variant)
    assert not scene.result.valid and scene.steps == 4  # the start and three decisions
    assert not scene.game_over  # a log cut short never shows everything
    scene.table = None  # the text rendering draws the same view
    app.step([key(pygame.K_END)])
    assert scene.index == 3
    # the failure is written on the screen in red-ish ink somewhere above the strip
    h = app.surface.get_height()
    band = [app.surface.get_at((x, y))[:3] for x in range(24, 400) for y in range(h - 90, h - 64)]
    assert any(r > 230 and 140 < g < 200 and 140 < b < 200 for r, g, b in band)


def test_any_step_is_the_game_replayed_to_there(app, variants):
    """Stepping in any order (checkpoints, then replaying) gives exactly the replayed state."""
    variant = variants["poker_grid"]
    saved = finished_game(variant, seed=4).saved()
    scene = viewer(app, saved, variant)
    decisions = [a for a in saved.log if a.get("seat") is not None]
    assert scene.actions == decisions and scene.steps == len(decisions) + 1
    rng = random.Random(1)
    for index in [scene.steps - 1, 0, 17, 16, 15, 33, *rng.sample(range(scene.steps), 8)]:
        scene.go(index)
        app.step([])
        expected = scene.rules.replay(saved.seats, saved.seed, saved.options, [])
        for action in decisions[:index]:
            expected = scene.rules.apply(expected, action)
        assert scene.state == expected


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
