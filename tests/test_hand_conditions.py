"""A hand condition registered by a test alone (conditions.py) is honoured everywhere: the matcher
applies it, and every analyser either agrees with the matcher or says it does not handle it
(not counted, no table, never skipped, no warning); none reads the part as if the condition were
absent. The same condition claiming support it does not have is caught by the same checks, so
they are not vacuous. Also: shipped rankings are keyed on the rules' meaning, none orphaned."""

import dataclasses
import itertools
import random
from collections import Counter

import pytest
from conftest import ROOT

from cardtable.catalog import resolve
from cardtable.hands import conditions, counting, describe, examples, ranking, table
from cardtable.hands.api import evaluate_pool
from cardtable.hands.conditions import EVERY, HandCondition
from cardtable.hands.contains import formable
from cardtable.hands.pool import Pool
from cardtable.hands.prefilter import allowed
from cardtable.hands.profiles import count_contains
from cardtable.hands.search import find
from cardtable.schema import Str
from cardtable.variant import load_variant_text


def _build(builder, node, part):
    return builder.attr(node)


def _alternates(rules, attribute, cards):
    """Read low to high by the ranking's order, no two neighbours share a value of the attribute."""
    col = rules.columns[attribute]
    ordered = sorted(cards, key=lambda c: (rules.card_order[c], c))
    return all(col[a] != col[b] for a, b in itertools.pairwise(ordered))


def toy(supports=frozenset()):
    return HandCondition(
        "alternate",
        Str(what="an attribute name"),
        "read low to high, neighbouring cards differ in this attribute",
        supports=frozenset(supports),
        build=_build,
        holds=_alternates,
        attributes=lambda value: (value,),
        words=lambda value, deck: f"whose {value}s alternate",
    )


DECK = """
name: Barber shop
players: {min: 2, max: 2}
deck:
  attributes:
    rank:
      order: ordered
      values: [{id: r0}, {id: r1}, {id: r2}, {id: r3}, {id: r4}]
    colour:
      of: suit
      order: none
      values: [{id: red}, {id: black}]
    suit:
      order: none
      values: [{id: h, colour: red}, {id: d, colour: red}, {id: s, colour: black}, {id: c, colour: black}]
  cards:
    - {rank: all, suit: all}
hands:
  form: {size: 4, from: [hand]}
  order: rank
  categories:
    - {name: Barber Pole, count: 4, run: rank, alternate: colour}
    - {name: Straight, count: 4, run: rank}
    - {name: Flush, count: 4, same: suit}
    - {name: Two Pair, parts: [{count: 2, same: rank}, {count: 2, same: rank}], differ: rank}
    - {name: Chequered, count: 4, alternate: colour}
    - {name: Pair, count: 2, same: rank}
    - {name: High Card}
"""


def _matcher_best(rules, hand):
    """The first category the plain matcher finds, no shortcut between (the ground truth)."""
    pool = Pool(rules, hand)
    return next((i for i, cat in enumerate(rules.categories) if find(rules, cat, pool) is not None), None)


def disagreements(rules, deck_size, best=None):
    """Where an analyser answers otherwise than the plain matcher (and does not say it cannot).
    `best`: the matcher's best category per hand, counted, when the caller has counted it."""
    size = rules.size
    hands = list(itertools.combinations(range(deck_size), size))
    if best is None:
        best = Counter(_matcher_best(rules, h) for h in hands)
    held = Counter(i for h in hands for i in formable(rules, h, size))
    out = []
    # exact odds: every hand in its best category
    got = counting.odds(rules, deck_size, exact=True).counts
    if {i: n for i, n in enumerate(got) if n} != {i: n for i, n in best.items() if n}:
        out.append(("exact odds", got, dict(best)))
    # exact 'contains' counts: each category counted is right, the others said not counted
    for i, n in count_contains(rules, deck_size, size).items():
        if n != held[i]:
            out.append(("contains", rules.categories[i].name, n, held[i]))
    # the lookup table, when one can serve these rules, values every hand as the matcher
    plan = table.plan(rules)
    if plan is not None:
        tab = table.build(rules, plan, lambda cards: evaluate_pool(rules, cards).key)
        wrong = sum(1 for h in hands if tab.keys[tab.best(h)] != evaluate_pool(rules, h).key)
        if wrong:
            out.append(("table", wrong))
    # the prefilter skips only categories the matcher cannot find
    rng = random.Random(5)
    for _ in range(150):
        pool = Pool(rules, rng.sample(range(deck_size), rng.randint(4, 8)))
        mask = allowed(rules, pool.cards)
        for i, cat in enumerate(rules.categories):
            if not mask >> i & 1 and find(rules, cat, pool) is not None:
                out.append(("prefilter", cat.name, pool.cards))
    # validate: a category it says can never be a hand's type is none
    for i, _ in rules.never_counts.items():
        if best[i]:
            out.append(("never counts", rules.categories[i].name, best[i]))
    return out


