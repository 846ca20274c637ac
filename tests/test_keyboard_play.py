"""Every decision of every game from the keyboard alone (issue 31): a whole game (one hand where
the game has a hand limit) of every variant and example, a person and a computer player, played
through the headless driver with keys only. The number keys choose the cards of a discard, a
swap, a card to place; the arrows and Enter choose a grid place or a card to flip; the bar's
buttons are pressed by their keys; curtains lift with Enter and showdowns go on with Space. No
mouse event is sent, and each decision a person makes must move the game on."""

import random

import pygame
import pytest
from conftest import VARIANT_IDS, VARIANTS, builtin
from input_events import key, keyup

from cardtable.app.controls import verb_of
from cardtable.app.headless import start
from cardtable.app.table.keys import ARROWS, NUMBER_KEYS, keys_for
from cardtable.app.table.your_hand import own_cards

ALL_VARIANTS = VARIANT_IDS + [f"examples/{p.stem}" for p in sorted((VARIANTS / "examples").glob("*.yaml"))]
# the published ranking: the keys do not depend on it, and with seed 5 the 12,000-card game's own
# default (exact odds) ends the one hand before the person is asked to decide anything
OPTIONS = {"hands": 1, "called_shot": False, "ranking": "published"}
DIGITS = {index: k for k, index in NUMBER_KEYS.items() if pygame.key.name(k).isdigit()}  # 0 -> K_1 ...
PREFERRED = ("Check", "Call", "Stand", "Discard", "Put", "Swap", "Bring", "Complete", "Pass", "Draw")
AVOIDED = ("Fold", "Name", "Flip for me", "Undo", "Auto-flip", "Hint", "Min", "Max", "Pot")


def press(k):
    return [key(k), keyup(k)]


def choose_control(table, rng):
    """The key of the bar's button a person would press: checking or calling over folding; never
    a button that only sets something (an amount, a toggle) or opens another screen."""
    keyed = [c for c in table.controls if c.enabled and c.key is not None]
    for word in PREFERRED:
        hit = next((c for c in keyed if c.label.startswith(word)), None)
        if hit is not None:
            return hit.key
    rest = [c for c in keyed if not c.label.startswith(AVOIDED)]
    return rng.choice(rest).key if rest else None


def decide_with_keys(app, rng, seat):
    """One decision of `seat`, by keys only: the keys that choose in one frame, then the key
    that decides in the next (the bar's buttons follow the cards chosen)."""
    table = app.scene
    view = table.view()
    assert view["seat"] == seat
    kinds = {t["type"]: t for t in view["legal"]}
    hand = own_cards(view, seat)
    if "place" in kinds or "flip" in kinds:
        keys = [DIGITS[rng.randrange(min(10, len(hand)))]] if "place" in kinds else []
        keys += [rng.choice(list(ARROWS)) for _ in range(1 + rng.randrange(4))]
        app.step([e for k in keys for e in press(k)])
        assert len(table.choices.selected) == ("place" in kinds), table.message
        app.step(press(pygame.K_RETURN))
        return
    verb = verb_of(view)
    limit = verb.selects(view["legal"]) if verb is not None else None
    if limit:
        low = next((t.get("min", 0) for t in view["legal"] if t["type"] == "discard"), 0)
        wanted = next((t["count"] for t in view["legal"] if t["type"] == "swap"), None)
        n = wanted if wanted is not None and rng.random() < 0.5 else rng.randint(low, min(limit, len(hand)))
        n = min(n, len(hand), 10)
        app.step([e for index in rng.sample(range(min(10, len(hand))), n) for e in press(DIGITS[index])])
        assert len(table.choices.selected) == n, (table.message, n)
    k = choose_control(table, rng)
    assert k is not None, [c.label for c in table.controls]
    app.step(press(k))


@pytest.mark.parametrize("vid", ALL_VARIANTS)
def test_a_whole_game_with_keys_only(vid, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    variant = builtin(vid)
    options = {k: v for k, v in OPTIONS.items() if k in variant.sections.get("options", {})}
    players = ["Ann", "bot"]  # (curtains lift with Enter: tests/test_curtain_keys.py)
    app = start(variant, players=players, seed=5, size=(800, 600), options=options, autosave=False)
    table, session = app.scene, app.scene.session
    table.bot_delay, table.bot_level = 0.0, "easy"  # quick thinking: the keys are under test
    rng = random.Random(vid)
    decisions = 0
    for _ in range(3000):
        if session.is_over():
            break
        m = app.manifest()
        if any(r["name"] == "showdown" for r in m["regions"]):
            app.step(press(pygame.K_SPACE), dt=0.5)
            continue
        if m["curtain"]:
            app.step([], dt=0.5)
            app.step(press(pygame.K_RETURN))
            continue
        seat = table.asked()
        if seat is None or m["viewer"] != seat:
            app.step([], dt=0.5)
            continue
        before = table._version
        decide_with_keys(app, rng, seat)
        assert table._version > before, f"{vid}: seat {seat}'s keys made no decision: {table.message!r}"
        decisions += 1
    pygame.display.quit()
    assert session.is_over(), f"{vid}: the game did not end"
    assert decisions >= 2, decisions


def test_number_keys_choose_and_unchoose_left_to_right(tmp_path, monkeypatch):
    """In five-card draw, 1..5 choose the cards as drawn left to right, a second press unchooses,
    a key past the hand says which keys choose, and Enter trades the cards chosen."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("sevendeck_poker", players=["Ann", "bot"], seed=2, size=(800, 600), autosave=False)
    table = app.scene
    table.bot_delay = 0.0
    for _ in range(200):
        view = table.view()
        if table.asked() == 0 and any(t["type"] == "discard" for t in view["legal"]):
            break
        if table.asked() == 0:
            app.step(press(pygame.K_c if any(t["type"] == "call" for t in view["legal"]) else pygame.K_k))
        else:
            app.step([], dt=0.5)
    else:
        pytest.fail("no draw came")
    m = app.manifest()
    drawn = sorted((c for c in m["cards"] if c["where"] == "hand:0"), key=lambda c: c["rect"][0])
    hand = own_cards(table.view(), 0)
    assert [c["id"] for c in drawn] == hand  # numbered as drawn, left to right
    app.step(press(pygame.K_2) + press(pygame.K_4) + press(pygame.K_5))
    app.step(press(pygame.K_4))  # again: unchosen
    assert table.choices.selected == [hand[1], hand[4]]
    app.step(press(pygame.K_7))
    assert table.message == f"You hold 5 cards: {keys_for(5)} choose them."
    labels = [c.label + f" [{c.keyname}]" for c in table.controls]
    assert "Discard 2 [Enter]" in labels, labels
    before = len(session_log := table.session.view(0)["log"])
    app.step(press(pygame.K_RETURN))
    after = table.session.view(0)["log"]
    assert len(after) > before and any("trade" in line for line in after[len(session_log) :]), after[-3:]
    pygame.display.quit()
