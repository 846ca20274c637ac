"""Level and style per computer seat, through the headless driver: New game offers them, remembers
them, the game keeps them, the table's computer players play them, and the seat plate says them."""

from __future__ import annotations

import pygame

from cardtable.app.headless import seats_for, start
from cardtable.app.new_game import NewGameScene
from cardtable.app.table import TableScene
from cardtable.engine.bots import decide


def click_text(app, words: str, nth: int = 0) -> None:
    """A click on the middle of the nth text of the frame that reads `words`."""
    rects = [t["rect"] for t in app.manifest()["texts"] if t["text"] == words]
    x, y, w, h = rects[nth]
    pos = (x + w // 2, y + h // 2)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)], dt=0.05)


def enter(app) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])


def test_new_game_offers_level_and_style_remembers_them_and_the_plate_says_them(fresh_user):
    app = start("texas_holdem", scene="new_game", size=(1280, 720))
    new_game = app.scene
    assert isinstance(new_game, NewGameScene)
    texts = [t["text"] for t in app.manifest()["texts"]]
    assert texts.count("Normal") == 2 and texts.count("Balanced") == 2  # seats 2 and 3
    click_text(app, "Normal", 0)  # seat 2: hard
    click_text(app, "Hard", 0)
    click_text(app, "Balanced", 1)  # seat 3: tight
    assert [(s.level, s.style) for s in new_game.seats[1:]] == [("easy", "balanced"), ("normal", "tight")]
    new_game.seed.value = "3"
    enter(app)
    table = app.scene
    assert isinstance(table, TableScene), new_game.message
    seats = table.session.seats
    assert seats[1] == {"name": "Computer 1", "kind": "bot", "level": "easy", "style": "balanced"}
    assert seats[2]["level"] == "normal" and seats[2]["style"] == "tight"
    assert table.session.saved().seats == seats  # kept with the game
    # New game again: each seat as last chosen
    again = NewGameScene(app, new_game.variant)
    assert [(s.level, s.style) for s in again.seats[1:]] == [("easy", "balanced"), ("normal", "tight")]
    again.add_seat()  # a seat never chosen takes the last one's
    assert (again.seats[-1].level, again.seats[-1].style) == ("normal", "tight")


def test_the_table_plays_each_seat_at_its_level_and_style_and_its_plate_says_so():
    app = start(
        "texas_holdem",
        players=["bot-easy-tight:Tia", "bot-easy-loose-aggressive:Lou"],
        seed=5,
        autosave=False,
    )
    texts = [t["text"] for t in app.manifest()["texts"]]
    # as much as the plate has room for: the level by the name, the style there or on the chips'
    # line (here: "tight · 990 · bet 10"); the tooltip says all
    assert any(t.startswith("Tia (easy") for t in texts) and any("tight" in t for t in texts)
    assert any(t.startswith("Lou (easy") for t in texts)
    tips = [words for _, words in app.scene.canvas.tips]
    assert "Lou: a computer player, easy level, loose-aggressive style" in tips
    table = app.scene
    table.bot_delay = 0.0
    session = table.session
    styles = {0: "tight", 1: "loose-aggressive"}
    for _ in range(4):
        seat = session.to_move()
        if seat is None:
            break
        expected = decide(session.rules, session.view(seat), session.bot_seed(), "easy", styles[seat])
        before = len(session.decisions())
        frames = 0
        while len(session.decisions()) == before and frames < 3000:
            app.step([], dt=1 / 30)
            frames += 1
        assert session.decisions()[-1] == expected


def test_the_driver_refuses_an_unknown_level_or_style():
    assert seats_for(["bot", "bot-hard", "bot-normal-passive:Pat"]) == [
        {"name": "Computer 1", "kind": "bot"},
        {"name": "Computer 2", "kind": "bot", "level": "hard", "style": "balanced"},
        {"name": "Pat", "kind": "bot", "level": "normal", "style": "passive"},
    ]
    for word in ("bot-genius", "bot-hard-wild"):
        try:
            seats_for([word])
        except ValueError as exc:
            assert "no computer player" in str(exc)
        else:
            raise AssertionError(f"{word} was accepted")


def test_every_seats_name_shows_whole_beside_its_buttons_at_every_size(fresh_user):
    """The name fields keep room for a name such as "Computer 10" whatever the level and style
    buttons take (they shrank to "puter 1" once those were added)."""
    for size in ((800, 600), (1024, 640), (1160, 650), (1280, 720), (1366, 768), (1920, 1080)):
        app = start("texas_holdem", scene="new_game", size=size)
        new_game = app.scene
        while len(new_game.seats) < 10:
            new_game.add_seat()
        app.step([], dt=0.05)
        texts = {t["text"] for t in app.manifest()["texts"]}
        names = [s.name.value for s in new_game.seats]
        assert all(name in texts for name in names), (size, sorted(texts))
        pygame.display.quit()
