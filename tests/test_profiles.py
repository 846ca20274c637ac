"""Exact 'contains' counts (hands/profiles.py, byclass.py, runpoly.py, cells.py) against brute
force over every hand of small product decks, and on the standard deck against known numbers."""

import itertools
import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cli import main
from cardtable.hands.contains import formable, only
from cardtable.hands.counting import classifier, count_direct
from cardtable.hands.profiles import count_contains, supported
from cardtable.variant import load_variant_text


def small_deck(
    ranks: int, colours: int, suits: int, size: int, circular: bool = False, copies: int = 1
) -> str:
    """A product deck (ranks x colours x suits of each colour), or with `copies` of the lowest
    card so ranks, suits and colours hold unequal numbers of cards."""
    others = ", ".join(f"s{c}_{s}" for c in range(colours) for s in range(suits))
    cards = (
        "    - {rank: all, suit: all}"
        if copies == 1
        else f"    - {{rank: r0, suit: s0_0, count: {copies}}}\n"
        f"    - {{rank: r0, suit: [{others.removeprefix('s0_0, ')}]}}\n"
        f"    - {{rank: [{', '.join(f'r{r}' for r in range(1, ranks))}], suit: all}}"
    )
    suit_lines = "\n".join(
        f"        - {{id: s{c}_{s}, colour: c{c}}}" for c in range(colours) for s in range(suits)
    )
    colour_lines = "\n".join(f"        - {{id: c{c}}}" for c in range(colours))
    rank_lines = "\n".join(f"        - {{id: r{r}}}" for r in range(ranks))
    top, next_ = f"r{ranks - 1}", f"r{ranks - 2}"
    return f"""
name: Small product deck
players: {{min: 2, max: 2}}
deck:
  attributes:
    rank:
      order: {"circular" if circular else "ordered"}
      values:
{rank_lines}
    colour:
      of: suit
      order: none
      values:
{colour_lines}
    suit:
      order: none
      values:
{suit_lines}
  cards:
{cards}
hands:
  form: {{size: {size}, from: [hand]}}
  order: rank
  categories:
    - {{name: Called Shot, declared: true, count: 2}}
    - {{name: Royal Flush, values: {{rank: [{top}, {next_}]}}, same: suit}}
    - {{name: Double Royal, parts: [{{values: {{rank: [{top}, {next_}]}}, same: colour}}, {{values: {{rank: [{top}, {next_}]}}, same: colour}}], differ: colour}}
    - {{name: Straight Flush, count: 3, run: rank, same: suit}}
    - {{name: Straight Mini-Flush, count: 2, run: rank, same: colour}}
    - {{name: Wheel Mini-Flush, count: 3, run: rank, low: [{top}], same: colour}}
    - {{name: Pair Mini-Flush, count: 2, same: [rank, colour]}}
    - {{name: Two Pair Mini-Flush, parts: [{{count: 2, same: [rank, colour]}}, {{count: 2, same: [rank, colour]}}], differ: [rank, colour]}}
    - {{name: Pair Mini-Flushes apart in rank, parts: [{{count: 2, same: [rank, colour]}}, {{count: 2, same: [rank, colour]}}], differ: rank}}
    - {{name: Ranks in a colour, count: 3, distinct: rank, same: colour}}
    - {{name: Double Flush, parts: [{{count: 2, same: suit}}, {{count: 2, same: suit}}], differ: suit}}
    - {{name: Flush x3, count: 3, same: suit}}
    - {{name: Mini-Flush x3, count: 3, same: colour}}
    - {{name: Rainbow x3, count: 3, distinct: colour}}
    - {{name: Full House, parts: [{{count: 3, same: rank}}, {{count: 2, same: rank}}], differ: rank}}
    - {{name: Two pairs, parts: [{{count: 2, same: rank}}, {{count: 2, same: rank}}], differ: rank}}
    - {{name: Three of a Kind, count: 3, same: rank}}
    - {{name: Straight, count: 3, run: rank}}
    - {{name: Straight x4, count: 4, run: rank}}
    - {{name: High Card}}
"""


@settings(max_examples=6, deadline=None)
@given(
    ranks=st.integers(4, 6),
    shape=st.sampled_from([(2, 1), (3, 1), (2, 2), (3, 2)]),  # colours, suits of each colour
    size=st.integers(3, 5),
    circular=st.booleans(),
)
def test_exact_counts_match_brute_force_on_small_product_decks(ranks, shape, size, circular):
    colours, suits = shape
    while math.comb(ranks * colours * suits, size) > 4000:  # brute force stays quick
        size -= 1
    v = load_variant_text(small_deck(ranks, colours, suits, size, circular), "small.yaml")
    rules = v.sections["hands"]
    how = supported(rules)
    names = {rules.categories[i].name: m for i, m in how.items()}
    # every kind of category here is counted, but a low ace on a circular order could take both
    # ends of one run (two cards of one value): said not counted, not miscounted
    assert len(how) == len(rules.categories) - circular and ("Wheel Mini-Flush" in names) != circular
    assert names["Two pairs"] == "profiles of rank" and names["Straight"] == "classes of the deck"
    assert (
        names["Two Pair Mini-Flush"] == names["Pair Mini-Flushes apart in rank"] == "cells of rank and colour"
    )
    exact = count_contains(rules, v.deck.size, size)
    brute = count_direct(rules, v.deck.size, size, None, classifier(rules, size, "contains"))
    # the Called Shot (index 0) is checked below: brute force here declares nothing
    assert {i: n for i, n in exact.items() if i} == {i: brute.get(i, 0) for i in exact if i}
    # Called Shot: for one declaration, the hands holding both named cards.
    declared = (1, 5)
    held = sum(
        1
        for hand in itertools.combinations(range(v.deck.size), size)
        if formable(only(rules, 0), hand, size, declared)
    )
    assert exact[0] == held == math.comb(v.deck.size - 2, size - 2)


