"""Words a person reads at the table, in good English whatever the numbers."""

import pytest

from cardtable.engine.verbs import REGISTRY
from cardtable.engine.verbs.base import Choice


def test_a_swap_of_one_card_is_not_worded_as_cards():
    exchange = REGISTRY["exchange"]
    for k in (1, 2):
        legal = [{"seat": 0, "type": "draw"}, {"seat": 0, "type": "swap", "count": k}]
        words = [exchange.prompt(legal)] + [
            c.tip for c in exchange.controls(legal, Choice((), 0, False, False))
        ]
        assert not any(" 1 cards" in w for w in words), words
        assert any(f"{k} card" in w for w in words), words


def test_the_menu_shows_every_games_whole_name_at_800x600(tmp_path, monkeypatch):
    """A narrow window shortens the players and cards beside a name before it cuts the name."""
    import pygame
    from conftest import builtin

    from cardtable.app.headless import start

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = start(None, scene="menu", size=(800, 600))
    texts = {t["text"] for t in app.manifest()["texts"]}
    pygame.display.quit()
    for vid in ("infinite_poker", "poker_clash"):  # the two longest names, both in view
        assert builtin(vid).name in texts, (vid, sorted(texts))


@pytest.mark.parametrize("size", [(800, 600), (1088, 612)])
def test_new_game_says_a_cut_option_label_in_full_when_pointed_at(tmp_path, monkeypatch, size):
    """A long option label too wide for its place shows its words before the brackets whole
    ("Hand limit", not "Hand limit (0 = play until…"); pointing at it shows it whole."""
    import pygame

    from cardtable.app.headless import start

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = start("infinite_poker", scene="menu", size=size)  # the menu on that game
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="")])
    full = "Hand limit (0 = play until one player has every chip)"
    texts = app.manifest()["texts"]
    assert "New game: Poker with 12,000 Cards" in {t["text"] for t in texts}
    assert full not in {t["text"] for t in texts}
    assert not [
        t["text"] for t in texts if t["text"].startswith(("Hand limit", "Called Shot")) and "…" in t["text"]
    ]
    cut = next(t for t in texts if t["text"] == "Hand limit")
    x, y, w, h = cut["rect"]
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(x + w // 2, y + h // 2), rel=(0, 0), buttons=(0, 0, 0))]
    )
    shown = " ".join(t["text"] for t in app.manifest()["texts"])
    pygame.display.quit()
    assert full in shown


