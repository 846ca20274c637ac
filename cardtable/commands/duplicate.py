"""Duplicate matches for `cardtable match`: each deal is played once for every way of seating the
players round the table (the seating turned one place at a time), so every player holds every seat's
cards of that deal and luck cancels, as computer-poker competitions measure.

A deal is one hand, started afresh (every stack full): a game with its hand limit set to 1 (a game
without betting is played whole). A
player's result for a deal is the sum over the seatings of what it won, in big blinds (in points, for
a game without betting, measured from the table's average). The 95% interval comes from the spread
of the per-deal results (a normal approximation over the deals). Everything depends only on the
arguments: the same arguments give the same report.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from typing import Any

from ..engine import Rules
from ..engine.bots import LEVELS, STYLES, decide, split_player
from ..engine.bots.baselines import BASELINES, baseline_action, tight_threshold
from ..engine.types import Action, State
from ..variant import Variant

PLAYERS = (*LEVELS, *BASELINES)
MAX_ACTIONS = 100_000  # a hand that has not ended after this many actions is reported as an error
VOLUNTARY = (
    "call",
    "raise",
)  # stances (Verb.stances) that put chips in by choice (blinds and antes are posted)


def decision_seed(seed: int, deal: int, decision: int) -> int:
    """The seed of a deal's n-th decision, whatever the seating: a player against itself plays
    every seating alike, and so scores exactly nothing."""
    digest = hashlib.sha256(f"match:{seed}:{deal}:{decision}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def one_hand_options(rules: Rules, options: dict[str, Any]) -> dict[str, Any]:
    """The options with the game's hand limit set to one hand; ValueError when it has none to set."""
    if rules.betting is None:
        return dict(options)  # a game without betting: one game is one deal
    limit = rules.betting.max_hands
    if not isinstance(limit, dict):
        raise ValueError(
            f"{rules.variant.name} has no hand-limit option, so a match cannot deal one hand at a time"
        )
    return {**options, limit["option"]: 1}


