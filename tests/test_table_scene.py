"""The real screens driven headless with synthetic events: menu -> new game -> table -> the end,
in hot-seat with several people, checking the game, pixels and privacy at every frame."""

import random

import pygame
import pytest
from conftest import VARIANT_IDS, builtin
from input_events import click, key, lift_curtain

from cardtable.app.headless import start
from cardtable.app.new_game import NewGameScene
from cardtable.app.table import TableScene
from cardtable.session import visible_cards

pytestmark = pytest.mark.usefixtures("fresh_user")


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def _hits(table, kind):
    return [h for h in table.hits if h.kind == kind]


def tick(app, dt=0.05):
    """A frame of time passing; a showdown on display is looked at and continued (Space)."""
    table = app.scene
    app.step([key(pygame.K_SPACE)] if getattr(table, "showdown", None) is not None else [], dt=dt)


def human_turn(app, table, rng):
    """One person's decision through the screen, like a player would make it."""
    if table.showdown is not None:  # the public showdown: Continue first
        app.step([key(pygame.K_SPACE)])
        return
    legal = table.view()["legal"]
    types = {t["type"] for t in legal}
    flips = _hits(table, "flip")
    if "place" in types:
        card = rng.choice(_hits(table, "hand"))
        app.step([click(card.rect.center)])
        spot = rng.choice(_hits(table, "spot"))
        app.step([move(spot.rect.center)])
        app.step([click(spot.rect.center)])
    elif flips:
        app.step([click(rng.choice(flips).rect.center)])
    elif "declare" in types:
        app.step([key(pygame.K_p)])
    elif "discard" in types:
        template = next(t for t in legal if t["type"] == "discard")
        for hit in _hits(table, "hand")[: template["min"]]:
            app.step([click(hit.rect.center)])
        app.step([key(pygame.K_RETURN)])
    elif "draw" in types:
        app.step([key(pygame.K_w)])
    elif "check" in types:
        app.step([key(pygame.K_k)])
    elif "call" in types:
        app.step([key(pygame.K_c)])
    else:
        app.step([key(pygame.K_f)])


