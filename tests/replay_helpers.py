"""Saved games for the replay tests, played on the engine directly (random legal moves), and the
slow obvious replay (a copy of the state per decision) the fast one is checked against."""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.saves import SavedGame

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot"}, {"name": "Cy", "kind": "bot"}]


def saved_game(variant: Any, seed: int, moves: int = 10**6, hands: int = 2) -> tuple[SavedGame, dict]:
    """A game of random legal moves (to its end, or `moves` decisions) with a hand limit of
    `hands` (0: none), as a save, and its last state."""
    rules = Rules(variant)
    opts = {"hands": hands} if "hands" in rules.options else {}
    st = rules.new_game(SEATS, seed, opts)
    rng = random.Random(seed)
    for _ in range(moves):
        if rules.is_over(st):
            break
        st = rules.apply(st, random_action(rules, st, rules.to_move(st), rng))
    saved = SavedGame(variant.id, variant.digest, variant.name, seed, SEATS, opts, st["log"])
    return saved, st


def unfinished(variant: Any, moves: int) -> tuple[SavedGame, dict]:
    """A game still going after `moves` random decisions (the first seed that gives one)."""
    return next(g for seed in range(100) if not (g := saved_game(variant, seed, moves, hands=0))[1]["over"])


def states(rules: Rules, saved: SavedGame) -> list[dict]:
    """Every state of a saved game: the start, then one after each decision."""
    st = rules.new_game(saved.seats, saved.seed, saved.options)
    out = [st]
    for action in saved.log:
        if action.get("seat") is not None:
            st = rules.apply(st, action)
            out.append(st)
    return out
