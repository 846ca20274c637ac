"""Less setup: the last seating offered again at New game (and from the final standings), the
menu's games most recently played first then by name, Enter in a name field starting a complete
game, and Auto-flip offered on New game for games with flipping rounds (on in Peek mode)."""

import pygame
from input_events import click, key

from cardtable.app import settings
from cardtable.app.headless import start
from cardtable.app.new_game import NewGameScene, flipping_rounds


def _texts(app) -> list[str]:
    return [t["text"] for t in app.manifest()["texts"]]


def test_the_last_seating_comes_back_and_enter_in_a_name_starts(fresh_user):
    app = start("texas_holdem", scene="new_game", size=(1280, 720))
    ng = app.scene
    assert isinstance(ng, NewGameScene)
    ng.toggle_kind(1)  # a second person, named for them
    ng.seats[1].name.value = "Zed"
    ng.seats[0].name.focused = True
    app.step([key(pygame.K_x, "x")], dt=0.0)  # typing in the first name field
    app.step([key(pygame.K_RETURN)], dt=0.0)  # Enter in the field: the form is complete, so it starts
    assert app.scene.manifest_scene == "table"
    seated = [(s["name"], s["kind"]) for s in app.scene.view_for(None)["seats"]]
    assert seated[:2] == [("Annx", "human"), ("Zed", "human")]

    # New game again, another game: the same players, with no input
    app = start("sevendeck_poker", scene="new_game", size=(800, 600))
    assert [(r.name.value, "bot" if r.bot else "human") for r in app.scene.seats] == seated
    assert any("Same players as last time" in words for words in _texts(app))
    # the end screen's New game (launch.start_game's `new_game`) opens this screen: seated too
    table = start("texas_holdem", players=["Ann", "bot"], seed=1)
    again = NewGameScene(table, table.scene.rules.variant)
    assert [r.name.value for r in again.seats] == [name for name, _ in seated]


def test_enter_in_a_field_of_an_incomplete_form_says_what_is_missing(fresh_user):
    app = start("texas_holdem", scene="new_game")
    ng = app.scene
    ng.seats[1].name.value = ng.seats[0].name.value  # two seats with one name
    ng.seats[1].name.focused = True
    app.step([key(pygame.K_RETURN)], dt=0.0)
    assert app.scene is ng and "same name" in ng.message


def test_the_menu_lists_the_games_played_last_first_then_by_name(fresh_user):
    app = start(None, scene="menu")
    names = [e.variant.name for e in app.scene.entries if e.variant is not None]
    assert names == sorted(names, key=str.casefold)  # nothing played yet: by name
    start("sevendeck_poker", players=["Ann", "bot"])
    start("poker_grid", players=["Ann", "bot"])
    ids = [e.id for e in start(None, scene="menu").scene.entries]
    assert ids[:2] == ["poker_grid", "sevendeck_poker"]
    menu = start(None, scene="menu").scene
    assert menu.entry is not None and menu.entry.id == "poker_grid"  # the last played is chosen


def test_auto_flip_is_offered_for_games_with_flipping_rounds(fresh_user, variants):
    assert flipping_rounds(variants["infinite_poker"]) and not flipping_rounds(variants["texas_holdem"])
    app = start("texas_holdem", scene="new_game")
    assert "Auto-flip" not in _texts(app)
    app = start("infinite_poker", scene="new_game", size=(800, 600))
    ng = app.scene
    assert "Auto-flip" in _texts(app) and ng.auto_flip is False
    ng.cycle_privacy()  # Peek: every flip would need a peek, so Auto-flip comes on
    assert ng.privacy == "peek" and ng.auto_flip
    app.step([], dt=0.0)
    texts = app.manifest()["texts"]
    label = next(t for t in texts if t["text"] == "Auto-flip")
    middle = label["rect"][1] + label["rect"][3] // 2
    button = next(
        t for t in texts if t["text"] == "On" and t["rect"][1] <= middle <= t["rect"][1] + t["rect"][3]
    )
    app.step([click((button["rect"][0] + 2, button["rect"][1] + 2))], dt=0.0)
    assert not ng.auto_flip
    app.step([key(pygame.K_RETURN)], dt=0.0)
    assert app.scene.manifest_scene == "table" and app.scene.auto_flip is False
    assert settings.load()["auto_flip"] is False


def _play_hands(app, hands: int, every_hand: bool = False) -> list[tuple[int, int]]:
    """Play on with keys until hand `hands` starts (people fold, call or check; a Called Shot is
    passed with P, its toggle E pressed first when `every_hand`): each (hand, seat) asked to name
    cards."""
    table, asked = app.scene, []
    for _ in range(600):
        public = table.view_for(None)
        if public["hand_number"] >= hands:
            break
        who, keys = table.asked(), [key(pygame.K_SPACE)]
        if who is not None and public["phase"] == "declare":
            asked.append((public["hand_number"], who))
            keys = [key(pygame.K_e)] if every_hand and not table.ask_every_hand else [key(pygame.K_p)]
        elif who is not None:
            keys = [key(pygame.K_f), key(pygame.K_c), key(pygame.K_k)]
        app.step(keys, dt=0.2)
    return asked


def test_a_called_shot_is_asked_once_a_game_unless_asked_every_hand():
    app = start("infinite_poker", players=["Ann", "Bob", "bot"], seed=2, autosave=False, privacy="peek")
    app.scene.auto_flip, app.scene.bot_delay = True, 0
    assert sorted(_play_hands(app, 3)) == [(1, 0), (1, 1)]  # the first hand only
    talk = " ".join(app.scene.view_for(None)["log"])
    assert talk.count("Ann names no cards") >= 2  # her pass held, unasked, in the next hand
    app = start("infinite_poker", players=["Ann", "Bob", "bot"], seed=2, autosave=False, privacy="peek")
    app.scene.auto_flip, app.scene.bot_delay = True, 0
    asked = _play_hands(app, 3, every_hand=True)
    assert {hand for hand, _ in asked} == {1, 2}  # "ask me every hand": the question comes back
