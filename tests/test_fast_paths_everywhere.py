"""Every fast way of valuing hands gives the plain matcher's answers, in every game shipped and in
variants/examples/, under each hand ranking it offers: the quickest comparers a computer player
uses (hands/beats.py: keys and "does this hand beat that key", lookup tables and line and set
shortcuts behind them) against the plain matcher's keys, on the hands random games deal; and the
prefilter, which skips categories a pool cannot make, against the search itself. Other tests check
one shortcut on a few games; this one runs them all on every game, and on generated small decks
with categories drawn from the hand conditions' registry (exact odds and counts, lookup tables,
validate's shadow warning too), so a new game, hand condition or verb that a shortcut gets wrong
fails here."""

import itertools
import math
import random
from collections import Counter

import pytest
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.catalog import resolve
from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.engine.bots.chance import _fill_hidden
from cardtable.engine.bots.seen import unseen, zones_for
from cardtable.hands import conditions
from cardtable.hands.api import evaluate_pool
from cardtable.hands.beats import comparers, plain_comparers
from cardtable.hands.contains import formable
from cardtable.hands.counting import odds
from cardtable.hands.pool import Pool
from cardtable.hands.prefilter import allowed
from cardtable.hands.profiles import count_contains
from cardtable.hands.ranking import hand_rules, ranked
from cardtable.hands.search import find
from cardtable.hands.table import build as table_build
from cardtable.hands.table import plan as table_plan
from cardtable.variant import load_variant_text

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


# ---------------------------------------------------------------- generated variants
# Small product decks (ranks x colours x suits of each colour) and categories drawn from the hand
# conditions of cardtable/hands/conditions.py, each fast path checked against the plain matcher on
# every hand of the deck (or random pools of it).

ATTRS = ("rank", "suit", "colour")


def _deck_text(ranks: int, colours: int, suits: int, size: int, categories: list[str]) -> str:
    suit_ids = [f"s{c}_{s}" for c in range(colours) for s in range(suits)]
    suit_lines = ", ".join(f"{{id: s{c}_{s}, colour: c{c}}}" for c in range(colours) for s in range(suits))
    cats = "\n".join(f"    - {{name: C{i}, {body}}}" for i, body in enumerate(categories))
    return f"""
name: Generated
players: {{min: 2, max: 2}}
deck:
  attributes:
    rank: {{order: ordered, values: [{", ".join(f"{{id: r{r}}}" for r in range(ranks))}]}}
    colour: {{of: suit, order: none, values: [{", ".join(f"{{id: c{c}}}" for c in range(colours))}]}}
    suit: {{order: none, values: [{suit_lines}]}}
  cards:
    - {{rank: all, suit: [{", ".join(suit_ids)}]}}
hands:
  form: {{size: {size}, from: [hand]}}
  order: rank
  categories:
{cats}
    - {{name: High Card}}
"""


def _values(draw, ranks: int, colours: int, suits: int, attr: str, n: int) -> list[str]:
    every = {
        "rank": [f"r{r}" for r in range(ranks)],
        "colour": [f"c{c}" for c in range(colours)],
        "suit": [f"s{c}_{s}" for c in range(colours) for s in range(suits)],
    }[attr]
    return draw(st.lists(st.sampled_from(every), min_size=1, max_size=min(n, len(every)), unique=True))


def _cover_entry(draw, ranks: int, colours: int, suits: int, attr: str) -> str:
    return f"{{{attr}: {_values(draw, ranks, colours, suits, attr, 1)[0]}}}"


def _conditions(draw, ranks, colours, suits, count):
    """A part's fields, one condition or two, drawn from the registry's built-in conditions."""
    attr = st.sampled_from(ATTRS)
    made = {
        "same": lambda: f"same: {draw(attr)}",
        "distinct": lambda: f"distinct: {draw(attr)}",
        "run": lambda: "run: rank" + (f", low: [r{ranks - 1}]" if draw(st.booleans()) else ""),
        "values": lambda: (
            f"values: {{rank: [{', '.join(_values(draw, ranks, colours, suits, 'rank', count))}]}}"
        ),
        "none": lambda: f"none: {draw(attr)}",
        "cover": lambda: (
            f"cover: [{', '.join(_cover_entry(draw, ranks, colours, suits, a) for a in draw(st.lists(attr, min_size=1, max_size=count)))}]"
        ),
        "declared": lambda: "declared: true",
    }
    unknown = {f for f, c in conditions.REGISTRY.items() if c.builtin} - set(made) - SIZES
    assert not unknown, f"no generator here for the hand conditions {sorted(unknown)}"
    fields = draw(st.lists(st.sampled_from(sorted(made)), min_size=1, max_size=2, unique=True))
    if "values" in fields or "cover" in fields:  # they give the part's size themselves
        fields = [f for f in fields if f in ("values", "cover")][:1] + [
            f for f in fields if f not in ("values", "cover", "declared")
        ]
        return ", ".join(made[f]() for f in fields)
    return ", ".join([f"count: {count}"] + [made[f]() for f in fields])


