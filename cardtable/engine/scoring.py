"""The engine's only door to hand values: cardtable.hands.api (evaluate, score_placement).

A seat's hand is evaluated from its own seat zones and every table zone, by layout name; a grid
zone is passed as {(row, col): card} of the cards on it.
"""

from __future__ import annotations

from typing import Any

from .state import State, zone


def _api() -> Any:
    from ..hands import api

    return api


def seat_zones(rules: Any, st: State, seat: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, spec in rules.layout.zones.items():
        if name == rules.layout.deck:
            continue
        z = zone(st, name, seat if spec.per_seat else None)
        out[name] = {(r, c): card for r, c, card, _ in z["cells"]} if spec.is_grid else list(z["cards"])
    return out


def evaluate_seat(rules: Any, st: State, seat: int) -> Any:
    declared = st["declared"][seat] or ()
    return _api().evaluate(rules.variant, seat_zones(rules, st, seat), declared)


def evaluate_zones(rules: Any, zones: dict[str, Any], declared: Any = ()) -> Any:
    return _api().evaluate(rules.variant, zones, declared or ())


def score_placement(rules: Any, grid: dict[tuple[int, int], int], placed: tuple[int, int]) -> Any:
    return _api().score_placement(rules.variant, grid, placed)
