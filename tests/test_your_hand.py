""" "Your hand" at the table (issue 31): in a person's own view, a strip named `your_hand` says the
best hand their cards make now, as the matcher values it, with its cards outlined (the manifest's
`best`); in the grid game each green square shows the most the person's cards would score there.

Every variant and example is played for one hand (the grid game for a few placements), a person and
a computer player, through the headless driver; every frame of the person's view is checked
against an evaluation of their own view made here with the plain matcher."""

import random

import pygame
import pytest
from conftest import VARIANT_IDS, VARIANTS, builtin
from input_events import mouse

from cardtable.app import ui
from cardtable.app.headless import start
from cardtable.app.table import computer_action
from cardtable.app.table.hand_words import hand_words, plural
from cardtable.app.table.your_hand import READ_BUDGET_S, HandReader, read_hand
from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.hands import api
from cardtable.hands.ranking import hand_rules

ALL_VARIANTS = VARIANT_IDS + [f"examples/{p.stem}" for p in sorted((VARIANTS / "examples").glob("*.yaml"))]
OPTIONS = {"hands": 1, "called_shot": False}
PREFIX = "Your hand: "


def zones_seen(rules, view, seat):
    """The zones of the hand's form as `seat` sees them, hidden cards left out."""
    names = {u.zone for u in rules.form.uses}
    out = {}
    for name in names:
        z = view["zones"].get(f"{name}/{seat}", view["zones"].get(name))
        if z is None:
            continue
        if "cells" in z:
            out[name] = {(r, c): card for r, c, card in z["cells"] if card >= 0}
        else:
            out[name] = [c for c in z["cards"] if c >= 0]
    return out


def hand_line(m):
    """The words of the frame's hand line, and its region (None when it has none)."""
    region = next((r["rect"] for r in m["regions"] if r["name"] == "your_hand"), None)
    if region is None:
        return None, None
    x, y, w, h = region
    inside = [
        t["text"]
        for t in m["texts"]
        if x <= t["rect"][0] and t["rect"][0] + t["rect"][2] <= x + w and y <= t["rect"][1] <= y + h
    ]
    return " ".join(inside), region


def check_hand(variant, m, view):
    """The hand line of a frame of the person's view against the matcher's best hand of it."""
    rules = hand_rules(variant, view["ranking"])
    zones = zones_seen(rules, view, view["seat"])
    value = api.evaluate_rules(rules, zones, (view["declared"] or [None])[view["seat"]] or ())
    words, _ = hand_line(m)
    said = hand_words(rules, variant.deck, value)  # (its wording: test_hands_in_words)
    assert said.startswith(value.detail or value.category)
    if rules.split is not None:
        low = api.evaluate_rules(rules.split.rules, zones, ())
        low_said = hand_words(rules.split.rules, variant.deck, low) if low.made or low.cards else "none"
        said = f"{rules.split.first_name}: {said} · {rules.split.name}: {low_said}"
    if any(u.line for u in rules.form.uses):
        assert words.startswith(PREFIX + (value.detail or value.category)), (words, said)
    else:
        assert words == PREFIX + said, (words, said)
    outlined = {c["id"] for c in m["cards"] if c["best"]}
    made = set(value.made or value.cards)
    if any(u.line for u in rules.form.uses):  # another line may make the same key: as good, and seen
        again = api.evaluate_rules(rules, {**zones, "grid": sorted(outlined - set(zones["hand"]))}, ())
        assert outlined and again.rank == value.rank, (outlined, made)
    else:
        assert outlined == made, (words, outlined, made)


def check_places(table, variant, m, view):
    """Each green square shows the most the person's cards would score there."""
    place = next(t for t in view["legal"] if t["type"] == "place")
    grid = {}
    for z in view["zones"].values():
        grid.update({(r, c): card for r, c, card in z.get("cells", ()) if card >= 0})
    best = 0
    spots = [h for h in table.hits if h.kind == "spot"]
    assert len(spots) == len(place["spots"])
    for hit in spots:
        at = hit.payload
        most = max(api.score_placement(variant, {**grid, at: card}, at).total for card in place["cards"])
        best = max(best, most)
        shown = [t["text"] for t in m["texts"] if pygame.Rect(hit.rect).contains(pygame.Rect(t["rect"]))]
        assert shown == [str(most)], (at, shown, most)
        assert all(t["px"] >= 12 for t in m["texts"] if t["text"] == str(most))
    words, _ = hand_line(m)
    if best:
        assert f"for {best} point" in words, (words, best)


