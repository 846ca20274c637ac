"""The hand ranking by exact odds: every category ordered by how many hands of the author's size
hold it (fewest first, ties in published order), counted the same way however the counts are
made, cached per rules' meaning, shipped for the built-in games, offered at New game, and the
default of the 12,000-card game, where it spreads the showdowns' winners."""

import math
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from cardtable.engine import Rules
from cardtable.hands import ranking_exact
from cardtable.hands.contains import formable
from cardtable.hands.ranking import hand_rules, offered
from cardtable.hands.ranking_exact import Exact, count, exact_key
from cardtable.variant import load_variant_text

# Hold'em's rules on fifteen cards (ten to ace in three suits): every hand of five can be listed.
SMALL = """
extends: texas_holdem
name: Tiny Hold'em
players: {min: 2, max: 2}
deck:
  attributes:
    rank:
      values:
        - {id: T, label: '10', name: Ten}
        - {id: J, name: Jack}
        - {id: Q, name: Queen}
        - {id: K, name: King}
        - {id: A, name: Ace}
    suit:
      values:
        - {id: clubs, label: "C", name: Clubs, colour: black, glyph: club}
        - {id: hearts, label: "H", name: Hearts, colour: red, glyph: heart}
        - {id: spades, label: "S", name: Spades, colour: black, glyph: spade}
"""


def small():
    from tests.conftest import VARIANTS

    return load_variant_text(SMALL, str(VARIANTS / "tiny_holdem.yaml"))


def test_order_is_fewest_hands_first_ties_in_published_order():
    e = Exact(("A", "B", "C", "D"), (10, 3, 10, 0), 20, 5)
    assert e.order == (3, 1, 0, 2)  # D (none), B, then A and C tied: published order
    assert e.ties() == [(0, 2)]


def test_counts_are_every_hand_that_holds_each_category():
    v = small()
    rules = v.sections["hands"]
    got = count(v)
    assert got.hands == math.comb(15, 5) and got.size == 5
    listed: Counter[int] = Counter()
    for hand in combinations(range(v.deck.size), 5):  # 3,003 hands, one by one
        listed.update(formable(rules, hand, 5))
    assert got.counts == tuple(listed.get(i, 0) for i in range(len(rules.categories)))
    names = [got.names[i] for i in got.order]
    # in three suits no hand holds four of a kind (none: it ranks first, fewest), and a flush
    # (three hands, all straight flushes) ranks above a full house, unlike the published order
    assert got.counts[list(got.names).index("Four of a Kind")] == 0
    assert names.index("Four of a Kind") < names.index("Flush") < names.index("Full House")
    assert names[-1] == "High Card"


def test_the_ranking_plays_the_new_order_and_is_cached(fresh_user, monkeypatch):
    v = small()
    monkeypatch.setattr(ranking_exact, "_memo", {})
    monkeypatch.setattr(ranking_exact, "_rules", {})
    rules = hand_rules(v, "exact")
    assert [c.name for c in rules.categories] == [
        ranking_exact.exact(v).names[i] for i in ranking_exact.exact(v).order
    ]
    assert ranking_exact.cache_file(v).exists()

    def refuse(*args, **kw):
        raise AssertionError("counted again instead of read from the cache")

    monkeypatch.setattr(ranking_exact, "_memo", {})
    monkeypatch.setattr(ranking_exact, "count", refuse)
    assert ranking_exact.exact(v).counts == ranking_exact.cached(v).counts


def test_key_is_the_rules_meaning_not_their_words():
    v = small()
    assert exact_key(load_variant_text(SMALL.replace("Tiny Hold'em", "Wee"), v.path)) == exact_key(v)
    more = SMALL.replace(
        "        - {id: spades",
        '        - {id: diamonds, label: "D", name: Diamonds, colour: red, glyph: diamond}\n        - {id: spades',
    )
    assert exact_key(load_variant_text(more, v.path)) != exact_key(v)


