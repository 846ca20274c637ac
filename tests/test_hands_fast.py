"""The shortcuts of the plain evaluator give the answers of the full search: the prefilter
(hands/prefilter.py) only skips categories `find` cannot make, and the line shortcuts
(hands/beats.py) give exactly the best line's key and whether it beats a key. Checked on random
pools and grids built from a few values (so kinds, flushes and runs are common), and on hands
of the 12,000-card game recorded from self-play and valued by the evaluator before the shortcuts
(tests/golden/line_hands.json; under the reordered rankings, frequency and exact odds, valued before
their own shortcuts: tests/golden/line_hands_ranked.json)."""

import ast
import json
from functools import cache
from pathlib import Path

from conftest import builtin
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.hands.api import evaluate_rules
from cardtable.hands.beats import beats, line_strength
from cardtable.hands.combined import beats_combined, evaluate_combined
from cardtable.hands.pool import Pool
from cardtable.hands.prefilter import allowed
from cardtable.hands.ranking import hand_rules
from cardtable.hands.search import find

RECORDED = Path(__file__).parent / "golden" / "line_hands.json"
RECORDED_RANKED = Path(__file__).parent / "golden" / "line_hands_ranked.json"
PLAIN = ["infinite_poker", "texas_holdem", "sevendeck_poker", "poker_clash"]
RANKINGS = ["published", "frequency", "exact"]


def crowded(vid: str, least: int, most: int):
    """Pools of distinct cards drawn from a few values of each attribute the deck has."""
    return st.integers(0, 50).flatmap(
        lambda seed: st.lists(
            st.sampled_from(narrow(vid, least, seed)), min_size=least, max_size=most, unique=True
        )
    )


@cache
def narrow(vid: str, least: int, seed: int) -> tuple[int, ...]:
    """The cards sharing few values: the cards whose every attribute value is in a small window
    chosen by the seed (all of them when fewer than `least`). Hypothesis draws from the same
    cards."""
    keep = _window(vid, seed)
    ncards = len(builtin(vid).sections["hands"].card_order)
    return keep if len(keep) >= least else tuple(range(ncards))  # too few to draw `least` from


@cache
def _window(vid: str, seed: int) -> tuple[int, ...]:
    """`narrow`'s cards, worked out once per seed (a pass over the 12,000-card deck's columns for
    each example drawn was most of these tests' time): per column, its values in the window,
    then the cards whose every value is."""
    rules = builtin(vid).sections["hands"]
    keep = range(len(rules.card_order))
    for col in rules.columns.values():
        inside = {v for v in set(col) if v < 0 or (v + seed) % (3 + seed % 4) < 2 + seed % 3}
        keep = [c for c in keep if col[c] in inside]
    return tuple(keep)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(PLAIN), st.sampled_from(RANKINGS), st.data())
def test_the_prefilter_skips_only_categories_find_cannot_make(vid, ranking, data):
    rules = hand_rules(builtin(vid), ranking)
    cards = data.draw(crowded(vid, 2, 14))
    pool = Pool(rules, cards)
    mask = allowed(rules, pool.cards)
    for rank, cat in enumerate(rules.categories):
        if not mask >> rank & 1:
            assert find(rules, cat, pool) is None, (cat.name, cards)


def combined_pools(vid: str):
    """Nine to twelve cards of a combined-set game, often with its wild and dead cards."""
    rules = builtin(vid).sections["hands"]
    special = [c for c in range(len(rules.card_order)) if rules.wild[c] or rules.dead[c]]
    cards = st.lists(st.integers(0, len(rules.card_order) - 1), min_size=12, max_size=14, unique=True)
    return st.tuples(cards, st.lists(st.sampled_from(special), max_size=2, unique=True)).map(
        lambda t: tuple(dict.fromkeys(t[1] + t[0]))[: 12 if vid == "limbo_holdem" else 9]
    )


