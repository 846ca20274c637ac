"""The working context of one rules step: the variant's fixed rules plus the state being changed.

Verbs receive a `Ctx`; it is the only thing that mutates a state, and only a fresh copy (the
public API never hands out the state it is working on).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import wording
from .state import order_after, zone
from .types import Card, Number, OptionValue, Round, State, Zone

if TYPE_CHECKING:
    from ..deck import Deck
    from .betting import Betting
    from .layout import Layout
    from .rules import Rules


class Ctx:
    def __init__(self, rules: Rules, st: State) -> None:
        self.rules = rules
        self.st = st
        self.variant = rules.variant
        self.layout: Layout = rules.layout
        self.deck: Deck = rules.variant.deck

    # --- chance -------------------------------------------------------------------------------
    def rng(self, what: str) -> random.Random:
        """A random source derived from the game's seed; recorded in the log as a chance action."""
        n = self.st["chance"]
        self.st["chance"] = n + 1
        self.st["log"].append({"seat": None, "type": "shuffle", "what": what, "n": n})
        return random.Random(f"{self.st['seed']}:{n}")

    # --- events (the text log a view shows) -------------------------------------------------------
    def say(self, text: str, seat: int | None = None, private: str | None = None) -> None:
        """`text` is for everyone; `private` (if given) replaces it for `seat` alone."""
        if private is not None:
            self.st["events"].append({"text": text, "seat": seat, "private": private})
        else:
            self.st["events"].append({"text": text})

    def name(self, seat: int) -> str:
        return self.st["seats"][seat]["name"]

    def card(self, card: Card) -> str:
        """One card by its full name: 'the Queen of Hearts'."""
        return wording.card_name(self.deck, card)

    def cards(self, cards: list[Card]) -> str:
        """Cards for a sentence: full names for one or two, a short list for more (wording.py)."""
        return wording.card_list(self.deck, cards)

    def zone_name(self, name: str) -> str:
        """A zone as the table calls it (its `label:`): 'the card pot'."""
        return f"the {self.layout.zones[name].label}"

    # --- seats and zones ----------------------------------------------------------------------
    @property
    def direction(self) -> int:
        return self.layout.direction

    def order(self, after: int | None, seats: list[int], direction: int | None = None) -> list[int]:
        return order_after(self.st, after, seats, direction or self.direction)

    def dealer(self) -> int | None:
        return self.st["dealer"]

    def zone(self, name: str, seat: int | None = None) -> Zone:
        return zone(self.st, name, seat)

    def deck_zone(self) -> Zone:
        return zone(self.st, self.layout.deck)

    def round(self) -> Round:
        """The state of the step being played."""
        rs = self.st["step"]
        if rs is None:
            raise RuntimeError("no step is being played")
        return rs

    def betting(self) -> Betting:
        """The betting rules (only verbs that validation allows without them never ask)."""
        if self.rules.betting is None:
            raise RuntimeError("this variant has no betting section")
        return self.rules.betting

    def option(self, raw: Number) -> int:
        """A number written in the YAML, as a literal or {option: NAME}, in this game."""
        value: OptionValue = self.st["options"][raw["option"]] if isinstance(raw, dict) else raw
        return int(value)
