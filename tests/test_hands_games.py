"""Hand-built cases for Sigilian, Limbo and the grid game, and sampled odds (the 12,000-card game has its own file)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.hands import evaluate, evaluate_pool, score_placement
from cardtable.hands.counting import odds

# ---------------------------------------------------------------- Sigilian / Limbo


def sig(variant, *specs):
    """Cards by 'rank' or 'rank:suit+suit' ids ('plane:law+good', 'lady', 'clueless'),
    or 'plane=<plane id>'; each spec takes a card not taken yet."""
    d = variant.deck
    attr = d.attributes["alignment"]
    taken, out = set(), []
    for spec in specs:
        plane = None
        if "=" in spec:
            spec, plane = spec.split("=")
        rank, _, suits = spec.partition(":")
        mask = sum(1 << attr.index[s] for s in suits.split("+") if s)
        for c in range(d.size):
            if c in taken or d.value(c, "rank").id != rank or d.column("alignment")[c] != mask:
                continue
            if plane and (d.value(c, "plane") is None or d.value(c, "plane").id != plane):
                continue
            taken.add(c)
            out.append(c)
            break
        else:
            raise KeyError(spec)
    return out


@pytest.fixture(scope="module")
def sigilian(variants):
    return variants["sigilian_poker"]


def sv(variant, *specs):
    return evaluate_pool(variant.hands, sig(variant, *specs))


def test_sigilian_single_sets(sigilian):
    v = sigilian
    assert (sv(v, "1:evil", "1:good").detail, sv(v, "1:evil", "1:good").key[0]) == ("2-card Match", 2)
    assert sv(v, "1:evil", "2:good", "3:chaos").category == "Straight"
    assert sv(v, "1:evil", "2:evil+law", "3:evil").category == "Hierarchy"  # a shared suit
    assert sv(v, "1", "2", "3").category == "Hierarchy"  # no suits at all
    assert sv(v, "4:good", "5:good", "plane:good", "king:good").category == "Hierarchy"  # 4-5-P-K
    # without a shared suit the Plane is out of the order: 4-5-K is the straight, the Plane is left
    mixed = sv(v, "4:good", "5:evil", "plane:good", "king:good")
    assert (mixed.category, mixed.key[0]) == ("Straight", 3)
    assert sv(v, "2:good", "5:evil", "plane:good").category == "No Set"


def test_sigilian_adjacent_king(sigilian):
    # 1-2-3-4-5-King: the King follows the 5, so 4-5-K is a straight of three
    v45k = sv(sigilian, "4:good", "5:evil", "king:law")
    assert (v45k.category, v45k.key[0]) == ("Straight", 3)


def test_sigilian_cages_and_ring(sigilian):
    v = sigilian
    cage = sv(v, "king:law", "2:chaos", "4:good", "king:evil")
    assert cage.category == "Cage" and cage.key[0] == 4
    big = sv(v, "king:law", "2:chaos", "4:good", "king:evil", "3", "plane=sigil")
    assert big.category == "Cage" and big.key[0] == 6
    duals = sv(v, "1:law+good", "3:chaos+evil", "5:chaos+good", "king:law+evil")
    assert duals.category == "Cage"
    ring = sv(
        v,
        "plane=outlands",
        "plane:evil",
        "plane:good",
        "plane:chaos",
        "plane:law",
        "plane:law+good",
        "plane:chaos+good",
        "plane:chaos+evil",
        "plane:law+evil",
    )
    assert ring.category == "Great Ring" and ring.key[0] == 9


SINGLES = ["king:law", "2:chaos", "4:good", "king:evil"]
DUALS = ["1:law+good", "3:chaos+evil", "5:chaos+good", "king:law+evil"]


@pytest.mark.parametrize(
    "cards",
    [
        SINGLES,
        SINGLES + ["3"],
        SINGLES + ["3", "plane=sigil"],
        DUALS,
        DUALS + ["2"],
        DUALS + ["2", "plane=sigil"],
    ],
    ids=["4 suits", "4 suits + no suit", "+ Sigil", "4 dual suits", "4 dual suits + no suit", "dual + Sigil"],
)
def test_sigilian_each_cage(sigilian, cards):
    """The seed's six Cages, each a set of its own size."""
    got = sv(sigilian, *cards)
    assert (got.category, got.key[0]) == ("Cage", len(cards))
    # without its first card (Law, or Lawful Good) none of them is a Cage
    assert sv(sigilian, *cards[1:]).category != "Cage"


def test_sigilian_combined_sets(sigilian):
    v = sigilian
    # a 5-card straight and a 3-card match count as a 7-card match
    h = sv(v, "1:evil", "2:good", "3:chaos", "4:law", "5:evil", "king:good", "king:law", "king:evil+law")
    assert h.category == "Match" and h.key[0] == 7
    # bigger sets always beat better types: a 4-card match beats a 3-card hierarchy
    four = sv(v, "2:evil", "2:good", "2:law", "2:chaos")
    hier = sv(v, "1:evil", "2:evil", "3:evil")
    assert four.key > hier.key
    # same size, better type wins
    assert sv(v, "1:evil", "2:evil", "3:evil").key > sv(v, "5:evil", "5:good", "5:law").key


