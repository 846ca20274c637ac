"""Every fast way of valuing hands gives the plain matcher's answers, in every game shipped and in
variants/examples/, under each hand ranking it offers: the quickest comparers a computer player
uses (hands/beats.py: keys and "does this hand beat that key", lookup tables and line and set
shortcuts behind them) against the plain matcher's keys, on the hands random games deal; and the
prefilter, which skips categories a pool cannot make, against the search itself. Other tests check
one shortcut on a few games; this one runs them all on every game, so a new game, hand condition or
verb that a shortcut gets wrong fails here."""

import random

import pytest
from conftest import ROOT

from cardtable.catalog import resolve
from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.engine.bots.chance import _fill_hidden
from cardtable.engine.bots.seen import unseen, zones_for
from cardtable.hands.beats import comparers, plain_comparers
from cardtable.hands.prefilter import allowed
from cardtable.hands.ranking import hand_rules, ranked
from cardtable.hands.search import Pool, find

GAMES = sorted(str(p) for p in (ROOT / "variants").glob("*.yaml")) + sorted(
    str(p) for p in (ROOT / "variants" / "examples").glob("*.yaml")
)
RANKED = [p for p in GAMES if resolve(p).sections["hands"].form.runs_zone is None]  # not a points table
PLAIN = [p for p in GAMES if not resolve(p).sections["hands"].combine]  # combined sets: hands/sets.py


def _ids(paths):
    return [p.rsplit("/", 1)[-1][:-5] for p in paths]


def _dealt_hands(rules: Rules, seed: int, games: int, actions: int):
    """(zones, declared) of the seat to move at every state of a few random games, the cards
    hidden from it dealt from those it has not seen, as a computer player deals them."""
    rng = random.Random(seed)
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(max(2, min(4, rules.variant.max_players)))]
    for g in range(games):
        st = rules.new_game(seats, seed + g, {})
        for _ in range(actions):
            mover = rules.to_move(st)
            if mover is None:
                break
            view = rules.view(st, mover)
            zones = _fill_hidden(zones_for(rules, view, mover), unseen(rules, view), rng, set())
            yield zones, tuple(view["declared"][mover] or ())
            st = rules.apply(st, random_action(rules, st, mover, rng))


def _rankings(variant):
    return ["published", "frequency"] if ranked(variant) else ["published"]


@pytest.mark.parametrize("path", RANKED, ids=_ids(RANKED))
def test_the_quickest_comparers_answer_as_the_plain_matcher(path):
    variant = resolve(path)
    rules = Rules(variant)
    hands = list(_dealt_hands(rules, 7, 3, 12))
    assert len(hands) >= 10, "random games dealt too few hands to compare"
    for ranking in _rankings(variant):
        ranked_rules = hand_rules(variant, ranking)
        strength, beats = comparers(ranked_rules)
        plain_strength, plain_beats = plain_comparers(ranked_rules)
        keys = [plain_strength(z, d) for z, d in hands]
        assert [strength(z, d) for z, d in hands] == keys, ranking
        rng = random.Random(ranking)
        for (zones, declared), key in zip(hands, keys):
            other = keys[rng.randrange(len(keys))]
            assert beats(zones, declared, other) == plain_beats(zones, declared, other) == (key > other)


@pytest.mark.parametrize("path", PLAIN, ids=_ids(PLAIN))
def test_the_prefilter_skips_only_categories_the_search_cannot_find(path):
    rules = resolve(path).sections["hands"]
    rng = random.Random(path)
    deck = len(rules.card_order)
    for _ in range(60 if deck < 1000 else 15):
        cards = rng.sample(range(deck), min(deck, rng.randint(2, 12)))
        pool = Pool(rules, cards)
        mask = allowed(rules, pool.cards)
        for rank, category in enumerate(rules.categories):
            if not mask >> rank & 1:
                assert find(rules, category, pool) is None, (category.name, cards)