def assert_private(app):
    """What the last frame drew (its manifest): no card under the curtain, else only what the
    frame's viewer may see."""
    m = app.manifest()
    if m["curtain"]:
        assert m["viewer"] is None and m["cards"] == []
        return
    view = app.scene.session.view(m["viewer"])
    allowed = visible_cards(view)
    for shown in (view.get("last_hand") or {}).get("shown", []):
        allowed |= set(shown["cards"])  # hands shown at the last showdown are public
    assert {c["id"] for c in m["cards"] if c["face_up"]} <= allowed


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_hot_seat_game_through_the_screens(vid):
    variant = builtin(vid)
    app = start(vid, scene="menu", size=(1280, 800))
    app.step([key(pygame.K_n)])
    new_game = app.scene
    assert isinstance(new_game, NewGameScene)
    # two people and the rest computers: the second seat becomes a person
    new_game.toggle_kind(1)
    for row in new_game.seats:  # quick computer players: the screens are under test, not their thinking
        if row.bot:
            row.level = "easy"
    if "max_hands" in new_game.options or "hands" in new_game.options:
        name = "hands" if "hands" in new_game.options else "max_hands"
        new_game.inputs[name].value = "1"
    new_game.seed.value = "4"
    app.step([key(pygame.K_RETURN)])
    table = app.scene
    assert isinstance(table, TableScene), new_game.message
    table.bot_delay = 0.0
    session = table.session
    rng = random.Random(4)
    curtains = decisions = 0
    for _ in range(3000):
        if session.is_over():
            break
        tick(app)
        assert_private(app)
        who = table.curtain_for()
        if who is not None:
            curtains += 1
            w, h = app.surface.get_size()
            assert app.surface.get_at((30, h // 2))[:3] == (30, 22, 40)  # the curtain covers the screen
            lift_curtain(app)
            assert table.curtain_for() is None and table.viewer() == who
            continue
        seat = session.to_move()
        if seat is not None and session.seats[seat]["kind"] == "human":
            before = len(session.log)
            human_turn(app, table, rng)
            assert_private(app)
            if table.message:  # a refused action says why and changes nothing
                assert len(session.log) == before
                app.step([key(pygame.K_f)])
            decisions += 1
    assert session.is_over(), "the game did not end"
    app.step([], dt=0.05)
    assert_private(app)
    assert decisions > 0
    if variant.sections.get("betting") is not None:
        assert curtains > 0


def test_refused_action_shows_the_reason():
    app = start("texas_holdem", players=["Ann", "Bob"], seed=1)
    table = app.scene
    app.step([key(pygame.K_SPACE)])
    seat = table.viewer()
    before = list(table.session.log)
    assert not table.act({"seat": seat, "type": "raise", "amount": 10**9})
    assert table.message and table.session.log == before
    app.step([])
    assert any(t["text"] == table.message for t in app.manifest()["texts"])  # shown in the bar


def _table(vid, players, seed=2, options=None):
    app = start(vid, players=players, seed=seed, size=(1280, 800), options=options)
    app.scene.bot_delay = 0.0
    return app, app.scene


def _until(app, table, predicate, steps=2000):
    for _ in range(steps):
        if predicate():
            return True
        tick(app)
    return predicate()


def test_called_shot_names_ten_cards_in_the_picker():
    """Naming ten cards of 12,000 through the searchable deck browser."""
    from cardtable.app.picker import PickerScene

    app, table = _table("infinite_poker", ["Ann", "bot:Bot"], options={"called_shot": True})
    assert _until(app, table, lambda: any(t["type"] == "declare" for t in table.view()["legal"]))
    app.step([])  # the frame the player sees before pressing a key
    app.step([key(pygame.K_n)])
    picker = app.scene
    assert isinstance(picker, PickerScene)
    app.step([])
    clicked = 0
    w, h = app.surface.get_size()
    for y in range(120, h - 100, 37):  # click across the spread until ten cards are named
        for x in range(30, w - 30, 61):
            if len(picker.picks) == 10:
                break
            before = len(picker.picks)
            app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)), click((x, y))])
            clicked += len(picker.picks) > before
    assert len(picker.picks) == 10 and clicked == 10
    named = list(picker.picks)
    table.bot_delay = 99.0  # hold the computer player so the declaration can be inspected
    app.step([key(pygame.K_RETURN)])
    assert app.scene is table
    declares = [a for a in table.session.log if a.get("type") == "declare"]
    assert declares and declares[0]["cards"] == named
    assert table.session.view(None)["declared"][0] == sorted(named)  # a named set of cards, public


def test_clash_with_double_down_through_the_action_bar():
    """Start a clash, double down, choose the three cards to show, and call."""
    app, table = _table("poker_clash", ["Ann", "bot:Bot"], seed=5)
    session = table.session
    found = False
    rng = random.Random(1)
    for _ in range(400):
        if session.is_over():
            break
        tick(app)
        legal = table.view()["legal"]
        clash = next((t for t in legal if t.get("showdown_allowed") and t["type"] in ("call", "check")), None)
        if clash is not None and clash.get("reveal_count"):
            found = True
            break
        if session.to_move() == 0:
            human_turn(app, table, rng)
    assert found, "no clash was offered"
    n = clash["reveal_count"]
    assert (clash["label"], clash["reveal_label"]) == ("Clash", "Double down")  # the variant's own words
    app.step([key(pygame.K_d)])  # double down (turns the clash on too)
    assert table.choices.call_showdown and table.choices.show_cards
    hand = _hits(table, "hand")
    for hit in hand[:n]:
        app.step([click(hit.rect.center)])
    chosen = list(table.choices.selected)
    assert len(chosen) == n
    table.bot_delay = 99.0  # hold the computer player so the revealed cards can be inspected
    app.step([key(pygame.K_c if clash["type"] == "call" else pygame.K_k)])
    action = [a for a in session.log if a.get("seat") == 0][-1]
    assert action.get("showdown") is True and action.get("reveal") == chosen
    # the revealed cards are now public: the other seat's view shows them
    other = table.session.view(1)
    assert set(chosen) <= visible_cards(other)


