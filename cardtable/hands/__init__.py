"""Hands: how a hand is formed from the table's zones, valued by ordered category patterns, and
compared (see variants/README.md, "## Hands"). The engine uses the functions re-exported here."""

from .api import (
    ZoneCards,
    best,
    compare,
    evaluate,
    evaluate_pool,
    evaluate_rules,
    hand_size,
    rules_of,
    score_placement,
    weakest,
)
from .value import HandValue, Placement

__all__ = [
    "HandValue",
    "Placement",
    "ZoneCards",
    "best",
    "compare",
    "evaluate",
    "evaluate_pool",
    "evaluate_rules",
    "hand_size",
    "rules_of",
    "score_placement",
    "weakest",
]
