"""A YAML value in a variant's tree, with the place it was read from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Problem

Scalar = str | int | float | bool | None


@dataclass(eq=False)
class Node:
    """A YAML value with its place. `value` is a dict of Nodes, a list of Nodes or a scalar."""

    value: Any
    line: int
    col: int
    path: str
    keys: dict[str, Node] = field(default_factory=dict)  # mapping keys, for their places

    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_list(self) -> bool:
        return isinstance(self.value, list)

    @property
    def is_scalar(self) -> bool:
        return not isinstance(self.value, (dict, list))

    def get(self, key: str) -> Node | None:
        return self.value.get(key) if isinstance(self.value, dict) else None

    def problem(self, message: str) -> Problem:
        return Problem(self.path, self.line, self.col, message)

    def key_problem(self, key: str, message: str) -> Problem:
        return (self.keys.get(key) or self).problem(message)

    def plain(self) -> Any:
        """The value as plain Python data, positions dropped."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value
