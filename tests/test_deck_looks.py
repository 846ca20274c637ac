"""Decks that draw themselves: a value without a glyph is drawn with its label, ranges take labels
and groups by pattern, validate warns of cards that would look alike, and a joker's corner reads."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cardtable.render.art import CardArt, deck_art
from cardtable.variant import load_variant

RANGES = """name: Range deck
deck:
  attributes:
    rank: {order: ordered, values: "1..25"}
    suit: {order: none, values: "a..t"}
  cards:
    - {rank: all, suit: all}
"""

PATTERNED = """name: Patterned
deck:
  attributes:
    rank: {values: "1..3"}
    colour:
      of: suit
      order: none
      values:
        - {id: red, rgb: [200, 20, 40]}
        - {id: black, rgb: [25, 25, 30]}
    suit:
      order: none
      values:
        - {range: "a..d", label: "S{id}", name: "Suit {n}", colour: [red, black]}
  cards:
    - {rank: all, suit: all}
"""


def _load(tmp_path: Path, text: str, name: str = "deck.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load_variant(str(path))


def _faces(deck):
    return {(a.mark, tuple(s.label or s.glyph for s in a.suits)) for a in deck_art(deck)}


def test_every_card_of_a_range_written_deck_is_told_apart(tmp_path):
    """25 ranks x 20 suits a..t, no glyph: each face shows its rank and its suit's label."""
    deck = _load(tmp_path, RANGES).deck
    assert deck.size == 500 and len(_faces(deck)) == 500


def test_a_value_without_glyph_is_painted_with_its_label(tmp_path):
    """Two cards of one rank and different suits paint differently (corner and centre)."""
    from cardtable.render.faces import FacePainter

    pygame.font.init()
    deck = _load(tmp_path, RANGES).deck
    painter = FacePainter(deck)
    names = list(deck.names)
    one, other = names.index("10 a"), names.index("10 b")
    for width in (40, 120):
        a, b = painter.render(one, width), painter.render(other, width)
        assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def test_a_range_takes_labels_names_and_groups_by_pattern(tmp_path):
    deck = _load(tmp_path, PATTERNED).deck
    suit, colour = deck.attributes["suit"], deck.attributes["colour"]
    assert [v.id for v in suit.values] == ["a", "b", "c", "d"]
    assert [v.label for v in suit.values] == ["Sa", "Sb", "Sc", "Sd"]
    assert [v.name for v in suit.values] == ["Suit 1", "Suit 2", "Suit 3", "Suit 4"]
    assert [colour.values[v.groups["colour"]].id for v in suit.values] == ["red", "black", "red", "black"]
    art = {a.name: a for a in deck_art(deck)}
    assert art["1 Suit 1"].suits[0].rgb == (200, 20, 40) and art["1 Suit 2"].suits[0].rgb == (25, 25, 30)


def test_validate_warns_of_cards_that_would_look_alike(tmp_path):
    text = RANGES.replace('values: "a..t"', "values: [{id: a, label: X}, {id: b, label: X}]")
    warnings = [str(w) for w in _load(tmp_path, text).warnings]
    assert len(warnings) == 1 and "look the same" in warnings[0], warnings
    assert not _load(tmp_path, RANGES, "fine.yaml").warnings


@pytest.mark.parametrize("bad", ["{range: 'a..c', id: x}", "{label: X}"])
def test_a_value_map_has_an_id_or_a_range(tmp_path, bad):
    from cardtable.errors import VariantError

    with pytest.raises(VariantError) as info:
        _load(tmp_path, RANGES.replace('values: "a..t"', f"values: [{bad}]"))
    assert len(info.value.problems) == 1 and "'id'" in info.value.problems[0].message


def test_a_joker_corner_is_not_a_jack():
    joker = CardArt("", None, (), frozenset({"wild"}), "Joker", "Joker")
    assert joker.mark == "Jkr"


def test_a_joker_is_listed_in_the_part_it_plays_in():
    """K K Jkr 5 5 is a full house whose joker is a king: listed with the kings, not last."""
    from cardtable.hands import api

    v = load_variant(Path(__file__).resolve().parent.parent / "variants" / "examples" / "jokers_wild.yaml")
    by_short = {v.deck.short(c): c for c in range(v.deck.size)}
    joker = next(c for c in range(v.deck.size) if v.hands.wild[c])
    hand = [by_short["5♣"], by_short["K♦"], joker, by_short["5♥"], by_short["K♠"]]
    got = api.evaluate_pool(v.hands, hand)
    assert got.category == "Full House"
    assert list(got.cards).index(joker) < 3 and {got.cards[i] for i in range(3)} >= {
        by_short["K♦"],
        by_short["K♠"],
    }
