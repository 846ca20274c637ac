"""Which variants the bench measures, chosen by what they are, so no game is named in the program.

- the deck to spread: the variant with the most cards (the 12,000-card deck among the built-ins);
- the standard deck, compared with the `treys` evaluator: 52 cards, hands of the best five cards
  of a hand and a board (what treys evaluates: 5 or 7 cards, best five);
- the exhaustive tables: every variant whose odds `cardtable odds` counts exactly by histogram.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..hands.counting import EXACT_LIMIT, hand_count
from ..hands.histograms import histogram_safe
from ..hands.rules import Rules
from ..variant import Variant


def hand_rules(variant: Variant) -> Rules | None:
    return variant.sections.get("hands")


def biggest_deck(variants: Mapping[str, Variant]) -> str | None:
    """The id of the variant with the most cards (the first by id among equals)."""
    return min(variants, key=lambda vid: (-variants[vid].deck.size, vid), default=None)


def standard_deck(variants: Mapping[str, Variant]) -> str | None:
    """The id of the first variant with 52 cards whose hand is the best five of a hand and a board."""
    for vid in sorted(variants):
        rules = hand_rules(variants[vid])
        if (
            rules is not None
            and variants[vid].deck.size == 52
            and rules.size == 5
            and rules.form.runs_zone is None
            and len(rules.form.uses) > 1
        ):
            return vid
    return None


def exhaustive(variants: Mapping[str, Variant]) -> list[str]:
    """The ids of the variants whose every hand is counted exactly by histogram."""
    out = []
    for vid in sorted(variants):
        rules = hand_rules(variants[vid])
        if (
            rules is not None
            and histogram_safe(rules, rules.size)
            and hand_count(variants[vid].deck.size, rules.size) <= EXACT_LIMIT
        ):
            out.append(vid)
    return out
