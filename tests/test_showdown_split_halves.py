"""A split pot's showdown shows both halves' cards (issue 32): each shown hand's high hand, and
beside it, outlined, the cards of the low hand it made, which are that low hand in the second
ranking."""

from __future__ import annotations

import pytest
from conftest import VARIANTS
from test_showdown_screen import play_until

from cardtable.app.headless import start
from cardtable.hands.api import evaluate_pool
from cardtable.variant import load_variant


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))


def test_a_split_pots_showdown_draws_the_low_hands_cards():
    variant = load_variant(VARIANTS / "examples" / "omaha_hi_lo.yaml")
    split = variant.sections["hands"].split
    app = start(variant, players=["Ann", "Bob"], seed=6, autosave=False)  # both make a low
    table = app.scene
    play_until(app, lambda: table.showdown is not None, frames=2000)
    record = table.showdown.record
    m = app.manifest()
    lows = [h for h in record["shown"] if h.get("low")]
    assert len(lows) == 2
    for hand in lows:
        seat = hand["seat"]
        assert len(hand["low_cards"]) == 5
        low = evaluate_pool(split.rules, hand["low_cards"], 5)
        assert (low.detail or low.category) == hand["low"]  # the cards are the hand it names
        drawn = [c for c in m["cards"] if c["where"] == f"showdown_low:{seat}"]
        assert [c["id"] for c in drawn] == hand["low_cards"] and all(c["face_up"] for c in drawn)
        high = [c for c in m["cards"] if c["where"] == f"showdown:{seat}"]
        assert sorted(c["id"] for c in high) == sorted(hand["cards"])
        assert min(c["rect"][0] for c in drawn) > max(c["rect"][0] + c["rect"][2] for c in high)
    words = " ".join(t["text"] for t in m["texts"])
    assert "the cards on the right" in words
