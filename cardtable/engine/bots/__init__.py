"""Computer players. They decide from one seat's view only: they are never handed the state, and a
card hidden from their seat reaches them only as -1 (or not at all).

    decide(rules, view, seed, level="normal", style="balanced") -> action  # the same five, the same action
    Thinker(rules, view, seed, level, style).step(budget_s) -> bool  # the same decision, a piece per frame
    LEVELS                                   # "easy", "normal", "hard": they differ in how they play
    STYLES                                   # "balanced", "tight", "loose-aggressive"... (style.py)

Betting follows an estimated chance to win, found by dealing the cards the seat has not seen into
every place hidden from it a fixed number of times and comparing the hands. Draws keep the cards
that make the best hand; exchanges take the card pot when it helps; on an open grid a placement
is weighed by what it scores and, by level, by what it leaves the next player and itself. Each verb's move is its module's `think` (engine/verbs/), given a
`SeatMind` (mind.py): the view, the legal choices, a seeded generator and these estimates.

`random_action(rules, state, seat, rng)` plays any legal action at random (tests use it);
`fill(rules, view, template, rng)` makes one template's choices at random. The deciding verb
makes them (`Verb.fill_randomly`).
"""

from .randomly import calm, fill, random_action
from .style import BALANCED, STYLES, split_player
from .think import LEVELS, Thinker, decide

__all__ = [
    "BALANCED",
    "LEVELS",
    "STYLES",
    "Thinker",
    "calm",
    "decide",
    "fill",
    "random_action",
    "split_player",
]
