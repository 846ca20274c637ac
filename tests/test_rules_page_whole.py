"""The rules page says every sentence whole (issue 32): each category's sentence and reading, the
game's description, its readings and the notes on the odds wrap instead of being cut, in every
variant and example at three window sizes. Read from the frame manifest's texts while paging
down the whole page; and the deck's symbols have a legend."""

from __future__ import annotations

from functools import cache

import pygame
import pytest
from conftest import VARIANT_IDS, VARIANTS
from input_events import key

from cardtable.app.headless import start
from cardtable.hands.describe import description
from cardtable.variant import load_variant

EXAMPLES = sorted(f"examples/{p.stem}" for p in (VARIANTS / "examples").glob("*.yaml"))
SIZES = [(800, 600), (1280, 720), (1366, 768)]


def _words(text: str) -> str:
    return " ".join(text.split())


@cache
def loaded(vid: str):
    """The variant `vid`, loaded once for its three window sizes: the rules page only reads it,
    and its example hands are found once per rules object (hands/examples.py), as a player
    resizing the window has them found once."""
    return load_variant(VARIANTS / f"{vid}.yaml")


def page_texts(vid: str, size: tuple[int, int]) -> tuple[str, object, list[dict]]:
    """Every text the page drew, frame after frame from its top to its end, joined in order;
    the scene; and the texts of every frame."""
    variant = loaded(vid)
    app = start(variant, scene="rules", size=size)
    scene = app.scene
    seen: list[dict] = []
    last = None
    for _ in range(200):
        texts = app.manifest()["texts"]
        if texts == last:  # paging on shows nothing new: the page's end
            break
        seen += texts
        last = texts
        app.step([key(pygame.K_PAGEDOWN)], dt=0.0)
    else:
        raise AssertionError("paging down never reached the page's end")
    return " ".join(_words(t["text"]) for t in seen), scene, seen


LEGEND = {  # what the legend says of some decks' symbols
    "sigilian_poker": ["Evil", "Good", "Chaos", "Law", "never Evil with Good", "Wild (The Lady of Pain)"],
    "sevendeck_poker": ["Suits go round a circle: Diamond → Violet", "→ Wave → Diamond"],
    "infinite_poker": ["Crimson", "Slate", "Every colour has 15 suits", "Bn", "Banner", "Trump"],
    "texas_holdem": ["Clubs", "Spades", "Jack", "Low to high: 2 3 4 5 6 7 8 9 10 J Q K A."],
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("vid", VARIANT_IDS + EXAMPLES)
def test_every_sentence_on_the_rules_page_is_shown_whole(vid, size):
    joined, scene, texts = page_texts(vid, size)
    w, h = size
    for t in texts:  # every line inside the window
        x, y, tw, th = t["rect"]
        assert x >= 0 and x + tw <= w and y >= 0 and y + th <= h, t
    variant = scene.variant
    assert _words(variant.description) in joined, "the game's description is cut"
    for words in LEGEND.get(vid, []):
        assert words in joined, ("the legend does not say", words)
    hands = scene.hands
    if hands is None:
        return
    if hands.reading:
        assert _words(f"Reading: {hands.reading}") in joined, "the reading is cut"
    for note in scene.odds.notes():
        assert _words(note) in joined, ("a note on the odds is cut", note)
    for i, cat in enumerate(hands.categories):
        said = description(cat, variant.deck) + (f" Reading: {cat.reading}" if cat.reading else "")
        assert _words(said) in joined, (vid, cat.name, "cut")
        assert f"{i + 1}. {cat.name}" in joined
        for long, short in zip(scene.odds.parts(i), scene.odds.parts(i, short=True)):  # none dropped
            assert long in joined or short in joined, (vid, cat.name, long)


def test_an_examples_making_cards_are_raised_and_outlined_and_combined_sets_say_their_count():
    """Sigilian's examples: the cards that make each category outlined (the manifest's `best`)
    and raised, and a hand of several sets named as the combining rule counts it."""
    from cardtable.hands.examples import example

    app = start("sigilian_poker", scene="rules", size=(1366, 768))
    scene = app.scene
    rules = scene.hands
    checked: set[int] = set()
    several = False
    for _ in range(20):  # down the page a block at a time, to the last category
        for _ in range(200):
            app.step([], dt=0.0)
            if not scene.busy:
                break
        app.step([], dt=0.0)
        m = app.manifest()
        joined = " ".join(_words(t["text"]) for t in m["texts"])
        for i in scene.shown:
            ex = example(rules, i)
            drawn = [c for c in m["cards"] if c["where"] == f"example:{i}"]
            assert [c["id"] for c in drawn] == list(ex.cards)
            assert {c["id"] for c in drawn if c["best"]} == set(ex.made)
            assert f"Example: {ex.value.detail}, the {len(ex.made)} cards raised and outlined." in joined
            if len(ex.made) > ex.value.key[0]:  # several sets: one card fewer than their cards
                several = True
                assert f"({len(ex.made)} cards in several sets, counted one smaller)" in ex.value.detail
            checked.add(i)
        if len(rules.categories) - 1 in checked:
            break
        app.step([key(pygame.K_DOWN)], dt=0.0)
    assert checked == set(range(len(rules.categories)))
    assert several, "no example of several sets"
