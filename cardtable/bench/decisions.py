"""CPU per decision of the hard computer player, in a duplicate match (`cardtable match`'s) against
the `call` baseline heads-up (a baseline that costs nothing to think, so the match is quick): the
median over all its decisions and over its betting decisions alone (those that estimate a chance
to win; flips and the like cost next to nothing), in Texas Hold'em and in the game with the most
cards under each ranking it offers. Goals (issue 30): at most 50 ms in Texas Hold'em, 250 ms in
the 12,000-card game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..hands.ranking import RANKINGS
from ..variant import Variant

GOALS_MS = {"standard": 50.0, "biggest": 250.0}
HANDS = {"standard": 200, "biggest": 24}  # the biggest game's betting decisions take up to a second


def measure(variant: Variant, options: dict[str, Any], hands: int, seed: int = 1) -> dict[str, Any]:
    """CPU milliseconds of the hard player's decisions over about `hands` hands against call."""
    from ..commands.duplicate import Match

    match = Match(variant, ["hard", "call"], seed, options)
    for deal in range(max(1, hands // 2)):
        match.play_deal(deal)
    every = sorted(s for _, s in match.cpu[0])
    bets = sorted(s for phase, s in match.cpu[0] if phase == "bet")
    return {
        "decisions": len(every),
        "median_ms": _median_ms(every),
        "bet_decisions": len(bets),
        "bet_median_ms": _median_ms(bets),
        "bet_p90_ms": round(1000 * bets[len(bets) * 9 // 10], 2) if bets else None,
        "errors": match.errors[:3],
    }


def _median_ms(seconds: list[float]) -> float | None:
    return round(1000 * seconds[len(seconds) // 2], 2) if seconds else None


def run(
    variants: Mapping[str, Variant], standard: str | None, biggest: str | None, quick: bool
) -> list[dict[str, Any]]:
    """One row per game and ranking: variant, ranking, goal_ms and measure()'s figures (quick:
    Texas Hold'em's only)."""
    rows = []
    games = (("standard", standard),) if quick else (("standard", standard), ("biggest", biggest))
    for which, vid in games:
        variant = variants.get(vid or "")
        if variant is None or "betting" not in variant.sections:
            continue
        for name in RANKINGS:
            row = {"variant": vid, "ranking": name, "goal_ms": GOALS_MS[which]}
            try:
                rows.append(
                    {**row, **measure(variant, {"ranking": name}, HANDS[which] // (4 if quick else 1))}
                )
            except ValueError:  # a ranking this game does not offer
                continue
    return rows
