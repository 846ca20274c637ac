"""Split pots (a `split:` in the hands section): half of every pot to the best hand of the first
ranking, half to the best hand of the second that meets its qualifier (when none does, the first
takes it all). One hand may win both halves: it scoops. An odd chip goes to the half the split
names (`odd_chip: first | second`); inside a half, the betting section's odd-chip rule applies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .scoring import seat_zones

if TYPE_CHECKING:
    from ..hands.api import HandValue, ZoneCards
    from ..hands.rules import Split
    from ..hands.value import Key
    from .context import Ctx
    from .rules import Rules


def has_split(rules: Rules) -> bool:
    return getattr(rules.variant.sections.get("hands"), "split", None) is not None


def second_key(rules: Rules, zones: Mapping[str, ZoneCards], declared: Sequence[int]) -> Key | None:
    """A hand's key in the second ranking of a split pot, or None when it does not qualify."""
    from ..hands import api, extras

    split = getattr(rules.variant.sections.get("hands"), "split", None)
    if split is None:
        return None
    v = api.evaluate_rules(split.rules, zones, declared)
    return v.key if split.qualify is None or extras.meets(split.rules, v, split.qualify) else None


def split_of(g: Ctx) -> Split | None:
    hands = g.variant.sections.get("hands")
    return getattr(hands, "split", None)


def show_second(g: Ctx, seats: list[int]) -> dict[int, HandValue]:
    """Each shown seat's hand in the second ranking, said aloud; only those that qualify."""
    from ..hands import api, extras  # imported on first use: start-up stays fast

    split = split_of(g)
    if split is None:
        return {}
    out: dict[int, HandValue] = {}
    for seat in seats:
        zones = seat_zones(g.rules, g.st, seat)
        v = api.evaluate_rules(split.rules, zones, g.st["declared"][seat] or ())
        if split.qualify is None or extras.meets(split.rules, v, split.qualify):
            out[seat] = v
            g.say(
                f"{g.name(seat)}'s {split.name.lower()} hand: {v.detail or v.category}: {g.cards(list(v.cards))}."
            )
        else:
            need = f" ({split.qualify.text})" if split.qualify else ""
            g.say(f"{g.name(seat)} has no {split.name.lower()} hand{need}.")
    return out


def shares(
    g: Ctx, amount: int, elig: list[int], values: dict[int, HandValue], second: dict[int, HandValue]
) -> list[tuple[list[int], int]]:
    """The pot's shares: (winners, chips) for the first ranking, and the second's when it has one."""
    if not values:
        return [(elig, amount)]
    top = max(values[s].key for s in elig)
    first = [s for s in elig if values[s].key == top]
    qualified = [s for s in elig if s in second]
    split = split_of(g)
    if not qualified or split is None:
        return [(first, amount)]
    low = max(second[s].key for s in qualified)
    winners = [s for s in qualified if second[s].key == low]
    half, odd = divmod(amount, 2)
    a, b = (half + odd, half) if split.odd_chip == "first" else (half, half + odd)
    if first == winners and len(first) == 1:
        g.say(
            f"{g.name(first[0])} scoops the pot: the best {split.first_name.lower()} and {split.name.lower()} hands."
        )
    return [(first, a), (winners, b)]