def test_standard_deck_contains_counts(variants):
    v = variants["texas_holdem"]
    got = count_contains(v.hands, v.deck.size, 5)
    named = {v.hands.categories[i].name: n for i, n in got.items()}
    assert named == {
        "Royal Flush": 4,
        "Straight Flush": 40,  # ten runs (the wheel too) in four suits
        "Four of a Kind": 13 * 48,
        "Full House": 3744,
        "Flush": 5148,  # straight flushes included
        "Straight": 10 * 4**5,  # 10,240: the 10,200 of the usual table plus the 40 straight flushes
        "Three of a Kind": 54912 + 3744 + 624,
        "Two Pair": 123552 + 3744,
        "Pair": 2598960 - math.comb(13, 5) * 4**5,  # every hand but those of five ranks
        "High Card": 2598960,  # every hand holds its high card
    }


def test_the_12000_card_deck_exactly(capsys):
    """`odds infinite_poker --exact --contains`: too many hands to enumerate, so every category
    is counted by one of the methods, as exact integers in the JSON."""
    assert main(["odds", "infinite_poker", "--exact", "--contains", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "profiles" and data["hands"] == math.comb(12000, 10)
    names = [c["name"] for c in data["categories"]]
    got = [c["count"] for c in data["categories"]]
    assert len(names) == 103 and all(isinstance(n, int) for n in got)
    how = {c["name"]: c["how"] for c in data["categories"]}
    assert how["Straight Flush x5"] == "classes of suit" and how["Full House"] == "profiles of rank"
    assert (
        how["Three Pair Mini-Flush"] == "cells of rank and colour" and how["Called Shot"] == "declared cards"
    )
    total = math.comb(12000, 10)
    assert got[names.index("Called Shot")] == 1
    assert got[names.index("Rainbow x10")] == math.comb(20, 10) * 600**10  # ten colours, any card of each
    assert got[names.index("Flush x10")] == 300 * math.comb(40, 10)  # one suit, ten of its 40 ranks
    assert got[names.index("Royal Flush x10")] == 300
    assert got[names.index("Double Royal Flush")] == math.comb(300, 2)
    assert got[names.index("Straight Flush x10")] == 300 * 31  # 31 runs of ten among 40 ranks
    assert got[names.index("Straight x10")] == 31 * 300**10
    assert got[names.index("10 of a Kind Mini-Flush")] == 800 * math.comb(15, 10)
    assert got[names.index("Royal Mini-Flush x10")] == 20 * 15**10  # a colour, any of its 15 suits per rank
    assert got[names.index("Straight Mini-Flush x10")] == 20 * 31 * 15**10
    assert got[names.index("Pair Mini-Flush")] == total - math.comb(800, 10) * 15**10  # 800 cells of 15
    assert got[names.index("10 of a Kind")] == 40 * math.comb(300, 10)
    assert got[names.index("Pair")] == total - math.comb(40, 10) * 300**10
    assert got[names.index("Double 5 of a Kind Mini-Flush")] == 40 * 39 // 2 * 20 * 19 * math.comb(15, 5) ** 2
    assert got[names.index("High Card")] == total
    assert (
        got[names.index("Mini-Flush x5")]
        > got[names.index("Double Mini-Flush")]
        > got[names.index("Mini-Flush x10")]
    )


def test_a_reading_the_evaluator_denies_is_not_counted(variants, monkeypatch):
    """Counted from structure only after the evaluator agrees on a smallest holding hand: an
    evaluator that finds nothing leaves those categories uncounted (and the odds say so)."""
    import cardtable.hands.witness as witness

    v = variants["texas_holdem"]
    assert {"Straight", "Royal Flush"} <= {
        v.hands.categories[i].name for i in supported(v.hands, v.deck.size, 5)
    }
    monkeypatch.setattr(witness, "formable", lambda *args: set())
    names = {v.hands.categories[i].name for i in supported(v.hands, v.deck.size, 5)}
    assert "Straight" not in names and "Royal Flush" not in names and "Pair" in names


def test_hand_sizes_out_of_reach_are_said_not_counted(capsys):
    """A hand bigger than the deck is refused in one line; one too big to count in reasonable time
    leaves the categories it would take too long for uncounted (count null), never hangs."""
    assert main(["odds", "infinite_poker", "--exact", "--contains", "--hand-size", "13000"]) == 1
    assert "needs a deck of at least 13000" in capsys.readouterr().err
    assert main(["odds", "infinite_poker", "--exact", "--contains", "--hand-size", "300", "--json"]) == 0
    got = {c["name"]: c["count"] for c in json.loads(capsys.readouterr().out)["categories"]}
    assert got["Straight x5"] is None and got["Pair"] is None and got["Two Pair Mini-Flush"] is None
    assert got["High Card"] == math.comb(12000, 300) and got["Called Shot"] == math.comb(11990, 290)
