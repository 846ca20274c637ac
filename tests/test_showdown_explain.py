"""The showdown explains itself: the reason in one line names the category, or the tie layer that
decided (issue 15); a hand's category says what it is when pointed at."""

from __future__ import annotations

import pygame
import pytest
from conftest import builtin
from input_events import lift_curtain

from cardtable.app.headless import start
from cardtable.hands.api import evaluate_pool
from cardtable.hands.explain import why


def cards(vid: str, shorts: str) -> list[int]:
    deck = builtin(vid).deck
    by_short = {deck.short(c): c for c in range(deck.size)}
    return [by_short[s] for s in shorts.split()]


def value(vid: str, shorts: str):
    rules = builtin(vid).sections["hands"]
    hand = cards(vid, shorts)
    return evaluate_pool(rules, hand, len(hand))


@pytest.mark.parametrize(
    "vid, winner, loser, said",
    [
        ("texas_holdem", "2♥ 7♥ 9♥ J♥ K♥", "9♣ 10♦ J♠ Q♥ K♣", "Flush beats Straight"),
        ("texas_holdem", "K♣ K♦ A♠ 7♥ 3♣", "K♥ K♠ Q♠ 7♦ 3♦", "Pair against Pair: the kickers decided"),
        ("texas_holdem", "K♣ K♦ 2♠ 7♥ 3♣", "Q♥ Q♠ A♠ 7♦ 4♦", "Pair against Pair: higher cards"),
        # Sevendeck's pairs: "use the non-paired kickers first": 2-2-3-3-7 beats 4-4-5-5-6
        (
            "sevendeck_poker",
            "2diamond 2violet 3diamond 3violet 7cherry",
            "4diamond 4violet 5diamond 5violet 6cherry",
            "Two Pair against Two Pair: the kickers decided",
        ),
    ],
)
def test_the_line_names_what_decided(vid, winner, loser, said):
    rules = builtin(vid).sections["hands"]
    a, b = value(vid, winner), value(vid, loser)
    assert a.key > b.key
    assert why(rules, a, b) == said


def test_trumps_decide_between_equal_hands_of_the_12000_card_deck():
    rules = builtin("infinite_poker").sections["hands"]
    deck = builtin("infinite_poker").deck
    trump = next(c for c in range(deck.size) if rules.trump[c])
    rank = deck.columns["rank"][trump]
    plain = [c for c in range(deck.size) if deck.columns["rank"][c] == rank and not rules.trump[c]]
    # the same pair and the same kickers by rank; only one hand holds a trump among them
    others = [c for c in range(deck.size) if not rules.trump[c] and deck.columns["rank"][c] < 10]
    by_rank: dict[int, list[int]] = {}
    for c in others:
        by_rank.setdefault(deck.columns["rank"][c], []).append(c)
    kick_a = [by_rank[r][0] for r in range(8)]
    kick_b = [by_rank[r][1] for r in range(8)]
    a = evaluate_pool(rules, [trump, plain[0], *kick_a], 10)
    b = evaluate_pool(rules, [plain[1], plain[2], *kick_b], 10)
    assert a.category == b.category  # the same pattern of ranks and colours: one category
    assert a.key > b.key
    assert why(rules, a, b).endswith("a trump card beats none")


def test_combined_sets_say_the_bigger_set_wins():
    rules = builtin("sigilian_poker").sections["hands"]
    deck = builtin("sigilian_poker").deck
    by_rank: dict[str, list[int]] = {}
    for c in range(deck.size):
        v = deck.value(c, "rank")
        if v is not None and not rules.wild[c] and not rules.dead[c]:
            by_rank.setdefault(v.id, []).append(c)
    three = by_rank["2"][:3] + by_rank["4"][:1] + by_rank["plane"][:1]
    two = by_rank["3"][:2] + by_rank["5"][:1] + by_rank["1"][:1] + by_rank["king"][:1]
    a, b = evaluate_pool(rules, three, 5), evaluate_pool(rules, two, 5)
    assert a.key > b.key
    assert why(rules, a, b) == f"{a.detail} beats {b.detail}: the bigger set wins"


def test_pointing_at_a_hand_at_the_showdown_says_what_it_is(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("texas_holdem", players=["Ann", "Bob"], seed=3, options={"hands": 2})
    table = app.scene
    for _ in range(400):
        if table.showdown is not None:
            break
        m = app.manifest()
        if m["curtain"]:
            lift_curtain(app)
            continue
        types = {t["type"] for t in table.view()["legal"]}
        k = pygame.K_c if "call" in types else pygame.K_k
        app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")] if types else [], dt=0.05)
    assert table.showdown is not None
    shown = table.showdown.record["shown"][0]
    where = next(c["rect"] for c in app.manifest()["cards"] if c["where"] == f"showdown:{shown['seat']}")
    pos = (where[0] + where[2] // 2, where[1] + where[3] // 2)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], dt=0.0)
    texts = " ".join(t["text"] for t in app.manifest()["texts"])
    hands = builtin("texas_holdem").sections["hands"]
    said = next(c.describe for c in hands.categories if c.name == shown["category"])
    assert said.split()[0] in texts and shown["category"] + ":" in texts
    assert app.manifest()["viewer"] is None  # still the public screen


def test_a_lowball_win_is_explained_as_lower_cards():
    """Deuce-to-seven's 7-5-4-3-2 beats 8-6-4-3-2: it was said to win on 'higher cards'."""
    from conftest import ROOT

    from cardtable.catalog import resolve

    variant = resolve(str(ROOT / "variants" / "examples" / "deuce_to_seven.yaml"))
    rules, deck = variant.sections["hands"], variant.deck
    by_short = {deck.short(c): c for c in range(deck.size)}
    seven, eight = (
        evaluate_pool(rules, [by_short[s] for s in h.split()], 5)
        for h in ("2♣ 3♦ 4♥ 5♠ 7♣", "2♦ 3♣ 4♠ 6♥ 8♦")
    )
    assert seven.key > eight.key
    assert why(rules, seven, eight) == "Seven low against Eight low: lower cards"
