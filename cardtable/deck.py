"""The deck model: cards are small integers; attributes are lookup columns.

A deck is declared in YAML as attributes (each a list of values, ordered, circular or unordered,
possibly grouped into another attribute or multi-valued) and groups of cards, each group a
product of value lists with a count. `build_deck` turns the checked YAML into a `Deck` whose
per-card data are tuples of ints, so a 12,000-card deck builds in milliseconds.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from functools import cached_property

from .errors import Problem
from .schema import Bool, Field, Int, ListOf, Map, MapOf, OneOf, Spec, Str, suggest
from .yamlsrc import Node

MAX_CARDS = 100_000
ORDERS = ("ordered", "circular", "none")

RGB = ListOf(Int(0, 255), min_len=3, max_len=3)
VALUE_FIELDS: dict[str, Field | Spec] = {
    "id": Field(Str(what="a value id"), required=True),
    "label": Str(),
    "name": Str(),
    "rgb": RGB,
    "glyph": Str(),
    "mark": Str(),
    "flags": ListOf(Str()),
}
# Free keys on a value are allowed: they name the value's group in another attribute (`colour: red`).
VALUE = OneOf(Str(what="a value id"), Map(VALUE_FIELDS, "a value", extra=Str()), what="a value")
ATTRIBUTE = Map(
    {
        "values": Field(ListOf(VALUE, min_len=1, max_len=10_000), required=True),
        "order": Str(ORDERS),
        "of": Str(what="an attribute name"),
        "multi": Bool(),
        "max": Int(1, 64),
        "exclusive": ListOf(ListOf(Str(), min_len=2)),
        "label": Str(),
    },
    "an attribute",
)
CHOICE = OneOf(Str(), ListOf(OneOf(Str(), ListOf(Str()))), what="'all', a value id or a list")
CARD_GROUP = Map(
    {"count": Int(1, MAX_CARDS), "flags": ListOf(Str()), "name": Str(), "short": Str()},
    "a card group",
    extra=CHOICE,
)
DECK = Map(
    {
        "attributes": Field(MapOf(ATTRIBUTE, "attributes by name"), required=True),
        "flags": MapOf(Str(), "flags with a description each"),
        "name": Str(),
        "short": Str(),
        "back": Map({"rgb": RGB, "pattern": Str(), "label": Str()}, "a card back"),
        "cards": Field(ListOf(CARD_GROUP, min_len=1), required=True),
    },
    "a deck",
)


@dataclass(frozen=True)
class Value:
    """One value of an attribute (a rank, a suit...)."""

    index: int
    id: str
    label: str
    name: str
    rgb: tuple[int, int, int] | None = None
    glyph: str | None = None
    mark: str | None = None
    flags: frozenset[str] = frozenset()
    groups: dict[str, int] = field(default_factory=dict)  # other attribute -> value index


@dataclass
class Attribute:
    name: str
    values: tuple[Value, ...]
    order: str = "ordered"
    multi: bool = False
    of: str | None = None  # this attribute groups the values of `of` (colour of suit)
    label: str = ""
    max: int | None = None
    exclusive: tuple[frozenset[int], ...] = ()
    index: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {v.id: v.index for v in self.values}
        self.label = self.label or self.name

    def __len__(self) -> int:
        return len(self.values)

    def lookup(self, value_id: object) -> Value | None:
        i = self.index.get(str(value_id))
        return None if i is None else self.values[i]

    def combinations(self) -> list[int]:
        """Every allowed set of values of a multi-valued attribute, as bitmasks."""
        size = self.max if self.max is not None else len(self.values)
        out = []
        for k in range(size + 1):
            for combo in itertools.combinations(range(len(self.values)), k):
                members = frozenset(combo)
                if not any(pair <= members for pair in self.exclusive):
                    out.append(sum(1 << i for i in combo))
        return out

    def members(self, mask: int) -> tuple[Value, ...]:
        return tuple(v for v in self.values if mask >> v.index & 1)


@dataclass
class Deck:
    """A built deck. Card c's value of attribute a is `columns[a][c]`: a value index, -1 for
    none, or for a multi-valued attribute a bitmask of value indexes."""

    attributes: dict[str, Attribute]
    columns: dict[str, tuple[int, ...]]
    flag_names: tuple[str, ...]
    flag_bits: tuple[int, ...]
    flag_docs: dict[str, str]
    name_templates: tuple[str, ...]  # per group
    short_templates: tuple[str, ...]
    group_of_card: tuple[int, ...]
    back: dict[str, object] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.group_of_card)

    def __len__(self) -> int:
        return self.size

    def column(self, attribute: str) -> tuple[int, ...]:
        return self.columns[attribute]

    def value(self, card: int, attribute: str) -> Value | None:
        """The card's value of a single-valued attribute (None if it has none)."""
        i = self.columns[attribute][card]
        return None if i < 0 else self.attributes[attribute].values[i]

    def values(self, card: int, attribute: str) -> tuple[Value, ...]:
        """The card's values of any attribute, as a tuple (empty, one, or several)."""
        attr = self.attributes[attribute]
        x = self.columns[attribute][card]
        if attr.multi:
            return attr.members(x)
        return () if x < 0 else (attr.values[x],)

    def flags(self, card: int) -> frozenset[str]:
        bits = self.flag_bits[card]
        return frozenset(name for i, name in enumerate(self.flag_names) if bits >> i & 1)

    def has_flag(self, card: int, flag: str) -> bool:
        try:
            i = self.flag_names.index(flag)
        except ValueError:
            return False
        return bool(self.flag_bits[card] >> i & 1)

    def flag_column(self, flag: str) -> tuple[bool, ...]:
        if flag not in self.flag_names:
            return (False,) * self.size
        bit = 1 << self.flag_names.index(flag)
        return tuple(bool(b & bit) for b in self.flag_bits)

    def _render(self, template: str, card: int) -> str:
        def field_text(match: re.Match[str]) -> str:
            attr, _, part = match.group(1).partition(".")
            vals = self.values(card, attr)
            return "+".join(getattr(v, part or "name") for v in vals)

        return re.sub(r"\{([a-z_][a-z0-9_]*(?:\.[a-z]+)?)\}", field_text, template).strip()

    def name(self, card: int) -> str:
        return self.names[card]

    def short(self, card: int) -> str:
        return self._render(self.short_templates[self.group_of_card[card]], card)

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(self._render(self.name_templates[g], c) for c, g in enumerate(self.group_of_card))

    @cached_property
    def search_text(self) -> tuple[str, ...]:
        """Lower-case text per card: its name, every value's id, label and name, and its flags."""
        out = []
        for card in range(self.size):
            parts = [self.names[card]]
            for attr in self.attributes:
                for v in self.values(card, attr):
                    parts += [v.id, v.label, v.name]
            parts += sorted(self.flags(card))
            out.append(" ".join(parts).lower())
        return tuple(out)