def test_sigilian_wild_and_dead(sigilian):
    v = sigilian
    assert sv(v, "lady", "5:good").category == "Match"  # the Lady makes a pair
    assert sv(v, "lady", "1:good", "3:evil").category == "Straight"  # she fills the gap
    assert sv(v, "clueless", "clueless").category == "No Set"  # dead: not even a pair
    assert sv(v, "clueless", "clueless", "1:evil").category == "No Set"
    # high cards: Lady > King > Plane > 5 ... > Clueless
    a = sv(v, "1:evil", "1:good", "lady")  # a 3-card match with the Lady
    b = sv(v, "1:law", "1:chaos", "1")
    assert a.key[0] == b.key[0] == 3 and a.key > b.key
    c = sv(v, "1:evil", "1:good", "5:chaos")
    d = sv(v, "1:law", "1:chaos", "4:good")
    assert c.key > d.key


def test_limbo_uses_all_three_hole_cards(variants):
    v = variants["limbo_holdem"]
    hole = sig(v, "clueless", "clueless", "1:evil")
    board = sig(v, "5:evil", "5:good", "5:law", "5:chaos", "5", "king:evil", "king:good", "king:law", "king")
    got = evaluate(v, {"hand": hole, "board": board})
    assert set(hole) <= set(got.cards) and len(got.cards) == 9
    # the hole 1 of Evil makes a Cage with 5 Good, 5 Chaos and the King of Law; three Kings make
    # a Match: seven cards in two sets count as a 6-card Match
    assert got.category == "Match" and got.key[0] == 6
    assert len(set(got.cards) & set(board)) == 6


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_sigilian_order_does_not_matter(sigilian, data):
    hand = data.draw(st.lists(st.integers(0, sigilian.deck.size - 1), min_size=9, max_size=9, unique=True))
    perm = data.draw(st.permutations(hand))
    assert evaluate_pool(sigilian.hands, hand).key == evaluate_pool(sigilian.hands, perm).key


# ---------------------------------------------------------------- the grid game


def std(variant, text):
    d = variant.deck
    out = []
    for word in text.split():
        r, s = word.split("/")
        out.append(
            next(c for c in range(d.size) if d.value(c, "rank").id == r and d.value(c, "suit").id == s)
        )
    return out


def test_grid_points_and_both_ways(variants):
    v = variants["poker_grid"]
    a, b, c, d, e = std(v, "7/clubs 7/hearts 9/spades 7/spades 7/diamonds")
    grid = {(0, 0): a, (0, 1): b, (0, 2): c, (1, 1): d, (2, 1): e}
    got = score_placement(v, grid, (0, 1))
    assert sorted((cat, pts) for _, cat, pts in got.lines) == [("Pair", 1), ("Three of a Kind", 4)]
    assert got.bonus == 5 and got.total == 10  # both ways: doubled
    one = score_placement(v, {(0, 0): a, (0, 1): b, (0, 2): c}, (0, 1))
    assert one.total == 1 and one.bonus == 0  # the 9 ends the hand
    none = score_placement(v, {(0, 0): a, (0, 1): c}, (0, 1))
    assert none.total == 0 and not none.lines


GRID_ROWS = [
    ("T/hearts J/hearts Q/hearts K/hearts A/hearts", "Royal Flush", 60),
    ("9/hearts T/hearts J/hearts Q/hearts K/hearts", "Five Card Straight Flush", 40),
    ("5/spades 6/spades 7/spades 8/spades", "Four Card Straight Flush", 20),
    ("4/clubs 5/hearts 6/spades 7/clubs 8/spades", "Five Card Straight", 10),
    ("8/clubs 8/hearts 8/spades 8/diamonds", "Four of a Kind", 10),
    ("A/clubs 2/clubs 3/clubs", "Three Card Straight Flush", 10),  # ace low
    ("2/diamonds 9/diamonds 5/diamonds 7/diamonds K/diamonds", "Five Card Flush", 8),
    ("4/clubs 5/hearts 6/spades 7/clubs", "Four Card Straight", 5),
    ("2/clubs 2/hearts 2/spades 5/clubs 5/spades", "Full House", 5),
    ("2/clubs 9/clubs 5/clubs 7/clubs", "Four Card Flush", 4),
    ("J/clubs J/hearts J/spades", "Three of a Kind", 4),
    ("2/clubs 2/hearts 5/clubs 5/spades", "Two Pair", 3),
    ("A/clubs 2/hearts 3/clubs", "Three Card Straight", 2),
    ("Q/clubs K/hearts A/clubs", "Three Card Straight", 2),  # ace high
    ("5/spades 9/spades 2/spades", "Three Card Flush", 2),
    ("J/clubs J/hearts", "Pair", 1),
    ("K/clubs A/hearts 2/clubs", None, 0),  # no wrap round the ace
]


@pytest.mark.parametrize("row,category,points", GRID_ROWS)
def test_grid_table(variants, row, category, points):
    v = variants["poker_grid"]
    cards = std(v, row)
    grid = {(0, i): c for i, c in enumerate(cards)}
    got = score_placement(v, grid, (0, len(cards) - 1))
    assert got.total == points
    assert [cat for _, cat, _ in got.lines] == ([category] if category else [])


def test_grid_table_covers_every_category(variants):
    names = {c.name for c in variants["poker_grid"].hands.categories}
    listed = {category for _, category, _ in GRID_ROWS if category}
    assert listed == names


# ---------------------------------------------------------------- odds


def test_sampled_odds_are_seeded_and_complete(variants):
    v = variants["sigilian_poker"]
    a = odds(v.hands, v.deck.size, samples=150, seed=3)
    b = odds(v.hands, v.deck.size, samples=150, seed=3)
    assert a.method == "sampled" and a.counts == b.counts and sum(a.counts) == 150
    assert all(lo <= k / 150 <= hi for k, (lo, hi) in zip(a.counts, a.intervals))