def test_offered_where_every_category_can_be_counted(variants):
    assert offered(variants["infinite_poker"]) == ("published", "frequency", "exact")
    assert offered(variants["texas_holdem"]) == ("published", "frequency", "exact")
    # combined sets cannot be counted exactly: only the two others
    assert offered(variants["sigilian_poker"]) == ("published", "frequency")
    assert offered(variants["poker_grid"]) == ("published",)


@pytest.mark.parametrize("vid", ["infinite_poker", "sevendeck_poker", "poker_clash", "texas_holdem"])
def test_built_in_games_ship_their_counts(variants, vid):
    """New game never counts for a built-in game: the counts are shipped (`odds --ranking`)."""
    v = variants[vid]
    assert ranking_exact.read(ranking_exact.shipped_file(v), v, follow_links=True) is not None


def test_the_12000_card_game_opens_on_exact_odds(variants):
    v = variants["infinite_poker"]
    option = v.sections["options"]["ranking"]
    assert option.default == "exact" and "published" in option.choices
    e = ranking_exact.cached(v)
    names = [e.names[i] for i in e.order]
    # the page's order put 8-2 of a Kind 65th; exact odds put it 41st
    assert names.index("8-2 of a Kind") + 1 == 41
    assert names[-1] == "High Card" and names[0] == "Called Shot"
    rules = Rules(v)
    st = rules.new_game([{"name": "A"}, {"name": "B"}], 3)
    assert rules.view(st, 0)["ranking"] == "exact"


def test_a_variant_may_only_default_to_a_ranking_it_offers(variants):
    from cardtable.errors import VariantError

    text = Path(variants["sigilian_poker"].path).read_text(encoding="utf-8")
    declared = text.replace(
        "options:\n", "options:\n  ranking: {label: R, default: exact, choices: [published, exact]}\n", 1
    )
    assert declared != text
    with pytest.raises(VariantError, match="not offered here"):
        load_variant_text(declared, variants["sigilian_poker"].path)


def test_new_game_explains_each_ranking_and_remembers_the_choice_per_game(fresh_user):
    from cardtable.app import settings
    from cardtable.app.headless import start
    from cardtable.app.new_game import NewGameScene
    from cardtable.hands.ranking import EXPLAINED
    from cardtable.variant import load_variant
    from tests.conftest import VARIANTS

    app = start(None, scene="menu")
    poker = load_variant(VARIANTS / "infinite_poker.yaml")
    holdem = load_variant(VARIANTS / "texas_holdem.yaml")
    scene = NewGameScene(app, holdem)
    app.push(scene)
    assert scene.values["ranking"] == "published"
    while scene.values["ranking"] != "exact":
        scene.cycle_option("ranking", 1)
    app.step([], dt=1 / 60)
    said = " ".join([t["text"] for t in app.manifest()["texts"]] + [n for _, n in scene.notes])
    assert EXPLAINED["exact"] in said
    scene.start()
    assert not isinstance(app.scene, NewGameScene), app.scene.message
    assert settings.load()["rankings"] == {"texas_holdem": "exact"}
    assert NewGameScene(app, holdem).values["ranking"] == "exact"  # remembered for this game
    assert NewGameScene(app, poker).values["ranking"] == "exact"  # the other keeps its own default


def test_the_12000_card_games_showdowns_fall_in_many_categories_by_exact_odds(variants):
    """Under the published order Rainbow x10 won every dealt showdown; by exact odds (measured
    with `cardtable odds infinite_poker --ranking`, shipped) the top category wins under 30%."""
    from cardtable.hands.showdowns import cached_winners

    won = cached_winners(variants["infinite_poker"])
    assert won is not None and won["showdowns"] >= 1000
    for ranking, most in (("exact", 0.30), ("published", 1.0)):
        counts = won[ranking]
        assert sum(counts.values()) == won["showdowns"]
        assert max(counts.values()) / won["showdowns"] <= most
    assert len(won["exact"]) >= 15 and len(won["published"]) == 1
