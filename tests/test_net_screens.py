"""Network play's screens through the headless driver: Join (a link pasted, a bad link, a wrong
code, a table nearby, no net extra), New game's remote seats (the kinds in turn, the host's
choices remembered, the game hosted with its Invite page, copied links), and presence on the plates.
Hosts and players are on 127.0.0.1; every wait is for a message with a generous bound (reached
only when something is broken), never a sleep."""

import sys

import pygame
import pytest
from input_events import Keyboard, click, key, keyup

from cardtable.app import hosting, settings
from cardtable.app.headless import start
from cardtable.app.join import JoinScene
from cardtable.net import discovery
from cardtable.net.client import connect
from cardtable.net.host import HostedTable
from cardtable.net.protocol import parse_link
from cardtable.session import GameSession

LOOPBACK = ["127.0.0.1"]
ROUNDS = 600  # each at most 50 ms of waiting for a message: 30 s, reached only when broken
CTRL = pygame.KMOD_CTRL


def _texts(app) -> list[str]:
    return [t["text"] for t in app.manifest()["texts"]]


def _local(link: str) -> str:
    """The link on 127.0.0.1 (the host names this machine's address)."""
    parsed = parse_link(link)
    return f"ws://127.0.0.1:{parsed.port}/#{parsed.token}"


@pytest.fixture()
def hosted(fresh_user, variants):
    """Texas Hold'em hosted on 127.0.0.1: Ann here, Bob remote, a computer player."""
    seats = [
        {"name": "Ann", "kind": "human"},
        {"name": "Bob", "kind": "human"},
        {"name": "Cy", "kind": "bot"},
    ]
    host = HostedTable.start(GameSession(variants["texas_holdem"], seats, 1, {}), [1], host="127.0.0.1")
    yield host
    host.close()


def _until(app, host, done) -> None:
    for _ in range(ROUNDS):
        host.pump(wait=0.05)
        app.step([])
        if done():
            return
    raise AssertionError("waited too long: " + " | ".join(_texts(app)))


def test_a_pasted_link_joins_and_the_table_shows_who_is_here(hosted):
    app = start(None, scene="join", size=(1366, 768))
    assert isinstance(app.scene, JoinScene)
    pygame.scrap.put_text(f"  {hosted.links[1]}  ")
    app.step([key(pygame.K_v, "v", CTRL)])
    assert app.scene.field.value == hosted.links[1]
    app.step([key(pygame.K_RETURN)])
    assert any(w.startswith("Connecting") or w.startswith("Connected") for w in _texts(app))
    _until(app, hosted, lambda: app.manifest()["scene"] == "table")
    assert app.scene.session.seat == 1 and hosted.presence() == ["local", "here", "local"]
    _until(app, hosted, lambda: "here" in _texts(app))  # Bob's plate: here
    app.scene.session.close()


def test_a_link_that_is_not_one_gets_one_sentence(fresh_user):
    app = start(None, scene="join", size=(800, 600))
    app.step([key(pygame.K_h, "h"), key(pygame.K_i, "i"), key(pygame.K_RETURN)])
    assert app.scene.message == "A join link looks like ws://HOST:PORT/#CODE (copy it whole from the host)."
    assert app.scene.message in _texts(app) and app.scene.remote is None


def test_a_wrong_code_is_refused_in_words(hosted):
    app = start(None, scene="join", size=(800, 600))
    wrong = f"ws://127.0.0.1:{hosted.port}/#{'A' * 22}"
    app.scene.field.value = wrong
    app.step([key(pygame.K_RETURN)])
    _until(app, hosted, lambda: app.scene.remote is None)
    assert app.scene.message.startswith("Refused: ") and app.scene.message in _texts(app)
    assert app.manifest()["scene"] == "join"


