"""The renderer headless: faces for every deck, the 12,000-card browser's pixels, search, the LRU."""

import pygame
import pytest
from conftest import builtin

from cardtable.render import init_display
from cardtable.render.art import build_art
from cardtable.render.atlas import FaceAtlas, group_size
from cardtable.render.browser import FELT, DeckBrowser
from cardtable.render.faces import FacePainter, card_height
from cardtable.render.ladder import LEVELS, nearest

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def screen():
    surface = init_display(SIZE, headless=True)
    yield surface
    pygame.display.quit()


def settle(browser, screen, frames=400):
    for _ in range(frames):
        browser.update(1 / 60)
        browser.draw(screen, budget=0.05)
        if not browser.busy:
            break
    browser.draw(screen)


def test_every_face_of_every_deck_generates(screen, variants):
    """All 12,000 faces (and every other deck's) paint at a normal size without error."""
    for vid, variant in variants.items():
        painter = FacePainter(variant.deck)
        width = 40 if vid == "infinite_poker" else 100
        seen = set()
        for card in range(variant.deck.size):
            face = painter.render(card, width)
            assert face.get_size() == (width, card_height(width))
            if card % max(1, variant.deck.size // 60) == 0:
                seen.add(pygame.image.tobytes(face, "RGBA"))
        assert len(seen) > 1, vid  # faces differ
        back = painter.back(width)
        assert back.get_size() == (width, card_height(width))


def test_no_two_suits_share_shape_and_colour(variants):
    deck = variants["infinite_poker"].deck
    art = build_art(deck)
    suits = {}
    for card in range(deck.size):
        suit = deck.value(card, "suit").index
        a = art[card]
        key = (a.suits[0].glyph, a.suits[0].rgb)
        suits.setdefault(suit, key)
    assert len(suits) == 300
    assert len(set(suits.values())) == 300


def test_faces_of_different_cards_differ_and_flags_show(screen, variants):
    deck = variants["sigilian_poker"].deck
    painter = FacePainter(deck)
    lady = next(c for c in range(deck.size) if deck.has_flag(c, "wild"))
    dead = next(c for c in range(deck.size) if deck.has_flag(c, "dead"))
    one = next(c for c in range(deck.size) if deck.value(c, "rank").id == "1")
    images = {c: pygame.image.tobytes(painter.render(c, 120), "RGBA") for c in (lady, dead, one)}
    assert len(set(images.values())) == 3


def test_browser_draws_cards_where_the_layout_puts_them(screen, variants):
    deck = variants["texas_holdem"].deck
    browser = DeckBrowser(deck, SIZE)
    browser.camera.jump(nearest(86))
    browser.camera.center_on(browser.layout.cols / 2, browser.layout.rows / 2)
    settle(browser, screen)
    cam = browser.camera
    cw, ch = cam.cell
    ox, oy = cam.origin()
    c0, c1, r0, r1 = cam.visible()
    painter = browser.painter
    checked = 0
    for row in range(r0, r1):
        for col in range(c0, c1):
            pos = row * browser.layout.cols + col
            if pos >= deck.size:
                continue
            x, y = ox + col * cw, oy + row * ch
            if x < 0 or y < cam.top or x + cam.width > SIZE[0] or y + card_height(cam.width) > SIZE[1]:
                continue
            card = browser.layout.order[pos]
            expected = painter.render(card, cam.width)
            centre = (cam.width // 2, card_height(cam.width) // 2)
            assert screen.get_at((x + centre[0], y + centre[1])) == expected.get_at(centre)
            checked += 1
    assert checked >= 10
    # between cards, the felt shows
    assert screen.get_at((ox + c0 * cw + cam.width + 1, oy + r0 * ch + 10))[:3] == FELT


def test_far_zoom_shows_all_12000_cards(screen, variants):
    size = (1920, 1080)  # the size the whole deck is promised to fit
    screen = pygame.display.set_mode(size)
    browser = DeckBrowser(variants["infinite_poker"].deck, size)
    browser.camera.jump(browser.camera.fit_level())
    settle(browser, screen, 3000)
    c0, c1, r0, r1 = browser.camera.visible()
    assert (c1 - c0) * (r1 - r0) >= 12_000
    colours = {screen.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(60, size[1], 29)}
    assert len(colours) > 40  # many suits' colours, not an empty table
    pygame.display.set_mode(SIZE)


def test_search_highlights_exactly_the_matches(screen, variants):
    deck = variants["infinite_poker"].deck
    browser = DeckBrowser(deck, SIZE)
    n = browser.set_query("infinity trump")

    def trumpish(card):  # each query word starts a word: the trump flag, or a suit such as Trumpets
        words = deck.value(card, "suit").name.lower().split()
        return deck.has_flag(card, "trump") or any(w.startswith("trump") for w in words)

    expected = {c for c in range(deck.size) if deck.value(c, "rank").id == "infinity" and trumpish(c)}
    assert n == len(expected) >= 20
    assert set(browser.search.matches) == expected
    assert all(browser.search.mask[c] == (c in expected) for c in range(0, deck.size, 7))
    browser.camera.jump(nearest(86))
    card = browser.next_match()
    assert card in expected
    settle(browser, screen)
    # the match under the camera is drawn bright, its dimmed neighbours darker
    col, row = browser.layout.cell_of(card)
    cw, ch = browser.camera.cell
    ox, oy = browser.camera.origin()
    x, y = ox + col * cw + cw // 2, oy + row * ch + 6
    bright = sum(screen.get_at((x, y))[:3])
    nx = x + cw if col + 1 < browser.layout.cols else x - cw
    dim = sum(screen.get_at((nx, y))[:3])
    assert bright > dim
    assert browser.set_query("") == deck.size


def test_atlas_lru_stays_within_budget_touching_all_300_suits(screen, variants):
    deck = variants["infinite_poker"].deck
    painter = FacePainter(deck)
    budget = 4 * 1024 * 1024
    order = list(range(deck.size))
    atlas = FaceAtlas(painter, order, budget=budget)
    width = 27
    size = group_size(width)
    groups = (deck.size + size - 1) // size
    suits = set()
    for gid in range(groups):
        strip = atlas.make(width, gid)
        assert atlas.nbytes <= budget
        suits.update(deck.value(c, "suit").index for c in order[gid * size : (gid + 1) * size])
        assert strip.faces[0].get_size() == (width, card_height(width))
    assert len(suits) == 300 and atlas.nbytes <= budget
    assert atlas.nbytes + size * width * card_height(width) * 4 > budget  # it filled, then dropped
    # the first strip, least recently used, was dropped: asking for it queues it, and it is made again
    assert atlas.face(width, 0) is None and (width, 0) in atlas.wanted
    assert atlas.generate(deadline=0.0) == 1
    face = atlas.face(width, 0)
    assert face is not None and face.get_width() == width


def test_screenshot_command(tmp_path, monkeypatch):
    from cardtable.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = tmp_path / "deck.png"
    assert (
        main(
            ["screenshot", "sevendeck_poker", str(out), "--view", "deck", "--size", "640x360", "--zoom", "64"]
        )
        == 0
    )
    image = pygame.image.load(str(out))
    assert image.get_size() == (640, 360)
    table = tmp_path / "table.png"
    assert (
        main(
            [
                "screenshot",
                "texas_holdem",
                str(table),
                "--view",
                "table",
                "--moves",
                "6",
                "--size",
                "1280x800",
            ]
        )
        == 0
    )
    assert pygame.image.load(str(table)).get_size() == (1280, 800)


def test_ladder_spans_one_card_to_the_whole_deck():
    assert LEVELS[0] <= 10 and card_height(LEVELS[-1]) >= 1000


def test_unknown_glyph_is_drawn_not_a_crash(screen):
    from cardtable.render.glyphs import GlyphBook

    g = GlyphBook().render("no_such_glyph", 32, (200, 0, 0))
    assert any(g.get_at((x, y)).a > 0 for x in range(32) for y in range(32))


def test_rules_screenshot_marks_a_category_that_never_counts(tmp_path):
    """The rules screen writes the dead category's frequency as 'never' in a warning colour."""
    from cardtable.app.rules_view import RulesScene
    from cardtable.app.scene import App
    from cardtable.cli import main

    def warm_pixels(path):
        """Pixels of the right half with r > 230, 170 < g < 210, b < 120 (|value - centre| < reach)."""
        image = pygame.image.load(str(path))
        w, h = image.get_size()
        right = image.subsurface((w // 2, 0, w - w // 2, h))
        return pygame.mask.from_threshold(right, (243, 190, 59, 255), (13, 20, 61, 255)).count()

    for vid, dead in (("infinite_poker", 1), ("sevendeck_poker", 0)):
        out = tmp_path / f"{vid}.png"
        assert main(["screenshot", vid, str(out), "--view", "rules", "--size", "1000x2900"]) == 0
        assert (warm_pixels(out) > 20) == bool(dead)
    rules = RulesScene(App(pygame.display.get_surface()), builtin("infinite_poker"))
    never = [(name, freq) for name, _, freq in rules.lines() if freq.startswith("never")]
    assert never == [("8-2 of a Kind", "never: 8 of a Kind ranks higher")]


def test_a_pile_blitted_from_its_picture_is_the_pile_drawn_layer_by_layer():
    """The table's piles (app/table/draw_zones.py) blit their layers from a picture drawn once per
    size: over any ground, at any place (partly off the window too), the pixels are those of
    drawing each layer's card edge over the one below."""
    import random

    from cardtable.app.table.draw_zones import _pile

    screen = pygame.display.set_mode((300, 200))
    rng = random.Random(7)
    for _ in range(60):
        layers, width = rng.randint(1, 10), rng.randint(8, 90)
        x, y = rng.randint(-40, 280), rng.randint(-40, 190)
        drawn, blitted = (pygame.Surface((300, 200), 0, screen) for _ in range(2))
        for ground in (drawn, blitted):
            ground.fill((30, 90, 60))
            pygame.draw.circle(ground, (200, 10, 10), (150, 100), 70)
        for i in range(layers):
            layer = (x + i, y - i * 2, width, int(width * 1.4))
            pygame.draw.rect(drawn, (235, 232, 220), layer, border_radius=5)
            pygame.draw.rect(drawn, (120, 120, 120), layer, 1, border_radius=5)
        blitted.blit(_pile(blitted, layers, width), (x, y - (layers - 1) * 2))
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(blitted, "RGB"), (layers, width)
    pygame.display.quit()
