"""Does a hand cost more late in a long match? `simulate`'s own game loop plays one two-player
match of the standard deck's game, with the most chips and the smallest blind its options allow
and a hand limit at the last hand timed, and times hands 1-100 and 1,000-1,100: CPU and wall
milliseconds per hand, and late over early (1.0: a hand costs the same however long the game).
A match that ends before (a player out of chips) leaves its late window empty (None)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ..variant import Variant

WINDOWS = ((1, 100), (1_000, 1_100))  # hands, first and last included
LAST = WINDOWS[-1][1]


def options(variant: Variant) -> dict[str, Any]:
    """The chosen options that make the match long: the most chips, the smallest blind, a limit
    of LAST hands (each only where the game's betting reads it from an option)."""
    betting = variant.sections.get("betting")
    declared = variant.sections.get("options", {})
    chosen: dict[str, Any] = {}
    for field, pick in (("chips", "max"), ("blind", "min"), ("max_hands", "last")):
        raw = getattr(betting, field, None)
        option = declared.get(raw["option"]) if isinstance(raw, dict) else None
        if option is None:
            continue
        value = LAST if pick == "last" else getattr(option, pick)
        if value is not None:
            chosen[option.name] = value if option.max is None else min(value, option.max)
    return chosen


def run(variants: Mapping[str, Variant], standard: str | None) -> dict[str, Any] | None:
    from ..commands.simulation import Setup, play_game

    variant = variants.get(standard or "")
    if variant is None or "betting" not in variant.sections:
        return None
    chosen = options(variant)
    marks: dict[int, tuple[float, float]] = {}

    def on_hand(hand: int) -> None:
        marks[hand] = (time.process_time(), time.perf_counter())

    on_hand(1)
    result = play_game(variant, Setup(2, 0, options=chosen), 0, on_hand=on_hand)
    played = result.get("hands", 0)
    if played == LAST:
        on_hand(LAST + 1)  # the last hand ends with the game
    out: dict[str, Any] = {"variant": variant.id, "players": 2, "options": chosen, "hands_played": played}
    cpu: list[float | None] = []
    for first, last in WINDOWS:
        key = f"hands_{first}_{last}"
        if first in marks and last + 1 in marks:
            n = last + 1 - first
            c = (marks[last + 1][0] - marks[first][0]) / n * 1000
            w = (marks[last + 1][1] - marks[first][1]) / n * 1000
            out[key] = {"cpu_ms_per_hand": round(c, 3), "ms_per_hand": round(w, 3)}
            cpu.append(c)
        else:
            out[key] = None
            cpu.append(None)
    early, late = cpu[0], cpu[-1]
    out["late_over_early_cpu"] = round(late / early, 2) if early and late is not None else None
    return out
