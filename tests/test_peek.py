"""Peek mode and the remembered choice of privacy, through the headless driver. (Privacy over
every variant in both modes, and the curtains counted, are in test_privacy.py.)"""

import json

import pygame
import pytest
from input_events import Keyboard, click, key, keyup

from cardtable.app import settings
from cardtable.app.controls import verb_of
from cardtable.app.headless import start
from cardtable.app.new_game import NewGameScene
from cardtable.app.table import TableScene, computer_action
from cardtable.app.table.input import PEEK_KEY

pytestmark = pytest.mark.usefixtures("fresh_user")


def own_cards(m, seat):
    return [c for c in m["cards"] if c["where"] == f"hand:{seat}"]


def centre(card):
    x, y, w, h = card["rect"]
    return (x + w // 2, y + h // 2)


def test_settings_are_remembered_and_a_broken_file_gives_the_default():
    assert settings.load()["privacy"] == "curtain"
    settings.save(privacy="peek")
    assert settings.load()["privacy"] == "peek"
    assert [p.name for p in settings.settings_file().parent.iterdir()] == ["settings.json"]  # no temp left
    for broken in ("{", "[1, 2]", '{"privacy": "blinds"}', '{"privacy": 3}', "\x00\xff"):
        settings.settings_file().write_text(broken)
        assert settings.load()["privacy"] == "curtain", broken
    with pytest.raises(ValueError):
        settings.save(privacy="blinds")


def new_game(variant="texas_holdem"):
    app = start(variant, scene="menu", size=(1280, 800))
    app.step([key(pygame.K_n)])
    assert isinstance(app.scene, NewGameScene)
    return app


def test_new_game_offers_the_last_choice_and_the_table_keeps_it():
    app = new_game()
    assert app.scene.privacy == "curtain"
    assert any("Curtain" in t["text"] for t in app.manifest()["texts"])
    app.scene.cycle_privacy()
    app.step([])
    assert any("Peek" in t["text"] for t in app.manifest()["texts"])
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.scene, TableScene) and app.scene.privacy == "peek"
    assert json.loads(settings.settings_file().read_text())["privacy"] == "peek"
    pygame.display.quit()
    assert new_game().scene.privacy == "peek"  # the next run offers it first
    pygame.display.quit()
    settings.settings_file().write_text("not json")
    assert new_game().scene.privacy == "curtain"


def test_peek_looks_only_while_held_and_keeps_the_choice_until_the_turn_passes():
    app = start("sigilian_poker", players=["Ann", "Bob"], seed=2, privacy="peek")
    table = app.scene
    session = table.session
    while (verb := verb_of(session.view(session.to_move()))) is None or verb.selects(
        session.view(session.to_move())["legal"]
    ) is None:  # on to the first decision that chooses cards of the hand
        assert table.act(computer_action(session, session.to_move()))
        app.step([])
        m = app.manifest()
        assert m["viewer"] is None and not m["curtain"]
        assert not any(c["face_up"] for c in m["cards"] if c["where"].startswith("hand:"))
    seat = session.to_move()
    app.step([key(PEEK_KEY)])
    m = app.manifest()
    assert m["viewer"] == seat and all(c["face_up"] for c in own_cards(m, seat))
    card = own_cards(m, seat)[0]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=centre(card), rel=(0, 0), buttons=(0, 0, 0))])
    assert table.choices.hover == card["id"]
    app.step([click(centre(card))])
    assert table.choices.selected == [card["id"]]
    app.step([keyup(PEEK_KEY)])  # letting go hides the hand, keeps the choice
    m = app.manifest()
    assert m["viewer"] is None and not any(c["face_up"] for c in own_cards(m, seat))
    assert table.choices.selected == [card["id"]] and table.choices.hover is None
    app.step([click(centre(card))])  # a click while not looking chooses nothing
    assert table.choices.selected == [card["id"]]
    app.step([key(PEEK_KEY)])  # look again, and decide with the bar's key while still looking
    assert app.manifest()["viewer"] == seat and table.choices.selected == [card["id"]]
    send = next(c for c in table.controls if c.enabled and c.key is not None and c.label != "Undo")
    app.step([key(send.key)])
    assert session.to_move() != seat and table.choices.selected == []
    m = app.manifest()  # the key still held: the next person's hand stays hidden
    assert m["viewer"] is None and not any(c["face_up"] for c in m["cards"] if c["where"].startswith("hand:"))


def test_the_bar_works_without_looking():
    app = start("texas_holdem", players=["Ann", "Bob"], seed=1, privacy="peek")
    table = app.scene
    seat = table.session.to_move()
    assert app.manifest()["viewer"] is None and table.controls
    call = next(c for c in table.controls if c.key == pygame.K_c)
    app.step([key(call.key)])
    assert table.session.to_move() != seat


