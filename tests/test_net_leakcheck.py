"""The network checker's card walk (net/leakcheck.py) finds exactly the card ids a plain recursive
reading of its rule finds, in any nesting of maps, lists and plain values: its shortcuts (exact
types first, a list's distinct values read once) change no answer."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.net.leakcheck import CARD_KEYS, card_ids


def reference(value: Any, cards: bool = False) -> set[int]:
    """The rule read plainly: numbers under CARD_KEYS (at any depth below one), a grid cell's
    third number; bools, negative numbers and other values never count."""
    out: set[int] = set()

    def card(x: Any) -> bool:
        return type(x) is int and x >= 0

    if isinstance(value, Mapping):
        for key, inner in value.items():
            if key == "cells" and isinstance(inner, list):
                out |= {c[2] for c in inner if isinstance(c, list) and len(c) == 3 and card(c[2])}
            elif isinstance(inner, (Mapping, list)):
                out |= reference(inner, cards or key in CARD_KEYS)
            elif (cards or key in CARD_KEYS) and card(inner):
                out.add(inner)
    elif isinstance(value, list):
        for inner in value:
            if isinstance(inner, (Mapping, list)):
                out |= reference(inner, cards)
            elif cards and card(inner):
                out.add(inner)
    return out


class Cards(list):
    """A list of another type: walked like any list."""


plain = st.one_of(
    st.integers(-2, 40),
    st.booleans(),
    st.none(),
    st.sampled_from(["x", "cards", ""]),
    st.floats(0, 3),
    st.tuples(st.integers(0, 40)),  # not a list: never walked
)
keys = st.sampled_from(sorted(CARD_KEYS) + ["cells", "zones", "seats", "name", "n"])
nested = st.recursive(
    plain,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.lists(inner, max_size=4).map(Cards),
        st.lists(st.lists(st.integers(-1, 40), min_size=2, max_size=4), max_size=3),  # cells
        st.dictionaries(keys, inner, max_size=5),
        st.dictionaries(keys, inner, max_size=3).map(MappingProxyType),
    ),
    max_leaves=30,
)


@settings(max_examples=80, deadline=None)
@given(nested)
def test_the_walk_finds_what_the_plain_rule_finds(value):
    assert card_ids(value) == reference(value)


def test_a_big_zone_of_hidden_cards_and_a_few_shown():
    zone = {"cards": [-1] * 12_000 + [5, True, 7, -1, 7], "cells": [[0, 1, 9], [0, 2, -1], [1, 2]]}
    assert card_ids({"zones": {"deck": zone}, "seats": [{"cards": [3]}]}) == {3, 5, 7, 9}


def test_a_card_beside_an_equal_value_of_another_type_is_still_found():
    """A set holds one of values equal across types (False and 0, True and 1, 1.0 and 1): a list
    read through a set lost card 0 beside False."""
    for row in ([False, 0], [True, 1], [1.0, 1], [0, False, 2]):
        assert card_ids({"cards": row}) == reference({"cards": row}), row