@pytest.mark.parametrize("vid", ALL_VARIANTS)
def test_the_hand_line_is_the_matchers_best_hand(vid, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    variant = builtin(vid)
    options = {k: v for k, v in OPTIONS.items() if k in variant.sections.get("options", {})}
    app = start(variant, players=["Ann", "bot"], seed=7, size=(800, 600), options=options, autosave=False)
    table, session = app.scene, app.scene.session
    table.bot_delay, table.bot_level = 0.0, "easy"
    rng = random.Random(vid)
    checked = places = 0
    for _ in range(600):
        if session.is_over() or places >= 4:
            break
        m = app.manifest()
        if any(r["name"] == "showdown" for r in m["regions"]):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")], dt=0.5)
            continue
        words, region = hand_line(m)
        if m["viewer"] is None:
            assert region is None
        else:
            assert region is not None and words.startswith(PREFIX), m["texts"]
            view = table.view()
            placing = variant.sections["hands"].form.runs_zone is not None
            if words != PREFIX + "…" and not placing:
                if own := [
                    c for z in view["zones"].values() if z["owner"] == 0 for c in z["cards"] if c >= 0
                ]:
                    assert own
                    check_hand(variant, m, view)
                    checked += 1
            elif words != PREFIX + "…" and any(t["type"] == "place" for t in view["legal"]):
                check_places(table, variant, m, view)
                places += 1
        if table.asked() == 0 and words != PREFIX + "…":  # stays in: checks or calls where it can
            legal = {t["type"] for t in table.view()["legal"]}
            calm = next((k for k in ("check", "call") if k in legal), None)
            action = {"seat": 0, "type": calm} if calm else computer_action(session, 0, "easy")
            assert table.act(action), table.message
        app.step([], dt=0.5 if rng.random() < 0.5 else 0.05)
    pygame.display.quit()
    assert checked + places >= 2, (checked, places)


def test_a_public_frame_never_has_a_hand_line(tmp_path, monkeypatch):
    """Two people: the curtain and the public table between them show no hand line; each
    person's own view does, with their own hand."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("texas_holdem", players=["Ann", "Bob"], seed=3, size=(800, 600), autosave=False)
    table = app.scene
    seen = {True: 0, False: 0}
    for _ in range(40):
        m = app.manifest()
        words, region = hand_line(m)
        private = m["viewer"] is not None
        assert (region is not None) == private, (m["viewer"], m["curtain"], words)
        seen[private] += 1
        if m["curtain"]:
            app.step([], dt=0.5)
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        elif private:
            app.step([], dt=0.1)
            assert table.act(computer_action(table.session, m["viewer"], "easy"))
        app.step([], dt=0.1)
    assert seen[True] and seen[False], seen
    pygame.display.quit()


def cards_named(deck, *names):
    by_name = {deck.name(c): c for c in range(deck.size)}
    return [by_name[n] for n in names]


@pytest.mark.parametrize(
    "vid, names, words",
    [
        (
            "texas_holdem",
            ["Queen of Hearts", "Queen of Spades", "Eight of Clubs", "Eight of Hearts", "King of Clubs"],
            "Two Pair, Queens and Eights",
        ),
        (
            "texas_holdem",
            ["Ace of Hearts", "Two of Spades", "Three of Clubs", "Four of Hearts", "Five of Clubs"],
            "Straight: Ace to Five",
        ),
        (
            "texas_holdem",
            ["King of Hearts", "King of Spades", "King of Clubs", "Four of Hearts", "Four of Clubs"],
            "Full House, Kings and Fours",
        ),
        (
            "sevendeck_poker",
            ["1 of Cherry", "2 of Fire", "4 of Lemon", "6 of Leaf", "7 of Wave"],
            "Stretch: Cherry to Wave",
        ),
        (
            "sevendeck_poker",
            ["1 of Leaf", "2 of Wave", "4 of Diamond", "6 of Violet", "7 of Cherry"],
            "Stretch: Leaf to Cherry",
        ),
        (
            "sevendeck_poker",
            ["6 of Leaf", "6 of Wave", "6 of Diamond", "1 of Violet", "2 of Fire"],
            "Three of a Kind, 6s",
        ),
    ],
)
def test_hands_in_words(vid, names, words):
    variant = builtin(vid)
    rules = hand_rules(variant)
    value = api.evaluate_pool(rules, cards_named(variant.deck, *names))
    assert hand_words(rules, variant.deck, value) == words


def test_plurals():
    assert [plural(w) for w in ("Queen", "Six", "2", "Infinity", "Day")] == [
        "Queens",
        "Sixes",
        "2s",
        "Infinities",
        "Days",
    ]


def test_a_grid_places_words_are_never_cut(tmp_path, monkeypatch):
    """At 800x600, pointing at each green square (and moving to it with the arrows) says in full
    what the chosen card would score there, inside the window, however near an edge it is."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("poker_grid", players=["Ann", "bot"], seed=4, size=(800, 600), autosave=False)
    table = app.scene
    table.bot_delay, table.bot_level = 0.0, "easy"
    said = 0
    for _ in range(200):
        if said >= 60 or table.session.is_over():
            break
        if table.asked() != 0:
            app.step([], dt=0.5)
            continue
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")])
        for hit in [h for h in table.hits if h.kind == "spot"]:
            app.step([mouse(pygame.MOUSEMOTION, hit.rect.center)])
            words, m = table.choices.spot[1], app.manifest()
            board = next(pygame.Rect(r["rect"]) for r in m["regions"] if r["name"] == "community")
            room = pygame.Rect(0, 0, 800, 600).clip(board.inflate(0, 2 * ui.line(22)))
            lines = ui.wrap(words, 22, max(40, room.width - 24))  # as the label wraps them
            for line in lines:  # each drawn whole (a clipped text's rectangle is cut short) in the window
                whole = [
                    t
                    for t in m["texts"]
                    if t["text"] == line
                    and t["rect"][2] in (ui.font(22).size(line)[0], ui.font(22, True).size(line)[0])
                    and pygame.Rect(0, 0, 800, 600).contains(pygame.Rect(t["rect"]))
                ]
                assert whole, (words, line, [t for t in m["texts"] if line[:6] in t["text"]])
            said += 1
        assert table.act(computer_action(table.session, 0, "easy"))
    assert said >= 60
    pygame.display.quit()


def test_the_hand_is_read_once_per_change_a_few_units_a_frame():
    """The reader spreads the 12,000-card game's line search over frames (a frame's budget on the
    counting clock holds about 15 units), answers the matcher's best hand, and once read does no
    more work until its key changes."""
    variant = builtin("infinite_poker")
    rules = Rules(variant)
    rng = random.Random(2)
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    # the published ranking: the longest search for this hand (by exact odds it is read in 8 units)
    st = rules.new_game(seats, seed=2, options={"called_shot": False, "ranking": "published"})
    view = None
    for _ in range(300):  # to the turn: most of the grid face up
        seat = rules.to_move(st)
        view = rules.view(st, seat)
        up = sum(1 for _, _, card in view["zones"]["grid"]["cells"] if card >= 0)
        if up >= 60 and any(t["type"] == "flip" for t in view["legal"]):
            break
        st = rules.apply(st, random_action(rules, st, seat, rng))
    assert view is not None and up >= 60
    reader = HandReader()
    per_frame, line = [], None
    while line is None:
        before = reader.steps
        line = reader.current(("v", view["seat"]), variant, view, ())
        per_frame.append(reader.steps - before)
    assert len(per_frame) >= 2 and max(per_frame) <= READ_BUDGET_S / 0.0002 + 1, per_frame
    assert line == read_hand(variant, view)
    done = reader.steps
    for _ in range(3):
        assert reader.current(("v", view["seat"]), variant, view, ()) is line
    assert reader.steps == done  # nothing read again while nothing changed
    # a public frame (a curtain, the peek key let go) puts no line up; the same person looking
    # again at the unchanged game is given the line read before, not read again
    reader.forget()
    assert reader.line is None and not reader.reading()
    assert reader.current(("v", view["seat"]), variant, view, ()) is line
    assert reader.steps == done
    other = view["seat"] + 1
    assert reader.current(("v", other), variant, view, ()) is None and reader.reading()  # another key: read


def test_a_seat_holding_no_card_is_told_so_not_left_reading():
    """Before the 12,000-card game's deal (its Called Shot), the line says there are no cards yet
    instead of "…", which reads as still working it out."""
    from cardtable.app.table.your_hand import NO_CARDS, reading
    from cardtable.engine import Rules

    variant = builtin("infinite_poker")
    rules = Rules(variant)
    state = rules.new_game([{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cid")], 3, {})
    seat = rules.to_move(state)
    view = rules.view(state, seat)
    assert not [c for z in view["zones"].values() if z["owner"] == seat for c in z.get("cards", [])]
    work = reading(variant, view)
    with pytest.raises(StopIteration) as read:
        next(work)
    assert read.value.value.words == NO_CARDS
