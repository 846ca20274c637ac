"""The 12,000-card game's hands: one hand-built hand for each of its 103 categories, the seed's six
tie-break layers, the Underdog's 18-card pool, and properties.

A card is rank x 300 + suit; suit s has colour s // 15, and the first suit of each colour
(s % 15 == 0) is its trump. Ranks are 0..21, then Banner (22) .. Infinity (39).

Building a hand for a low category means keeping it out of every higher one. The two rules that
shape most hands below: five or more colours make a Rainbow x5 (#55), so hands below it use at most
four colours; and ranks two apart never form a straight, so fillers use even ranks.
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.hands import evaluate, evaluate_pool
from cardtable.hands.api import best

INFINITY = 39
ROYAL = {n: list(range(INFINITY - n + 1, INFINITY + 1)) for n in range(5, 11)}  # the top n ranks
EVEN = list(range(0, 40, 2))


def card(rank: int, colour: int, k: int = 1) -> int:
    """Suit k of the colour (k = 0 is the colour's trump)."""
    return rank * 300 + colour * 15 + k


def rank_of(c: int) -> int:
    return c // 300


def colour_of(c: int) -> int:
    return c % 300 // 15


def trumped(c: int) -> int:
    """The same rank and colour, in the colour's trump suit."""
    return c - c % 15


def suited(ranks, colour: int, k: int = 1) -> list[int]:
    """Cards of one suit."""
    return [card(r, colour, k) for r in ranks]


def coloured(ranks, colour: int) -> list[int]:
    """Cards of one colour, spread over four of its suits (so no five share a suit)."""
    return [card(r, colour, 1 + i % 4) for i, r in enumerate(ranks)]


def kind(rank: int, colours) -> list[int]:
    """Cards of one rank, one per colour listed; a colour listed again takes its next suit."""
    seen: Counter = Counter()
    out = []
    for c in colours:
        seen[c] += 1
        out.append(card(rank, c, seen[c]))
    return out


def mixed(ranks, colours) -> list[int]:
    """One card per (rank, colour) pair."""
    return [card(r, c) for r, c in zip(ranks, colours, strict=True)]


# category -> (the category's own cards, the other cards). Listed best first, as in the seed.
CASES: dict[str, tuple[list[int], list[int]]] = {
    "Royal Flush x10": (suited(ROYAL[10], 0), []),
    "Double Royal Flush": (suited(ROYAL[5], 0) + suited(ROYAL[5], 1), []),
    "Straight Flush x10": (suited(range(10), 0), []),
    "Royal Flush x9": (suited(ROYAL[9], 0), mixed([0], [1])),
    "10 of a Kind Mini-Flush": (kind(0, [0] * 10), []),
    "Straight Flush x9": (suited(range(9), 0), mixed([10], [1])),
    "Rainbow x10": (mixed(EVEN[10:20], range(10)), []),
    "Royal Flush x8": (suited(ROYAL[8], 0), mixed([0, 2], [1, 2])),
    "9 of a Kind Mini-Flush": (kind(0, [0] * 9), mixed([2], [1])),
    "Straight Flush x8": (suited(range(8), 0), mixed([10, 12], [1, 2])),
    "Double 5 of a Kind Mini-Flush": (kind(0, [0] * 5) + kind(2, [1] * 5), []),
    "Rainbow x9": (mixed(EVEN[10:19], range(9)), mixed([0], [0])),
    "Flush x10": (suited(EVEN[:10], 0), []),
    "Royal Flush x7": (suited(ROYAL[7], 0), mixed([0, 2, 4], [1, 2, 3])),
    "Double Royal Mini-Flush": (coloured(ROYAL[5], 0) + coloured(ROYAL[5], 1), []),
    "8 of a Kind Mini-Flush": (kind(0, [0] * 8), mixed([2, 4], [1, 2])),
    "Royal Mini-Flush x10": (coloured(ROYAL[10], 0), []),
    "Straight Flush x7": (suited(range(7), 0), mixed([8, 10, 12], [1, 2, 3])),
    "Flush x9": (suited(EVEN[:9], 0), mixed([18], [1])),
    "Rainbow x8": (mixed(EVEN[10:18], range(8)), mixed([0, 2], [0, 1])),
    "Double Flush": (suited(EVEN[:5], 0) + suited(EVEN[5:10], 1), []),
    "Straight Mini-Flush x10": (coloured(range(10), 0), []),
    "Royal Mini-Flush x9": (coloured(ROYAL[9], 0), mixed([0], [1])),
    "Royal Flush x6": (suited(ROYAL[6], 0), mixed([0, 2, 4, 6], [1, 1, 2, 3])),
    "7 of a Kind Mini-Flush": (kind(0, [0] * 7), mixed([2, 4, 6], [1, 2, 3])),
    "Double 4 of a Kind Mini-Flush": (kind(0, [0] * 4) + kind(2, [1] * 4), mixed([4, 6], [2, 3])),
    "Triple 3 of a Kind Mini-Flush": (
        kind(0, [0] * 3) + kind(2, [1] * 3) + kind(4, [2] * 3),
        mixed([6], [3]),
    ),
    "Straight Mini-Flush x9": (coloured(range(9), 0), mixed([10], [1])),
    "Flush x8": (suited(EVEN[:8], 0), mixed([16, 18], [1, 2])),
    "Straight Flush x6": (suited(range(6), 0), mixed([8, 10, 12, 14], [1, 1, 2, 3])),
    "Royal Mini-Flush x8": (coloured(ROYAL[8], 0), mixed([0, 2], [1, 2])),
    "Rainbow x7": (mixed(EVEN[10:17], range(7)), mixed([0, 2, 4], [0, 1, 2])),
    "Royal Flush x5": (suited(ROYAL[5], 0), mixed([0, 2, 4, 6, 8], [1, 1, 2, 2, 3])),
    "Straight Mini-Flush x8": (coloured(range(8), 0), mixed([10, 12], [1, 2])),
    "Royal Mini-Flush x7": (coloured(ROYAL[7], 0), mixed([0, 2, 4], [1, 2, 3])),
    "Flush x7": (suited(EVEN[:7], 0), mixed([14, 16, 18], [1, 2, 3])),
    "6 of a Kind Mini-Flush": (kind(0, [0] * 6), mixed([2, 4, 6, 8], [1, 1, 2, 3])),
    "Five Pair Mini-Flush": (
        kind(0, [0, 0]) + kind(2, [1, 1]) + kind(4, [2, 2]) + kind(6, [3, 3]) + kind(8, [4, 4]),
        [],
    ),
    # at most six colours from here to Rainbow x6 (#42), at most five down to Rainbow x5 (#55)
    "10 of a Kind": (kind(0, [0, 1, 2, 3] * 2 + [0, 1]), []),
    "Straight Flush x5": (suited(range(5), 0), mixed([6, 8, 10, 12, 14], [1, 1, 2, 2, 3])),
    # the six highest cards, one per colour; the four low ones repeat colours
    "Rainbow x6": (mixed(EVEN[10:16], range(6)), mixed([0, 2, 4, 6], [0, 1, 2, 3])),
    "Straight Mini-Flush x7": (coloured(range(7), 0), mixed([8, 10, 12], [1, 2, 3])),
    "Royal Mini-Flush x6": (coloured(ROYAL[6], 0), mixed([0, 2, 4, 6], [1, 1, 2, 3])),
    "9 of a Kind": (kind(0, [0, 1, 2, 3] * 2 + [0]), mixed([2], [1])),
    "7-3 of a Kind": (kind(0, [0, 1, 2, 3, 0, 1, 2]) + kind(2, [3, 0, 1]), []),
    "6-4 of a Kind": (kind(0, [0, 1, 2, 3, 0, 1]) + kind(2, [0, 1, 2, 3]), []),
    # five colours, but no two fives share a colour, so no Pair Mini-Flush anywhere
    "Double 5 of a Kind": (kind(0, range(5)) + kind(2, range(5)), []),
    "Flush x6": (suited(EVEN[:6], 0), mixed([12, 14, 16, 18], [1, 1, 2, 3])),
    "Four Pair Mini-Flush": (
        kind(0, [0, 0]) + kind(2, [1, 1]) + kind(4, [2, 2]) + kind(6, [3, 3]),
        mixed([8, 10], [0, 1]),
    ),
    "5 of a Kind Mini-Flush": (kind(0, [0] * 5), mixed([2, 4, 6, 8, 10], [1, 1, 2, 2, 3])),
    "Double 3 of a Kind Mini-Flush": (
        kind(0, [0] * 3) + kind(2, [1] * 3),
        mixed([4, 6, 8, 10], [2, 2, 3, 3]),
    ),
    "Straight Mini-Flush x6": (coloured(range(6), 0), mixed([8, 10, 12, 14], [1, 1, 2, 3])),
    "Mini-Flush x10": (coloured(EVEN[:10], 0), []),
    # the five highest cards, one per colour
    "Rainbow x5": (mixed(EVEN[10:15], range(5)), mixed(EVEN[:5], range(5))),
    # at most four colours from here down, never five of one colour unless the category says so
    "6-3-1 of a Kind": (kind(0, [0, 1, 2, 3, 0, 1]) + kind(2, [2, 3, 0]) + mixed([4], [1]), []),
    "6-2-2 of a Kind": (kind(0, [0, 1, 2, 3, 0, 1]) + kind(2, [2, 3]) + kind(4, [2, 3]), []),
    "5-4-1 of a Kind": (kind(0, [0, 1, 2, 3, 0]) + kind(2, [0, 1, 2, 3]) + mixed([4], [1]), []),
    "5-3-2 of a Kind": (kind(0, [0, 1, 2, 3, 0]) + kind(2, [1, 2, 3]) + kind(4, [1, 2]), []),
    "4-4-2 of a Kind": (kind(0, [0, 1, 2, 3]) + kind(2, [0, 1, 2, 3]) + kind(4, [0, 1]), []),
    "4-3-3 of a Kind": (kind(0, [0, 1, 2, 3]) + kind(2, [0, 1, 2]) + kind(4, [3, 0, 1]), []),
    "7-2-1 of a Kind": (kind(0, [0, 1, 2, 3, 0, 1, 2]) + kind(2, [3, 0]) + mixed([4], [1]), []),
    # two of each colour: never three of a rank in one colour (a 3 of a Kind Mini-Flush ranks higher)
    "8 of a Kind": (kind(0, [0, 0, 1, 1, 2, 2, 3, 3]), mixed([2, 4], [0, 1])),
    "Royal Mini-Flush x5": (coloured(ROYAL[5], 0), mixed([0, 2, 4, 6, 8], [1, 1, 2, 2, 3])),
    "Double Mini-Flush": (coloured(EVEN[:5], 0) + coloured(EVEN[5:10], 1), []),
    "Mini-Flush x9": (coloured(EVEN[:9], 0), mixed([18], [1])),
    "Flush x5": (suited(EVEN[:5], 0), mixed([10, 12, 14, 16, 18], [1, 1, 2, 2, 3])),
    "5-2-2-1 of a Kind": (kind(0, [0, 1, 2, 3, 0]) + kind(2, [1, 2]) + kind(4, [3, 1]) + mixed([6], [2]), []),
    "Fuller House": (kind(0, [0, 1, 2, 3]) + kind(2, [0, 1, 2]) + kind(4, [3, 0]) + mixed([6], [1]), []),
    "4-2-2-2 of a Kind": (kind(0, [0, 1, 2, 3]) + kind(2, [0, 1]) + kind(4, [2, 3]) + kind(6, [0, 1]), []),
    "Double Full House": (kind(0, [0, 1, 2]) + kind(2, [0, 1, 3]) + kind(4, [2, 3]) + kind(6, [0, 1]), []),
    "Triple 3 of a Kind": (kind(0, [0, 1, 2]) + kind(2, [0, 1, 3]) + kind(4, [0, 2, 3]), mixed([6], [1])),
    "7 of a Kind": (kind(0, [0, 1, 2, 3, 0, 1, 2]), mixed([2, 4, 6], [3, 3, 0])),
    # "8-2 of a Kind" (#74) is never a hand's category: its 8 of a Kind ranks higher (#63)
    "Double 4 of a Kind": (kind(0, [0, 1, 2, 3]) + kind(2, [0, 1, 2, 3]), mixed([4, 6], [0, 1])),
    "Straight Mini-Flush x5": (coloured(range(5), 0), mixed([6, 8, 10, 12, 14], [1, 1, 2, 2, 3])),
    "Mini-Flush x8": (coloured(EVEN[:8], 0), mixed([16, 18], [1, 2])),
    "Three Pair Mini-Flush": (
        kind(0, [0, 0]) + kind(2, [1, 1]) + kind(4, [2, 2]),
        mixed([6, 8, 10, 12], [3, 3, 0, 1]),
    ),
    "4 of a Kind Mini-Flush": (kind(0, [0] * 4), mixed(EVEN[1:7], [1, 1, 2, 2, 3, 3])),
    "Five Pairs": (
        kind(0, [0, 1]) + kind(2, [2, 3]) + kind(4, [0, 1]) + kind(6, [2, 3]) + kind(8, [0, 2]),
        [],
    ),
    "6 of a Kind": (kind(0, [0, 1, 2, 3, 0, 1]), mixed([2, 4, 6, 8], [2, 3, 2, 3])),
    "Straight x10": (mixed(range(10), [0, 1, 2, 3] * 2 + [0, 1]), []),
    "Mini-Flush x7": (coloured(EVEN[:7], 0), mixed([14, 16, 18], [1, 2, 3])),
    "Straight x9": (mixed(range(9), [0, 1, 2, 3] * 2 + [0]), mixed([10], [1])),
    "Straight x8": (mixed(range(8), [0, 1, 2, 3] * 2), mixed([9, 11], [0, 1])),
    "Mini-Flush x6": (coloured(EVEN[:6], 0), mixed([12, 14, 16, 18], [1, 1, 2, 3])),
    "Four Pairs": (
        kind(0, [0, 1]) + kind(2, [2, 3]) + kind(4, [0, 1]) + kind(6, [2, 3]),
        mixed([8, 10], [0, 2]),
    ),
    "Double 3 of a Kind": (kind(0, [0, 1, 2]) + kind(2, [0, 1, 3]), mixed([4, 6, 8, 10], [2, 3, 2, 3])),
    "5 of a Kind": (kind(0, [0, 1, 2, 3, 0]), mixed([2, 4, 6, 8, 10], [1, 1, 2, 3, 2])),
    "Straight x7": (mixed(range(7), [0, 1, 2, 3, 0, 1, 2]), mixed([8, 10, 12], [3, 0, 1])),
    "Two Pair Mini-Flush": (kind(0, [0, 0]) + kind(2, [1, 1]), mixed(EVEN[2:8], [0, 2, 2, 3, 3, 1])),
    "3 of a Kind Mini-Flush": (kind(0, [0] * 3), mixed(EVEN[1:8], [1, 1, 1, 2, 2, 3, 3])),
    "Straight x6": (mixed(range(6), [0, 1, 2, 3, 0, 1]), mixed([7, 9, 11, 13], [2, 3, 0, 1])),
    "Mini-Flush x5": (coloured(EVEN[:5], 0), mixed([10, 12, 14, 16, 18], [1, 1, 2, 2, 3])),
    "Three Pairs": (kind(0, [0, 1]) + kind(2, [2, 3]) + kind(4, [0, 1]), mixed([6, 8, 10, 12], [2, 3, 2, 3])),
    "Full House": (kind(0, [0, 1, 2]) + kind(2, [0, 1]), mixed([4, 6, 8, 10, 12], [2, 3, 3, 0, 1])),
    "4 of a Kind": (kind(0, [0, 1, 2, 3]), mixed(EVEN[1:7], [0, 0, 1, 1, 2, 3])),
    "Straight x5": (mixed(range(5), [0, 1, 2, 3, 0]), mixed([6, 8, 10, 12, 14], [1, 2, 3, 0, 1])),
    "Two Pairs": (kind(0, [0, 1]) + kind(2, [2, 3]), mixed(EVEN[2:8], [0, 0, 1, 1, 2, 3])),
    "3 of a Kind": (kind(0, [0, 1, 2]), mixed(EVEN[1:8], [0, 0, 1, 1, 2, 3, 3])),
    "Pair Mini-Flush": (kind(0, [0, 0]), mixed(EVEN[1:9], [1, 1, 1, 2, 2, 2, 3, 3])),
    "Pair": (kind(0, [0, 1]), mixed(EVEN[1:9], [0, 0, 1, 1, 2, 2, 3, 3])),
    "High Card": ([], mixed(EVEN[:10], [0, 0, 0, 1, 1, 1, 2, 2, 3, 3])),
}
UNREACHABLE = {"8-2 of a Kind": "8 of a Kind"}
ROYALS = {name for name in CASES if "Royal" in name}  # fixed ranks: no rank can go up


@pytest.fixture(scope="module")
def infinite(variants):
    return variants["infinite_poker"]


def iv(variant, cards, declared=()):
    return evaluate_pool(variant.hands, cards, 10, declared)


def test_every_category_has_a_case_in_the_published_order(infinite):
    names = [c.name for c in infinite.hands.categories]
    assert len(names) == 103 and names[-1] == "High Card"
    listed = ["Called Shot", *CASES]
    listed.insert(names.index("8-2 of a Kind"), "8-2 of a Kind")
    assert listed == names


@pytest.mark.parametrize("name", list(CASES))
def test_category(infinite, name):
    made, rest = CASES[name]
    hand = made + rest
    assert len(hand) == len(set(hand)) == 10
    assert not any(c % 15 == 0 for c in hand)  # trumps are the tie layers' business, below
    got = iv(infinite, hand)
    assert got.category == name
    assert sorted(got.made) == sorted(made)
    assert sorted(got.cards) == sorted(hand)
    shuffled = random.Random(name).sample(hand, 10)
    assert iv(infinite, shuffled).key == got.key


@pytest.mark.parametrize("name", [n for n in CASES if n not in ROYALS])
def test_higher_cards_win_within_a_category(infinite, name):
    """Tie layer 1: the same hand with every rank one higher keeps its category and wins on cards."""
    made, rest = CASES[name]
    low = iv(infinite, made + rest)
    high = iv(infinite, [c + 300 for c in made + rest])
    assert high.category == name
    assert high.key > low.key
    # the first layer that differs is the category's own cards (kickers alone for High Card)
    differs = next(i for i, (a, b) in enumerate(zip(high.key, low.key)) if a != b)
    assert differs == (2 if name == "High Card" else 1)


def test_unreachable_category_falls_to_the_higher_one(infinite):
    hand = kind(0, [0, 0, 1, 1, 2, 2, 3, 3]) + kind(2, [0, 1])
    assert iv(infinite, hand).category == UNREACHABLE["8-2 of a Kind"]


def test_called_shot_needs_exactly_the_declared_cards(infinite):
    declared = CASES["High Card"][1]
    assert iv(infinite, declared, declared).category == "Called Shot"
    assert iv(infinite, declared, declared[:9] + [card(20, 0)]).category == "High Card"
    # in a bigger pool the declared ten are found among the rest
    pool = declared + mixed([21, 23, 25, 27], [0, 1, 2, 3])
    assert evaluate_pool(infinite.hands, pool, 10, declared).category == "Called Shot"


# ---------------------------------------------------------------- the six tie layers

# Four 21s and six low kickers in four colours, no trumps: a 4 of a Kind.
FOUR_21S = kind(21, [0, 1, 2, 3])
KICKERS = mixed([0, 2, 4, 6, 8, 10], [0, 0, 1, 1, 2, 3])


def with_trumps(cards, ranks):
    """The hand with its cards of these ranks moved to their colour's trump suit (one card per rank)."""
    out, todo = [], list(ranks)
    for c in cards:
        if rank_of(c) in todo:
            todo.remove(rank_of(c))
            c = trumped(c)
        out.append(c)
    assert not todo
    return out


def test_layer_1_higher_cards_beat_any_trumps(infinite):
    """The seed's own example: a 4 of a Kind of 21s beats one of 15s, trumps or not."""
    fifteens = with_trumps(kind(15, [0, 1, 2, 3]) + KICKERS, [15, 8, 10])
    a, b = iv(infinite, FOUR_21S + KICKERS), iv(infinite, fifteens)
    assert a.category == b.category == "4 of a Kind"
    assert a.key > b.key
    # then the other cards, high to low: a 12 kicker instead of the 10 wins
    higher_kicker = iv(infinite, FOUR_21S + KICKERS[:-1] + mixed([12], [3]))
    assert higher_kicker.key > a.key
    assert higher_kicker.key > iv(infinite, with_trumps(FOUR_21S + KICKERS, [21, 10])).key


def test_layer_2_any_trump_beats_none(infinite):
    plain = iv(infinite, FOUR_21S + KICKERS)
    one = iv(infinite, with_trumps(FOUR_21S + KICKERS, [0]))
    assert one.category == plain.category and one.key[:3] == plain.key[:3]
    assert one.key > plain.key


def test_layer_3_more_trumps_win(infinite):
    two_low = iv(infinite, with_trumps(FOUR_21S + KICKERS, [0, 2]))
    one_high = iv(infinite, with_trumps(FOUR_21S + KICKERS, [21]))
    assert two_low.key > one_high.key


def test_layer_4_the_highest_trump_wins(infinite):
    assert (
        iv(infinite, with_trumps(FOUR_21S + KICKERS, [21])).key
        > iv(infinite, with_trumps(FOUR_21S + KICKERS, [10])).key
    )


def test_layer_5_then_the_next_trump(infinite):
    assert (
        iv(infinite, with_trumps(FOUR_21S + KICKERS, [21, 4])).key
        > iv(infinite, with_trumps(FOUR_21S + KICKERS, [21, 2])).key
    )


def test_layer_6_otherwise_a_split(infinite):
    """Same ranks and the same trump values, in other colours and suits: the pot splits."""
    a = with_trumps(FOUR_21S + KICKERS, [21, 6])
    b = with_trumps(kind(21, [4, 5, 6, 7]) + mixed([0, 2, 4, 6, 8, 10], [4, 4, 5, 5, 6, 7]), [21, 6])
    b = [c + 1 if c % 15 else c for c in b]  # other suits of those colours, trumps kept
    values = [iv(infinite, a), iv(infinite, b), iv(infinite, FOUR_21S + KICKERS)]
    assert values[0].key == values[1].key
    assert best(values) == [0, 1]


# ---------------------------------------------------------------- the Underdog's pool, properties


def test_underdog_eighteen_card_pool(infinite):
    v = infinite
    rnd = random.Random(7)
    cards = rnd.sample(range(v.deck.size), 108)
    grid = {(i // 10, i % 10): c for i, c in enumerate(cards[:100])}
    hole = cards[100:]
    got = evaluate(v, {"hand": hole, "grid": grid})
    assert len(got.cards) == 10
    used = set(got.cards) - set(hole)
    lines = [{grid[(r, c)] for c in range(10)} for r in range(10)] + [
        {grid[(r, c)] for r in range(10)} for c in range(10)
    ]
    assert any(used <= line for line in lines)
    # more hole cards never hurt, and an empty grid still leaves the hole cards
    assert evaluate(v, {"hand": hole, "grid": {}}).cards
    assert got.key >= evaluate(v, {"hand": hole[:4], "grid": grid}).key


def test_underdog_extra_cards_complete_a_hand_from_one_line(infinite):
    """Eight hole cards and one row of the grid: the best ten may take six from the line."""
    row = coloured(range(6, 10), 0) + mixed([20, 22, 24, 26, 28, 30], [1, 2] * 3)  # three colours: no Rainbow
    grid = {(3, i): c for i, c in enumerate(row)}
    grid.update({(r, c): card(30 + r, 9 + c % 4, 2) for r in (0, 1) for c in range(10)})
    four = coloured(range(0, 4), 0)  # the usual four hole cards: 0..3 of the line's colour
    hole = four + coloured([4, 5], 0) + mixed([11, 13], [1, 2])
    got = evaluate(infinite, {"hand": hole, "grid": grid})
    assert got.category == "Straight Mini-Flush x10"
    assert sorted(got.made) == sorted(hole[:6] + row[:4])
    # with only four hole cards the same line makes no straight of ten
    assert evaluate(infinite, {"hand": four, "grid": grid}).category != "Straight Mini-Flush x10"


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_infinite_more_cards_never_hurt(infinite, data):
    pool = data.draw(st.lists(st.integers(0, 11999), min_size=10, max_size=14, unique=True))
    extra = data.draw(st.integers(0, 11999).filter(lambda c: c not in pool))
    a = evaluate_pool(infinite.hands, pool, 10)
    assert evaluate_pool(infinite.hands, data.draw(st.permutations(pool)), 10).key == a.key
    assert evaluate_pool(infinite.hands, pool + [extra], 10).key >= a.key