def grid_zones(vid: str):
    """A seat's zones: a few hole cards and a square grid, all drawn from a few values."""
    return st.integers(2, 4).flatmap(
        lambda side: crowded(vid, side * side + 2, side * side + 4).map(
            lambda cs: {
                "hand": cs[side * side :],
                "grid": {(i // side, i % side): c for i, c in enumerate(cs[: side * side])},
            }
        )
    )


@settings(max_examples=30, deadline=None)
@given(grid_zones("infinite_poker"), grid_zones("infinite_poker"), st.sampled_from(RANKINGS))
def test_line_shortcuts_give_the_full_evaluation(mine, theirs, ranking):
    rules = hand_rules(builtin("infinite_poker"), ranking)
    key = evaluate_rules(rules, mine).key
    assert line_strength(rules, mine, ()) == key
    other = evaluate_rules(rules, theirs).key
    assert beats(rules, theirs, (), key) == (other > key)
    assert beats(rules, mine, (), other) == (key > other)
    assert beats(rules, mine, (), key) is False


def test_recorded_line_hands_value_as_they_did():
    """Hands computer players met in a self-play of the 12,000-card game, valued before."""
    recorded = json.loads(RECORDED.read_text())
    assert len(recorded) >= 80
    rules = builtin("infinite_poker").sections["hands"]
    keys = []
    for row in recorded:
        zones = {k: ({(r, c): v for r, c, v in z} if k == "grid" else z) for k, z in row["zones"].items()}
        got = evaluate_rules(rules, zones)
        assert repr(got.key) == row["key"]
        assert [got.category, list(got.cards), list(got.made)] == [row["category"], row["cards"], row["made"]]
        assert line_strength(rules, zones, ()) == got.key
        keys.append((zones, got.key))
    for (zones, key), (_, other) in zip(keys, keys[1:] + keys[:1]):
        assert beats(rules, zones, (), other) == (key > other)
        assert beats(rules, zones, (), ast.literal_eval(repr(key))) is False


def test_recorded_line_hands_value_as_they_did_under_the_reordered_rankings():
    """The same hands under the frequency and exact-odds rankings (the game's default): the
    shortcuts give the keys the full evaluation gave before they were made fast for a reordered
    ranking, and whether each hand beats the next one's key."""
    recorded = json.loads(RECORDED.read_text())
    ranked = json.loads(RECORDED_RANKED.read_text())
    variant = builtin("infinite_poker")
    for ranking in ("frequency", "exact"):
        rules = hand_rules(variant, ranking)
        assert len(ranked[ranking]) == len(recorded)
        keys = []
        for row, want in zip(recorded, ranked[ranking]):
            zones = {k: ({(r, c): v for r, c, v in z} if k == "grid" else z) for k, z in row["zones"].items()}
            got = evaluate_rules(rules, zones)
            assert [repr(got.key), got.category, list(got.cards), list(got.made)] == [
                want["key"],
                want["category"],
                want["cards"],
                want["made"],
            ], ranking
            key = line_strength(rules, zones, ())
            assert key == got.key, ranking
            keys.append((zones, key))
        for (zones, key), (_, other) in zip(keys, keys[1:] + keys[:1]):
            assert beats(rules, zones, (), other) == (key > other)
            assert beats(rules, zones, (), key) is False


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["sigilian_poker", "limbo_holdem"]), st.data())
def test_combined_sets_compared_from_their_sets_as_by_their_keys(vid, data):
    rules = builtin(vid).sections["hands"]
    mine = data.draw(combined_pools(vid))
    theirs = data.draw(combined_pools(vid))
    exact = [(list(mine[:3]), 3)] if vid == "limbo_holdem" else None
    other = [(list(theirs[:3]), 3)] if exact else None
    a = evaluate_combined(rules, mine[3:] if exact else mine, 9, exact)
    b = evaluate_combined(rules, theirs[3:] if other else theirs, 9, other)
    assert beats_combined(rules, mine[3:] if exact else mine, 9, exact, b.key) == (a.key > b.key)
    assert beats_combined(rules, theirs[3:] if other else theirs, 9, other, a.key) == (b.key > a.key)
    assert beats_combined(rules, mine[3:] if exact else mine, 9, exact, a.key) is False


def test_computer_players_decide_as_without_the_shortcuts(monkeypatch):
    """One match of one hand of each game the shortcuts serve, played twice: with them, and
    with every comparison made from whole keys; the same table talk, action by action."""
    import io

    import cardtable.hands.beats as shortcuts
    from cardtable.commands.simulate import simulate

    def play(vid):
        out = io.StringIO()
        report = simulate(builtin(vid), 1, 2, 3, 1, False, log=out)
        return report, out.getvalue()

    for vid in ["infinite_poker", "limbo_holdem", "sigilian_poker"]:
        fast = play(vid)
        with monkeypatch.context() as m:
            m.setattr(shortcuts, "comparers", shortcuts.plain_comparers)
            slow = play(vid)
        assert fast == slow, vid
        assert fast[1].count("\n") > 10


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["sigilian_poker", "limbo_holdem"]), st.data())
def test_combined_sets_against_keys_of_their_own_size_and_type(vid, data):
    """A key of the hand's own size and set type with other cards just below or above its own:
    only the other cards decide (combined.beats_combined's last step)."""
    rules = builtin(vid).sections["hands"]
    pool = data.draw(combined_pools(vid))
    exact = [(list(pool[:3]), 3)] if vid == "limbo_holdem" else None
    rest = pool[3:] if exact else pool
    key = evaluate_combined(rules, rest, 9, exact).key
    for shift in (-1, 1):
        near = (*key[:2], (*key[2][:-1], key[2][-1] + shift))
        assert beats_combined(rules, rest, 9, exact, near) == (key > near), shift


@settings(max_examples=15, deadline=None)
@given(grid_zones("infinite_poker"), grid_zones("infinite_poker"))
def test_a_grid_changed_in_place_is_valued_anew(first, second):
    """The lines of the last grid are kept: a grid changed since (the same object) is valued
    from its new lines, not the old ones."""
    rules = builtin("infinite_poker").sections["hands"]
    assert line_strength(rules, first, ()) == evaluate_rules(rules, first).key
    grid = first["grid"]
    grid.clear()
    grid.update(second["grid"])
    zones = {"hand": second["hand"], "grid": grid}
    key = evaluate_rules(rules, zones).key
    assert line_strength(rules, zones, ()) == key
    assert beats(rules, zones, (), key) is False