# ---------------------------------------------------------------- building from YAML


def _value(node: Node, index: int, attr_names: set[str], out: list[Problem]) -> tuple[Value, dict[str, Node]]:
    if not node.is_map:
        text = str(node.value)
        return Value(index, text, text, text), {}
    data = node.value
    vid = str(data["id"].value)
    label = str(data["label"].value) if "label" in data else vid
    name = str(data["name"].value) if "name" in data else label
    groups_raw = {k: v for k, v in data.items() if k not in VALUE_FIELDS}
    for key in groups_raw:
        if key not in attr_names:
            out.append(
                node.key_problem(
                    key,
                    f"'{key}' is neither a value field nor an attribute"
                    + suggest(key, list(VALUE_FIELDS) + sorted(attr_names)),
                )
            )
    rgb = tuple(n.value for n in data["rgb"].value) if "rgb" in data else None
    return Value(
        index=index,
        id=vid,
        label=label,
        name=name,
        rgb=rgb,
        glyph=str(data["glyph"].value) if "glyph" in data else None,
        mark=str(data["mark"].value) if "mark" in data else None,
        flags=frozenset(str(f.value) for f in data["flags"].value) if "flags" in data else frozenset(),
        groups={k: -1 for k in groups_raw},  # resolved once every attribute is known
    ), groups_raw


