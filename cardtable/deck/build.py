"""`build_deck`: a shape-checked `deck:` node to a Deck, in steps that stop at the first broken one
(attributes, then the card groups sized, then the cards), so no check runs on a broken part."""

from __future__ import annotations

import math

from ..errors import Problem
from ..yamlsrc import Node
from .attributes import build_attributes
from .cards import duplicates, make_cards, plan_cards
from .model import Deck
from .templates import check_names


def build_deck(node: Node, out: list[Problem]) -> Deck | None:
    """Build a Deck from a shape-checked `deck` node, adding meaning problems to `out`."""
    data = node.value
    declared_flags = {k: str(v.value) for k, v in data["flags"].value.items()} if "flags" in data else {}
    before = len(out)
    attributes = build_attributes(data["attributes"], declared_flags, out)
    if len(out) > before:
        return None
    groups = plan_cards(node, attributes, declared_flags, out)
    if groups is None or len(out) > before:
        return None
    direct = [a for a in attributes if attributes[a].of is None]
    default_name = str(data["name"].value) if "name" in data else " ".join("{" + a + "}" for a in direct)
    default_short = (
        str(data["short"].value) if "short" in data else " ".join("{" + a + ".label}" for a in direct)
    )
    templates: dict[tuple[str, int], tuple[str, Node, int]] = {}  # each template checked once
    for g in groups:
        made = g.count * math.prod(len(c) for c in g.choices)
        for key, default in (("name", default_name), ("short", default_short)):
            tnode = g.node.value.get(key) or data.get(key) or node
            text = str(tnode.value) if tnode is not node else default
            _, _, before_cards = templates.get((text, id(tnode)), (text, tnode, 0))
            templates[(text, id(tnode))] = (text, tnode, before_cards + made)
    check_names(list(templates.values()), attributes, out)
    if len(out) > before:
        return None
    flag_names = tuple(declared_flags)
    cards = make_cards(groups, attributes, flag_names)
    deck = Deck(
        attributes=attributes,
        columns=cards.columns,
        flag_names=flag_names,
        flag_bits=cards.flag_bits,
        flag_docs=declared_flags,
        name_templates=tuple(
            str(g.node.value["name"].value) if "name" in g.node.value else default_name for g in groups
        ),
        short_templates=tuple(
            str(g.node.value["short"].value) if "short" in g.node.value else default_short for g in groups
        ),
        group_of_card=cards.group_of_card,
        back=data["back"].plain() if "back" in data else {},
    )
    for card, first in duplicates(groups, cards, attributes):
        gnode = groups[cards.group_of_card[card]].node
        made = groups[cards.group_of_card[first]].node.line
        out.append(
            gnode.problem(
                f"this group makes {deck.short(card)} again (line {made} made it); use 'count' for copies of a card"
            )
        )
    return None if len(out) > before else deck
