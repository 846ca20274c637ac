"""What a text costs to fit does not grow with its length (issue 28: a 10,000-character name made
every menu frame take 21-23 s, `ui.ellipsize` cutting one character at a time and measuring the
whole string each time). Work is counted, never timed: the font's `size` call is wrapped and every
measurement, with the characters it measured, is recorded."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

LENGTHS = (1_000, 10_000, 100_000)


class CountingFont:
    """A font that records the length of every text it is asked to measure."""

    def __init__(self, real: pygame.font.Font, calls: list[int]) -> None:
        self._real, self._calls = real, calls

    def size(self, words: str) -> tuple[int, int]:
        self._calls.append(len(words))
        return self._real.size(words)

    def __getattr__(self, name: str) -> object:
        return getattr(self._real, name)


@pytest.fixture()
def measured(monkeypatch, fresh_user):
    """The lengths of the texts measured (cleared by the test as it goes)."""
    from cardtable.app import ui

    pygame.font.init()
    monkeypatch.setattr(ui, "_scale", 1.0)  # the text size another test left does not count
    calls: list[int] = []
    real = ui._font
    monkeypatch.setattr(ui, "_font", lambda pixels, bold: CountingFont(real(pixels, bold), calls))
    ui.clear_measures()
    yield calls
    ui.clear_measures()


def cost(calls: list[int], work) -> tuple[int, int]:
    """(measurements, characters measured) by `work()`."""
    calls.clear()
    work()
    return len(calls), sum(calls)


@pytest.mark.parametrize(
    "make",
    [lambda n: "W" * n, lambda n: ("word " * n)[:n], lambda n: ("Wide " * n)[:n] + "\nmore"],
    ids=["one word", "many words", "two paragraphs"],
)
def test_ellipsize_and_fit_measure_as_much_whatever_the_length(measured, make):
    from cardtable.app import ui

    def fit_both(words: str, n: int, width: int) -> None:
        ui.ellipsize(words, 20, width)
        ui.fit([words, words[: n // 2]], 20, width)

    for width in (40, 300, 1200):
        costs = []
        for n in LENGTHS:
            words = make(n)
            ui.clear_measures()
            costs.append(cost(measured, lambda w=words, n=n, room=width: fit_both(w, n, room)))
        assert costs[-1] == costs[-2], (width, costs)  # past what could show, length changes nothing
        for count, chars in costs:
            assert count <= 40 and chars <= 40 * (width + 2), (width, costs)


def test_a_text_fitted_again_is_not_measured_again(measured):
    """The menu draws the same names every frame: after the first frame, nothing is measured."""
    from cardtable.app import ui

    surface = pygame.Surface((400, 100))
    long = "Q" * 10_000
    first = cost(measured, lambda: ui.text(surface, long, (0, 0), 24, width=300))
    again = cost(measured, lambda: ui.text(surface, long, (0, 0), 24, width=300))
    assert first[0] > 0 and again == (0, 0)
    assert cost(measured, lambda: ui.ellipsize(long, 20, 250))[0] > 0
    assert cost(measured, lambda: ui.ellipsize(long, 20, 250)) == (0, 0)


def test_drawn_lines_and_wrapped_texts_are_capped(measured):
    from cardtable.app import ui

    surface = pygame.Surface((400, 100))
    drawn = ui.text(surface, "x" * 100_000, (0, 0), 12)  # no width: cut to a line that could show
    assert measured == [] and drawn.width <= ui.MAX_LINE * 12  # not 700,000 pixels rendered
    words = "short words " * 20_000
    counts = []
    for n in (50_000, 240_000):
        ui.clear_measures()
        counts.append(cost(measured, lambda n=n: ui.wrap(words[:n], 20, 300)))
    assert counts[0] == counts[1]  # both cut at MAX_WRAPPED characters
    lines = ui.wrap(words, 20, 300)
    assert sum(len(line) + 1 for line in lines) <= ui.MAX_WRAPPED + 1
    # about two measurements a line (the last line's length is tried first), not one a word
    assert counts[0][0] <= 3 * len(lines) + 10 and counts[0][1] <= 4 * ui.MAX_WRAPPED, counts


def test_a_text_field_holding_a_long_value_measures_a_few_times(measured):
    from cardtable.app import ui

    surface = pygame.Surface((400, 100))
    costs = []
    for n in LENGTHS:
        field = ui.TextInput("n" * n, max_len=n)
        field.rect = pygame.Rect(0, 0, 300, 40)
        field.focused = True
        costs.append(cost(measured, lambda f=field: f.draw(surface)))
    assert len({c[0] for c in costs}) == 1 and costs[0][0] <= 30, costs


def test_fitting_gives_what_cutting_letter_by_letter_gave(measured):
    """Halving finds the same cut as the old loop: the longest start that fits with its '…'."""
    from cardtable.app import ui

    f = ui.font(20)
    for words in ("Royal flush of everything", "W" * 300, "a b c d e f g h i j k l m n o p", "one\ntwo"):
        for width in (10, 35, 80, 150, 400):
            first = ui.wrap(words, 20, width - f.size(" …")[0])[0]
            while first and f.size(first + "…")[0] > width:  # the old way, one letter at a time
                first = first[:-1]
            old = first.rstrip() + "…"
            fits = "\n" not in words and f.size(words)[0] <= width
            assert ui.ellipsize(words, 20, width) == (words if fits else old), (words, width)


@pytest.mark.parametrize("scene", ["table", "rules", "howto"])
def test_a_frame_showing_long_texts_measures_next_to_nothing(measured, variants, scene):
    """The variant's name, description and summary, and the seats' names, 10,000 characters
    long: the first frame measures a bounded amount, and a frame like the last next to nothing."""
    from cardtable.app.headless import start
    from cardtable.app.scene import App

    variant = dataclasses.replace(
        variants["texas_holdem"],
        name="N" * 10_000,
        description=("Described " * 1_000),
        summary=("Summed up " * 1_000),
    )
    players = ["A" * 10_000, "B" * 10_000, "bot"] if scene == "table" else None
    app: list[App] = []
    opening = cost(
        measured,
        lambda: app.append(start(variant, players=players, scene=scene, size=(1280, 720), autosave=False)),
    )
    app[0].step([], dt=0.0)
    steady = cost(measured, lambda: app[0].step([], dt=0.0))
    assert opening[1] <= 300_000, opening  # a 10,000-character summary wrapped once: a few ms
    assert steady[1] <= 2_000, steady  # (measuring every text in full: 20,000 and more)
