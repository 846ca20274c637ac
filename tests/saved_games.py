"""A saved game to write and read in the saves' tests: one place to make it."""

from __future__ import annotations

from typing import Any

from cardtable.saves import SavedGame


def saved_game(log: list[dict[str, Any]], **changes: Any) -> SavedGame:
    """A two-seat Texas Hold'em game with this log (any other field changed by `changes`)."""
    game = SavedGame(
        variant_id="texas_holdem",
        variant_digest="ab" * 32,
        variant_name="Texas Hold'em",
        seed=42,
        seats=[{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot"}],
        options={"chips": 1000},
        log=log,
        summary={"game": "Texas Hold'em", "players": ["Ann", "Bot"], "hand": 3, "over": False},
    )
    for k, v in changes.items():
        setattr(game, k, v)
    return game
