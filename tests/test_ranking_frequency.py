"""The hand ranking by true frequency: seeded, cached per variant content, ordered as the module
says (rare ones first in published order, then fewest first), offered as an option, and played."""

from pathlib import Path

import pytest

from cardtable.engine import Rules
from cardtable.hands import ranking
from cardtable.hands.api import evaluate_pool
from cardtable.hands.ranking import Frequency, content_key, measure, reorder


def test_measure_is_deterministic_for_a_seed(variants):
    v = variants["poker_clash"]
    a = measure(v, v.hands, samples=300, seed=4)
    assert a == measure(v, v.hands, samples=300, seed=4)
    assert a.counts != measure(v, v.hands, samples=300, seed=5).counts


def test_order_rare_first_in_published_order_then_fewest_first():
    f = Frequency(("A", "B", "C", "D", "E"), (0, 40, 3, 10, 40), 100, 1)
    assert f.order == (0, 2, 3, 1, 4)  # A, C too rare (published order); D, then B and E (tie: published)
    assert not f.measured(2) and f.measured(3)
    assert (1, 4) in f.unseparated()


def test_cached_per_variant_content(variants, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(ranking, "SAMPLES", 150)  # a new content key: nothing shipped matches it
    monkeypatch.setattr(ranking, "_memo", {})
    v = variants["sevendeck_poker"]
    first = ranking.frequency(v)
    assert first.samples == 150 and ranking.cache_file(v).exists()

    def refuse(*args, **kw):
        raise AssertionError("measured again instead of read from the cache")

    monkeypatch.setattr(ranking, "_memo", {})
    monkeypatch.setattr(ranking, "measure", refuse)
    assert ranking.frequency(v) == first


def test_content_key_ignores_words_but_not_patterns(variants):
    from cardtable.variant import load_variant_text

    v = variants["poker_clash"]
    text = Path(v.path).read_text(encoding="utf-8")
    reworded = load_variant_text(text.replace("name: Five Card Poker Clash", "name: Clash!"), v.path)
    assert content_key(reworded) == content_key(v)
    changed = load_variant_text(
        text.replace("{do: deal, to: hand, count: 5}", "{do: deal, to: hand, count: 6}"), v.path
    )
    assert content_key(changed) != content_key(v)


def test_a_hand_is_the_highest_category_it_can_form_in_the_new_order(variants):
    v = variants["texas_holdem"]
    names = [c.name for c in v.hands.categories]
    d = v.deck

    def card(rank, suit):
        return next(
            c for c in range(d.size) if d.value(c, "rank").id == rank and d.value(c, "suit").id == suit
        )

    full = [
        card("K", "clubs"),
        card("K", "hearts"),
        card("K", "spades"),
        card("4", "clubs"),
        card("4", "hearts"),
    ]
    assert evaluate_pool(v.hands, full).category == "Full House"
    pair_first = (names.index("Pair"), *[i for i in range(len(names)) if i != names.index("Pair")])
    assert evaluate_pool(reorder(v.hands, pair_first), full).category == "Pair"
    trips_over_house = list(range(len(names)))
    trips_over_house.remove(names.index("Three of a Kind"))
    trips_over_house.insert(0, names.index("Three of a Kind"))
    got = evaluate_pool(reorder(v.hands, tuple(trips_over_house)), full)
    assert got.category == "Three of a Kind" and got.rank == 0


def test_the_option_is_offered_where_hands_are_ranked(variants):
    assert variants["texas_holdem"].sections["options"]["ranking"].choices == (
        "published",
        "frequency",
        "exact",
    )
    assert "ranking" not in variants["poker_grid"].sections.get("options", {})
    rules = Rules(variants["poker_clash"])
    st = rules.new_game([{"name": "A"}, {"name": "B"}], 3, {"ranking": "frequency"})
    assert rules.view(st, 0)["ranking"] == "frequency"
    with pytest.raises(ValueError, match="ranking"):
        rules.new_game([{"name": "A"}, {"name": "B"}], 3, {"ranking": "sometimes"})


def test_rules_screen_shows_the_frequency_rank_and_the_winners():
    from cardtable.app.headless import start

    app = start("texas_holdem", scene="rules", size=(1280, 720))
    app.step([], dt=1 / 60)
    texts = " ".join(t["text"] for t in app.manifest()["texts"])
    assert "Winners of 1,000 showdowns at 4 seats" in texts
    assert "#1 by frequency" in texts and "as published" in texts


def test_every_shipped_game_ranked_by_frequency_ships_its_measurement(monkeypatch, tmp_path):
    """Choosing the frequency ranking of a game that comes with the program never waits on a
    measurement (Omaha hi-lo's takes seconds): the built-in games and the examples ship theirs."""
    from conftest import VARIANTS

    from cardtable.catalog import resolve

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # nothing measured on this machine
    games = sorted(VARIANTS.glob("*.yaml")) + sorted((VARIANTS / "examples").glob("*.yaml"))
    missing = [
        p.stem
        for p in games
        if "hands" in (v := resolve(str(p))).sections and ranking.ranked(v) and ranking.cached(v) is None
    ]
    assert missing == [], f"measure and ship with `cardtable odds GAME --ranking`: {missing}"
