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
