"""How often random hands of a variant fall in each category, sampled a few at a time: for the
rules screen and the table's rules panel. Kept apart from the rules screen so that the table's
panel (Tab) does not import the screen's pictures and odds when it first opens."""

from __future__ import annotations

import random
from typing import Any

from .. import clock
from ..hands.published import rounded
from ..variant import Variant

SAMPLE_BUDGET = 0.006  # seconds of sampling per frame once every example on screen is found


class FrequencySampler:
    """How often random hands of a variant fall in each category, a few at a time."""

    LIMIT = 200_000

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.hands: Any = variant.sections.get("hands")
        self.counts: list[int] = [0] * (len(self.hands.categories) + 1) if self.hands else []
        self.samples = 0
        self.rng = random.Random(1)

    def step(self, budget: float = SAMPLE_BUDGET) -> None:
        """Sample for `budget` seconds."""
        if not self.hands or self.samples >= self.LIMIT:
            return
        from ..hands.api import evaluate_pool

        size, cards = self.hands.size, range(self.variant.deck.size)
        end = clock.now() + budget
        while clock.now() < end:
            self.counts[evaluate_pool(self.hands, self.rng.sample(cards, size), size).rank] += 1
            self.samples += 1

    def frequency(self, index: int) -> str:
        if not self.samples:
            return ""
        p = self.counts[index] / self.samples
        return rounded(p) if p else f"< 1 in {self.samples:,}"
