"""Value ranges in a deck: `values: 2..10`, or a range among other values (`[clueless, 1..5,
plane]`), of whole numbers or of letters (`A..E`). A range is expanded in place into plain values
whose ids are its numbers or letters; each keeps the range's place for messages. Its size is
worked out before anything is made, so `1..1000000000` is one error, not a hang."""

from __future__ import annotations

import re

from ..errors import Problem
from ..yamlsrc import Node
from .spec import MAX_VALUES

RANGE = re.compile(r"^\s*(-?\d{1,16}|[A-Za-z])\s*\.\.\s*(-?\d{1,16}|[A-Za-z])\s*$")


def value_nodes(node: Node, out: list[Problem]) -> list[Node]:
    """The values of an attribute as nodes, every range expanded in place."""
    items = node.value if node.is_list else [node]
    result: list[Node] = []
    for item in items:
        if item.is_map:
            mapped = _value_map(item, out)
            if len(result) + len(mapped) > MAX_VALUES:
                out.append(item.problem(f"more than {MAX_VALUES:,} values in one attribute"))
                return result
            result += mapped
            continue
        match = RANGE.match(item.value) if isinstance(item.value, str) else None
        if match is None:
            if not node.is_list:
                out.append(
                    item.problem(f"'{item.value}' is neither a list of values nor a range such as 2..10")
                )
                return []
            result.append(item)
            continue
        made = _expand(match.group(1), match.group(2), item, out)
        if len(result) + len(made) > MAX_VALUES:
            out.append(item.problem(f"more than {MAX_VALUES:,} values in one attribute"))
            return result
        result += [Node(text, item.line, item.col, item.path) for text in made]
    if len(result) > MAX_VALUES:
        out.append(node.problem(f"has {len(result):,} values; at most {MAX_VALUES:,} allowed"))
        return result[:MAX_VALUES]
    return result


def _expand(lo: str, hi: str, item: Node, out: list[Problem]) -> list[str]:
    if lo.lstrip("-").isdigit() and hi.lstrip("-").isdigit():
        a, b = int(lo), int(hi)
        if a > b:
            out.append(item.problem(f"a range goes up: write {b}..{a}"))
            return []
        if b - a + 1 > MAX_VALUES:
            out.append(item.problem(f"the range {a}..{b} has {b - a + 1:,} values; at most {MAX_VALUES:,}"))
            return []
        return [str(i) for i in range(a, b + 1)]
    if lo.isalpha() and hi.isalpha() and lo.isupper() == hi.isupper():
        if lo > hi:
            out.append(item.problem(f"a range goes up: write {hi}..{lo}"))
            return []
        return [chr(c) for c in range(ord(lo), ord(hi) + 1)]
    out.append(
        item.problem(f"a range is of whole numbers (2..10) or of letters of one case (A..E), not {lo}..{hi}")
    )
    return []


TEMPLATED = ("label", "name", "mark")  # a range's text fields: {id} and {n} (1, 2... along it)


def _value_map(item: Node, out: list[Problem]) -> list[Node]:
    """A value written as a mapping: itself, or with `range:` one value per id of the range, each
    with the mapping's fields (texts filled in, a list of groups taken in turn)."""
    fields = item.value
    lists = [k for k, v in fields.items() if v.is_list and k not in ("rgb", "flags")]
    if "range" not in fields:
        if "id" not in fields:
            out.append(item.problem("missing 'id' (or 'range: a..t' for many values written at once)"))
            return []
        for k in lists:
            out.append(
                fields[k].problem(
                    f"one value belongs to one '{k}'; a list is taken in turn by a range's values"
                )
            )
        return [] if lists else [item]
    rnode = fields["range"]
    if "id" in fields:
        out.append(item.key_problem("id", "a value has an 'id' or a 'range' of them, not both"))
        return []
    match = RANGE.match(rnode.value)
    if match is None:
        out.append(rnode.problem(f"'{rnode.value}' is not a range such as 2..10 or a..t"))
        return []
    made = []
    for n, text in enumerate(_expand(match.group(1), match.group(2), rnode, out), 1):
        value: dict[str, Node] = {"id": Node(text, rnode.line, rnode.col, rnode.path)}
        for key, node in fields.items():
            if key == "range":
                continue
            if key in TEMPLATED:
                node = Node(
                    str(node.value).replace("{id}", text).replace("{n}", str(n)),
                    node.line,
                    node.col,
                    node.path,
                )
            elif key in lists:
                node = node.value[(n - 1) % len(node.value)]
            value[key] = node
        made.append(Node(value, item.line, item.col, item.path, item.keys))
    return made
