"""The rules panel's frequency sampler does a bounded piece of work per frame (app/frequency.py):
the 12,000-card game's evaluator tables (each card's bucket keys) are made a piece per frame,
never all in one frame. Work is counted (cards keyed; the counting clock of tests/conftest.py,
0.2 ms a read, bounds the pieces a frame takes), never timed."""

from __future__ import annotations

from conftest import VARIANTS

from cardtable.app.frequency import FrequencySampler
from cardtable.hands import prefilter
from cardtable.variant import load_variant

BUDGET = 0.002  # the panel's 2 ms a frame: 10 reads of the counting clock


def test_no_frame_makes_more_than_a_budget_of_pieces_of_the_evaluator_tables(monkeypatch):
    keyed = [0]
    real = prefilter.card_keys

    def counting(rules, card, attrs):
        keyed[0] += 1
        return real(rules, card, attrs)

    monkeypatch.setattr(prefilter, "card_keys", counting)
    variant = load_variant(VARIANTS / "infinite_poker.yaml")  # its own: no tables made yet
    sampler = FrequencySampler(variant)
    frames: list[int] = []
    while sampler.samples < 40:  # the tables made, hands sampled
        before = keyed[0]
        sampler.step(BUDGET)
        frames.append(keyed[0] - before)
    assert sum(frames) >= variant.deck.size  # every card keyed (once per attribute group)
    most = round(BUDGET / 0.0002) * prefilter.PIECE  # a piece per read of the clock at most
    assert max(frames) <= most < variant.deck.size
    assert sampler.samples < 40 + 10  # nor more hands than reads of the clock in the last frame
