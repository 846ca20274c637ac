"""A computer player's mind for one decision: its seat's view, the legal templates, its random
generator and the level's work, with the estimates a verb's move may ask for (verbs.base.Mind)."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import TYPE_CHECKING

from ..types import Action, Card, Template, View
from .chance import win_chance
from .drawing import best_discard
from .randomly import fill
from .reading import forced, pressure
from .seen import hand_cards, live_opponents, own_value
from .style import EVEN, Style

if TYPE_CHECKING:
    from ...hands.value import HandValue
    from ..rules import Rules


class SeatMind:
    def __init__(
        self,
        rules: Rules,
        view: View,
        rng: random.Random,
        deals: int,
        reads: float = 0.0,
        bluff: float = 0.0,
        playing: Style = EVEN,
        probe: float = 0.0,
        foresight: int = 0,
        crowd: float = 0.0,
    ) -> None:
        seat = view["seat"]
        if seat is None:
            raise ValueError("a computer player decides from its own seat's view, not the public one")
        self.rules, self.view, self.seat, self.rng, self.deals = rules, view, seat, rng, deals
        self.reads = reads  # how sharply opponents' hands are weighed by their betting (reading.py)
        self.bluff = bluff
        self.probe = probe
        self.foresight = foresight  # turns past this one a placement weighs (verbs/place_mind.py)
        self.crowd = crowd  # against several opponents, the least pressure each is read with
        self.entry, self.aggression = playing.entry, playing.aggression  # its style (style.py)
        self.legal: dict[str, Template] = {t["type"]: t for t in view["legal"]}

    def hand(self) -> list[Card]:
        return hand_cards(self.view)

    def own_value(self, hand: list[Card]) -> HandValue:
        return own_value(self.rules, self.view, hand)

    def win_chance(self) -> Generator[None, None, float]:
        return win_chance(self.rules, self.view, self.rng, self.deals, self.reads, self.crowd)

    def best_discard(self, least: int, most: int) -> Generator[None, None, list[Card]]:
        hands = 8 * self.deals  # spread over the ways of keeping cards
        return best_discard(self.rules, self.view, self.rng, self.hand(), least, most, hands, self.own_value)

    def pressure(self) -> float:
        view, rules = self.view, self.rules
        return max(
            (pressure(view, i, forced(rules, view, i)) for i in live_opponents(view, self.seat)), default=0.0
        )

    def fill(self, t: Template) -> Action:
        return fill(self.rules, self.view, t, self.rng)
