"""Exact 'contains' counts by profiles against brute force on small product decks, and on the
standard deck against the known 5-card number."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.hands.counting import classifier, count_direct
from cardtable.hands.profiles import count_contains, supported
from cardtable.variant import load_variant_text


def small_deck(ranks: int, colours: int, suits: int, size: int) -> str:
    suit_lines = "\n".join(
        f"        - {{id: s{c}_{s}, colour: c{c}}}" for c in range(colours) for s in range(suits)
    )
    colour_lines = "\n".join(f"        - {{id: c{c}}}" for c in range(colours))
    rank_lines = "\n".join(f"        - {{id: r{r}}}" for r in range(ranks))
    return f"""
name: Small product deck
players: {{min: 2, max: 2}}
deck:
  attributes:
    rank:
      order: ordered
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
    - {{rank: all, suit: all}}
hands:
  form: {{size: {size}, from: [hand]}}
  categories:
    - {{name: Double Flush, parts: [{{count: 2, same: suit}}, {{count: 2, same: suit}}], differ: suit}}
    - {{name: Flush x3, count: 3, same: suit}}
    - {{name: Mini-Flush x3, count: 3, same: colour}}
    - {{name: Rainbow x3, count: 3, distinct: colour}}
    - {{name: Double Mini-Flush, parts: [{{count: 2, same: colour}}, {{count: 2, same: colour}}], differ: colour}}
    - {{name: Two pairs, parts: [{{count: 2, same: rank}}, {{count: 2, same: rank}}], differ: rank}}
    - {{name: Straight, count: 3, run: rank}}
    - {{name: High Card}}
"""


@settings(max_examples=5, deadline=None)
@given(
    ranks=st.integers(2, 3),
    colours=st.integers(2, 3),
    suits=st.integers(1, 2),
    size=st.integers(3, 4),
)
def test_profile_counts_match_brute_force_on_small_product_decks(ranks, colours, suits, size):
    v = load_variant_text(small_deck(ranks, colours, suits, size), "small.yaml")
    rules = v.sections["hands"]
    if v.deck.size < size:
        return
    names = {rules.categories[i].name for i in supported(rules)}
    assert "Two pairs" not in names and "Straight" not in names  # ranked attributes: not by profile
    assert {"Double Flush", "Flush x3", "Mini-Flush x3", "Rainbow x3", "Double Mini-Flush"} <= names
    exact = count_contains(rules, v.deck.size, size)
    brute = count_direct(rules, v.deck.size, size, None, classifier(rules, size, "contains"))
    assert exact == {i: brute.get(i, 0) for i in exact}


def test_standard_deck_flushes_by_profile(variants):
    v = variants["texas_holdem"]
    got = count_contains(v.hands, v.deck.size, 5)
    assert {v.hands.categories[i].name: n for i, n in got.items()} == {"Flush": 5148}


def test_the_12000_card_deck_by_profile(variants):
    import math

    v = variants["infinite_poker"]
    names = [c.name for c in v.hands.categories]
    got = count_contains(v.hands, v.deck.size, 10)
    assert got[names.index("Rainbow x10")] == math.comb(20, 10) * 600**10  # ten colours, any card of each
    assert got[names.index("Flush x10")] == 300 * math.comb(40, 10)  # one suit, ten of its 40 ranks
    assert (
        got[names.index("Mini-Flush x5")]
        > got[names.index("Double Mini-Flush")]
        > got[names.index("Mini-Flush x10")]
    )
