"""Placing a card on an open grid (the place verb's thinking, engine/verbs/place_mind.py): the levels
place differently (easy takes what scores now, normal also keeps the next player from scoring,
hard also sets up its own next turn), the `call` baseline places as a player who weighs nothing
would, and the thinking's quick scorer totals a placement exactly as the rules do. Tables are
built by hand in Poker Grid (the one shipped game with an open grid)."""

import itertools
import random

import pytest

from cardtable.catalog import resolve
from cardtable.engine import Rules
from cardtable.engine.bots import decide
from cardtable.engine.bots.baselines import baseline_action
from cardtable.engine.scoring import score_placement
from cardtable.engine.verbs.place_mind import Scorer, best_of_hand

RULES = Rules(resolve("poker_grid"))
DECK = RULES.variant.deck
CARD = {DECK.short(i): i for i in range(DECK.size)}
SEEDS = range(6)


def _view(grid: dict[tuple[int, int], str], mine: list[str], theirs: list[str]):
    """The view of the seat to place, with the grid, its hand and the other seat's hand as given
    (every other card in the deck)."""
    state = RULES.new_game([{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}], 5, {})
    seat = state["turn"]
    zones = state["zones"]
    zones["grid"]["cells"] = [[r, c, CARD[s], 1] for (r, c), s in grid.items()]
    for who, hand in ((seat, mine), (1 - seat, theirs)):
        zones["hand"][who] = {"cards": [CARD[s] for s in hand], "up": [0] * len(hand)}
    used = {CARD[s] for s in (*grid.values(), *mine, *theirs)}
    rest = [c for c in range(DECK.size) if c not in used]
    zones["deck"]["cards"], zones["deck"]["up"] = rest, [0] * len(rest)
    return RULES.view(state, seat)


def _plays(view, level: str) -> set[tuple[str, tuple[int, int]]]:
    return {(DECK.short(a["card"]), tuple(a["at"])) for a in (decide(RULES, view, s, level) for s in SEEDS)}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_completes_the_line_that_scores(level):
    """7♥ 8♥ side by side: the 9♥ at either end makes a three-card straight flush (10 points)."""
    view = _view({(0, 0): "7♥", (0, 1): "8♥"}, ["2♣", "9♥", "3♦"], ["3♣", "4♣", "9♦"])
    assert _plays(view, level) <= {("9♥", (0, 2)), ("9♥", (0, -1))}


def test_normal_does_not_open_a_line_for_the_next_player_where_easy_does():
    """Nothing scores now: Q♠ beside K♠ lets the next player's J♠ or A♠ make a straight flush,
    2♦ opens next to nothing. Easy places either (ties are broken at random), normal the 2♦."""
    view = _view({(0, 0): "K♠"}, ["Q♠", "2♦"], ["3♣", "4♣", "9♦"])
    assert {card for card, _ in _plays(view, "easy")} == {"Q♠", "2♦"}
    assert {card for card, _ in _plays(view, "normal")} == {"2♦"}


def test_hard_sets_up_its_own_next_turn_where_normal_plays_safe():
    """7♥ alone, holding 8♥ 9♥ 2♣: a heart beside the 7♥ scores nothing now but lets the other
    heart make a straight flush next turn; normal, which looks at the next player's turn only,
    plays the 2♣ out of the way, hard a heart beside the 7♥."""
    view = _view({(0, 0): "7♥"}, ["8♥", "9♥", "2♣"], ["3♣", "4♣", "9♦"])
    assert {card for card, _ in _plays(view, "normal")} == {"2♣"}
    hard = _plays(view, "hard")
    assert {card for card, _ in hard} <= {"8♥", "9♥"}
    assert all(abs(r) + abs(c) == 1 for _, (r, c) in hard)


def test_the_call_baseline_places_its_first_card_at_the_first_place():
    view = _view({(0, 0): "7♥", (0, 1): "8♥"}, ["2♣", "9♥", "3♦"], ["3♣", "4♣", "9♦"])
    first = sorted(tuple(s) for s in view["legal"][0]["spots"])[0]
    for seed in SEEDS:
        action = baseline_action("call", RULES, view, seed)
        assert (action["card"], tuple(action["at"])) == (CARD["2♣"], first)


def test_the_quick_scorer_totals_a_placement_as_the_rules_do():
    """Every card not yet placed, at every open place, on grids of random play."""
    scorer = Scorer(RULES)
    rng = random.Random(7)
    state = RULES.new_game([{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}], 7, {})
    checked = 0
    for _ in range(12):
        seat = RULES.to_move(state)
        view = RULES.view(state, seat)
        grid = {(r, c): card for r, c, card in view["zones"]["grid"]["cells"]}
        spots = [tuple(s) for s in view["legal"][0]["spots"]]
        for card in rng.sample([c for c in range(DECK.size) if c not in grid.values()], 6):
            for at in spots:
                assert scorer.points(grid, at, card) == score_placement(RULES, {**grid, at: card}, at).total
                checked += 1
        t = view["legal"][0]
        state = RULES.apply(
            state,
            {"seat": seat, "type": "place", "card": rng.choice(t["cards"]), "at": rng.choice(t["spots"])},
        )
    assert checked > 200


def test_the_best_of_a_random_hand_is_exact():
    values = [9, 0, 4, 4, 1, 7]
    for size in (1, 2, 3, 6, 8):
        hands = list(itertools.combinations(values, min(size, len(values))))
        assert best_of_hand(values, size) == pytest.approx(sum(max(h) for h in hands) / len(hands))
    assert best_of_hand([], 3) == 0.0
