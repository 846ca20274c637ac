"""Odds read one way ("4.8%", "1 in 20.9", "about 1 in 5.2 billion"), and a column of them is
printed to one precision with which different values never print alike: over every shipped
game's published, exact and as-played odds, and over random columns."""

import random
from pathlib import Path

import pytest

from cardtable.catalog import resolve
from cardtable.hands import ranking_exact
from cardtable.hands.odds_text import chance, column, many
from cardtable.hands.published import probability
from cardtable.hands.ranking import cached, ranked

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted([*(ROOT / "variants").glob("*.yaml"), *(ROOT / "variants" / "examples").glob("*.yaml")])


def test_one_format():
    assert chance(0.0478, 2) == "4.8%"
    assert chance(1 / 20.9) == "4.78%"
    assert chance(1 / 209) == "1 in 209"
    assert chance(1 / 20.9 / 100, 3) == "1 in 2,090"
    assert chance(1 / 37_905) == "1 in 37,900"
    assert chance(1 / 5.2e9, 2) == "about 1 in 5.2 billion"
    assert chance(1 / 1.7e34, 2) == "about 1 in 17 decillion"
    assert chance(0) == "never" and chance(1) == "always"
    assert chance(0.99999) != "100%"  # not every hand: never rounded up to all of them
    assert many(2_598_960) == "2,598,960" and many(16_998_883_337_140_046_176_134_755_897_878_800) == (
        "about 17 decillion"
    )


def _distinct_values_print_distinct(ps):
    shown = column(ps)
    by_text = {}
    for p, text in zip(ps, shown):
        assert by_text.setdefault(text, p) == p, f"{p} and {by_text[text]} both print {text!r}"
    return shown


def test_random_columns_never_print_two_values_alike():
    rng = random.Random(7)
    for _ in range(300):
        base = 10 ** rng.uniform(-36, 0)
        ps = [min(1.0, base * (1 + rng.choice([0, 1e-4, 1e-3, 0.01, 0.5]) * rng.random())) for _ in range(8)]
        _distinct_values_print_distinct(ps)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_shipped_games_odds_print_apart(path):
    variant = resolve(str(path))
    hands = variant.sections.get("hands")
    if hands is None:
        return
    published = [probability(c.published) for c in hands.categories if c.published]
    if published:
        assert None not in published, "a published figure the page cannot read"
        _distinct_values_print_distinct(published)
    if ranked(variant):
        exact = ranking_exact.ready(variant)
        if exact is not None:
            _distinct_values_print_distinct([exact.share(i) for i in range(len(exact.names))])
        freq = cached(variant)
        if freq is not None:
            _distinct_values_print_distinct([freq.share(i) for i in range(len(freq.names))])


def test_measured_figures_are_shown_once_settled_and_never_change(variants):
    from cardtable.app.frequency import FrequencySampler

    sampler = FrequencySampler(variants["poker_clash"])
    rows = range(len(sampler.hands.categories))
    seen = []
    while not sampler.settled:
        assert {sampler.frequency(i) for i in rows} == {"measuring…"}
        before = sampler.samples
        sampler.step(0.05)
        assert sampler.samples > before
        seen.append(before)
    shown = [sampler.frequency(i) for i in rows]
    assert "measuring…" not in shown and len(seen) > 1
    sampler.step(0.05)  # the sample is whole: more time changes no figure
    assert [sampler.frequency(i) for i in rows] == shown
    counts = sampler.counts[: len(rows)]
    assert len({t for t, k in zip(shown, counts)}) == len(set(counts))  # different counts, different text