class ApiOnly:
    """A session offering the table nothing but its API: no state, no rules functions."""

    API = ("view", "to_move", "is_over", "check", "act", "undo", "undo_refusal", "bot_seed", "seats")

    def __init__(self, session):
        self._session = session
        self.rules = type("FixedRules", (), {})()  # the fixed rules only: variant, betting, layout
        for name in ("variant", "betting", "layout"):
            setattr(self.rules, name, getattr(session.rules, name))

    def __getattr__(self, name):
        if name in self.API:
            return getattr(self._session, name)
        raise AttributeError(f"the table read session.{name}")


@pytest.mark.parametrize("vid", ["texas_holdem", "poker_grid"])
def test_the_table_reads_the_game_only_through_the_session_api(vid):
    """Curtains, cards chosen, places on the grid, bets, the showdown: all from views."""
    app = start(vid, players=["Ann", "Bob"], seed=2, options={"hands": 1} if vid == "texas_holdem" else {})
    session = app.scene.session
    table = TableScene(app, ApiOnly(session))
    app.replace(table)
    rng = random.Random(2)
    for _ in range(30):
        if session.is_over():
            break
        tick(app)
        if table.curtain_for() is not None:
            lift_curtain(app)
        elif session.to_move() is not None:
            human_turn(app, table, rng)
    app.step([], dt=0.05)
    assert len(session.decisions()) >= 6


@pytest.mark.parametrize("vid", ["texas_holdem", "infinite_poker"])
def test_computer_players_think_over_frames_and_decide_as_at_once(vid, monkeypatch):
    """At the table a computer player thinks a little each frame (the frame never waits for the
    whole decision), and what it finally does is exactly what deciding at once from the same
    view, seed and level gives: the split of the work changes nothing."""
    import cardtable.app.table.autoplay as autoplay
    from cardtable.engine.bots import Thinker, decide

    steps: list[float] = []
    real_step = Thinker.step

    def counted(self, budget_s):
        steps.append(budget_s)
        return real_step(self, 0.0)  # one unit of work a frame: the slowest possible thinking

    monkeypatch.setattr(Thinker, "step", counted)
    app = start(vid, players=["bot", "bot", "bot"], seed=4, size=(1280, 720), autosave=False)
    table = app.scene
    session = table.session
    for _ in range(6):  # six decisions, each checked against deciding at once
        seat = session.to_move()
        expected = decide(session.rules, session.view(seat), session.bot_seed(), table.bot_level)
        before = len(session.decisions())
        frames = 0
        while len(session.decisions()) == before and frames < 5000:
            app.step([], dt=1 / 60)
            frames += 1
        assert session.decisions()[-1] == expected
    # the table thought through Thinker.step with its per-frame budget (never decide() at once)
    assert len(steps) > 6 and all(b == autoplay.THINK_S for b in steps)


def test_undo_button_takes_back_a_decision_and_says_why_when_it_cannot():
    """The action bar offers Undo [Ctrl+Z]; it takes the person's last decision back; when it is
    not fair the button is off, and Ctrl+Z says why in a few words. A computer
    player's reply is never taken back with it: Ann has seen it, so undo is refused once a
    computer player has replied, and possible before."""
    app = start("texas_holdem", players=["Ann", "bot", "bot"], seed=2, size=(1280, 720), autosave=False)
    table = app.scene
    session = table.session

    def undo_control():
        return next(c for c in table.controls if c.label == "Undo")

    def until_ann():
        for _ in range(5000):
            if session.to_move() == 0 and table.controls:
                return
            tick(app, 0.1)
        raise AssertionError("Ann never got the turn")

    until_ann()
    assert not undo_control().enabled and "nothing to take back" in undo_control().tip
    app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)])
    assert table.message == "Undo is not possible: nothing to take back yet."
    before = session.decisions()
    app.step([key(pygame.K_c)])  # Ann calls; pre-flop nothing is revealed until the computers reply
    assert len(session.decisions()) == len(before) + 1
    app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)])  # at once: the computers have not replied
    assert session.decisions() == before and table.message == "Your last decision was taken back."
    app.step([key(pygame.K_c)])  # Ann calls again
    until_ann()  # (with this seed a computer raised: Ann decides again before the flop)
    assert not undo_control().enabled and "a computer player has replied since" in undo_control().tip
    replied = session.decisions()
    app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)])
    assert table.message == "Undo is not possible: a computer player has replied since."
    assert session.decisions() == replied


