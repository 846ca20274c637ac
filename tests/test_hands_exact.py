"""Exhaustive category counts: the seeds' tables and the standard 5-card frequencies, exactly."""

from cardtable.hands.counting import count_direct, odds


def _table(variant):
    t = odds(variant.hands, variant.deck.size, exact=True)
    assert t.method == "exact"
    return dict(zip(t.names, t.counts)), t.hands


def test_sevendeck_condensed_table_exactly(variants):
    table, hands = _table(variants["sevendeck_poker"])
    assert hands == 1_906_884
    assert table == {
        "Five of a Kind": 147,
        "Straight Stretch": 3360,
        "Four of a Kind": 10290,
        "Straight": 63868,
        "Stretch": 112770,
        "Three of a Kind": 193305,
        "High Card": 271439,
        "Two Pair": 302085,
        "Pair": 949620,
    }


def test_standard_five_card_frequencies(variants):
    table, hands = _table(variants["texas_holdem"])
    assert hands == 2_598_960
    assert list(table.values()) == [4, 36, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]


def test_clash_color_sits_between_two_pair_and_pair(variants):
    table, _ = _table(variants["poker_clash"])
    names = list(table)
    assert names.index("Color") == names.index("Two Pair") + 1 == names.index("Pair") - 1
    # every one-colour hand: 2 x C(26,5) = 131,560, less those ranked higher
    # (flushes 5,148 incl. straight flushes, and one-colour trips/two pair/full house/quads)
    assert table["Color"] + table["Flush"] + table["Straight Flush"] + table["Royal Flush"] < 131_560
    assert table["Two Pair"] == 123552 and table["Flush"] == 5108
    assert sum(table.values()) == 2_598_960


def test_histogram_count_agrees_with_one_by_one(variants):
    """The fast counter against direct evaluation of every hand of a smaller size."""
    for vid in ("sevendeck_poker", "poker_clash"):
        v = variants[vid]
        from cardtable.hands.counting import classifier
        from cardtable.hands.histograms import count_exact

        assert count_exact(v.hands, v.deck.size, 3, None, classifier(v.hands, 3)) == count_direct(
            v.hands, v.deck.size, 3
        )
