"""The engine's plain data, typed: a game's state, its actions, and the per-seat view.

Everything here is JSON-shaped (dicts, lists, numbers, text), so a state can be copied, compared
and written out as it is; the TypedDicts only say which keys hold what. A card is an int, its
index in the deck; in a view a hidden card is -1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from .trail import Trail

Card = int
OptionValue = int | float | str | bool
Number = int | dict[str, str]  # a literal, or {"option": NAME}


# ---------------------------------------------------------------------------- the state
class Zone(TypedDict, total=False):
    """A list zone (stack, row, fan) has `cards` (bottom to top) and `up` (1: turned face up for
    everyone); a grid zone has `cells`, each [row, col, card, up]."""

    cards: list[Card]
    up: list[int]
    cells: list[list[int]]


class Seat(TypedDict):
    name: str
    kind: str  # "human" | "bot"
    chips: int
    bet: int  # put in during this betting round
    total: int  # put in during this hand
    folded: bool
    out: bool  # out of the match
    covers: bool  # showed cards for double stakes: eligible for every pot
    roles: list[str]
    points: int


class Action(TypedDict, total=False):
    """A decision ({"seat", "type", ...its verb's fields}) or, with seat None, a chance entry."""

    seat: int | None
    type: str
    amount: int
    cards: list[Card]
    give: list[Card]
    at: list[int]
    index: int
    card: Card
    showdown: bool
    reveal: list[Card]
    what: str  # chance entries: what was shuffled, and the how-manieth draw of chance
    n: int


class Template(TypedDict, total=False):
    """A legal action with the bounds of its choice (see rules.py)."""

    seat: int
    type: str
    min: int
    max: int
    cost: int
    count: int
    choices: list[int] | list[list[int]]
    key: str  # "at" (a grid place) or "index" (a place in a row)
    cards: list[Card]
    spots: list[list[int]]
    showdown_allowed: bool
    reveal_count: int
    label: str
    reveal_label: str
    pot: int  # bet/raise: the chips in the pot now (for a pot-sized quick choice)
    opens: str  # check in an unopened round with an opening requirement: what opening needs
    complete: bool  # raise: it completes a bet below a full bet (a bring-in) to a full one


class Event(TypedDict, total=False):
    """A line of table talk: `text` for everyone, `private` instead for `seat`."""

    text: str
    seat: int | None
    private: str


class Pot(TypedDict):
    amount: int
    eligible: list[int]


class _SplitShown(TypedDict, total=False):
    low: str  # a split pot's second ranking: the hand it made ("Eight low"), "" when none qualified
    low_cards: list[Card]  # that hand's cards (none when none qualified)


class ShownHand(_SplitShown):
    seat: int
    category: str
    cards: list[Card]
    made: list[Card]
    won: int


class HandRecord(TypedDict):
    """One hand's public outcome."""

    hand: int
    winners: list[int]
    category: str | None
    showdown: bool
    shown: list[ShownHand]
    won: dict[str, int]


class Result(TypedDict):
    winners: list[int]
    chips: list[int]
    points: list[int]
    hands: int
    reason: str


class Last(TypedDict):
    winner: int | None
    weakest: int | None


class Round(TypedDict, total=False):
    """The state of the step being played (`state["step"]`); each verb uses its own keys."""

    verb: str
    done: bool
    pending: list[int]  # seats still to act, in order
    current: int  # betting: the highest bet of the round
    min_raise: int
    raises: int
    closed: list[int]  # may only call or fold
    double: int | None  # the total to call after cards were shown for double stakes
    showdown_by: int | None
    drawn: bool  # exchange: the seat drew and must now give a card
    left: int  # reveal: cards still to turn up
    order: list[int]
    at: int
    passes: int


class State(TypedDict):
    variant: str
    seed: int
    options: dict[str, OptionValue]
    blind: int
    max_hands: int
    seats: list[Seat]
    zones: dict[str, Zone | list[Zone]]  # a seat zone is a list, one per seat
    hand: int
    dealer: int | None
    pc: int  # the program counter: the step of the hand being played
    step: Round | None
    turn: int | None
    loops: dict[str, int]
    declared: list[list[Card] | None]
    last: Last
    chance: int
    # append-only, shared by the states that follow (trail.py): an action costs the same at any length
    log: Trail[Action]
    events: Trail[Event]
    history: Trail[HandRecord]
    over: bool
    result: Result | None
    awarded: bool
    showdown_called: bool
    last_bettor: int | None
    bet_round: int
    folds: list[int]
    scored: dict[str, int]  # how often each scoring hand was made (points games)


# ---------------------------------------------------------------------------- the program
# One compiled step of `phases: hand:` (see phases.py): "do" names the verb; the other keys are
# that verb's fields as written in the YAML, plus "line" (where) and, for loops, the jump.
Step = TypedDict(
    "Step",
    {
        "do": str,
        "line": int,
        "when": str,
        "unless": str,
        "reading": str,
        "role": str,
        "amount": float,
        "dead": bool,
        "to": str,
        "count": Number,
        "face": str,
        "optional": bool,
        "first": str | dict[str, str],
        "must_open": bool,
        "showdown_call": dict[str, int | str],
        "zone": str,
        "by": str,
        "direction": str,
        "max": Number,
        "discard_to": str,
        "pot": str,
        "swap_max": int,
        "from": str,
        "grid": str,
        "refill": int,
        "back": int,
        "until": list[str],
        "id": int,
    },
    total=False,
)


# ---------------------------------------------------------------------------- the view
class SeatView(TypedDict):
    name: str
    kind: str
    chips: int
    bet: int
    total: int
    folded: bool
    out: bool
    roles: list[str]
    points: int


class ZoneView(TypedDict, total=False):
    owner: int | str  # a seat, or "table"
    shape: str
    visibility: str
    place: str
    label: str
    count: int
    cards: list[Card]  # list zones, bottom to top; -1 for a hidden card
    public: list[bool]  # list zones: whether everyone sees each card (face up, or a public zone)
    cells: list[list[int]]  # grid zones: [row, col, card or -1]
    size: list[int] | None
    max_line: int | None
    bound: list[int] | None  # an open grid's bound: its cards span at most [rows, cols]


class View(TypedDict):
    """What one seat (or, with seat None, everyone) may know; see view.py."""

    variant: str
    seat: int | None
    hand_number: int
    phase: str | None
    step: int | None
    to_move: int | None
    over: bool
    blind: int
    dealer: int | None
    seats: list[SeatView]
    pots: list[Pot]
    zones: dict[str, ZoneView]
    declared: list[list[Card] | None]
    legal: list[Template]
    log: Sequence[str]  # talk.Lines: shares the talk read before, never copied per view
    result: Result | None
    last_hand: HandRecord | None
    hands_won: list[int]  # per seat: the hands of this game it has won (a share counts)
    ranking: str  # the hand ranking played: "published", "frequency" or "exact" (the `ranking` option)
