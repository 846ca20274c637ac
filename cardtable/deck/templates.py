"""The card-name templates of a deck (`name: "{rank.name} of {suit.name}"`), checked before any
name is made: every field names an attribute and a part of its values, and the names' length is
worked out from the values' texts alone, so a template repeating a long name is refused instead of
making gigabytes of names."""

from __future__ import annotations

import re

from ..errors import Problem
from ..schema import suggest
from ..yamlsrc import MAX_TEXT, Node
from .model import Attribute

FIELD = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z]+)?)\}")  # a card template's {attribute.part}, as model.py
PARTS = ("id", "label", "name")
MAX_NAME = MAX_TEXT  # characters in one card's name (or short name), like any text of a file
MAX_ALL_NAMES = 40_000_000  # characters in the names of all the deck's cards together


def _field_length(attr: Attribute, part: str) -> int:
    """The longest text the field can give: one value's, or for a multi-valued attribute its
    longest values (as many as a card may carry) joined by '+'."""
    lengths = sorted((len(getattr(v, part)) for v in attr.values), reverse=True)
    if attr.multi:
        most = lengths[: attr.max or len(lengths)]  # a card carries at most `max` of them
        return sum(most) + max(0, len(most) - 1)
    return lengths[0] if lengths else 0


def name_length(template: str, node: Node, attributes: dict[str, Attribute], out: list[Problem]) -> int:
    """The most characters a card's name made by `template` can have; a field naming no attribute
    or no part of a value is a problem (at the template's node)."""
    total = len(FIELD.sub("", template))
    for match in FIELD.finditer(template):
        aname, _, part = match.group(1).partition(".")
        attr = attributes.get(aname)
        if attr is None:
            out.append(
                node.problem(f"'{{{match.group(1)}}}' names no attribute" + suggest(aname, attributes))
            )
            continue
        if part and part not in PARTS:
            out.append(
                node.problem(
                    f"'{{{match.group(1)}}}': a value's part is id, label or name" + suggest(part, PARTS)
                )
            )
            continue
        total += _field_length(attr, part or "name")
    return total


def check_names(
    templates: list[tuple[str, Node, int]], attributes: dict[str, Attribute], out: list[Problem]
) -> None:
    """Each (template, its node, the cards it names) makes names of at most MAX_NAME characters,
    and all of them together, with every card's search text (its values' ids, labels and names),
    at most MAX_ALL_NAMES."""
    before = len(out)
    total = 0
    for template, node, cards in templates:
        longest = name_length(template, node, attributes, out)
        if longest > MAX_NAME:
            out.append(
                node.problem(
                    f"this template makes names of up to {longest:,} characters; at most {MAX_NAME:,}"
                )
            )
        total += longest * cards
    if len(out) > before:
        return
    per_card = sum(_field_length(a, part) + 1 for a in attributes.values() for part in PARTS)
    total += per_card * sum(cards for _, _, cards in templates) // 2  # each card has two templates
    if total > MAX_ALL_NAMES:
        node = templates[0][1]
        out.append(
            node.problem(
                f"the cards' names and search text would take up to {total:,} characters in all "
                f"(at most {MAX_ALL_NAMES:,}): shorten the templates or the values' names"
            )
        )
