"""Decisions the table could not see: which entries of a game's log a save must seal.

A decision names cards in the fields the engine types as cards (`Action`'s `Card` fields: a
discard's or an exchange's `cards`, a placement's `card`...). Its card fields are hidden when one
of those cards was seen by everyone neither just before the decision nor just after it (the
view's `public`: face up, in a zone everyone sees, or declared). Nothing here knows a verb's
name: a face-down discard is hidden, a card placed face up or turned up at a showdown is not.

In the save of an unfinished game a hidden decision's card fields are sealed, like the seed
(`seal.seal_fields`), into one field, `sealed`; a finished game's save keeps them clear.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.replay import Replay, describe_action
from ..engine.types import Action, OptionValue, State
from ..engine.view import public_among
from ..errors import IllegalAction
from . import seal

if TYPE_CHECKING:
    from ..engine import Rules

SEALED = "sealed"  # the field a sealed entry keeps its hidden fields in
# The fields of a decision that name cards: those the engine's Action type declares as cards.
CARD_FIELDS = tuple(
    name
    for name, kind in Action.__annotations__.items()
    if re.search(r"\bCard\b", str(getattr(kind, "__forward_arg__", kind)))
)


def named_cards(action: Mapping[str, Any]) -> set[int]:
    """The cards a decision names (in its card fields)."""
    out: set[int] = set()
    for name in CARD_FIELDS:
        value = action.get(name)
        for card in value if isinstance(value, list) else [value]:
            if isinstance(card, int) and not isinstance(card, bool):
                out.add(card)
    return out


def hides(rules: Rules, before: State, after: State, action: Mapping[str, Any]) -> bool:
    """Whether a decision names a card some seat saw neither before it nor after it."""
    cards = named_cards(action)
    if not cards:
        return False
    unseen = cards - public_among(rules, before, cards)
    return bool(unseen - public_among(rules, after, unseen))


def replay(
    rules: Rules,
    seats: Sequence[Mapping[str, str]],
    seed: int,
    options: Mapping[str, OptionValue] | None,
    log: list[Action],
    start: State | None = None,
    marks: list[int] | None = None,
) -> tuple[State, set[int]]:
    """The game a log leads to (as `Rules.replay`, IllegalAction if it does not) and the indices
    of its hidden decisions, found on the way (only decisions naming cards cost anything). With
    `start` (the state after the log's first entries) only the entries after it are replayed,
    and only their hidden decisions found. `marks` gets the talk's length after each step."""
    run = Replay(rules, seats, seed, options, log, start)
    hidden: set[int] = set()
    waiting: tuple[int, set[int]] | None = None  # the decision coming next: (index, cards unseen before it)
    first = len(start["log"]) if start is not None else 0
    upcoming = (i for i in range(first, len(log)) if log[i].get("seat") is not None)
    for step in run:
        if marks is not None:
            marks.append(step.events)
        if waiting is not None and waiting[1] and waiting[1] - public_among(rules, step.state, waiting[1]):
            hidden.add(waiting[0])
        nxt = next(upcoming, None)
        waiting = None
        if nxt is not None:
            cards = named_cards(log[nxt])
            waiting = (nxt, cards - public_among(rules, step.state, cards) if cards else set())
    if run.stop is not None or run.state is None:
        raise IllegalAction(run.stop.reason if run.stop else "the log does not replay")
    return run.state, hidden


# ---------------------------------------------------------------------------- in the file
def seal_entry(key: bytes, game_id: str, index: int, action: Action) -> dict[str, Any]:
    """A hidden decision as a save of an unfinished game writes it: its seat, type and the fields
    that name no card in the clear, its card fields sealed."""
    secret = {k: v for k, v in action.items() if k in CARD_FIELDS}
    out: dict[str, Any] = {k: v for k, v in action.items() if k not in CARD_FIELDS}
    out[SEALED] = seal.seal_fields(key, game_id, index, secret)
    return out


def unseal_entry(key: bytes, game_id: str, index: int, entry: dict[str, Any]) -> dict[str, Any]:
    """The decision a sealed entry holds; ValueError when it cannot be opened with `key`."""
    sealed = entry[SEALED]
    if not isinstance(sealed, str):
        raise ValueError("malformed")
    fields = seal.unseal_fields(key, game_id, index, sealed)
    if not set(fields) <= set(CARD_FIELDS) or set(fields) & set(entry):
        raise ValueError("malformed")
    out = {k: v for k, v in entry.items() if k != SEALED}
    out.update(fields)
    return out


class SealedLog:
    """The last log sealed, entry by entry: a game saves after every action, and the entries the
    last save sealed (the very same objects, in the same places) keep their sealed form, so the
    writer's per-line cache (format._LogLines) sees them unchanged."""

    def __init__(self) -> None:
        self.entries: list[Action] = []
        self.written: list[Any] = []
        self.context: tuple[bytes, str, frozenset[int]] | None = None

    def write(self, key: bytes, game_id: str, log: list[Action], hidden: frozenset[int]) -> list[Any]:
        same = 0
        if self.context is not None and self.context[:2] == (key, game_id):
            same = min(len(self.entries), len(log))
            if not all(map(operator.is_, self.entries, log)):  # (at C speed: a save per action)
                same = next(i for i, (a, b) in enumerate(zip(self.entries, log)) if a is not b)
            changed = self.context[2] ^ hidden
            if changed:
                same = min(same, min(changed))
        written = self.written[:same]
        for i in range(same, len(log)):
            entry = log[i]
            written.append(seal_entry(key, game_id, i, entry) if i in hidden else entry)
        self.entries, self.written, self.context = list(log), written, (key, game_id, hidden)
        return written


def masked(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A decision with its cards left out ("?"), for words about it that anyone may read."""
    return {k: ("?" if k in CARD_FIELDS else v) for k, v in entry.items()}


def public_reason(reason: str, entry: Action | None, seats: Sequence[Mapping[str, str]]) -> str:
    """A replay's stop reason with a hidden decision's cards left out (it names the entry)."""
    if entry is None or not named_cards(entry):
        return reason
    return reason.replace(describe_action(entry, seats), describe_action(masked(entry), seats))
