"""The odds authors publish, read as probabilities, and shares written for people."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.hands.published import probability, rounded, share


@pytest.mark.parametrize(
    ("text", "p"),
    [
        ("147 in 1,906,884", 147 / 1_906_884),
        ("1 in 2.5 million", 1 / 2.5e6),
        ("40.130 to 1", 1 / 41.130),
        ("0.0077%", 0.000077),
        ("0.000077", 0.000077),
        ("1", 1.0),
    ],
)
def test_published_odds_read_as_probabilities(text, p):
    assert probability(text) == pytest.approx(p)


@pytest.mark.parametrize("text", ["often", "1 in 0", "3 in 4 gazillion", "150%x"])
def test_odds_in_no_known_form_read_as_nothing(text):
    assert probability(text) is None


@pytest.mark.parametrize(
    ("p", "text"),
    [(0.36, "36.0%"), (0.009223, "0.922%"), (0.092233, "9.22%"), (1.0, "100%"), (0.0001, "0.0100%")],
)
def test_a_measured_share_shows_three_significant_figures(p, text):
    assert rounded(p) == text


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=1e-4, max_value=1.0))
def test_a_rounded_share_is_within_half_a_unit_of_its_third_figure(p):
    text = rounded(p)
    digits = re.fullmatch(r"(\d+)(?:\.(\d+))?%", text)
    assert digits, text
    value = float(text[:-1]) / 100
    significant = (digits[1] + (digits[2] or "")).lstrip("0")
    # three figures, or four when rounding carried into the next power of ten (9.9996% -> 10.00%)
    assert len(significant) == 3 or (len(significant) == 4 and significant.endswith("000"))
    assert value == pytest.approx(p, rel=0.006)


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=1e-30, max_value=0.99e-4))
def test_rare_shares_read_one_in_so_many_on_both_scales(p):
    assert rounded(p).startswith("1 in ") and share(p).startswith("1 in ")
