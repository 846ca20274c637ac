"""Why one hand beat another, in a few words: the category, or the tie layer that decided.

A hand's key is (category strength, then its category's tie layers in order: its own cards,
kickers, trumps); combined sets are (set size, set type, the cards high to low). The first place
where two keys differ is what decided, and that is what a player is told.
"""

from __future__ import annotations

from .rules import Rules
from .value import HandValue

LAYER_WORDS = {
    "cards": "higher cards",
    "kickers": "the kickers decided",
    "trumps": "trumps decided",
}
COMBINED_WORDS = ("the bigger set wins", "the better type of set wins", "higher cards")


def _name(v: HandValue) -> str:
    return v.detail or v.category


def deciding_layer(rules: Rules, winner: HandValue, loser: HandValue) -> str:
    """What separated two hands of which `winner` is the better: "category", or the words of the
    tie layer ("the kickers decided", "a trump beats none"...); "" when they are equal. Where the
    lowest hand wins, the winner's cards are the lower ones, and it is said so."""
    layer = _deciding_layer(rules, winner, loser)
    return "lower cards" if rules.lowest_wins and layer == "higher cards" else layer


def _deciding_layer(rules: Rules, winner: HandValue, loser: HandValue) -> str:
    a, b = winner.key, loser.key
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
    if at is None:
        return ""
    if rules.combine:
        return COMBINED_WORDS[min(at, len(COMBINED_WORDS) - 1)]
    if at == 0:
        return "category"
    cat = rules.categories[winner.rank] if winner.rank < len(rules.categories) else None
    ties = cat.ties if cat is not None else ()
    layer = ties[at - 1] if at - 1 < len(ties) else ""
    if layer == "trumps":
        x, y = a[at], b[at]
        if x[:1] != y[:1]:
            return "a trump card beats none"
        if x[1:2] != y[1:2]:
            return "more trump cards win"
        return "the higher trump card wins"
    if layer == "kickers" and not winner.made:
        return "higher cards"  # a hand with no pattern (High Card) is all kickers
    return LAYER_WORDS.get(layer, "higher cards")


def why(rules: Rules, winner: HandValue, loser: HandValue) -> str:
    """One line: "Flush beats Straight", "Pair against Pair: the kickers decided"."""
    layer = deciding_layer(rules, winner, loser)
    if not layer:
        return f"{_name(winner)} against {_name(loser)}: equal in every way, a split"
    if layer == "category":
        return f"{_name(winner)} beats {_name(loser)}"
    if rules.combine:
        return f"{_name(winner)} beats {_name(loser)}: {layer}"
    return f"{_name(winner)} against {_name(loser)}: {layer}"