def build_deck(node: Node, out: list[Problem]) -> Deck | None:
    """Build a Deck from a shape-checked `deck` node, adding meaning problems to `out`."""
    attrs_node = node.value["attributes"]
    attr_names = set(attrs_node.value)
    declared_flags = (
        {k: str(v.value) for k, v in node.value["flags"].value.items()} if "flags" in node.value else {}
    )
    attributes: dict[str, Attribute] = {}
    pending_groups: list[tuple[str, Value, dict[str, Node]]] = []
    problems_before = len(out)

    for aname, anode in attrs_node.value.items():
        a = anode.value
        values: list[Value] = []
        seen: dict[str, Node] = {}
        for i, vnode in enumerate(a["values"].value):
            value, raw_groups = _value(vnode, i, attr_names, out)
            if value.id in seen:
                out.append(vnode.problem(f"value '{value.id}' of '{aname}' is listed twice"))
            seen[value.id] = vnode
            values.append(value)
            if raw_groups:
                pending_groups.append((aname, value, raw_groups))
        order = str(a["order"].value) if "order" in a else "ordered"
        multi = bool(a["multi"].value) if "multi" in a else False
        attr = Attribute(
            name=aname,
            values=tuple(values),
            order=order,
            multi=multi,
            of=str(a["of"].value) if "of" in a else None,
            label=str(a["label"].value) if "label" in a else "",
            max=int(a["max"].value) if "max" in a else None,
        )
        if multi and len(values) > 30:
            out.append(a["values"].problem("a multi-valued attribute may have at most 30 values"))
        if "exclusive" in a:
            sets = []
            for pair_node in a["exclusive"].value:
                idx = set()
                for member in pair_node.value:
                    if str(member.value) not in attr.index:
                        out.append(
                            member.problem(
                                f"'{member.value}' is not a value of '{aname}'"
                                + suggest(member.value, attr.index)
                            )
                        )
                    else:
                        idx.add(attr.index[str(member.value)])
                sets.append(frozenset(idx))
            attr.exclusive = tuple(sets)
        if ("max" in a or "exclusive" in a) and not multi:
            out.append(anode.problem(f"'max' and 'exclusive' need 'multi: true' on '{aname}'"))
        attributes[aname] = attr

    # Grouping: `colour: {of: suit}` means every suit value names its colour.
    for aname, attr in attributes.items():
        if attr.of is None:
            continue
        anode = attrs_node.value[aname]
        if attr.of not in attributes or attr.of == aname:
            out.append(
                anode.value["of"].problem(
                    f"'of: {attr.of}' names no other attribute" + suggest(attr.of, set(attributes) - {aname})
                )
            )
            continue
        if attr.multi or attributes[attr.of].multi:
            out.append(anode.value["of"].problem("grouping ('of') works between single-valued attributes"))
    for owner_name, value, raw in pending_groups:
        for gname, gnode in raw.items():
            gattr = attributes.get(gname)
            if gattr is None:
                continue
            if gattr.of != owner_name:
                out.append(
                    gnode.problem(
                        f"'{gname}' does not group '{owner_name}': add 'of: {owner_name}' "
                        f"to the '{gname}' attribute"
                    )
                )
                continue
            target = gattr.index.get(str(gnode.value))
            if target is None:
                out.append(
                    gnode.problem(
                        f"'{gnode.value}' is not a value of '{gname}'" + suggest(gnode.value, gattr.index)
                    )
                )
            else:
                value.groups[gname] = target
    for gname, gattr in attributes.items():
        if gattr.of is None or gattr.of not in attributes:
            continue
        owner = attributes[gattr.of]
        anode = attrs_node.value[gname]
        used = set()
        for v in owner.values:
            if gname not in v.groups:
                vnode = attrs_node.value[gattr.of].value["values"].value[v.index]
                out.append(
                    vnode.problem(f"{gattr.of} '{v.id}' names no {gname} (every {gattr.of} needs one)")
                )
            else:
                used.add(v.groups[gname])
        for gv in gattr.values:
            if gv.index not in used:
                vnode = anode.value["values"].value[gv.index]
                out.append(vnode.problem(f"no {gattr.of} belongs to {gname} '{gv.id}'"))

    # Flags: every flag used must be declared (catches typos).
    def check_flags(nodes: list[Node]) -> None:
        for f in nodes:
            if str(f.value) not in declared_flags:
                out.append(
                    f.problem(
                        f"flag '{f.value}' is not declared under deck.flags"
                        + suggest(f.value, declared_flags)
                    )
                )

    for anode in attrs_node.value.values():
        for vnode in anode.value["values"].value:
            if vnode.is_map and "flags" in vnode.value:
                check_flags(vnode.value["flags"].value)

    if len(out) > problems_before:
        return None

    flag_names = tuple(declared_flags)
    flag_index = {f: i for i, f in enumerate(flag_names)}
    default_name = (
        str(node.value["name"].value)
        if "name" in node.value
        else " ".join("{" + a + "}" for a in attributes if attributes[a].of is None)
    )
    default_short = (
        str(node.value["short"].value)
        if "short" in node.value
        else " ".join("{" + a + ".label}" for a in attributes if attributes[a].of is None)
    )
    derived = [a for a in attributes.values() if a.of is not None]
    direct = [a for a in attributes.values() if a.of is None]

    # First pass: sizes, so a billion-card deck fails before anything is built.
    plans = []
    total = 0
    for gnode in node.value["cards"].value:
        g = gnode.value
        count = int(g["count"].value) if "count" in g else 1
        choice_lists: list[list[int]] = []
        for attr in direct:
            cnode = g.get(attr.name)
            if cnode is None:
                choice_lists.append([0] if attr.multi else [-1])
                continue
            choice_lists.append(_choices(attr, cnode, out))
        for key in g:
            if key in CARD_GROUP.fields:
                continue
            if key not in attributes:
                out.append(
                    gnode.key_problem(
                        key,
                        f"'{key}' is not an attribute or card-group field"
                        + suggest(key, list(attributes) + list(CARD_GROUP.fields)),
                    )
                )
            elif attributes[key].of is not None:
                out.append(
                    gnode.key_problem(key, f"'{key}' follows from '{attributes[key].of}'; set that instead")
                )
        if "flags" in g:
            check_flags(g["flags"].value)
        n = count
        for choices in choice_lists:
            n *= len(choices)
        total += n
        if total > MAX_CARDS:
            out.append(
                gnode.problem(
                    f"the deck would have over {MAX_CARDS:,} cards ({total:,} so far); that is the limit"
                )
            )
            return None
        plans.append((g, count, choice_lists))
    if len(out) > problems_before:
        return None

    columns: dict[str, list[int]] = {a.name: [] for a in attributes.values()}
    flag_bits: list[int] = []
    group_of_card: list[int] = []
    names: list[str] = []
    shorts: list[str] = []
    for gi, (g, count, choice_lists) in enumerate(plans):
        names.append(str(g["name"].value) if "name" in g else default_name)
        shorts.append(str(g["short"].value) if "short" in g else default_short)
        group_flags = 0
        if "flags" in g:
            for f in g["flags"].value:
                group_flags |= 1 << flag_index[str(f.value)]
        for combo in itertools.product(*choice_lists):
            bits = group_flags
            for attr, x in zip(direct, combo):
                if attr.multi:
                    for v in attr.members(x):
                        bits |= _flag_mask(v.flags, flag_index)
                elif x >= 0:
                    bits |= _flag_mask(attr.values[x].flags, flag_index)
            for _ in range(count):
                for attr, x in zip(direct, combo):
                    columns[attr.name].append(x)
                flag_bits.append(bits)
                group_of_card.append(gi)
    for attr in derived:
        owner = attributes[attr.of]  # type: ignore[index]
        src = columns[owner.name]
        columns[attr.name] = [owner.values[x].groups[attr.name] if x >= 0 else -1 for x in src]
    return Deck(
        attributes=attributes,
        columns={k: tuple(v) for k, v in columns.items()},
        flag_names=flag_names,
        flag_bits=tuple(flag_bits),
        flag_docs=declared_flags,
        name_templates=tuple(names),
        short_templates=tuple(shorts),
        group_of_card=tuple(group_of_card),
        back=node.value["back"].plain() if "back" in node.value else {},
    )