def test_a_points_game_ends_without_a_column_of_noughts(tmp_path, monkeypatch):
    """Poker Grid has no hands to win: its end screen lists points, not "Hands won" all 0."""
    import pygame

    from cardtable.app.headless import start
    from cardtable.app.table import computer_action

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = start("poker_grid", players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
    table = app.scene
    table.bot_delay, table.bot_level = 0.0, "easy"
    for _ in range(400):
        if table.finished:
            break
        if table.asked() is not None:
            table.act(computer_action(table.session, table.asked(), "easy"))
        app.step([], dt=0.5)
    texts = [t["text"] for t in app.manifest()["texts"]]
    pygame.display.quit()
    assert table.finished and "Points" in texts
    assert "Hands won" not in texts, texts


def test_the_key_that_opens_the_deck_browser_does_not_type_into_its_search(tmp_path, monkeypatch):
    """D on the menu opens the browser; the "d" the keyboard also types is not a search for "d"."""
    import pygame

    from cardtable.app.headless import start

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = start(None, scene="menu", size=(800, 600))
    d_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")
    d_text = pygame.event.Event(pygame.TEXTINPUT, text="d")
    huds = []
    for batches in ([[d_down, d_text]], [[d_down], [d_text]]):  # its text in the same frame, or the next
        for events in batches:
            app.step(events)
        assert app.manifest()["scene"] == "browser"
        huds.append(" ".join(t["text"] for t in app.manifest()["texts"]))
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
        assert app.manifest()["scene"] == "menu"
    app.step([d_down, d_text, pygame.event.Event(pygame.TEXTINPUT, text="x")])  # a later key types as ever
    later = " ".join(t["text"] for t in app.manifest()["texts"])
    pygame.display.quit()
    assert not any("Search: d" in hud or "match" in hud for hud in huds), huds
    assert "Search: x" in later, later


def test_the_bar_says_what_to_do_whole_beside_the_slider_at_800x600(tmp_path, monkeypatch):
    """The slider gives up width before the sentence saying what to do is cut."""
    import pygame

    from cardtable.app.headless import start

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = start("poker_clash", players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
    table = app.scene
    table.bot_delay = 0.0
    for _ in range(50):
        if table.asked() is not None:
            break
        app.step([], dt=0.5)
    texts = [t["text"] for t in app.manifest()["texts"]]
    pygame.display.quit()
    assert table.slider is not None, texts  # a bet is offered: the slider is in the bar
    prompt = next(t for t in texts if t.startswith("Your move"))
    assert not prompt.endswith("…"), prompt


def test_a_key_that_does_nothing_at_the_table_says_so(tmp_path, monkeypatch):
    """K (check) when there is a bet to call, or Enter before a card is chosen: a word in the bar,
    not silence."""
    import pygame

    from cardtable.app.headless import start

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))

    def press(k):
        return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")]

    app = start("poker_clash", players=["Ann", "bot"], seed=3, size=(1280, 720), autosave=False)
    table = app.scene
    table.bot_delay = 0.0
    seen = set()
    for _ in range(300):
        if table.asked() is None:
            app.step([], dt=0.3)
            continue
        keys = {c.key: c for c in table.controls}
        if "k" not in seen and pygame.K_c in keys and pygame.K_k not in keys:  # a bet to call
            app.step(press(pygame.K_k))
            said = [t["text"] for t in app.manifest()["texts"]]
            assert any("K does nothing now" in t for t in said), said
            for _ in range(8):  # a few seconds later the bar says what to do again
                app.step([], dt=0.5)
            said = [t["text"] for t in app.manifest()["texts"]]
            assert not any("K does nothing now" in t for t in said), said
            assert any(t.startswith("Your move, Ann") for t in said), said
            seen.add("k")
        put = keys.get(pygame.K_RETURN)
        if "enter" not in seen and put is not None and not put.enabled:  # no card chosen yet
            app.step(press(pygame.K_RETURN))
            said = [t["text"] for t in app.manifest()["texts"]]
            assert any(t.startswith(put.label) and "choose its cards first" in t for t in said), said
            seen.add("enter")
        if len(seen) == 2:
            break
        hands = [h for h in table.hits if h.kind == "hand"]
        step = [
            c
            for c in table.controls
            if c.enabled and c.key in (pygame.K_c, pygame.K_k, pygame.K_b, pygame.K_w)
        ]
        if put is not None and not put.enabled and hands:
            app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=hands[0].rect.center, button=1)])
        elif put is not None and put.enabled:
            app.step(press(pygame.K_RETURN))
        elif step:
            app.step(press(step[0].key))
        else:
            app.step([], dt=0.3)
    pygame.display.quit()
    assert seen == {"k", "enter"}, seen


def test_poker_grid_says_green_square_as_its_buttons_and_hint_do(tmp_path, monkeypatch):
    """A click on a square before a card is chosen is answered in the words of the bar."""
    import pygame

    from cardtable.app.headless import start

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = start("poker_grid", players=["Ann", "bot"], seed=1, size=(800, 600), autosave=False)
    app.scene.bot_delay = 0.0
    for _ in range(20):  # the computer player may place first
        if app.scene.asked() is not None:
            break
        app.step([], dt=0.5)
    spot = next(h for h in app.scene.hits if h.kind == "spot")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot.rect.center, button=1)])
    said = [t["text"] for t in app.manifest()["texts"]]
    pygame.display.quit()
    assert "Choose a card of your hand first, then a green square." in said, said
