"""odds modes: every category a hand contains, hands as the game is really played, the JSON."""

import json

from cardtable.cli import main
from cardtable.hands.against import parse_against
from cardtable.hands.asplayed import deal_plan, sample_best, sample_contains
from cardtable.hands.contains import formable
from cardtable.hands.counting import classifier, count_direct
from cardtable.hands.histograms import count_exact


def test_contains_counts_agree_by_histogram_and_one_by_one(variants):
    v = variants["sevendeck_poker"]
    ways = classifier(v.hands, 3, "contains")
    assert count_exact(v.hands, v.deck.size, 3, None, ways) == count_direct(
        v.hands, v.deck.size, 3, None, ways
    )


def test_contains_counts_every_category_a_hand_holds(variants):
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
    got = {names[i] for i in formable(v.hands, full)}
    assert {"Full House", "Three of a Kind", "Two Pair", "Pair", "High Card"} <= got
    assert "Flush" not in got and "Four of a Kind" not in got


def test_as_played_plans_follow_the_variants(variants):
    plan = deal_plan(variants["texas_holdem"], variants["texas_holdem"].hands)
    assert [(z.zone, z.cards, z.grid) for z in plan.zones] == [("hand", 2, None), ("board", 5, None)]
    inf = variants["infinite_poker"]
    plan = deal_plan(inf, inf.hands)
    assert [(z.zone, z.cards, z.grid) for z in plan.zones] == [("hand", 4, None), ("grid", 100, (10, 10))]
    limbo = variants["limbo_holdem"]
    assert deal_plan(limbo, limbo.hands).cards == 12


def test_as_played_best_is_one_per_hand_and_contains_at_least_that(variants):
    v = variants["texas_holdem"]
    plan = deal_plan(v, v.hands)
    best = sample_best(v.hands, plan, v.deck.size, 300, seed=5)
    held = sample_contains(v.hands, plan, v.deck.size, 300, seed=5)
    assert sum(best.values()) == 300
    assert all(held[i] >= best[i] for i in best)  # the same deals: the best is always held
    assert best == sample_best(v.hands, plan, v.deck.size, 300, seed=5)  # seeded


def test_published_odds_read_as_numbers():
    assert abs(parse_against("40.130 to 1") - 40.13) < 1e-9
    assert abs(parse_against("1,651 to 1") - 1651) < 1e-6
    assert abs(parse_against("16.999 decillion to 1") / 16.999e33 - 1) < 1e-9
    assert abs(parse_against("123,552 in 2,598,960") - (2_598_960 - 123_552) / 123_552) < 1e-9
    assert parse_against("rare") is None


def test_odds_command_json_modes(capsys):
    assert (
        main(
            ["odds", "texas_holdem", "--as-played", "--contains", "--samples", "200", "--seed", "1", "--json"]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "contains" and data["as_played"] and data["dealt"] == 7
    pair = next(c for c in data["categories"] if c["name"] == "Pair")
    assert set(pair) >= {"name", "count", "hands", "probability", "ci95", "odds_against"}
    assert pair["hands"] == 200 and pair["ci95"][0] <= pair["probability"] <= pair["ci95"][1]
    assert main(["odds", "poker_clash", "--hand-size", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "exact" and data["hands"] == 22100
    assert main(["odds", "infinite_poker", "--as-played", "--exact"]) == 1
    assert "only sampled" in capsys.readouterr().err


def test_a_kept_one_category_copy_answers_as_a_fresh_one_hand_after_hand(variants):
    """`contains` keeps its one-category copies of the rules (and what their evaluator learns)
    from hand to hand: each answer is the one a fresh copy gives."""
    import dataclasses
    import random

    from cardtable.hands.api import evaluate_pool

    rng = random.Random(5)
    for vid in ("poker_grid", "sigilian_poker", "limbo_holdem"):
        rules = variants[vid].hands
        for _ in range(40):
            cards = rng.sample(range(variants[vid].deck.size), rules.size + rng.randrange(3))
            fresh = {
                i
                for i, cat in enumerate(rules.categories)
                if evaluate_pool(
                    dataclasses.replace(rules, categories=(cat,), never_counts={}, warnings=()),
                    cards,
                    rules.size,
                ).rank
                == 0
            }
            assert formable(rules, cards) == fresh, (vid, cards)