def _flag_mask(flags: frozenset[str], flag_index: dict[str, int]) -> int:
    return sum(1 << flag_index[f] for f in flags if f in flag_index)


def _choices(attr: Attribute, node: Node, out: list[Problem]) -> list[int]:
    """The value indexes (bitmasks for multi-valued attributes) a card group chooses from."""

    def one(item: Node) -> int | None:
        text = str(item.value)
        if text not in attr.index:
            out.append(item.problem(f"'{text}' is not a value of '{attr.name}'" + suggest(text, attr.index)))
            return None
        return attr.index[text]

    if node.is_scalar and str(node.value) == "all":
        return attr.combinations() if attr.multi else list(range(len(attr.values)))
    items = node.value if node.is_list else [node]
    result: list[int] = []
    for item in items:
        if attr.multi:
            members = item.value if item.is_list else [item]
            mask = 0
            for m in members:
                i = one(m)
                if i is not None:
                    mask |= 1 << i
            if attr.max is not None and bin(mask).count("1") > attr.max:
                out.append(item.problem(f"at most {attr.max} values of '{attr.name}' on one card"))
            for pair in attr.exclusive:
                if all(mask >> i & 1 for i in pair):
                    names = " and ".join(attr.values[i].id for i in sorted(pair))
                    out.append(item.problem(f"{names} cannot be on one card ('exclusive')"))
            result.append(mask)
        else:
            if item.is_list:
                out.append(
                    item.problem(
                        f"'{attr.name}' takes one value per card; nested lists are "
                        "for multi-valued attributes"
                    )
                )
                continue
            i = one(item)
            if i is not None:
                result.append(i)
    return result