SIZES = {"count", "min", "max", "low", "orders"}  # sizes, and the run's own fields


@st.composite
def generated(draw):
    ranks, colours, suits = draw(st.integers(3, 6)), draw(st.integers(1, 2)), draw(st.integers(1, 2))
    size = min(draw(st.integers(2, 4)), ranks * colours * suits)
    while math.comb(ranks * colours * suits, size) > 3000:
        size -= 1
    cats = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.integers(0, 3)) == 0 and size >= 2:  # two parts that differ
            n = draw(st.integers(1, size // 2))
            part = "{" + _conditions(draw, ranks, colours, suits, n) + "}"
            cats.append(f"parts: [{part}, {part}], differ: {draw(st.sampled_from(ATTRS))}")
        else:
            cats.append(_conditions(draw, ranks, colours, suits, draw(st.integers(1, size))))
    return _deck_text(ranks, colours, suits, size, cats)


def _first_found(rules, hand, declared=frozenset()):
    pool = Pool(rules, hand)
    return next(
        (i for i, c in enumerate(rules.categories) if find(rules, c, pool, declared) is not None), None
    )


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=generated(), seed=st.integers(0, 1000))
def test_every_fast_path_answers_as_the_matcher_on_generated_variants(text, seed):
    variant = load_variant_text(text, "generated.yaml")
    rules = variant.sections["hands"]
    n, size = variant.deck.size, rules.size
    hands = list(itertools.combinations(range(n), size))
    best = Counter(_first_found(rules, h) for h in hands)
    # exact odds, and exact 'contains' counts where a method counts a category
    got = odds(rules, n, exact=True).counts
    assert {i: k for i, k in enumerate(got) if k} == {i: k for i, k in best.items() if k}
    held = Counter(i for h in hands for i in formable(rules, h, size))
    for i, k in count_contains(rules, n, size).items():  # declared parts: per declaration (test_profiles)
        assert k == held[i] or any(p.declared for p in rules.categories[i].parts), rules.categories[i].name
    # validate's "can never be a hand's type"
    assert not any(best[i] for i in rules.never_counts)
    # the lookup table, when one serves these rules
    plan = table_plan(rules)
    if plan is not None:
        tab = table_build(rules, plan, lambda cards: evaluate_pool(rules, cards).key)
        assert all(tab.keys[tab.best(h)] == evaluate_pool(rules, h).key for h in hands)
    # the prefilter and the quickest comparers, on random pools (some with declared cards)
    rng = random.Random(seed)
    strength, beats = comparers(rules)
    plain_strength, _ = plain_comparers(rules)
    for _ in range(20):
        cards = rng.sample(range(n), rng.randint(size, min(n, size + 3)))
        declared = tuple(rng.sample(cards, rng.randint(0, 2)))
        pool = Pool(rules, cards)
        mask = allowed(rules, pool.cards, frozenset(declared))
        for rank, category in enumerate(rules.categories):
            if not mask >> rank & 1:
                assert find(rules, category, pool, frozenset(declared)) is None, (category.name, cards)
        key = plain_strength({"hand": cards}, declared)
        assert strength({"hand": cards}, declared) == key
        other = plain_strength({"hand": rng.sample(range(n), size)}, ())
        assert beats({"hand": cards}, declared, other) == (key > other)


@pytest.mark.parametrize(
    "category",
    [
        # the matcher took only the best card of each rank for the first part, and then found no
        # second card of another rank beside it in r2 r2 r1 (14 of the 20 hands, not 20)
        "parts: [{count: 1, distinct: rank}, {count: 1, distinct: rank}], differ: rank",
        # two runs that must differ: parts were put in a set, and a run's order is not hashable
        "parts: [{count: 1, run: rank}, {count: 1, run: rank}], differ: rank",
    ],
)
def test_cases_the_generated_variants_found(category):
    """Every 3-card hand of three ranks of two cards each holds two cards of different ranks."""
    variant = load_variant_text(_deck_text(3, 1, 2, 3, [category]), "found.yaml")
    rules = variant.sections["hands"]
    hands = list(itertools.combinations(range(variant.deck.size), 3))
    assert [_first_found(rules, h) for h in hands] == [0] * 20
    assert odds(rules, variant.deck.size, exact=True).counts[0] == 20
