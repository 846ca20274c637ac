"""The flow of a hot-seat game, through the headless driver: curtains only when the person at the
screen changes (never for computer players), the public showdown before the next hand's curtain,
runs nobody can decide playing by themselves, undo offered exactly when it is fair, the speed of
computer players, and looking by holding the mouse on one's cards in peek mode."""

import random

import pygame
import pytest
from input_events import key, lift_curtain, mouse

from cardtable.app import settings
from cardtable.app.headless import start
from cardtable.app.table import computer_action
from cardtable.engine.bots import decide
from cardtable.session import visible_cards

SMALL = {"called_shot": False}
HANDS = 6


pytestmark = pytest.mark.usefixtures("fresh_user")


def showdown_up(m):
    return any(r["name"] == "showdown" for r in m["regions"])


@pytest.mark.parametrize("vid", ["texas_holdem", "infinite_poker"])
def test_curtains_only_when_the_person_changes_and_the_showdown_comes_first(vid):
    """People and computer players at one table, curtain mode: a curtain only for a person, never
    while their own view is up (between their consecutive decisions), always after anything the
    whole table saw (a computer player's move, the showdown), and never before the public
    showdown of the hand just ended has been on the screen."""
    options = SMALL if vid == "infinite_poker" else {}
    app = start(
        vid, players=["Ann", "bot", "Bob"], seed=11, size=(1280, 720), options=options, autosave=False
    )
    table, session = app.scene, app.scene.session
    table.bot_delay, table.bot_level = 0.0, "easy"  # quick thinking: the flow is under test
    humans = table.humans()
    last_viewer: object = None  # whose view the last frame was: a seat, "curtain", or None (public)
    curtains = decisions = showdowns = 0
    hand, owed = session.view(None)["hand_number"], False  # owed: a showdown must be seen first
    up = False
    for _ in range(4000):
        if session.is_over() or session.view(None)["hand_number"] > 2:
            break
        public = session.view(None)
        if public["hand_number"] != hand:
            hand = public["hand_number"]
            last = public["last_hand"]
            owed = owed or bool(last and last["showdown"] and last["shown"])
        m = app.manifest()
        if showdown_up(m):
            assert m["viewer"] is None and not m["curtain"]
            owed, showdowns, last_viewer = False, showdowns + 1, None
            app.step([key(pygame.K_SPACE)])
            continue
        if m["curtain"]:
            to_move = session.to_move()
            assert to_move in humans, "a curtain for a computer player"
            assert to_move != last_viewer, "a curtain between one person's consecutive decisions"
            assert not owed, "the next hand's curtain came before the showdown"
            curtains += not up
            up, last_viewer = True, "curtain"
            lift_curtain(app)
            continue
        up = False
        seat = table.asked()
        if seat is not None and m["viewer"] == seat:
            assert last_viewer in (seat, "curtain"), "a person's view after the public table, with no curtain"
            assert table.act(computer_action(session, seat, "easy")), table.message
            decisions += 1
        last_viewer = m["viewer"]
        app.step([], dt=0.1)
    assert decisions >= 4 and showdowns >= 1 and 1 <= curtains <= decisions


@pytest.mark.parametrize("privacy", ["curtain", "peek"])
def test_an_all_in_run_out_plays_itself_without_a_curtain(privacy):
    """Everyone all in before the flipping round: nobody is asked again. The community cards are
    turned up by themselves, one at a time (each person's flip the computer's choice for that
    seat), on the public table with no curtain, until the showdown."""
    app = start(
        "infinite_poker",
        ["Ann", "Bob"],
        seed=5,
        size=(1280, 720),
        options=SMALL,
        autosave=False,
        privacy=privacy,
    )
    table, session = app.scene, app.scene.session
    for kind in ("all_in", "call"):
        seat = session.to_move()
        if table.curtain_for() is not None:
            lift_curtain(app)
        assert table.act({"seat": seat, "type": kind}), table.message
    assert session.view(None)["phase"] == "reveal" and table.asked() is None
    flips, frames = len(session.decisions()), 0
    while table.showdown is None and not session.is_over():
        seat = session.to_move()
        before, seed, count = session.view(seat), session.bot_seed(), len(session.decisions())
        app.step([], dt=0.05)
        m = app.manifest()
        assert not m["curtain"] and m["viewer"] is None
        if len(session.decisions()) > count:  # a flip was made: the computer's choice for that seat
            assert session.decisions()[-1] == decide(session.rules, before, seed, table.bot_level)
        if table.showdown is None and not session.is_over():  # nobody is asked; the toggle is there
            assert [c.label for c in table.controls] == ["Auto-flip"]
            assert any("the computer flips for" in t["text"] for t in m["texts"])
        frames += 1
        assert frames < 3000
    assert len(session.decisions()) - flips > 10


