"""What a hand is worth: the values the hands package answers with (api.py makes them).

A HandValue's `key` orders hands: higher is better, equal keys split the pot. The key is
(category strength, then the category's tie layers: its own cards, kickers, trumps...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Key = tuple[Any, ...]  # a hand's key: compared whole, its layers of mixed kinds


@dataclass(frozen=True)
class HandValue:
    key: Key  # compare with < and ==: higher is better; equal keys split the pot
    category: str  # the category's display name, e.g. "Full House"
    rank: int  # the category's position in the ranking, 0 = best
    cards: tuple[int, ...]  # the cards that make the hand (category cards first, then kickers)
    points: int = 0  # for points tables
    made: tuple[int, ...] = ()  # the category's own cards (the rest of `cards` are kickers)
    detail: str = ""  # a fuller name where the category alone says too little ("7-card Match")

    def describe(self, deck: Any) -> str:
        """'Full House: King of Hearts, ...' — the category and the cards that make it."""
        names = ", ".join(deck.short(c) for c in self.cards)
        title = self.detail or self.category
        return f"{title}: {names}" if names else title

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key


@dataclass(frozen=True)
class Placement:
    """The hands a placed card completes: (cards, category, points) per line, and the total."""

    lines: list[tuple[tuple[int, ...], str, int]] = field(default_factory=list)
    bonus: int = 0
    total: int = 0