class Match:
    """One duplicate match between `players` (names from PLAYERS), seat i of the first seating
    being player i."""

    def __init__(self, variant: Variant, players: list[str], seed: int, options: dict[str, Any]) -> None:
        unknown = [p for p in players if p not in BASELINES and split_player(p, tuple(LEVELS)) is None]
        if unknown:
            raise ValueError(
                f"no player '{unknown[0]}': choose from {', '.join(PLAYERS)}, or a level with a style"
                f" after a dash (e.g. hard-tight), the styles being {', '.join(STYLES[1:])}"
            )
        if not variant.min_players <= len(players) <= variant.max_players:
            raise ValueError(
                f"{variant.name} is for {variant.min_players}-{variant.max_players} players, not {len(players)}"
            )
        self.variant, self.players, self.seed = variant, players, seed
        self.rules = Rules(variant)
        self.options = one_hand_options(self.rules, options)
        self.threshold = (
            tight_threshold(self.rules, len(players), self.options, seed) if "tight" in players else 1.0
        )
        n = len(players)
        self.results: list[list[float]] = [[] for _ in players]  # per player, per deal
        self.hands = [0] * n
        self.voluntary = [
            0
        ] * n  # hands in which the player put chips in by choice before any deal after the first
        self.raised_first = [0] * n  # hands in which it bet or raised in the first betting round
        self.errors: list[str] = []
        # (the verb, CPU seconds) of each of a player's decisions: `bench` reports them, the
        # match's report never does (it depends only on the arguments)
        self.cpu: list[list[tuple[str, float]]] = [[] for _ in players]

    def play_deal(self, deal: int) -> None:
        n = len(self.players)
        won = [0.0] * n
        for turn in range(n):
            seating = [(turn + seat) % n for seat in range(n)]  # seat -> player
            try:
                outcome = self._play(deal, seating)
            except Exception as exc:  # the report lists every failure rather than stopping
                self.errors.append(f"deal {deal} seating {turn}: {type(exc).__name__}: {exc}")
                return
            for seat, player in enumerate(seating):
                won[player] += outcome[seat]
        for player in range(n):
            self.results[player].append(won[player])

    def _play(self, deal: int, seating: list[int]) -> list[float]:
        """Each seat's result of one hand, in big blinds (or points from the table's average)."""
        rules = self.rules
        seats = [{"name": self.players[p], "kind": "bot"} for p in seating]
        state = rules.new_game(seats, self.seed + deal, self.options)
        start = [s["chips"] + s["total"] for s in state["seats"]]  # blinds may be posted already
        chose = [False] * len(seating)
        raised = [False] * len(seating)
        decisions = 0
        while (seat := rules.to_move(state)) is not None:
            action = self._action(seating[seat], state, seat, decision_seed(self.seed, deal, decisions))
            stance = rules.deciding(state).stances.get(action["type"])
            if state["bet_round"] == 0 and stance in VOLUNTARY:
                chose[seat] = True
                raised[seat] = raised[seat] or stance == "raise"
            # in place, as simulate plays: nothing keeps the states before (a copy of the
            # 12,000-card game's state cost a tenth of a millisecond a decision)
            rules.apply_in_place(state, action)
            decisions += 1
            if decisions > MAX_ACTIONS:
                raise RuntimeError(f"the hand did not end after {MAX_ACTIONS:,} actions")
        for seat, player in enumerate(seating):
            self.hands[player] += 1
            self.voluntary[player] += chose[seat]
            self.raised_first[player] += raised[seat]
        if rules.betting is None:
            points = [s["points"] for s in state["seats"]]
            mean = sum(points) / len(points)
            return [p - mean for p in points]
        blind = state["blind"] or 1
        return [(s["chips"] - c) / blind for s, c in zip(state["seats"], start)]

    def _action(self, player: int, state: State, seat: int, seed: int) -> Action:
        began = time.process_time()
        view = self.rules.view(state, seat)
        name = self.players[player]
        playing = split_player(name, tuple(LEVELS))
        if playing is not None:
            action = decide(self.rules, view, seed, *playing)
        else:
            action = baseline_action(name, self.rules, view, seed, self.threshold)
        self.cpu[player].append((view["phase"] or "", time.process_time() - began))
        return action

    def report(self, deals: int) -> dict[str, Any]:
        n = len(self.players)
        betting = self.rules.betting is not None
        per = "bb_per_100" if betting else "points_per_100"
        seats = []
        for player, name in enumerate(self.players):
            rates = [100 * r / n for r in self.results[player]]  # per 100 hands, one deal at a time
            mean, half = _mean_and_half_interval(rates)
            hands = self.hands[player] or 1
            seats.append(
                {
                    "name": name,
                    "hands": self.hands[player],
                    per: round(mean, 2),
                    "ci95": [round(mean - half, 2), round(mean + half, 2)] if half is not None else None,
                    "voluntarily_in": round(self.voluntary[player] / hands, 4) if betting else None,
                    "raised_first_round": round(self.raised_first[player] / hands, 4) if betting else None,
                }
            )
        return {
            "variant": self.variant.id,
            "seed": self.seed,
            "deals": deals,
            "seatings_per_deal": n,
            "unit": "big blinds per 100 hands"
            if betting
            else "points above the table's average per 100 games",
            "tight_threshold": round(self.threshold, 4) if "tight" in self.players else None,
            "seats": seats,
            "errors": self.errors,
        }


def _mean_and_half_interval(values: list[float]) -> tuple[float, float | None]:
    """The mean and half the width of its 95% interval (None with fewer than two values)."""
    if not values:
        return 0.0, None
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, None
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(var / len(values))


def play_match(
    variant: Variant,
    players: list[str],
    hands: int,
    seed: int,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """A duplicate match of about `hands` hands per player (whole deals: each deal is a hand per
    seating); its report."""
    match = Match(variant, players, seed, dict(options or {}))
    deals = max(1, math.ceil(hands / len(players)))
    for deal in range(deals):
        match.play_deal(deal)
        if progress:
            progress(deal + 1, deals)
    return match.report(deals)
