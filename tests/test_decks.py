"""Each built-in deck has the right size, values and groupings."""

from collections import Counter

EXPECTED_IDS = {
    "texas_holdem",
    "infinite_poker",
    "sevendeck_poker",
    "poker_clash",
    "sigilian_poker",
    "limbo_holdem",
    "poker_grid",
}


def test_every_game_has_a_variant(variants):
    assert set(variants) == EXPECTED_IDS


def test_standard_decks(variants):
    for vid in ("texas_holdem", "poker_clash", "poker_grid"):
        deck = variants[vid].deck
        assert deck.size == 52
        pairs = {(deck.value(c, "rank").id, deck.value(c, "suit").id) for c in range(52)}
        assert len(pairs) == 52
        colours = Counter((deck.value(c, "suit").id, deck.value(c, "colour").id) for c in range(52))
        assert {s: col for s, col in colours} == {
            "clubs": "black",
            "spades": "black",
            "hearts": "red",
            "diamonds": "red",
        }
        assert deck.name(51) == "Ace of Spades"


def test_infinite_deck(variants):
    deck = variants["infinite_poker"].deck
    assert deck.size == 12_000
    rank, suit, colour = (deck.attributes[a] for a in ("rank", "suit", "colour"))
    assert len(rank) == 40 and len(suit) == 300 and len(colour) == 20
    assert [v.name for v in rank.values[22:]] == (
        "Banner Monster Tower Dragon Oracle Fool Huntress Yeoman Sorceress Wizard Lady Cavalier "
        "Princess Jack Queen King Ace Infinity"
    ).split()
    assert [v.id for v in rank.values[:22]] == [str(i) for i in range(22)]
    assert rank.order == "ordered"
    suits_per_colour = Counter(v.groups["colour"] for v in suit.values)
    assert sorted(suits_per_colour.values()) == [15] * 20
    trumps = [v for v in suit.values if "trump" in v.flags]
    assert len(trumps) == 20
    assert len({v.groups["colour"] for v in trumps}) == 20
    # every card is one (rank, suit) pair, exactly once
    pairs = set(zip(deck.column("rank"), deck.column("suit")))
    assert len(pairs) == 12_000
    # the colour column follows the suit
    for c in range(0, 12_000, 97):
        assert deck.value(c, "colour").index == deck.value(c, "suit").groups["colour"]
    assert sum(deck.has_flag(c, "trump") for c in range(deck.size)) == 20 * 40
    # no two suits share both glyph and colour; 15 shapes within each colour
    assert len({(v.glyph, v.groups["colour"]) for v in suit.values}) == 300
    for ci in range(20):
        assert len({v.glyph for v in suit.values if v.groups["colour"] == ci}) == 15
    assert len({v.name for v in suit.values}) == 300


def test_sevendeck(variants):
    deck = variants["sevendeck_poker"].deck
    assert deck.size == 49
    suit = deck.attributes["suit"]
    assert suit.order == "circular"
    assert [v.id for v in suit.values][:5] == ["diamond", "violet", "cherry", "fire", "lemon"]
    assert [v.id for v in deck.attributes["value"].values] == [str(i) for i in range(1, 8)]
    assert len(set(zip(deck.column("value"), deck.column("suit")))) == 49


def test_sigilian(variants):
    for vid in ("sigilian_poker", "limbo_holdem"):
        deck = variants[vid].deck
        assert deck.size == 75
        align = deck.attributes["alignment"]
        assert align.multi
        ranks = Counter(deck.value(c, "rank").id for c in range(75))
        assert ranks == {
            "1": 9,
            "2": 9,
            "3": 9,
            "4": 9,
            "5": 9,
            "king": 9,
            "plane": 18,
            "lady": 1,
            "clueless": 2,
        }
        # rank cards and kings: one per suit combination, the nine combinations
        combos = {
            frozenset(v.id for v in deck.values(c, "alignment"))
            for c in range(75)
            if deck.value(c, "rank").id == "king"
        }
        assert len(combos) == 9
        assert all(len(c) <= 2 and not {"good", "evil"} <= c and not {"law", "chaos"} <= c for c in combos)
        planes = [c for c in range(75) if deck.value(c, "rank").id == "plane"]
        by_count = Counter(len(deck.values(c, "alignment")) for c in planes)
        assert by_count == {1: 12, 2: 4, 0: 2}
        assert any(deck.value(c, "plane").id == "sigil" for c in planes)
        lady = [c for c in range(75) if deck.has_flag(c, "wild")]
        dead = [c for c in range(75) if deck.has_flag(c, "dead")]
        assert [deck.value(c, "rank").id for c in lady] == ["lady"]
        assert [deck.value(c, "rank").id for c in dead] == ["clueless", "clueless"]
        assert all(not deck.values(c, "alignment") for c in lady + dead)
        order = [v.id for v in deck.attributes["rank"].values]
        assert order == ["clueless", "1", "2", "3", "4", "5", "plane", "king", "lady"]


def test_search_text_names_every_attribute(variants):
    deck = variants["infinite_poker"].deck
    text = deck.search_text
    assert len(text) == 12_000
    hits = [c for c, t in enumerate(text) if {"infinity", "trump"} <= set(t.split())]
    assert len(hits) == 20
