"""Building a deck's attributes from YAML: their values, grouping (`of`), exclusive sets, flags.

Each function adds meaning problems (with file:line:col) to `out`; the caller stops before the
cards when any were found, so the card groups never see a half-built attribute.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Problem
from ..schema import suggest
from ..yamlsrc import Node
from .looks import check_glyphs
from .model import Attribute, Value
from .ranges import value_nodes
from .spec import VALUE_FIELDS


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


def _attribute(
    aname: str,
    anode: Node,
    vnodes: list[Node],
    attr_names: set[str],
    pending: list[tuple[str, Value, dict[str, Node]]],
    out: list[Problem],
) -> Attribute:
    a = anode.value
    values: list[Value] = []
    seen: dict[str, Node] = {}
    for i, vnode in enumerate(vnodes):
        value, raw_groups = _value(vnode, i, attr_names, out)
        if value.id in seen:
            out.append(vnode.problem(f"value '{value.id}' of '{aname}' is listed twice"))
        seen[value.id] = vnode
        values.append(value)
        if raw_groups:
            pending.append((aname, value, raw_groups))
    multi = bool(a["multi"].value) if "multi" in a else False
    attr = Attribute(
        name=aname,
        values=tuple(values),
        order=str(a["order"].value) if "order" in a else "ordered",
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
                    out.append(member.problem(attr.unknown(member.value)))
                else:
                    idx.add(attr.index[str(member.value)])
            sets.append(frozenset(idx))
        attr.exclusive = tuple(sets)
    if ("max" in a or "exclusive" in a) and not multi:
        out.append(anode.problem(f"'max' and 'exclusive' need 'multi: true' on '{aname}'"))
    return attr


def build_attributes(
    attrs_node: Node, declared_flags: dict[str, str], out: list[Problem]
) -> dict[str, Attribute]:
    """Every attribute of the deck, with groups resolved; problems go to `out`."""
    attr_names = set(attrs_node.value)
    attributes: dict[str, Attribute] = {}
    pending: list[tuple[str, Value, dict[str, Node]]] = []
    before = len(out)
    vnodes = {aname: value_nodes(anode.value["values"], out) for aname, anode in attrs_node.value.items()}
    if len(out) > before:
        return {}  # a broken range: the attributes are not what the designer wrote
    for aname, anode in attrs_node.value.items():
        attributes[aname] = _attribute(aname, anode, vnodes[aname], attr_names, pending, out)
    _resolve_groups(attrs_node, vnodes, attributes, pending, out)
    for nodes in vnodes.values():
        for vnode in nodes:
            if vnode.is_map and "flags" in vnode.value:
                check_flags(vnode.value["flags"].value, declared_flags, out)
    check_glyphs(vnodes, out)
    return attributes


def _resolve_groups(
    attrs_node: Node,
    vnodes: dict[str, list[Node]],
    attributes: dict[str, Attribute],
    pending: list[tuple[str, Value, dict[str, Node]]],
    out: list[Problem],
) -> None:
    """Grouping: `colour: {of: suit}` means every suit value names its colour."""
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
    for owner_name, value, raw in pending:
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
                out.append(gnode.problem(gattr.unknown(gnode.value)))
            else:
                value.groups[gname] = target
    for gname, gattr in attributes.items():
        if gattr.of is None or gattr.of not in attributes:
            continue
        owner = attributes[gattr.of]
        used = set()
        missing: dict[tuple[int, int, str], list[str]] = {}  # values without one, by their place
        for v in owner.values:
            if gname not in v.groups:
                vnode = vnodes[gattr.of][v.index]
                missing.setdefault((vnode.line, vnode.col, vnode.path), []).append(v.id)
            else:
                used.add(v.groups[gname])
        # One error per place: a range's values share its line, and one mistake is said once.
        gnode = attrs_node.value[gname]
        for (line, col, path), ids in missing.items():
            which = (
                f"'{ids[0]}' names" if len(ids) == 1 else f"values '{ids[0]}'..'{ids[-1]}' ({len(ids)}) name"
            )
            why = f"{gattr.of} {which} no {gname} (every {gattr.of} needs one)"
            if gnode.path != path:  # the grouping came from the file this one extends
                why += (
                    f"; '{gname}' (of: {gattr.of}) comes from {Path(gnode.path).name}:{gnode.line}:"
                    f" give each {gattr.of} a {gname}, or drop it with '{gname}: ~'"
                )
            out.append(Problem(path, line, col, why))
        if missing:
            continue  # its values unused follow from the same mistake
        for gv in gattr.values:
            if gv.index not in used:
                vnode = vnodes[gname][gv.index]
                out.append(vnode.problem(f"no {gattr.of} belongs to {gname} '{gv.id}'"))


def check_flags(nodes: list[Node], declared_flags: dict[str, str], out: list[Problem]) -> None:
    """Every flag used must be declared under deck.flags (catches typos)."""
    for f in nodes:
        if str(f.value) not in declared_flags:
            out.append(
                f.problem(
                    f"flag '{f.value}' is not declared under deck.flags" + suggest(f.value, declared_flags)
                )
            )
