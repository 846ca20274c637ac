"""Taking an unfinished game up again from its save: the state its newest checkpoint holds, and why
a saved log stops replaying in words anyone may read (a hidden decision named without its cards)."""

from __future__ import annotations

from typing import cast

from ..engine.state import clone
from ..engine.trail import Trail
from ..engine.types import State
from . import hidden
from .format import SavedGame


def public_reason(saved: SavedGame, index: int, reason: str) -> str:
    """Why a saved log stops replaying, as anyone may read it: a hidden decision of an unfinished
    game is named without its cards."""
    if index not in saved.hidden or saved.over or index >= len(saved.log):
        return reason
    return hidden.public_reason(reason, saved.log[index], saved.seats)


def checkpoint_state(saved: SavedGame) -> State | None:
    """The state a save's newest checkpoint holds (its own copy), or None when it has none."""
    cp = saved.checkpoint
    if cp is None or cp.at > len(saved.log):
        return None
    if len(cp.marks) != 1 + sum(1 for a in saved.log[: cp.at] if a.get("seat") is not None):
        return None  # (not this log's)
    st = clone(cp.rest)
    st["seed"] = saved.seed
    st["log"] = Trail(saved.log[: cp.at])
    st["events"] = Trail(cp.lists["events"][: cp.lengths[1]])
    st["history"] = Trail(cp.lists["history"][: cp.lengths[2]])
    return cast(State, st)