def test_a_table_nearby_is_listed_and_joins_with_its_code(hosted):
    app = start(None, scene="menu", size=(1366, 768))
    app.push(JoinScene(app, LOOPBACK))
    advert = discovery.register(
        "Texas Hold'em", "texas_holdem", 1, hosted.port, "127.0.0.1", LOOPBACK, probe=False
    )
    try:
        assert app.scene.nearby.wait_for(lambda ts: any(t.port == hosted.port for t in ts), 30)
        app.step([])
        row = f"Texas Hold'em · 1 remote seat · 127.0.0.1:{hosted.port}"
        assert row in _texts(app)
        (rect,) = [
            r["rect"]
            for r in app.manifest()["regions"]
            if r["name"].startswith("nearby:") and r["name"].endswith(f" {hosted.port}")
        ]
        app.step([click((rect[0] + 5, rect[1] + 5))])
        assert "type or paste your seat's join code" in " ".join(_texts(app))
        code = parse_link(hosted.links[1]).token
        app.scene.field.value = " ".join(code[i : i + 4] for i in range(0, 22, 4))  # as read aloud
        app.step([key(pygame.K_RETURN)])
        _until(app, hosted, lambda: app.manifest()["scene"] == "table")
        app.scene.session.close()
    finally:
        advert.close()


def test_without_the_net_extra_join_says_how_to_add_it(fresh_user, monkeypatch):
    monkeypatch.setitem(sys.modules, "websockets", None)  # as if it were not installed
    app = start(None, scene="join", size=(800, 600))
    assert any('pip install "cardtable[net]"' in words for words in _texts(app))
    app.scene.field.value = "ws://127.0.0.1:1/#" + "A" * 22
    app.step([key(pygame.K_RETURN)])
    assert 'pip install "cardtable[net]"' in app.scene.message and app.scene.remote is None


def test_a_seat_is_person_computer_or_remote_in_turn(fresh_user):
    wide = start("texas_holdem", scene="new_game", size=(1366, 768)).scene
    kinds = []
    for _ in range(4):
        row = wide.seats[1]
        kinds.append("remote" if row.remote else "bot" if row.bot else "person")
        wide.cycle_kind(1)
    assert kinds == ["bot", "remote", "person", "bot"]
    narrow = start("texas_holdem", scene="new_game", size=(800, 600)).scene
    narrow.seats[1].bot, narrow.seats[1].remote = False, False
    seen = []
    for _ in range(6):
        row = narrow.seats[1]
        seen.append("Remote" if row.remote else row.level if row.bot else "Person")
        narrow.cycle_kind_level(1)
    assert seen == ["Person", "easy", "normal", "hard", "Remote", "Person"]


@pytest.mark.parametrize("size", [(1366, 768), (800, 600)])
def test_new_game_hosts_remote_seats_and_shows_their_links(fresh_user, monkeypatch, size):
    monkeypatch.setattr(hosting, "INTERFACES", LOOPBACK)  # tables nearby: announced on loopback only
    app = start("texas_holdem", scene="new_game", size=size)
    ng = app.scene
    assert "Remote seat away" not in _texts(app)
    ng.cycle_kind(1)  # Computer 1 -> Remote
    ng.remote_choices.cycle_wait()  # 1 min -> 2 min
    ng.remote_choices.cycle_level()  # normal -> hard
    app.step([])
    texts = _texts(app)
    assert "Remote" in texts and "Remote seat away" in texts and "< 2 min >" in texts and "< Hard >" in texts
    app.step([key(pygame.K_RETURN)])
    assert app.manifest()["scene"] == "invite", ng.message
    hosted = app.scene.hosted
    assert isinstance(hosted, hosting.AdvertisedTable) and list(hosted.links) == [1]
    assert (hosted.away_wait, hosted.away_level) == (120.0, "hard")
    assert (settings.load()["away_wait"], settings.load()["away_level"]) == (120, "hard")
    link = hosted.links[1]
    assert link in _texts(app)
    app.step([key(pygame.K_c, "c", CTRL)])
    assert pygame.scrap.get_text() == f"cardtable join {link}"
    again = start("sevendeck_poker", scene="new_game", size=size).scene  # New game remembers the seating
    assert [row.remote for row in again.seats] == [False, True, False]
    player = connect(_local(link))
    try:
        for _ in range(ROUNDS):  # the Invite page answers the player meanwhile
            app.step([])
            player.pump(wait=0.05)
            if player.ready and hosted.presence()[1] == "here":
                break
        assert player.ready
        app.step([])
        assert any(words.endswith("(here)") for words in _texts(app))
        app.step([key(pygame.K_RETURN)])
        assert app.manifest()["scene"] == "table" and "here" in _texts(app)
        assert "Invite" in [c.label for c in app.scene.controls]
        app.step([key(pygame.K_i, "i")])
        assert app.manifest()["scene"] == "invite"
    finally:
        player.close()
        hosted.close()


