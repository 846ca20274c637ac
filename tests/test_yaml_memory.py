"""Reading YAML keeps nothing of the parser once the values are built: the program reads the
glyph shapes for every new table and variants whenever the menu looks, and a tour of the real
window found each new game leaving ~2,200 parser objects alive for good (the scalar constructor
remembered every number it had built), so memory and the collection a new screen makes grew game
after game."""

from __future__ import annotations

import gc

import yaml

from cardtable.render.glyphs import GlyphBook
from cardtable.yamlsrc import load_text

TEXT = "a: 1\nb: [2, 3.5, true, null]\nc: {d: -4, e: text}\n"


def _parser_nodes() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, yaml.nodes.Node))


def test_loading_text_again_and_again_keeps_no_parser_nodes():
    load_text(TEXT, "x.yaml")
    before = _parser_nodes()
    for _ in range(5):
        assert load_text(TEXT, "x.yaml").plain() == {
            "a": 1,
            "b": [2, 3.5, True, None],
            "c": {"d": -4, "e": "text"},
        }
    assert _parser_nodes() == before


def test_a_new_tables_glyphs_keep_no_parser_nodes():
    GlyphBook()
    before = _parser_nodes()
    for _ in range(3):
        assert GlyphBook().known("heart")  # the shapes are read
    assert _parser_nodes() == before


def test_the_glyph_shapes_are_read_once_however_many_tables_open(monkeypatch):
    from cardtable.render import glyphs

    GlyphBook()
    reads = []
    real = glyphs.load_text
    monkeypatch.setattr(glyphs, "load_text", lambda *a: reads.append(a) or real(*a))
    assert GlyphBook().known("heart") and GlyphBook().known("spade")
    assert reads == []  # the shipped file was read for the first book; the next ones reuse it
