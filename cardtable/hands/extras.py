"""The `hands` section's keys for lowball, wild cards declared per game, hand conditions and split
pots (see variants/README.md, "Wild cards", "Low hands", "Split pots").

    lowest_wins: true                 # the worst hand by the categories wins
    order_low: [A]                    # these values rank below all others (the ace is low)
    wild: {cards: [{rank: '2'}], natural_beats_wild: true}   # or a flag name, as before
    split: {name: Low, lowest_wins: true, ignore: [Flush], qualify: {category: High Card, max: '8'}}

spec.py builds the section as before and hands its result here (`apply`); a split's second
ranking is the section itself with the split's keys laid over it, built by the same builder.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..deck import Deck
from ..errors import Problem
from ..schema import Bool, Field, ListOf, Map, MapOf, OneOf, Str, suggest
from ..yamlsrc import Node
from .low import top_order
from .rules import Condition, Rules, Split
from .value import HandValue

CONDITION = Map(
    {
        "category": Field(Str(what="a category name"), required=True),
        "min": Str(what="a value id"),
        "max": Str(what="a value id"),
    },
    "a hand condition ({category: NAME, min: VALUE} = that category with a top card at least VALUE, or better)",
)
CARD_CONDITION = MapOf(Str(what="a value id"), "a card condition (attribute: value)")
WILD = OneOf(
    Str(what="a flag name"),
    Map(
        {
            "flag": Str(what="a flag name"),
            "cards": ListOf(CARD_CONDITION, min_len=1),
            "natural_beats_wild": Bool(),
        },
        "wild cards ({flag: F, cards: [{rank: '2'}], natural_beats_wild: true})",
    ),
    what="a flag name or {flag, cards, natural_beats_wild}",
)
RANKING_FIELDS: dict[str, Field | Str | Bool | ListOf | OneOf] = {
    "lowest_wins": Bool(),
    "order_low": ListOf(Str(what="a value id"), min_len=1),
}
SPLIT_OWN = ("name", "first_name", "ignore", "qualify", "odd_chip")


def split_spec(base: dict[str, Any]) -> Map:
    """A split's keys: any key of the hands section (laid over it) plus its own."""
    fields = {k: v for k, v in base.items() if k not in ("split",)}
    for k in list(fields):
        if isinstance(fields[k], Field) and fields[k].required:
            fields[k] = Field(fields[k].spec)
    fields.update(
        {
            "name": Str(),
            "first_name": Str(),
            "ignore": ListOf(Str(what="a category name"), min_len=1),
            "qualify": CONDITION,
            "odd_chip": Str(("first", "second")),
        }
    )
    return Map(fields, "a second ranking that wins half of every pot")


def wild_column(
    node: Node | None, deck: Deck, flag: Callable[[Node | None, str], tuple[bool, ...]], out: list[Problem]
) -> tuple[bool, ...]:
    """The wild cards: a flag's cards (default `wild`) plus the cards the conditions name."""
    if node is None or node.is_scalar:
        return flag(node, "wild")
    d = node.value
    col = list(flag(d.get("flag"), "wild"))
    for entry in d["cards"].value if "cards" in d else ():
        conds: list[tuple[tuple[int, ...], int, bool]] = []
        for aname, vnode in entry.value.items():
            if aname not in deck.attributes:
                out.append(
                    (entry.keys.get(aname) or entry).problem(
                        f"'{aname}' is not an attribute of the deck" + suggest(aname, deck.attributes)
                    )
                )
                continue
            a = deck.attributes[aname]
            v = a.lookup(vnode.value)
            if v is None:
                out.append(
                    vnode.problem(
                        f"'{vnode.value}' is not a value of '{aname}'" + suggest(str(vnode.value), a.index)
                    )
                )
                continue
            conds.append((deck.column(aname), v.index, a.multi))
        hit = 0
        for c in range(deck.size):
            if conds and all((column[c] >> v & 1) if multi else column[c] == v for column, v, multi in conds):
                col[c] = True
                hit += 1
        if conds and not hit:
            out.append(entry.problem("no card of the deck matches this condition"))
    return tuple(col)


def _value_index(deck: Deck, attr: str, node: Node, out: list[Problem]) -> int | None:
    a = deck.attributes[attr]
    v = a.lookup(node.value)
    if v is None:
        out.append(
            node.problem(f"'{node.value}' is not a value of '{attr}'" + suggest(str(node.value), a.index))
        )
        return None
    return v.index


def condition(node: Node, rules: Rules, deck: Deck, out: list[Problem]) -> Condition | None:
    """A hand condition ("Pair with a top card of J or more, or better") against a ranking."""
    d = node.value
    names = [c.name for c in rules.categories]
    name = str(d["category"].value)
    if name not in names:
        out.append(
            d["category"].problem(f"'{name}' is not a category of this ranking" + suggest(name, names))
        )
        return None
    for key in ("min", "max"):
        if key in d and rules.order and _value_index(deck, rules.order, d[key], out) is None:
            return None
    return condition_of({k: v.value for k, v in d.items()}, rules, deck)