def test_auto_flip_runs_flipping_rounds_and_is_remembered():
    """The bar's Auto-flip toggle [T]: flipping rounds then run by themselves for everybody (no
    curtain, nobody asked); switched off again, a person is asked to flip. Remembered."""
    app = start("infinite_poker", ["Ann", "Bob"], seed=5, size=(1280, 720), options=SMALL, autosave=False)
    table, session = app.scene, app.scene.session
    while session.view(None)["phase"] != "reveal":
        seat = session.to_move()
        if table.curtain_for() is not None:
            lift_curtain(app)
        kinds = {t["type"] for t in session.view(seat)["legal"]}
        table.act({"seat": seat, "type": "check" if "check" in kinds else "call"})
    lift_curtain(app)
    assert table.asked() is not None and any(c.label == "Auto-flip" and not c.on for c in table.controls)
    app.step([key(pygame.K_t)])
    assert table.auto_flip and settings.load()["auto_flip"] is True and table.asked() is None
    count = len(session.decisions())
    for _ in range(2000):  # thinking is paced by the wall clock: a loaded machine needs more frames
        if len(session.decisions()) > count + 3:
            break
        app.step([], dt=0.1)
        assert not app.manifest()["curtain"]
    assert len(session.decisions()) > count + 3  # flips made with nobody asked
    assert any(c.label == "Auto-flip" and c.on for c in table.controls)  # and it can be switched off
    app.step([key(pygame.K_t)])
    if session.view(None)["phase"] == "reveal":
        assert table.asked() == session.to_move()


def test_computer_speed_is_chosen_at_new_game_and_space_hurries():
    """New game offers the computer players' speed (remembered); at the table a computer player
    waits that long before it moves, and Space makes it move as soon as it has decided."""
    app = start("texas_holdem", scene="menu", size=(1280, 800))
    app.step([key(pygame.K_n)])
    new_game = app.scene
    assert new_game.speed == "normal"
    new_game.cycle_speed()
    assert new_game.speed == "slow"
    app.step([key(pygame.K_RETURN)])
    table = app.scene
    assert settings.load()["bot_speed"] == "slow" and table.bot_delay == 1.6
    session = table.session
    for _ in range(200):  # Ann (the only person) calls until a computer player must move
        if session.to_move() not in table.humans():
            break
        app.step([key(pygame.K_c)])
    seat, count = session.to_move(), len(session.decisions())
    assert seat not in table.humans()
    for _ in range(20):  # 1 s: thinking done, but the slow delay keeps it waiting
        app.step([], dt=0.05)
    assert len(session.decisions()) == count
    app.step([key(pygame.K_SPACE)])
    # no time passes from here (dt 0: the slow delay can never run out), so only Space can make it
    # move; thinking is paced by the wall clock, so a loaded machine needs more frames for it
    for _ in range(5000):
        if len(session.decisions()) > count:
            break
        app.step([], dt=0.0)
    assert len(session.decisions()) > count


