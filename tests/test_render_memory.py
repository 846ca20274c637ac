"""Caches bounded by bytes under one shared budget, and the bench's blank-frame counting."""

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bench.blanks import BlankRuns
from cardtable.render.cache import CEILING, FLOOR, Budget, ByteLRU, limit_for


def sized(n: int) -> int:
    return n


def test_one_budget_drops_the_least_recently_used_entry_of_all_caches():
    budget = Budget(100)
    glyphs: ByteLRU[str, int] = ByteLRU(budget, "glyphs", sized)
    strips: ByteLRU[str, int] = ByteLRU(budget, "strips", sized)
    glyphs.put("g1", 40)
    strips.put("s1", 40)
    glyphs.put("g2", 10)
    assert glyphs.get("g1") == 40  # g1 used again: s1 is now the oldest of all
    strips.put("s2", 30)  # 120 > 100: s1 goes, not g1
    assert "s1" not in strips and "g1" in glyphs and "g2" in glyphs
    assert budget.total == glyphs.nbytes + strips.nbytes == 80
    assert budget.evicted == 1


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 12), st.integers(1, 60), st.booleans()),
        min_size=1,
        max_size=60,
    )
)
def test_total_is_exact_and_within_the_limit_after_every_put(ops):
    """Whatever the puts and gets, the budget's total is the sum of what the caches hold, each
    cache's bytes are the sum of its entries, and the total never exceeds the limit (the newest
    entry alone may: it is kept)."""
    budget = Budget(150)
    caches = [ByteLRU(budget, str(i), sized) for i in range(3)]
    model: list[dict[int, int]] = [{}, {}, {}]
    for which, key, cost, read in ops:
        cache = caches[which]
        if read:
            assert cache.get(key) == model[which].get(key)
            continue
        cache.put(key, cost)
        model = [{k: c.peek(k) for k in c} for c in caches]  # what survived eviction
        assert model[which][key] == cost  # the newest entry is always kept
        assert budget.total == sum(c.nbytes for c in caches)
        assert all(c.nbytes == sum(m.values()) for c, m in zip(caches, model))
        assert budget.total <= max(budget.limit, cost)


def test_entries_used_in_the_current_frame_are_kept_even_over_the_limit():
    budget = Budget(50)
    cache: ByteLRU[str, int] = ByteLRU(budget, "faces", sized)
    cache.put("old", 30)
    budget.new_frame()
    cache.put("a", 30)  # over the limit: "old" (not on screen) goes
    assert "old" not in cache
    cache.put("b", 30)  # "a" is on screen this frame: kept although over the limit
    assert "a" in cache and "b" in cache and budget.total == 60
    budget.end_frames()
    cache.put("c", 10)  # outside the frame the oldest goes again
    assert "a" not in cache and budget.total <= 50


def test_a_cache_dropped_gives_its_bytes_back():
    budget = Budget(1000)
    cache: ByteLRU[str, int] = ByteLRU(budget, "text", sized)
    cache.put("x", 300)
    del cache
    import gc

    gc.collect()
    assert budget.total == 0 and budget.caches() == []


