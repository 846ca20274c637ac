"""Who a computer seat is: its level and style (engine/bots), as New game sets them, a saved game
keeps them (in its seat: "level", "style") and the seat's plate says them. A seat without them
(an older save, a test's "bot") plays the table's level in the balanced style."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.bots import BALANCED, LEVELS, STYLES

DEFAULT = ("normal", BALANCED)
LEVEL_LABELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
STYLE_LABELS = {
    "balanced": "Balanced",
    "tight": "Tight",
    "loose": "Loose",
    "passive": "Passive",
    "aggressive": "Aggressive",
    "tight-passive": "Tight-passive",
    "tight-aggressive": "Tight-aggr.",
    "loose-passive": "Loose-passive",
    "loose-aggressive": "Loose-aggr.",
}
SHORT_STYLES = {  # a narrow window's
    "balanced": "Bal.",
    "tight": "Tight",
    "loose": "Loose",
    "passive": "Pass.",
    "aggressive": "Aggr.",
    "tight-passive": "T-P",
    "tight-aggressive": "T-A",
    "loose-passive": "L-P",
    "loose-aggressive": "L-A",
}
STYLE_HELP = {
    "balanced": "plays its level's own game",
    "tight": "plays few hands",
    "loose": "plays many hands",
    "passive": "checks and calls rather than bets",
    "aggressive": "bets and raises readily",
}


def seat_player(seat: Mapping[str, Any], level: str) -> tuple[str, str]:
    """(level, style) of the computer player in `seat`: its own if it has them, else `level`, balanced."""
    own, style = seat.get("level"), seat.get("style")
    return (own if own in LEVELS else level, style if style in STYLES else BALANCED)


def player_words(seat: Mapping[str, Any]) -> str:
    """What a computer seat's plate says of it ("hard, tight"); "" for a person or a seat that was
    given no level."""
    if seat.get("kind") != "bot" or seat.get("level") not in LEVELS:
        return ""
    level, style = seat_player(seat, "normal")
    return f"{level}, {style}"


def described(level: str, style: str) -> str:
    """A sentence for a computer player: "Hard level, tight-aggressive: plays few hands, bets..."."""
    why = "; ".join(STYLE_HELP[w] for w in style.split("-"))
    return f"{LEVEL_LABELS[level]} level, {style}: {why}"


def next_of(choices: Sequence[str], now: str) -> str:
    return choices[(choices.index(now) + 1) % len(choices)] if now in choices else choices[0]


def remembered_pair(value: object) -> tuple[str, str] | None:
    """A remembered [level, style], if it is one."""
    if isinstance(value, list) and len(value) == 2 and value[0] in LEVELS and value[1] in STYLES:
        return value[0], value[1]
    return None