def test_peek_by_holding_the_mouse_on_ones_cards():
    """Peek mode: pressing the mouse on one's own face-down cards shows them while it is held;
    letting go hides them and clicks nothing."""
    app = start("texas_holdem", ["Ann", "Bob"], seed=1, size=(1280, 720), privacy="peek", autosave=False)
    table, session = app.scene, app.scene.session
    seat = session.to_move()
    own = [c for c in app.manifest()["cards"] if c["where"] == f"hand:{seat}"]
    assert own and not any(c["face_up"] for c in own) and app.manifest()["viewer"] is None
    x, y, w, h = own[0]["rect"]
    app.step([mouse(pygame.MOUSEBUTTONDOWN, (x + w // 2, y + h // 2))])
    m = app.manifest()
    assert m["viewer"] == seat
    shown = {c["id"] for c in m["cards"] if c["where"] == f"hand:{seat}" and c["face_up"]}
    assert shown == visible_cards(session.view(seat)) - visible_cards(session.view(None))
    before = session.decisions()
    app.step([mouse(pygame.MOUSEBUTTONUP, (x + w // 2, y + h // 2))])
    assert app.manifest()["viewer"] is None and session.decisions() == before
    assert table.choices.selected == []


# (In the grid game every placement draws the next card at once, so undo is never fair there.)
@pytest.mark.parametrize("vid", ["texas_holdem", "poker_clash", "sevendeck_poker"])
def test_undo_is_offered_exactly_when_it_is_fair(vid):
    """At each moment a person is asked, and right after each of their decisions (before the
    computer players reply), undo is possible exactly when it is fair, judged from the views and
    the decisions alone: they decided before, nobody decided since (a computer player's reply has
    been seen by everyone), and nobody's view shows a card it did not show just before that
    decision. Possible, it takes the decision back; refused, it says why."""
    app = start(vid, ["Ann", "bot", "bot"], seed=7, size=(1280, 720), autosave=False)
    table, session = app.scene, app.scene.session
    table.bot_delay, table.bot_level = 0.0, "easy"  # quick thinking: undo's fairness is under test
    rng = random.Random(vid)
    seats = range(len(session.view(None)["seats"]))
    # each person's decision: who, the decisions made before it, what each seat saw before it
    history: list[tuple[int, int, list[set[int]]]] = []

    def fair(seat: int) -> bool:
        now = [visible_cards(session.view(s)) for s in seats]
        return (
            bool(history)
            and history[-1][0] == seat
            and history[-1][1] + 1 == len(session.decisions())
            and all(now[s] <= history[-1][2][s] for s in seats)
        )

    checked = undone = fairs = in_grace = refused = 0
    for _ in range(3000):
        if session.is_over() or session.view(None)["hand_number"] > HANDS:
            break
        if table.showdown is not None:
            app.step([key(pygame.K_RETURN)])
            continue
        if table.curtain_for() is not None:
            lift_curtain(app)
            continue
        seat = table.asked()
        if seat is None:
            app.step([], dt=0.1)
            continue
        app.step([])
        ok = fair(seat)
        undo = next(c for c in table.controls if c.label == "Undo")
        assert undo.enabled == ok, (vid, seat, undo.tip)
        checked += 1
        fairs += ok
        if ok and (undone == 0 or rng.random() < 0.5):
            count = len(session.decisions())
            app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)])
            assert len(session.decisions()) < count and table.message == "Your last decision was taken back."
            undone += 1
            history.pop()
            continue
        history.append((seat, len(session.decisions()), [visible_cards(session.view(s)) for s in seats]))
        assert table.act(computer_action(session, seat, "easy")), table.message
        if rng.random() < 0.5:  # at once, before the computer players reply (the grace)
            ok, count = fair(seat), len(session.decisions())
            assert (table.undo_refusal(seat) is None) == ok, (vid, table.undo_refusal(seat))
            app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)])
            if ok:
                assert len(session.decisions()) == count - 1, table.message
                in_grace += 1
                history.pop()
            else:  # (refused: the computer players may then reply in the same frame)
                assert len(session.decisions()) >= count
                refused += 1
    assert checked >= 4 and in_grace >= 1, (checked, fairs, undone, in_grace, refused)


def test_the_log_scrolls_back_to_its_first_sentence():
    """The side panel shows the newest sentences; the wheel over it (or Page Up) goes back to the
    first, a tag says newer lines are below, and End returns to the newest."""
    app = start("texas_holdem", ["Ann", "bot", "bot"], seed=3, size=(1280, 720), autosave=False)
    table, session = app.scene, app.scene.session
    table.bot_delay = 0.0
    for _ in range(2000):  # three hands: Ann plays as the computer would
        if session.view(None)["hand_number"] >= 3 or session.is_over():
            break
        if table.showdown is None and table.asked() == 0:
            table.act(computer_action(session, 0, "easy"))
        app.step([key(pygame.K_SPACE)] if table.showdown is not None else [], dt=0.2)
    if table.showdown is not None:
        app.step([key(pygame.K_SPACE)])
    table.bot_delay = 1e9  # hold the game still while the log is read
    log = session.view(0)["log"]

    def texts_in_log():
        m = app.manifest()
        area = next(r["rect"] for r in m["regions"] if r["name"] == "log")
        x, y, w, h = area
        return [t["text"] for t in m["texts"] if x <= t["rect"][0] < x + w and y <= t["rect"][1] < y + h]

    app.step([])
    newest = texts_in_log()
    assert log[0] not in newest and log[-1] in newest
    x, y, w, h = table.log_area
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(x + w // 2, y + h // 2), rel=(0, 0), buttons=(0, 0, 0))]
    )
    for _ in range(200):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)])
    shown = texts_in_log()
    assert shown[0] == log[0] and any("newer lines below" in t for t in shown)
    app.step([key(pygame.K_END)])
    assert texts_in_log() == newest
