"""Work budgets read one clock, which tests replace with a counting one: what a frame gets done is
then the same whether the machine is quiet or busy (a test once failed whenever the machine was
loaded, because a frame's budget of milliseconds held fewer faces)."""

import time

import pygame

from cardtable import clock
from cardtable.render.browser import DeckBrowser
from cardtable.render.ladder import LEVELS


def test_a_counting_clock_moves_a_tick_per_reading():
    counting = clock.Counting(tick=0.5)
    previous = clock.use(counting)
    try:
        assert [clock.now() for _ in range(3)] == [0.5, 1.0, 1.5]
    finally:
        assert clock.use(previous) is counting


def _frames(deck, slow: bool) -> list[list[tuple[int, int]]]:
    """The blank slots of the browser's first frames after a jump; each face painted `slow`ly
    costs a quarter of a millisecond more (about what painting it costs), as on a machine with
    both cores busy. (On the real clock that leaves 42 of 84 slots blank after four frames that
    fill them all at full speed: a frame's budget would hold fewer faces.)"""
    browser = DeckBrowser(deck, (800, 600))
    if slow:
        paint = browser.painter.paint

        def slow_paint(*args):
            end = time.perf_counter() + 0.00025
            while time.perf_counter() < end:
                pass
            paint(*args)

        browser.painter.paint = slow_paint  # type: ignore[method-assign]
    browser.camera.jump(LEVELS.index(64))
    screen = pygame.display.set_mode((800, 600))
    blanks = []
    for _ in range(4):
        browser.draw(screen)
        blanks.append(list(browser.blank))
    return blanks


def test_a_slow_machine_gets_the_same_frames(variants):
    deck = variants["infinite_poker"].deck
    quick = _frames(deck, slow=False)
    assert quick[0] and not quick[-1]  # the jump left slots blank, and later frames filled them
    assert _frames(deck, slow=True) == quick