def test_budget_follows_the_window_within_floor_and_ceiling():
    assert limit_for((1920, 1080)) > limit_for((1280, 720)) >= FLOOR
    assert limit_for((100, 100)) == FLOOR and limit_for((10000, 10000)) == CEILING
    budget = Budget(limit_for((1920, 1080)))
    cache: ByteLRU[int, int] = ByteLRU(budget, "t", sized)
    for i in range(10):
        cache.put(i, FLOOR // 4)
    budget.fit_window((640, 480))  # a smaller window: memory is given back at once
    assert budget.total <= FLOOR


@pytest.fixture(scope="module")
def display():
    from cardtable.render import init_display

    surface = init_display((320, 200), headless=True)
    yield surface


def test_glyphs_and_text_are_bounded_by_bytes_of_the_budget(display):
    """The glyph and text caches hold surfaces whose pixel bytes are counted, and never exceed
    their share: drawing 300 different glyphs at a large size stays within a small budget."""
    from cardtable.render.glyphs import GlyphBook

    budget = Budget(2 * 1024 * 1024)
    book = GlyphBook(budget=budget)
    gids = list(book.shapes) or [None]
    for i in range(300):
        surf = book.render(gids[i % len(gids)], 120, (i % 256, 40, 200))
        assert surf.get_size() == (120, 120)
        assert budget.total <= budget.limit
    assert budget.evicted > 0
    one = pygame.Surface((120, 120), pygame.SRCALPHA)
    assert budget.total == len(book._cache) * one.get_pitch() * 120


def test_blank_runs_count_frames_with_a_blank_and_the_longest_run_of_one_slot():
    runs = BlankRuns()
    runs.frame([])
    runs.frame([(0, 3)])  # slots 0, 1, 2 blank
    runs.frame([(1, 2)])  # slot 1 blank a second frame
    runs.frame([(1, 2), (7, 8)])  # slot 1 a third, slot 7 a first
    runs.frame([(0, 1)])  # slot 0 blank again: a new run (it was drawn in between)
    runs.frame([])
    assert runs.frames == 6 and runs.blank_frames == 4
    assert runs.longest == 3
    assert runs.as_dict()["blank_frame_share"] == round(4 / 6, 4)
    assert BlankRuns().share == 0.0


def test_prefetch_goes_ahead_of_the_pan_leading_edge_first():
    from cardtable.render.prefetch import Heading, ahead

    visible, grid = (10, 20, 5, 8), (100, 50)  # columns 10..19, rows 5..7 on screen
    # moving right and down: the rows below first (reaching into the corner), then the columns right
    spans = ahead(visible, (1, 1), grid, (4, 2))
    assert spans[:2] == [(8, 10, 24), (9, 10, 24)]
    assert spans[2:] == [(5, 20, 24), (6, 20, 24), (7, 20, 24)]
    # moving left only: the columns left of the screen, nothing above or below
    assert ahead(visible, (-1, 0), grid, (4, 2)) == [(r, 6, 10) for r in (5, 6, 7)]
    # up: the nearest row above first
    assert [r for r, _, _ in ahead(visible, (0, -1), grid, (4, 2))] == [4, 3]
    # still: a ring all round; nothing outside the grid
    ring = ahead((0, 3, 0, 2), (0, 0), (3, 2), (4, 2))
    assert ring == []
    ring = ahead(visible, (0, 0), grid, (1, 1))
    assert (4, 9, 21) in ring and (8, 9, 21) in ring and (5, 9, 10) in ring and (5, 20, 21) in ring
    h = Heading()
    assert h.update(1.0, 1.0, 3) == (0, 0)
    assert h.update(1.5, 0.5, 3) == (1, -1)
    assert h.update(1.5, 0.5, 3) == (1, -1)  # a pause keeps the heading
    assert h.update(1.5, 0.5, 4) == (0, 0)  # a new zoom level forgets it


def test_browser_makes_the_faces_ahead_of_a_pan_and_counts_what_it_left_blank(display):
    """Panning right, the strips just right of the screen are made before they show; a jump
    somewhere new shows blank slots until the faces are made, and the browser says which."""
    from cardtable.catalog import resolve
    from cardtable.render.atlas import group_size
    from cardtable.render.browser import DeckBrowser
    from cardtable.render.ladder import LEVELS

    deck = resolve("infinite_poker").deck
    browser = DeckBrowser(deck, (320, 200), face_budget=64 * 1024 * 1024)
    cam = browser.camera
    cam.jump(LEVELS.index(48))
    cam.center_on(20, 10)
    browser.draw(display, budget=0.0)  # no time to paint: every visible slot is blank
    c0, c1, r0, r1 = cam.visible()
    assert sorted(p for lo, hi in browser.blank for p in range(lo, hi)) == sorted(
        r * browser.layout.cols + c for r in range(r0, r1) for c in range(c0, c1)
    )
    for _ in range(50):
        browser.draw(display, budget=0.05)
        if not browser.blank:
            break
    assert browser.blank == []
    cam.pan(10, 0)  # a step right: the strips past the right edge are asked for and made
    browser.draw(display, budget=1.0)
    g, cols = group_size(48), browser.layout.cols
    c0, c1, r0, r1 = cam.visible()
    for r in range(r0, r1):
        p = r * cols + min(cols - 1, c1 + g - 1)
        assert (48, p // g) in browser.atlas.strips


def test_dropped_bytes_are_counted_and_the_heap_is_trimmed_when_due():
    budget = Budget(100)
    cache: ByteLRU[int, int] = ByteLRU(budget, "strips", sized)
    for i in range(5):
        cache.put(i, 60)  # each put drops the one before
    assert budget.dropped_bytes == 4 * 60 and budget.evicted == 4
    assert not budget.trim_if_due(every=1000)  # not yet: nothing is done, the count stays
    assert budget.dropped_bytes == 240
    assert budget.trim_if_due(every=200) and budget.dropped_bytes == 0
