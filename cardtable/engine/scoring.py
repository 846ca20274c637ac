"""The engine's only door to hand values: cardtable.hands.api (evaluate, score_placement).

A seat's hand is evaluated from its own seat zones and every table zone, by layout name; a grid
zone is passed as {(row, col): card} of the cards on it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from .state import zone
from .types import Card, State

if TYPE_CHECKING:
    from ..hands.api import HandValue, Placement, ZoneCards
    from ..hands.beats import Comparers
    from ..hands.rules import Rules as HandRules
    from ..hands.value import Key
    from ..variant import Variant
    from .rules import Rules


def seat_zones(rules: Rules, st: State, seat: int) -> dict[str, ZoneCards]:
    out: dict[str, ZoneCards] = {}
    for name, spec in rules.layout.zones.items():
        if name == rules.layout.deck:
            continue
        z = zone(st, name, seat if spec.per_seat else None)
        out[name] = {(r, c): card for r, c, card, _ in z["cells"]} if spec.is_grid else list(z["cards"])
    return out


def evaluate_seat(rules: Rules, st: State, seat: int) -> HandValue:
    ranking = st["options"].get("ranking", "published")
    return evaluate_zones(rules, seat_zones(rules, st, seat), st["declared"][seat] or (), ranking)


def evaluate_zones(
    rules: Rules, zones: Mapping[str, ZoneCards], declared: Sequence[Card] = (), ranking: object = "published"
) -> HandValue:
    """The best hand from the zones, under the game's hand ranking (its `ranking` option)."""
    from ..hands import api  # imported on first use: start-up stays fast
    from ..hands.ranking import hand_rules

    return api.evaluate_rules(hand_rules(rules.variant, ranking), zones, declared)


def strength_zones(
    rules: Rules, zones: Mapping[str, ZoneCards], declared: Sequence[Card] = (), ranking: object = "published"
) -> Key:
    """`evaluate_zones(...).key`, faster where the hands package has a lookup table (to compare)."""
    from ..hands import api
    from ..hands.ranking import hand_rules

    return api.strength_rules(hand_rules(rules.variant, ranking), zones, declared)


def comparers(rules: Rules, ranking: object = "published") -> Comparers:
    """For one who compares many hands under the game's ranking (a computer player): a hand's
    key, as `strength_zones`, and whether a hand beats a key, each by the quickest way the hands
    package has for these rules (hands/beats.py), chosen once."""
    from ..hands.beats import comparers as chosen
    from ..hands.ranking import hand_rules

    return chosen(hand_rules(rules.variant, ranking))


def prepare(rules: Rules, ranking: object = "published") -> None:
    """Read or build now the lookup tables the game's hand rankings can use (hands/tables.py) and
    the per-card tables of the quickest comparers, so that no decision during play pays for them:
    a table's build takes up to a second, once per machine; a 12,000-card deck's per-card keys
    ~20 ms, once per game."""
    from ..hands import api, beats

    for ranked in _ranked(rules.variant, ranking):
        api.ranker(ranked)
        beats.prepare(ranked)


def build_ahead(variant: Variant, budget_s: float) -> bool:
    """About `budget_s` seconds of building the lookup tables a new game of `variant` will use
    (the published ranking) that no file holds yet, for a screen waiting for a person to call
    once a frame, so that the game's start does not build them (up to a second, once per
    machine); True once nothing is left to do ahead."""
    from ..hands import api

    return all(api.build_ahead(ranked, budget_s) for ranked in _ranked(variant, "published"))


def _ranked(variant: Variant, ranking: object) -> list[HandRules]:
    """The hand rules a game of `variant` ranks hands by: its ranking's, and its low half's."""
    if "hands" not in variant.sections:
        return []
    from ..hands.ranking import hand_rules

    hand = hand_rules(variant, ranking)
    return [hand] if hand.split is None else [hand, hand.split.rules]


def score_placement(rules: Rules, grid: dict[tuple[int, int], Card], placed: tuple[int, int]) -> Placement:
    from ..hands import api

    return api.score_placement(rules.variant, grid, placed)


def line_windows(rules: Rules, seg: Sequence[Card], at: int) -> Iterator[tuple[Card, ...]]:
    """The runs of a grid line's cards `seg` that may score a hand holding its card at `at`."""
    from ..hands import api

    return api.line_windows(api.rules_of(rules.variant), seg, at)


def window_points(rules: Rules, window: Sequence[Card]) -> int:
    """The points one run of a grid's line scores (0: no hand)."""
    from ..hands import api

    return api.window_points(api.rules_of(rules.variant), window)


def both_ways(rules: Rules, total: int) -> int:
    """What a placement scoring in both its row and its column earns, its lines making `total`."""
    from ..hands import api

    return api.both_ways(api.rules_of(rules.variant), total)


def run_lengths(rules: Rules) -> tuple[int, int]:
    """The fewest and most cards side by side in a grid line that may score a hand."""
    from ..hands import api

    form = api.rules_of(rules.variant).form
    return form.runs_min, form.runs_max
