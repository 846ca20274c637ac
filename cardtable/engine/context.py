"""The working context of one rules step: the variant's fixed rules plus the state being changed.

Verbs receive a `Ctx`; it is the only thing that mutates a state, and only a fresh copy (the
public API never hands out the state it is working on).
"""

from __future__ import annotations

import random
from typing import Any

from .state import State, order_after, zone


class Ctx:
    def __init__(self, rules: Any, st: State) -> None:
        self.rules = rules
        self.st = st
        self.variant = rules.variant
        self.layout = rules.layout
        self.deck = rules.variant.deck

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
        ev: dict[str, Any] = {"text": text}
        if private is not None:
            ev["seat"], ev["private"] = seat, private
        self.st["events"].append(ev)

    def name(self, seat: int) -> str:
        return self.st["seats"][seat]["name"]

    def card(self, card: int) -> str:
        return self.deck.short(card)

    def cards(self, cards: list[int]) -> str:
        return " ".join(self.card(c) for c in cards) or "nothing"

    # --- seats and zones ----------------------------------------------------------------------
    @property
    def direction(self) -> int:
        return self.layout.direction

    def order(self, after: int | None, seats: list[int], direction: int | None = None) -> list[int]:
        return order_after(self.st, after, seats, direction or self.direction)

    def dealer(self) -> int | None:
        return self.st["dealer"]

    def zone(self, name: str, seat: int | None = None) -> dict[str, Any]:
        return zone(self.st, name, seat)

    def deck_zone(self) -> dict[str, Any]:
        return zone(self.st, self.layout.deck)

    def blind(self) -> int:
        return self.st["blind"]

    def option(self, raw: Any) -> Any:
        return self.st["options"][raw["option"]] if isinstance(raw, dict) else raw