def test_a_condition_registered_in_a_test_is_honoured_or_declined_everywhere():
    with conditions.registered(toy()):
        variant = load_variant_text(DECK, "barber.yaml")
        rules = variant.sections["hands"]
        pole = rules.categories[0]
        assert pole.parts[0].extra == (("alternate", "colour"),)
        hands = list(itertools.combinations(range(variant.deck.size), 4))
        best = Counter(_matcher_best(rules, h) for h in hands)
        # the matcher applies it: 2 runs of ranks, 2 colourings of 2 suits each alternating way
        assert best[0] == 2 * 2 * 2**4 and best[1] == 2 * 4**4 - best[0]
        assert disagreements(rules, variant.deck.size, best) == []
        # the analysers that do not handle it said so rather than answering
        assert table.plan(rules) is None
        assert 0 not in count_contains(rules, variant.deck.size, 4)
        assert not rules.never_counts
        assert "whose colours alternate" not in describe.derive(pole, variant.deck)
        assert "'alternate'" in describe.derive(pole, variant.deck)
        got = examples.example(rules, 0)
        assert got is None or evaluate_pool(rules, got.cards).rank == 0


def test_a_condition_claiming_support_it_lacks_is_caught_by_the_same_checks():
    """As a new condition was treated before the registry: every analyser reading its parts as if
    it were absent. The checks above then find it (so they would find a real one)."""
    with conditions.registered(toy(EVERY - {"combined", "wild"})):
        variant = load_variant_text(DECK, "barber.yaml")
        rules = variant.sections["hands"]
        kinds = {d[0] for d in disagreements(rules, variant.deck.size)}
        assert {"exact odds", "table", "never counts"} <= kinds, kinds


def test_a_condition_no_analyser_of_combined_sets_handles_is_refused_there():
    text = DECK.replace("  order: rank\n", "  order: rank\n  combine: {}\n").replace(
        "- {name: Barber Pole, count: 4, run: rank, alternate: colour}",
        "- {name: Barber Pole, any: [{min: 3, run: rank, alternate: colour}]}",
    )
    text = "\n".join(line for line in text.splitlines() if "name: Barber" in line or "- {name" not in line)
    refused = pytest.raises(Exception, match="'alternate' is not supported in combined sets")
    with conditions.registered(toy()), refused:
        load_variant_text(text, "barber.yaml")


def test_an_unregistered_condition_is_an_unknown_key():
    with pytest.raises(Exception, match="unknown key 'alternate'"):
        load_variant_text(DECK, "barber.yaml")


def test_registering_refuses_a_taken_field_or_an_unknown_analyser():
    with pytest.raises(ValueError, match="registered already"):
        conditions.register(HandCondition("same", Str(), "again", build=_build, holds=_alternates))
    with pytest.raises(ValueError, match="no analyser"):
        conditions.register(toy({"telepathy"}))
    assert "alternate" not in conditions.REGISTRY


def test_a_ranking_key_is_the_rules_meaning_not_their_classes():
    """A condition registered but unused, or a part's attributes listed in another order, leave
    the key; a condition used changes it."""
    holdem = resolve(str(ROOT / "variants" / "texas_holdem.yaml"))
    key = ranking._content_key(holdem)
    plain = load_variant_text(DECK.replace(", alternate: colour", ""), "b.yaml").sections["hands"]
    with conditions.registered(toy()):
        assert ranking._content_key(holdem) == key
        pole = load_variant_text(DECK, "b.yaml").sections["hands"].categories[0]
        assert conditions.canonical_category(pole) != conditions.canonical_category(plain.categories[0])
    part = dataclasses.replace(plain.categories[2].parts[0], same=("suit", "rank"))
    assert conditions.canonical_part(part) == conditions.canonical_part(
        dataclasses.replace(part, same=("rank", "suit"))
    )


def test_every_shipped_ranking_belongs_to_a_built_in_variant():
    """A file in variants/rankings whose key no shipped game (built in or example) has any more is orphaned: its rules'
    meaning changed (measure again with `cardtable odds --ranking`) or the key's form did."""
    from cardtable.hands import ranking_exact

    keys = {}
    exact_keys = {}
    games = sorted((ROOT / "variants").glob("*.yaml")) + sorted(
        (ROOT / "variants" / "examples").glob("*.yaml")
    )
    for path in games:
        variant = resolve(str(path))
        if ranking.ranked(variant):
            keys[ranking.content_key(variant)] = variant
            exact_keys[ranking_exact.exact_key(variant)] = variant
    shipped = sorted((ROOT / "variants" / "rankings").glob("*.json"))
    assert shipped
    for file in shipped:
        if file.stem.startswith("exact-"):  # exact counts, keyed by the rules' meaning alone
            key = file.stem.removeprefix("exact-")
            assert key in exact_keys, f"{file.name} matches no built-in variant's rules"
            assert ranking_exact.read(file, exact_keys[key]) is not None, file.name
            continue
        key = file.stem.removesuffix("-winners")
        assert key in keys, f"{file.name} matches no built-in variant's rules"
        if not file.stem.endswith("-winners"):  # and reads as that variant's measurement
            assert ranking._read(file, keys[key]) is not None, file.name


def test_odds_says_which_condition_no_exact_method_counts(capsys):
    from argparse import Namespace

    from cardtable.commands import odds

    with conditions.registered(toy()):
        variant = load_variant_text(DECK, "barber.yaml")
        assert odds._profiles(variant, variant.sections["hands"], Namespace(hand_size=None, json=False)) == 0
    out = capsys.readouterr().out
    assert "Barber Pole" in out and "not counted exactly (no method here counts 'alternate')" in out
    assert "Chequered" in out and out.count("no method here counts 'alternate'") == 2
