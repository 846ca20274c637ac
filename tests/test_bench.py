"""The bench's choices and inputs (never its timings): it picks the built-in variants by property,
deals hands shaped like the real game's, and types searches that find cards."""

import random

from cardtable.bench import choose, frames, hands
from cardtable.hands.api import evaluate_rules
from cardtable.render.search import DeckSearch


def test_variants_are_chosen_by_what_they_are(variants):
    assert choose.biggest_deck(variants) == "infinite_poker"
    assert choose.standard_deck(variants) == "texas_holdem"
    assert choose.exhaustive(variants) == ["poker_clash", "sevendeck_poker", "texas_holdem"]
    assert choose.biggest_deck({}) is None and choose.standard_deck({}) is None


def test_the_showdown_deals_as_the_phases_do(variants):
    inf = variants["infinite_poker"]
    assert hands.showdown_zones(inf.hands) == ("hand", "grid")
    assert hands.dealt(inf, "hand") == (4, 8)  # four hole cards each, eight for the Underdog
    assert len(hands.grid_cells(inf, "grid")) == 100
    assert hands.showdown_zones(variants["texas_holdem"].hands) is None


def test_random_deals_fill_every_zone_of_the_form_and_evaluate(variants):
    rng = random.Random(3)
    for vid, variant in variants.items():
        rules = choose.hand_rules(variant)
        if rules is None or rules.form.runs_zone is not None:
            continue
        zones = hands.random_zones(variant, rules, rng)
        assert set(zones) == {u.zone for u in rules.form.uses}, vid
        cards = [c for z in zones.values() for c in (z.values() if isinstance(z, dict) else z)]
        assert len(cards) == len(set(cards)) >= rules.size, vid
        assert evaluate_rules(rules, zones).cards, vid


def test_search_queries_find_cards(variants):
    for variant in variants.values():
        search = DeckSearch(variant.deck)
        queries = frames.search_queries(variant.deck)
        assert len(queries) == 7
        assert all(search.set(q) > 0 for q in queries), queries


def test_the_evaluator_beside_treys_leads_with_what_play_uses():
    """The headline figure is the lookup table's side-by-side timing (what play uses); the general
    matcher's rate is kept beside it under its own name, never passed off as the evaluator."""
    from cardtable.commands.bench import evaluator_vs_treys

    side = {"project_us": 0.2, "treys_us": 0.4, "ratio": 0.5, "order_disagreements": 0}
    hands = {
        "standard_variant": "texas_holdem",
        "standard_5_card_per_second": 50_000.0,
        "standard_7_card_per_second": 20_000.0,
        "treys": {"treys_5": 1_000_000.0, "treys_7": 100_000.0},
        "versus_treys": {"cards_5": side, "cards_7": {**side, "ratio": 0.8}},
    }
    out = evaluator_vs_treys(hands)
    assert out is not None
    assert out["5_card"]["time_ratio"] == 0.5 and out["7_card"]["time_ratio"] == 0.8
    assert out["5_card_matcher"]["time_ratio"] == 20.0 and out["7_card_matcher"]["time_ratio"] == 5.0
    assert evaluator_vs_treys({**hands, "treys": None}) is None


def test_reopening_reports_an_actions_autosave_without_touching_the_users_key(variants, fresh_user):
    from cardtable.bench import reopen
    from cardtable.saves import seal

    seal.forget_cached_key()  # a key read earlier in this process would hide a new one being made
    row = reopen.measure(variants["texas_holdem"], 40)
    assert row["valid"] and row["autosave_ms"] > 0
    assert not any(p.name == "save-key" for p in fresh_user.rglob("*"))  # no key read or made


def test_starting_a_game_from_new_game_is_timed_without_touching_the_users_folders(fresh_user):
    """The frame that turns New game into the table (a fresh program's first game): the table is
    what opened, and the game it started saved nothing among the person's own games or settings."""
    from cardtable.bench import opening

    before = sorted(p for p in fresh_user.rglob("*") if "cache" not in p.parts)
    row = opening.opening("start", "texas_holdem", tries=1)
    assert row["screen"] == "TableScene" and row["first_ms"] > 0 and row["again_ms"] > 0
    assert sorted(p for p in fresh_user.rglob("*") if "cache" not in p.parts) == before


def test_the_long_match_is_made_long_by_the_games_own_options(variants):
    """The bench's long match: the most chips and the smallest blind the options allow, and a
    hand limit at the last hand it times (chosen from the betting's options, not by name)."""
    from cardtable.bench import long_match

    std = variants[choose.standard_deck(variants)]
    assert long_match.options(std) == {"chips": 1_000_000, "blind": 2, "hands": long_match.LAST}
    assert long_match.run({}, None) is None


def test_cpu_per_decision_counts_the_hard_players_decisions(variants):
    """`bench`'s CPU per decision: over a few hands of hard against call, every decision of the
    hard player is counted, its bets among them."""
    from cardtable.bench import decisions

    row = decisions.measure(variants["texas_holdem"], {"ranking": "published"}, hands=8)
    assert row["errors"] == [] and 0 < row["bet_decisions"] <= row["decisions"]
    assert row["bet_median_ms"] is not None and row["median_ms"] is not None
