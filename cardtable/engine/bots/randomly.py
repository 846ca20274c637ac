"""Random legal play, for tests and fuzzing: any legal action, amounts and cards chosen at random.

The golden playthroughs record games played this way, so the order in which the random generator
is used here is part of them: change it only with the goldens.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..types import Action, Card, State, Template
from .seen import hand_cards

if TYPE_CHECKING:
    from ..rules import Rules


def random_action(rules: Rules, state: State, seat: int, rng: random.Random) -> Action:
    """Any legal action of `seat`, chosen at random; its cards come from the seat's own view."""
    t = rng.choice(rules.legal_actions(state, seat))
    hand = hand_cards(rules.view(state, seat)) if _needs_hand(t) else []
    return fill(rules, seat, t, hand, rng)


def _needs_hand(t: Template) -> bool:
    return t["type"] in ("discard", "swap") or bool(t.get("showdown_allowed"))


def fill(rules: Rules, seat: int, t: Template, hand: list[Card], rng: random.Random) -> Action:
    """An action made from the template `t` with random choices; `hand` is the seat's own hand (the
    cards a discard, a swap or a reveal may name)."""
    a: Action = {"seat": seat, "type": t["type"]}
    if t["type"] in ("bet", "raise"):
        a["amount"] = rng.randint(t["min"], t["max"])
    elif t["type"] == "discard":
        a["cards"] = rng.sample(hand, rng.randint(t["min"], min(t["max"], len(hand))))
    elif t["type"] == "swap":
        a["give"] = rng.sample(hand, t["count"])
    elif t["type"] == "flip":
        a[t["key"]] = rng.choice(t["choices"])  # type: ignore[literal-required]
    elif t["type"] == "declare":
        a["cards"] = rng.sample(range(rules.variant.deck.size), t["count"])
    elif t["type"] == "place":
        a["card"], a["at"] = rng.choice(t["cards"]), rng.choice(t["spots"])
    if t.get("showdown_allowed") and rng.random() < 0.15:
        a["showdown"] = True
        if t.get("reveal_count") and rng.random() < 0.5 and len(hand) >= t["reveal_count"]:
            a["reveal"] = rng.sample(hand, t["reveal_count"])
    return a
