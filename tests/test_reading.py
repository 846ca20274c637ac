"""Computer players that read the betting (engine/bots/reading.py): an opponent's chips in beyond the
big blind, in doublings, weigh the deals of the unseen cards toward the hands that bet so; the
easy level does not read, normal and hard do."""

import math
import random

from conftest import builtin

from cardtable.engine import Rules
from cardtable.engine.bots.chance import win_chance
from cardtable.engine.bots.reading import MOST_PRESSURE, pressure
from cardtable.hands.steps import finish


def _raised(seed: int, to_blinds: int):
    """Heads-up Texas Hold'em: the first to act raises to `to_blinds` big blinds; the other's view."""
    rules = Rules(builtin("texas_holdem"))
    state = rules.new_game([{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}], seed)
    raiser = rules.to_move(state)
    if to_blinds:
        state = rules.apply(state, {"seat": raiser, "type": "raise", "amount": to_blinds * state["blind"]})
    else:
        state = rules.apply(state, {"seat": raiser, "type": "call"})
    other = rules.to_move(state)
    return rules, rules.view(state, other), raiser


def test_pressure_counts_doublings_beyond_the_big_blind():
    _, limped, limper = _raised(1, 0)
    assert pressure(limped, limper) == 0.0  # posted and called the blind: no strength shown
    _, raised, raiser = _raised(1, 3)
    _, shoved, shover = _raised(1, 20)
    assert pressure(raised, raiser) == math.log2(3)  # to 3 blinds: 2 beyond one, log2(1 + 2)
    assert 0 < pressure(raised, raiser) < pressure(shoved, shover) == MOST_PRESSURE  # capped


def test_a_raise_makes_the_same_hands_worth_less():
    plain, read = [], []
    for seed in range(20):
        rules, view, _ = _raised(seed, 10)
        plain.append(finish(win_chance(rules, view, random.Random(seed), 48)))
        read.append(finish(win_chance(rules, view, random.Random(seed), 48, reads=True)))
    assert sum(read) / 20 < sum(plain) / 20 - 0.05


def test_without_a_raise_reading_changes_nothing():
    for seed in range(5):
        rules, view, _ = _raised(seed, 0)
        plain = finish(win_chance(rules, view, random.Random(seed), 24))
        assert finish(win_chance(rules, view, random.Random(seed), 24, reads=True)) == plain


def test_blinds_a_seat_had_to_post_show_no_strength():
    """In the 12,000-card game the last hand's winner posts a blind on top of the big blind: two
    blinds in, by the rules, not by choice."""
    import random as rnd

    from cardtable.engine.bots.mind import SeatMind
    from cardtable.engine.bots.reading import forced

    rules = Rules(builtin("infinite_poker"))
    state = rules.new_game(
        [{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}], 3, {"called_shot": False}
    )
    seat = rules.to_move(state)
    view = rules.view(state, seat)
    poster = 1 - seat
    assert view["seats"][poster]["total"] == 2 * view["blind"] == forced(rules, view, poster)
    assert pressure(view, poster) > 0  # counted from one big blind, the posts look like a raise
    assert pressure(view, poster, forced(rules, view, poster)) == 0.0
    assert SeatMind(rules, view, rnd.Random(1), 8).pressure() == 0.0


def test_betting_is_read_less_where_the_bettor_has_seen_little_of_its_hand():
    from cardtable.engine.bots.reading import SEEN_SHARE, informed

    # Hold'em before the flop: the board is not out, its two cards are all it will have seen
    assert informed({"board": []}, {"hand": [-1, -1]}) == 1.0
    # four of its own cards and a face-down grid of 100 shared with it
    grid = {(r, c): -1 for r in range(10) for c in range(10)}
    assert informed({"grid": grid}, {"hand": [-1] * 4}) == 4 / 104 / SEEN_SHARE
    # the flop: 60 of the grid face up
    flop = {p: (i if i < 60 else -1) for i, p in enumerate(grid)}
    assert informed({"grid": flop}, {"hand": [-1] * 4}) == 1.0
