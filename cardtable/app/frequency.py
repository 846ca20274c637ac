"""How often random hands of a variant fall in each category, sampled a few at a time: for the
rules screen and the table's rules panel. The figures are shown only once the sample has
settled (SETTLED hands; "measuring…" until then), all to one precision, and never change after. Kept apart from the rules screen so that the table's
panel (Tab) does not import the screen's pictures and odds when it first opens."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from .. import clock
from ..hands.odds_text import column
from ..variant import Variant

SAMPLE_BUDGET = 0.006  # seconds of sampling per frame once every example on screen is found


class FrequencySampler:
    """How often random hands of a variant fall in each category, a few at a time."""

    LIMIT = 10_000  # hands sampled: then the figures are settled and shown, and stay
    SETTLED = LIMIT

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.hands: Any = variant.sections.get("hands")
        self.counts: list[int] = [0] * (len(self.hands.categories) + 1) if self.hands else []
        self.samples = 0
        self.rng = random.Random(1)
        self.shown: list[str] = []  # the settled figures, worked out once
        self.preparing: Generator[None, None, None] | None = None  # the evaluator's tables, in pieces
        self.prepared = False

    def step(self, budget: float = SAMPLE_BUDGET) -> None:
        """Sample for `budget` seconds: first the evaluator's tables a piece at a time (a large
        deck's take many frames' budgets), then hands, none begun once the budget is spent."""
        if not self.hands or self.samples >= self.LIMIT:
            return
        from ..hands.api import evaluate_pool, prepare

        size, cards = self.hands.size, range(self.variant.deck.size)
        end = clock.now() + budget
        if self.preparing is None:
            self.preparing = prepare(self.hands)
        while not self.prepared and clock.now() < end:
            self.prepared = next(self.preparing, True) is True
        while self.prepared and clock.now() < end and self.samples < self.LIMIT:
            self.counts[evaluate_pool(self.hands, self.rng.sample(cards, size), size).rank] += 1
            self.samples += 1

    @property
    def settled(self) -> bool:
        return self.samples >= self.SETTLED

    def frequency(self, index: int) -> str:
        """How often a random hand is this category, or "measuring…" while the sample grows."""
        if not self.hands:
            return ""
        if not self.settled:
            return "measuring…"
        if not self.shown:
            n = self.samples
            self.shown = [
                f"not seen in {n:,}" if k == 0 else t
                for k, t in zip(self.counts, column([k / n for k in self.counts]))
            ]
        return self.shown[index]
