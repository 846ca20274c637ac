"""Styles of play, next to a level: how many hands a computer player plays (tight or loose) and
how readily it bets and raises rather than checks and calls (passive or aggressive).

A style is two numbers the bet verb's move reads (verbs/bet_mind.py): `entry` multiplies what a
hand must be worth to put chips in (above 1 tight, below 1 loose), `aggression` multiplies how
readily a hand is bet or raised and how often it bluffs (above 1 aggressive, below 1 passive).
"balanced" is 1 and 1: the level's own play. A style's name is one word of each pair at most,
tightness first: "tight", "aggressive", "loose-aggressive".

A player is named "LEVEL" or "LEVEL-STYLE" ("hard", "hard-tight", "easy-loose-passive");
`split_player` reads such a name.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    entry: float  # what a hand must be worth to be played, as a multiple of the balanced need
    aggression: float  # how readily it bets, raises and bluffs, as a multiple of the balanced


BALANCED = "balanced"
EVEN = Style(1.0, 1.0)  # the balanced style: the level's own play
TIGHTNESS = {"tight": 1.35, "loose": 0.7}  # entry
AGGRESSION = {"passive": 0.75, "aggressive": 1.5}  # aggression
STYLES: tuple[str, ...] = (
    BALANCED,
    *TIGHTNESS,
    *AGGRESSION,
    *(f"{t}-{a}" for t in TIGHTNESS for a in AGGRESSION),
)


def style(name: str) -> Style:
    """The style called `name` (one of STYLES); ValueError naming the choices otherwise."""
    if name not in STYLES:
        raise ValueError(f"no style '{name}': choose one of {', '.join(STYLES)}")
    words = name.split("-")
    entry = next((TIGHTNESS[w] for w in words if w in TIGHTNESS), 1.0)
    aggression = next((AGGRESSION[w] for w in words if w in AGGRESSION), 1.0)
    return Style(entry, aggression)


def split_player(name: str, levels: tuple[str, ...]) -> tuple[str, str] | None:
    """(level, style) of a player named "LEVEL" or "LEVEL-STYLE"; None when `name` is not one."""
    level, _, rest = name.partition("-")
    if level not in levels or (rest and rest not in STYLES):
        return None
    return level, rest or BALANCED