def test_flip_for_me_sends_the_computer_players_choice():
    """In a flipping round a person may press M: the card the computer player would turn up (for
    that seat, from that seat's view, with the table's seed and level) is turned up for them."""
    from cardtable.engine.bots import decide

    app = start("infinite_poker", players=["Ann", "Bob"], seed=3, size=(1280, 720), autosave=False)
    table, session = app.scene, app.scene.session
    for _ in range(400):  # play on (calls and checks, no named cards) until someone must flip
        seat = session.to_move()
        if table.curtain_for() is not None:
            lift_curtain(app)
        view = session.view(seat)
        if view["phase"] == "reveal":
            break
        kinds = {t["type"] for t in view["legal"]}
        app.step(
            [key(pygame.K_p if "pass" in kinds else pygame.K_k if "check" in kinds else pygame.K_c)], dt=0.5
        )
    else:
        raise AssertionError("no flipping round came")
    assert any(c.label == "Flip for me" and c.keyname == "M" for c in table.controls)
    expected = decide(session.rules, view, session.bot_seed(), table.bot_level)
    app.step([key(pygame.K_m)])
    assert session.decisions()[-1] == expected and expected["type"] == "flip"


@pytest.mark.parametrize("vid", ["infinite_poker", "texas_holdem"])
def test_pointing_at_a_role_badge_says_who_holds_the_role(vid):
    """A badge such as "Winner" on the first hand's dealer puzzles a newcomer: pointing at it says
    what the role is and who holds it (How to play's sentence)."""
    from cardtable.engine.howto import howto

    app = start(vid, players=["Ann", "bot", "bot"], size=(1280, 720), autosave=False)
    notes = howto(app.scene.rules.variant).roles
    roles = app.scene.session.view(0)["seats"]
    badges = {
        t["text"]: t["rect"] for t in app.manifest()["texts"] if t["text"] in ("D", "SB", "BB", "Winner")
    }
    held = [r for s in roles for r in s["roles"]]
    assert {"dealer", "small_blind", "big_blind"} <= set(held) and len(badges) >= 3
    for word, (x, y, w, h) in badges.items():
        centre = (x + w // 2, y + h // 2)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))], dt=0.05)
        shown = " ".join(t["text"] for t in app.manifest()["texts"])
        role = {"D": "dealer", "SB": "small_blind", "BB": "big_blind", "Winner": "winner"}[word]
        first_words = notes[role].split(":")[1].split()[:3]
        assert " ".join(first_words) in shown, (word, notes[role], shown[-300:])


def test_the_people_at_the_screen_follow_the_seats_played_elsewhere(tmp_path, monkeypatch):
    """Who is at this screen is worked out once per change of the game (it is asked many times a
    frame), yet a seat that starts or stops being played on another screen (network play) counts
    at once."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("texas_holdem", players=["Ann", "Bob", "bot"], seed=1, size=(800, 600), autosave=False)
    table = app.scene
    assert table.humans() == [0, 1]
    table.session.elsewhere = frozenset({1})
    assert table.humans() == [0]
    del table.session.elsewhere
    assert table.humans() == [0, 1]
    table.humans().append(2)  # (a list the caller may change: never the one kept)
    assert table.humans() == [0, 1]
    pygame.display.quit()