def test_the_enter_that_started_the_game_does_not_close_the_invite_page(fresh_user, monkeypatch):
    """Starting a hosted game takes a while: the keyboard repeats the Enter still held meanwhile
    (seen under Xvfb: six KEYDOWNs before its KEYUP), and the page stays until Enter is pressed again."""
    monkeypatch.setattr(hosting, "INTERFACES", LOOPBACK)
    keyboard = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", keyboard)
    app = start("texas_holdem", scene="new_game", size=(800, 600))
    app.scene.cycle_kind(1)
    presses = [key(pygame.K_RETURN)]
    keyboard.feel(presses)
    app.step(presses)
    hosted = app.scene.hosted
    try:
        app.step([key(pygame.K_RETURN), key(pygame.K_RETURN)])  # the keyboard repeating it
        assert app.manifest()["scene"] == "invite"
        keyboard.feel([keyup(pygame.K_RETURN)])
        app.step([keyup(pygame.K_RETURN), key(pygame.K_RETURN)])  # let go, pressed again
        assert app.manifest()["scene"] == "table"
    finally:
        hosted.close()


def test_continue_hosts_a_hosted_game_again_with_the_same_links(fresh_user, monkeypatch, variants):
    """A hosted game's autosave opened again (Continue, Load) is hosted again, on its port, and its
    player's link works; it never becomes a game at one screen, where Bob's cards would show."""
    from cardtable.app.load import LoadScene
    from cardtable.paths import user_saves
    from cardtable.saves import SaveStore

    monkeypatch.setattr(hosting, "INTERFACES", LOOPBACK)
    store = SaveStore(user_saves())
    seats = [
        {"name": "Ann", "kind": "human"},
        {"name": "Bob", "kind": "human"},
        {"name": "Cy", "kind": "bot"},
    ]
    session = GameSession(variants["texas_holdem"], seats, 1, {}, store)
    session.autosave()
    first = HostedTable.start(session, [1], host="127.0.0.1")
    links = dict(first.links)
    first.close()  # the host's program ends
    app = start(None, scene="menu", size=(1366, 768))
    load = LoadScene(app, store, select=session.slot)
    app.push(load)
    app.step([])
    app.step([key(pygame.K_RETURN)])
    table = app.scene
    assert type(table).__name__ == "TableScene", load.message
    again = table.session
    try:
        assert isinstance(again, hosting.AdvertisedTable) and again.links == links
        assert again.elsewhere == {1}  # Bob's seat is played at his own screen, never here
        player = connect(_local(links[1]))
        try:
            _until(app, again, lambda: player.pump() or player.ready)
            assert player.view(1)["seat"] == 1
        finally:
            player.close()
    finally:
        again.close()


def test_a_hosted_game_is_not_played_at_one_screen_without_the_net_extra(fresh_user, monkeypatch, variants):
    from cardtable import net
    from cardtable.app.load import LoadScene
    from cardtable.paths import user_saves
    from cardtable.saves import SaveStore

    store = SaveStore(user_saves())
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    session = GameSession(variants["texas_holdem"], seats, 1, {}, store)
    session.autosave()
    HostedTable.start(session, [1], host="127.0.0.1").close()
    monkeypatch.setattr(net, "missing", lambda: net.INSTALL)
    app = start(None, scene="menu", size=(1366, 768))
    load = LoadScene(app, store, select=session.slot)
    app.push(load)
    app.step([])
    app.step([key(pygame.K_RETURN)])
    assert (
        app.scene is load and "hosted over the network" in load.message and "cardtable[net]" in load.message
    )


def test_an_away_seat_is_said_on_its_plate_and_no_banner_covers_the_table(hosted):
    """Bob has not joined: his plate says away; no banner across the top hides a seat's plate."""
    from cardtable.app.launch import table_for

    app = start(None, scene="menu", size=(800, 600))
    app.replace(table_for(app, hosted))
    for _ in range(3):
        hosted.pump()
        app.step([])
    texts = _texts(app)
    assert "away" in texts
    assert not any(t.startswith("Away") or "last good save" in t for t in texts), texts
