"""Every hand category explains itself: a sentence for players and an example hand that the
evaluator really ranks in that category (issue 15)."""

from __future__ import annotations

import pytest
from conftest import VARIANT_IDS, VARIANTS, builtin

from cardtable.hands.api import evaluate_pool
from cardtable.hands.describe import derive, description
from cardtable.hands.examples import example
from cardtable.variant import load_variant

EXAMPLES = VARIANTS / "examples"


@pytest.mark.parametrize("vid", VARIANT_IDS + [f"examples/{p.stem}" for p in sorted(EXAMPLES.glob("*.yaml"))])
def test_every_category_has_a_sentence_and_an_example_the_evaluator_agrees_with(vid):
    variant = load_variant(VARIANTS / f"{vid}.yaml") if "/" in vid else builtin(vid)
    rules = variant.sections["hands"]
    assert variant.summary, f"{vid} has no summary:"
    for i, cat in enumerate(rules.categories):
        assert cat.describe, f"{vid}: '{cat.name}' has no describe:"
        ex = example(rules, i)
        if i in rules.never_counts:  # a higher category always takes its hands: no example exists
            assert ex is None
            continue
        assert ex is not None, f"{vid}: no example of '{cat.name}'"
        size = cat.size if cat.exact else rules.size
        assert len(ex.cards) == size and len(set(ex.cards)) == size
        value = evaluate_pool(rules, ex.cards, size, ex.declared)  # checked again, independently
        assert value.rank == i and value.category == cat.name, (vid, cat.name, value.category)
        assert set(ex.made) <= set(ex.cards) and ex.made


def test_examples_are_the_same_every_time():
    rules = builtin("sevendeck_poker").sections["hands"]
    first = [example(rules, i).cards for i in range(len(rules.categories))]
    from cardtable.hands import examples as module

    module._CACHE.clear()
    assert [example(rules, i).cards for i in range(len(rules.categories))] == first


@pytest.mark.parametrize("vid", ["sigilian_poker", "limbo_holdem"])
def test_the_rules_screen_finds_an_example_a_trial_hand_at_a_time_and_finds_the_same_one(vid):
    """No frame waits for a whole search (one category can take 25 ms of trial hands): with no
    time to spare, each call does one step, and the example found is the one found at once."""
    from cardtable.app.hand_pictures import HandPictures
    from cardtable.hands import examples as module

    variant = builtin(vid)
    rules = variant.sections["hands"]
    at_once = [example(rules, i) for i in range(len(rules.categories))]
    module._CACHE.clear()
    pictures = HandPictures(variant)
    calls = []
    for i in range(len(rules.categories)):
        n = 1
        while not pictures.work([i], budget=0.0):
            n += 1
            assert n < 10_000
        calls.append(n)
        got, want = pictures.found[i], at_once[i]
        assert (got and got.cards) == (want and want.cards)
    assert max(calls) > 5  # the longest searches really were spread over many calls


def test_a_category_without_a_sentence_gets_one_from_its_pattern_and_a_warning(tmp_path):
    import re

    from cardtable.variant import load_variant

    text = re.sub(r', describe: "[^"]*"', "", (VARIANTS / "texas_holdem.yaml").read_text())
    lines = [line for line in text.splitlines() if not line.strip().startswith("describe:")]
    copy = tmp_path / "plain.yaml"
    copy.write_text("\n".join(lines) + "\n")
    variant = load_variant(copy)
    rules = variant.sections["hands"]
    deck = variant.deck
    said = {c.name: description(c, deck) for c in rules.categories}
    assert (
        said["Straight Flush"] == "5 cards of the same suit, in consecutive ranks (Ace may also count low)."
    )
    assert said["Royal Flush"] == "The Ten, Jack, Queen, King and Ace of the same suit."
    assert (
        said["Full House"]
        == "3 cards of the same rank and 2 cards of the same rank, each of a different rank."
    )
    assert said["High Card"] == "Any hand: the highest cards count."
    warned = [w.message for w in variant.warnings]
    assert len(warned) == len(rules.categories)
    assert all("has no 'describe:'" in w for w in warned)
    assert derive(rules.categories[0], deck) in warned[0]


def test_validate_warns_but_passes(tmp_path, capsys):
    import re

    from cardtable.cli import main

    lines = (VARIANTS / "poker_clash.yaml").read_text().splitlines()
    lines = [re.sub(r', describe: "[^"]*"', "", line) if "name: Color" in line else line for line in lines]
    copy = tmp_path / "clash.yaml"
    copy.write_text("\n".join(lines) + "\n")
    assert main(["validate", str(copy)]) == 0
    out = capsys.readouterr()
    assert out.out.count("has no 'describe:'") == 1 and "'Color'" in out.out
    assert "5 cards of the same colour." in out.out
    assert "1 warning" in out.out  # the report is on stdout


def test_the_rules_screen_pictures_each_category_with_its_sentence_and_published_odds():
    import pygame
    from input_events import key

    from cardtable.app.headless import start

    app = start("sevendeck_poker", scene="rules", size=(1280, 720))
    scene = app.scene
    for _ in range(10):  # down past the description, legend and notes to the hands
        if scene.shown.start == 0 and len(scene.shown) >= 3:
            break
        app.step([key(pygame.K_DOWN)], dt=0.0)
    for _ in range(50):
        app.step([], dt=0.0)
        if not scene.busy:
            break
    app.step([], dt=0.0)
    m = app.manifest()
    rules = builtin("sevendeck_poker").sections["hands"]
    texts = " ".join(t["text"] for t in m["texts"])
    assert len(scene.shown) >= 3
    for i in scene.shown:
        drawn = [c for c in m["cards"] if c["where"] == f"example:{i}"]
        ex = example(rules, i)
        assert [c["id"] for c in drawn] == list(ex.cards)
        low = max(c["rect"][1] for c in drawn)
        raised = {c["id"] for c in drawn if c["rect"][1] < low}
        # the pattern's own cards stand raised (when the whole hand is the pattern, all are level)
        assert raised == (set(ex.made) if len(ex.made) < len(ex.cards) else set())
        assert rules.categories[i].describe.split(":")[0][:20] in texts
    assert "published: " in texts  # the seed's own frequencies, beside the measured ones
