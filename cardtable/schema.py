"""A small declarative shape checker for YAML node trees.

Each section of a variant (deck, hands, layout, phases...) declares its shape with these specs;
`check` walks a Node tree and reports every problem (unknown keys with a "did you mean"
suggestion, wrong types, missing fields) at its file:line:col. Meaning checks come afterwards,
in the builders, which may then rely on the shape.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .errors import Problem
from .yamlsrc import Node

MAX_PROBLEMS = 100  # a file of 150,000 unknown keys is told about its first ones, at once


def suggest(name: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for a close match, else ''."""
    close = difflib.get_close_matches(str(name), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _kind(node: Node) -> str:
    value = node.value
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    return "text"


class Spec:
    """What a node must look like."""

    what = "a value"

    def check(self, node: Node, out: list[Problem]) -> None:
        raise NotImplementedError

    def accepts(self, node: Node) -> bool:
        """A cheap kind test used by OneOf to pick an alternative."""
        return True


class AnyValue(Spec):
    what = "any value"

    def check(self, node: Node, out: list[Problem]) -> None:
        pass


def too_long(text: str, longest: int) -> str:
    """The problem of a text beyond its limit, in one set of words."""
    return f"is {len(text):,} characters long; at most {longest:,} allowed"


class Str(Spec):
    def __init__(
        self, choices: Iterable[str] | None = None, what: str = "text", longest: int | None = None
    ) -> None:
        self.choices = list(choices) if choices is not None else None
        self.what = what
        self.longest = longest  # characters at most (limits.py)

    def accepts(self, node: Node) -> bool:
        return isinstance(node.value, str) or (
            self.choices is None and isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
        )

    def check(self, node: Node, out: list[Problem]) -> None:
        if not self.accepts(node):
            out.append(node.problem(f"expected {self.what}, found {_kind(node)}"))
        elif self.longest is not None and len(str(node.value)) > self.longest:
            out.append(node.problem(too_long(str(node.value), self.longest)))
        elif self.choices is not None and node.value not in self.choices:
            out.append(
                node.problem(
                    f"'{node.value}' is not one of: {', '.join(self.choices)}"
                    + suggest(node.value, self.choices)
                )
            )


class Int(Spec):
    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi
        self.what = "a whole number"

    def accepts(self, node: Node) -> bool:
        return isinstance(node.value, int) and not isinstance(node.value, bool)

    def check(self, node: Node, out: list[Problem]) -> None:
        if not self.accepts(node):
            out.append(node.problem(f"expected a whole number, found {_kind(node)}"))
        elif self.lo is not None and node.value < self.lo:
            out.append(node.problem(f"must be at least {self.lo}, not {node.value}"))
        elif self.hi is not None and node.value > self.hi:
            out.append(node.problem(f"must be at most {self.hi:,}, not {node.value:,}"))


class Num(Spec):
    what = "a number"

    def __init__(self, lo: float | None = None, hi: float | None = None) -> None:
        self.lo, self.hi = lo, hi

    def accepts(self, node: Node) -> bool:
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)

    def check(self, node: Node, out: list[Problem]) -> None:
        if not self.accepts(node):
            out.append(node.problem(f"expected a number, found {_kind(node)}"))
        elif self.lo is not None and node.value < self.lo:
            out.append(node.problem(f"must be at least {self.lo}, not {node.value}"))
        elif self.hi is not None and node.value > self.hi:
            out.append(node.problem(f"must be at most {self.hi}, not {node.value}"))


class Bool(Spec):
    what = "true or false"

    def accepts(self, node: Node) -> bool:
        return isinstance(node.value, bool)

    def check(self, node: Node, out: list[Problem]) -> None:
        if not self.accepts(node):
            out.append(node.problem(f"expected true or false, found {_kind(node)}"))


class ListOf(Spec):
    def __init__(self, item: Spec, min_len: int = 0, max_len: int | None = None) -> None:
        self.item, self.min_len, self.max_len = item, min_len, max_len
        self.what = f"a list of {item.what}"

    def accepts(self, node: Node) -> bool:
        return node.is_list

    def check(self, node: Node, out: list[Problem]) -> None:
        if not node.is_list:
            out.append(node.problem(f"expected {self.what}, found {_kind(node)}"))
            return
        if len(node.value) < self.min_len:
            out.append(node.problem(f"needs at least {self.min_len} item(s)"))
        if self.max_len is not None and len(node.value) > self.max_len:
            out.append(node.problem(f"has {len(node.value):,} items; at most {self.max_len:,} allowed"))
        for item in node.value:
            if len(out) >= MAX_PROBLEMS:
                return
            self.item.check(item, out)


