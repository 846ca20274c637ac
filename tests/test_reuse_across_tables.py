"""What a new table (Play again, a new game, the deck browser) makes again or keeps: found by a
tour of the real window, where each new game cost a frame of 20-50 ms and left memory behind.

Reading YAML keeps nothing of the parser once the values are built: the glyph shapes were read
for every new table, and each new game left ~2,200 parser objects alive for good (the scalar
constructor remembered every number it had built), so memory and the collection a new screen
makes grew game after game. The shipped glyph shapes and a deck's card art are made once.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import yaml

from cardtable.render.glyphs import GlyphBook
from cardtable.yamlsrc import load_text

TEXT = "a: 1\nb: [2, 3.5, true, null]\nc: {d: -4, e: text}\n"


@contextmanager
def parser_nodes_left() -> Iterator[list[int]]:
    """How many parser nodes made inside the block are still alive at its end (garbage
    collected). Everything alive before the block is frozen out of the collector's sight
    (gc.freeze), so neither the collection nor the count walks the whole process's objects
    (the test process holds millions: two full walks cost each test about 0.3 s)."""
    left: list[int] = []
    gc.collect(0)
    gc.freeze()
    try:
        yield left
        gc.collect()
        left.append(sum(1 for o in gc.get_objects() if isinstance(o, yaml.nodes.Node)))
    finally:
        gc.unfreeze()


def test_loading_text_again_and_again_keeps_no_parser_nodes():
    load_text(TEXT, "x.yaml")
    with parser_nodes_left() as left:
        for _ in range(5):
            assert load_text(TEXT, "x.yaml").plain() == {
                "a": 1,
                "b": [2, 3.5, True, None],
                "c": {"d": -4, "e": "text"},
            }
    assert left == [0]


def test_a_new_tables_glyphs_keep_no_parser_nodes():
    GlyphBook()
    with parser_nodes_left() as left:
        for _ in range(3):
            assert GlyphBook().known("heart")  # the shapes are read
    assert left == [0]


def test_the_glyph_shapes_are_read_once_however_many_tables_open(monkeypatch):
    from cardtable.render import glyphs

    GlyphBook()
    reads = []
    real = glyphs.load_text
    monkeypatch.setattr(glyphs, "load_text", lambda *a: reads.append(a) or real(*a))
    assert GlyphBook().known("heart") and GlyphBook().known("spade")
    assert reads == []  # the shipped file was read for the first book; the next ones reuse it


def test_a_new_table_of_the_same_deck_reuses_its_card_art(variants):
    """Play again makes a new table of the same deck: the 12,000 cards' art (12 ms) is not made again."""
    from cardtable.render.faces import FacePainter

    deck = variants["infinite_poker"].deck
    first = FacePainter(deck).art
    assert FacePainter(deck).art is first
    other = variants["texas_holdem"].deck
    assert len(FacePainter(other).art) == other.size and FacePainter(deck).art is first


def test_a_variants_content_key_is_worked_out_once(variants, monkeypatch):
    """The rules screen asked for it four times on opening (3 ms each for the 12,000-card deck)."""
    from cardtable.hands import asplayed, ranking

    v = variants["infinite_poker"]
    key = ranking.content_key(v)
    plans = []
    real = asplayed.deal_plan
    monkeypatch.setattr(asplayed, "deal_plan", lambda *a: plans.append(a) or real(*a))
    assert ranking.content_key(v) == key and plans == []
    assert ranking.content_key(variants["texas_holdem"]) != key and plans  # another: worked out