def test_the_bar_tells_the_person_to_move_how_to_look():
    """Not looking, the bar says so in words; looking, it does not."""
    app = start("texas_holdem", players=["Ann", "Bob"], seed=1, privacy="peek")
    name = app.scene.session.view(None)["seats"][app.scene.session.to_move()]["name"]

    def hint_shown():
        return any("hold H" in t["text"] for t in app.manifest()["texts"])

    assert hint_shown() and any(f"Your move, {name}" in t["text"] for t in app.manifest()["texts"])
    app.step([key(PEEK_KEY)])
    assert app.manifest()["viewer"] is not None and not hint_shown()
    app.step([keyup(PEEK_KEY)])
    assert hint_shown()


@pytest.mark.parametrize(
    ("vid", "names"),
    [
        ("texas_holdem", ["Ann", "Bob"]),
        ("texas_holdem", ["Annabelle-Marguerite", "Bob"]),
        ("infinite_poker", ["Ann", "Bob"]),
    ],
)
def test_the_bar_says_how_to_look_in_a_whole_sentence_at_800x600_with_the_panel_open(vid, names):
    """The smallest window with the side panel unfolded (L) and the bet slider beside the words:
    the bar still says how to look, whole (no ellipsis) and inside the bar; pointing at it gives
    the long sentence. (It was cut: "Your move, Ann: hold H, or the mouse on your cards, to…")"""
    app = start(vid, players=names, seed=1, size=(800, 600), privacy="peek", autosave=False)
    table = app.scene
    table.panel_open = True
    app.step([], dt=0.0)
    m = app.manifest()
    bar = next(r["rect"] for r in m["regions"] if r["name"] == "actions")
    assert any(r["name"] == "log" for r in m["regions"])  # the panel is open
    said = [t for t in m["texts"] if "hold H" in t["text"]]
    assert len(said) == 1 and "…" not in said[0]["text"] and said[0]["text"].endswith("to look."), said
    assert "cards" in said[0]["text"]  # it says the cards may be held too, not only the key
    assert pygame.Rect(bar).contains(pygame.Rect(said[0]["rect"])), (said, bar)
    long = "hold H, or the mouse button on your cards, to look."
    assert long in said[0]["text"] or any(long in words for _, words in table.canvas.tips)


@pytest.mark.parametrize("flagged", [False, True])
def test_a_held_peek_key_repeating_never_shows_the_next_persons_cards(monkeypatch, flagged):
    """Ann holds H to look and clicks Call while still holding it: the keyboard repeats H (pygame
    sends KEYDOWN again and again, no KEYUP between; `flagged`: an event that says it repeats).
    Bob's cards stay hidden until H is let go and pressed afresh, on Bob's move."""
    keyboard = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", keyboard)
    app = start("texas_holdem", players=["Ann", "Bob"], seed=1, privacy="peek", autosave=False)
    table, session = app.scene, app.scene.session
    ann = session.to_move()
    keyboard.down.add(PEEK_KEY)
    app.step([key(PEEK_KEY)])
    assert app.manifest()["viewer"] == ann
    call = next(c for c in table.controls if c.key == pygame.K_c)
    button = next(h for h in table.hits if h.kind == "button" and h.payload == call.action)
    app.step([click(button.rect.center)])  # the mouse, H still down
    bob = session.to_move()
    assert bob != ann
    repeat = pygame.event.Event(
        pygame.KEYDOWN, key=PEEK_KEY, mod=0, unicode="h", **({"repeat": 1} if flagged else {})
    )
    for _ in range(30):  # a second of the key repeating
        app.step([repeat], dt=0.035)
        m = app.manifest()
        assert m["viewer"] is None and not any(c["face_up"] for c in own_cards(m, bob)), "a repeat peeked"
    keyboard.down.discard(PEEK_KEY)
    app.step([keyup(PEEK_KEY)])
    keyboard.down.add(PEEK_KEY)
    app.step([key(PEEK_KEY)])  # Bob presses it afresh
    m = app.manifest()
    assert m["viewer"] == bob and all(c["face_up"] for c in own_cards(m, bob))


def test_a_peek_ends_when_the_turn_passes_and_needs_a_fresh_press_when_it_comes_back():
    """Ann looks and calls, still holding H; Bob checks without looking; the turn comes back to Ann
    with the key still down: her cards stay hidden until she presses it again."""
    app = start("texas_holdem", players=["Ann", "Bob"], seed=1, privacy="peek", autosave=False)
    session = app.scene.session
    ann = session.to_move()
    app.step([key(PEEK_KEY)])
    assert app.manifest()["viewer"] == ann
    app.step([key(pygame.K_c)])
    assert session.to_move() != ann and app.manifest()["viewer"] is None
    while session.to_move() != ann:  # Bob checks, not looking (before and after the flop)
        app.step([key(pygame.K_k)])
        assert app.manifest()["viewer"] is None
    app.step([keyup(PEEK_KEY)])
    app.step([key(PEEK_KEY)])
    assert app.manifest()["viewer"] == ann