@dataclass
class Field:
    spec: Spec
    required: bool = False
    doc: str = ""


class Map(Spec):
    """A mapping with named fields; unknown keys are errors with a suggestion."""

    def __init__(
        self, fields: Mapping[str, Field | Spec], what: str = "a mapping", extra: Spec | None = None
    ) -> None:
        self.fields = {k: (v if isinstance(v, Field) else Field(v)) for k, v in fields.items()}
        self.what = what
        self.extra = extra  # spec for keys not in `fields`, when free-form keys are allowed

    def accepts(self, node: Node) -> bool:
        return node.is_map

    def check(self, node: Node, out: list[Problem]) -> None:
        if not node.is_map:
            out.append(node.problem(f"expected {self.what}, found {_kind(node)}"))
            return
        suggested = set()  # a required key a misspelt one was taken for is not also "missing"
        for key, child in node.value.items():
            if len(out) >= MAX_PROBLEMS:
                return  # `check` says there are more
            field_ = self.fields.get(key)
            if field_ is not None:
                field_.spec.check(child, out)
            elif self.extra is not None:
                self.extra.check(child, out)
            else:
                hint = suggest(key, [f for f in self.fields if f not in node.value])
                suggested.add(hint.partition("'")[2].rpartition("'")[0])
                out.append(node.key_problem(key, f"unknown key '{key}'" + hint))
        for key, field_ in self.fields.items():
            if field_.required and key not in node.value and key not in suggested:
                out.append(node.problem(f"missing '{key}'"))


class MapOf(Spec):
    """A mapping whose keys are free names and whose values all share one spec."""

    def __init__(self, value: Spec, what: str = "a mapping", max_len: int | None = None) -> None:
        self.value_spec, self.what, self.max_len = value, what, max_len

    def accepts(self, node: Node) -> bool:
        return node.is_map

    def check(self, node: Node, out: list[Problem]) -> None:
        if not node.is_map:
            out.append(node.problem(f"expected {self.what}, found {_kind(node)}"))
            return
        if self.max_len is not None and len(node.value) > self.max_len:
            out.append(node.problem(f"has {len(node.value):,} entries; at most {self.max_len:,} allowed"))
            return
        for child in node.value.values():
            if len(out) >= MAX_PROBLEMS:
                return
            self.value_spec.check(child, out)


class OneOf(Spec):
    """The first alternative whose kind fits is checked; none fitting is one problem."""

    def __init__(self, *alternatives: Spec, what: str | None = None) -> None:
        self.alternatives = alternatives
        self.what = what or " or ".join(a.what for a in alternatives)

    def accepts(self, node: Node) -> bool:
        return any(a.accepts(node) for a in self.alternatives)

    def check(self, node: Node, out: list[Problem]) -> None:
        for alt in self.alternatives:
            if alt.accepts(node):
                alt.check(node, out)
                return
        out.append(node.problem(f"expected {self.what}, found {_kind(node)}"))


class Lazy(Spec):
    """A spec built on first use, for recursive shapes."""

    def __init__(self, make: Callable[[], Spec], what: str = "a value") -> None:
        self.make, self.what = make, what
        self._spec: Spec | None = None

    def _get(self) -> Spec:
        if self._spec is None:
            self._spec = self.make()
        return self._spec

    def accepts(self, node: Node) -> bool:
        return self._get().accepts(node)

    def check(self, node: Node, out: list[Problem]) -> None:
        self._get().check(node, out)


def check(spec: Spec, node: Node) -> list[Problem]:
    """Every problem of the node's shape, up to MAX_PROBLEMS (then one more says so)."""
    out: list[Problem] = []
    spec.check(node, out)
    if len(out) >= MAX_PROBLEMS:
        out = out[:MAX_PROBLEMS]
        out.append(node.problem(f"more than {MAX_PROBLEMS} problems: these are the first"))
    return out