def condition_of(spec: dict[str, Any], rules: Rules, deck: Deck) -> Condition | None:
    """The condition from its checked plain data ({category, min, max}); None if it names
    nothing of this ranking."""
    names = [c.name for c in rules.categories]
    name = str(spec.get("category"))
    if name not in names:
        return None
    bounds: dict[str, int] = {}
    text = name
    for key, word in (("min", "or higher"), ("max", "or lower")):
        if key in spec and rules.order:
            v = deck.attributes[rules.order].lookup(spec[key])
            if v is None:
                return None
            bounds[key] = rules.value_order[v.index]
            text += f" ({v.name} {word})"
    return Condition(names.index(name), name, bounds.get("min"), bounds.get("max"), f"{text} or better")


def meets(rules: Rules, value: HandValue, cond: Condition) -> bool:
    """Whether a hand of this ranking meets the condition."""
    rank = value.rank
    if rank >= len(rules.categories):
        return False
    if rank != cond.rank:
        return rank > cond.rank if rules.lowest_wins else rank < cond.rank
    cards = value.made or value.cards
    if rules.lowest_wins:
        top = top_order(rules, cards)
    else:
        naturals = [rules.card_order[c] for c in cards if not rules.wild[c]]
        top = max(naturals) if naturals else max(rules.value_order, default=0)
    return (cond.min is None or top >= cond.min) and (cond.max is None or top <= cond.max)


def apply(
    node: Node,
    rules: Rules,
    deck: Deck,
    out: list[Problem],
    build: Callable[[Node], Rules | None],
) -> Rules:
    """Lay the section's lowball, wild and split keys on the built rules."""
    d = node.value
    lowest = bool(d["lowest_wins"].value) if "lowest_wins" in d else False
    order = rules.order
    n_values = len(deck.attributes[order]) if order in deck.attributes else 0
    value_order = tuple(range(n_values))
    if "order_low" in d and order:
        low = {i for i in (_value_index(deck, order, n, out) for n in d["order_low"].value) if i is not None}
        value_order = tuple(0 if v in low else v + 1 for v in range(n_values))
    ocol = deck.column(order) if order else ()
    top = max(value_order, default=0) + 1
    card_order = (
        tuple(
            top if rules.wild[c] else (-1 if rules.dead[c] or ocol[c] < 0 else value_order[ocol[c]])
            for c in range(deck.size)
        )
        if order
        else rules.card_order
    )
    by_value: dict[int, tuple[int, ...]] = {}
    if lowest and order:
        for c in range(deck.size):
            if not rules.wild[c] and not rules.dead[c] and ocol[c] >= 0:
                by_value[ocol[c]] = by_value.get(ocol[c], ()) + (c,)
    wild_node = d.get("wild")
    nbw = bool(
        wild_node is not None
        and wild_node.is_map
        and "natural_beats_wild" in wild_node.value
        and wild_node.value["natural_beats_wild"].value
    )
    rules = replace(
        rules,
        lowest_wins=lowest,
        value_order=value_order,
        card_order=card_order,
        natural_beats_wild=nbw,
        by_value=by_value,
        value_names=tuple(v.name for v in deck.attributes[order].values) if order else (),
    )
    if "split" in d:
        rules.split = _split(node, d["split"], rules, deck, out, build)
    return rules


def _split(
    section: Node,
    node: Node,
    first: Rules,
    deck: Deck,
    out: list[Problem],
    build: Callable[[Node], Rules | None],
) -> Split | None:
    sd = node.value
    merged = {k: v for k, v in section.value.items() if k not in ("split", "lowest_wins", "order_low")}
    merged.update({k: v for k, v in sd.items() if k not in SPLIT_OWN})
    if "ignore" in sd and "categories" not in sd:
        names = [str(c.value["name"].value) for c in section.value["categories"].value]
        for n in sd["ignore"].value:
            if str(n.value) not in names:
                out.append(
                    n.problem(f"'{n.value}' is not a category of the section" + suggest(str(n.value), names))
                )
        drop = {str(n.value) for n in sd["ignore"].value}
        cats = section.value["categories"]
        merged["categories"] = Node(
            [c for c in cats.value if str(c.value["name"].value) not in drop], cats.line, cats.col, cats.path
        )
    elif "ignore" in sd:
        out.append(
            sd["ignore"].problem(
                "'ignore' drops categories of the section's list: leave it out when giving 'categories'"
            )
        )
    before = len(out)
    second = build(Node(merged, node.line, node.col, node.path, {**section.keys, **node.keys}))
    if second is None or len(out) > before:
        return None
    qualify = condition(sd["qualify"], second, deck, out) if "qualify" in sd else None
    return Split(
        rules=second,
        name=str(sd["name"].value) if "name" in sd else "Low",
        first_name=str(sd["first_name"].value) if "first_name" in sd else "High",
        qualify=qualify,
        odd_chip=str(sd["odd_chip"].value) if "odd_chip" in sd else "first",
    )


def wild_in(rules: Rules, cards: Sequence[int]) -> bool:
    return any(rules.wild[c] for c in cards)
