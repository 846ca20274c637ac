"""Safe YAML reading into a tree of nodes that remember their line and column.

Only plain data is built (mappings, lists, strings, numbers, booleans, null); no tags construct
objects. Hostile input fails fast with a VariantError: files over MAX_BYTES, more than MAX_NODES
nodes once aliases are expanded (the "billion laughs"), nesting deeper than MAX_DEPTH (checked
before composing), a value over MAX_TEXT characters, a number beyond MAX_NUMBER, NaN or infinity.
"""

from __future__ import annotations

import hashlib
import math
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import yaml

from . import limits
from .errors import Problem, VariantError

MAX_BYTES = 2 * 1024 * 1024
MAX_NODES = 100_000  # values, aliases expanded: the largest built-in game has about 6,000
MAX_DEPTH = 64
MAX_TEXT = limits.TEXT  # characters in one value (a name, a description)
MAX_NUMBER = limits.NUMBER  # no count, amount or option in a variant comes near this

try:  # libyaml is much faster; both give the same marks
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the wheel
    _Loader = yaml.SafeLoader

Scalar = str | int | float | bool | None

_TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_TAG + name for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")}
_SCALARS = yaml.constructor.SafeConstructor()  # builds only int, float, bool and None here


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


def _scalar(node: yaml.ScalarNode, path: str) -> Scalar:
    """The scalar as YAML's safe resolver typed it (dates stay text), or a VariantError for a
    value no variant needs and that would break a game: text over MAX_TEXT characters, a whole
    number beyond MAX_NUMBER, NaN or infinity."""

    def refuse(why: str) -> VariantError:
        mark = node.start_mark
        return VariantError([Problem(path, mark.line + 1, mark.column + 1, why)])

    if len(node.value) > MAX_TEXT:
        raise refuse(f"a value of {len(node.value):,} characters (the limit is {MAX_TEXT:,})")
    if node.tag in (_TAG + "str", _TAG + "timestamp"):
        return node.value
    value = None
    if node.tag != _TAG + "int" or len(node.value) <= 40:
        value = _SCALARS.construct_object(node)
        _SCALARS.constructed_objects.pop(node, None)  # it remembers every node it built: forget it
    if node.tag == _TAG + "int" and (value is None or abs(value) > MAX_NUMBER):
        raise refuse(
            f"the number {node.value[:20]}{'…' if len(node.value) > 20 else ''} is too large (at most {MAX_NUMBER:,})"
        )
    if isinstance(value, float) and not math.isfinite(value):
        raise refuse(f"'{node.value}' is not a usable number here (NaN and infinity are refused)")
    return value


class _Builder:
    def __init__(self, path: str) -> None:
        self.path = path
        self.count = 0

    def build(self, node: yaml.Node, depth: int) -> Node:
        self.count += 1
        mark = node.start_mark
        if self.count > MAX_NODES:
            raise VariantError(
                [
                    Problem(
                        self.path,
                        mark.line + 1,
                        mark.column + 1,
                        f"too many values (over {MAX_NODES:,} once aliases are expanded)",
                    )
                ]
            )
        if depth > MAX_DEPTH:
            raise VariantError(
                [
                    Problem(
                        self.path, mark.line + 1, mark.column + 1, f"nested more than {MAX_DEPTH} levels deep"
                    )
                ]
            )
        out = Node(None, mark.line + 1, mark.column + 1, self.path)
        if node.tag not in _PLAIN_TAGS:
            raise VariantError(
                [out.problem(f"the tag '{node.tag}' is not allowed: variant files hold plain data")]
            )
        if isinstance(node, yaml.MappingNode):
            out.value = {}
            for key_node, value_node in node.value:
                key = self.build(key_node, depth + 1)
                if not key.is_scalar or key.value is None:
                    raise VariantError([key.problem("a mapping key must be a plain name")])
                name = str(key.value)
                if name == "<<":
                    raise VariantError([key.problem("merge keys (<<) are not supported")])
                if name in out.value:
                    raise VariantError([key.problem(f"'{name}' is given twice")])
                out.keys[name] = key
                out.value[name] = self.build(value_node, depth + 1)
        elif isinstance(node, yaml.SequenceNode):
            out.value = [self.build(item, depth + 1) for item in node.value]
        elif isinstance(node, yaml.ScalarNode):
            out.value = _scalar(node, self.path)
        return out


_STARTS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_NODE_EVENTS = (yaml.ScalarEvent, yaml.AliasEvent, *_STARTS)


def _prescan(text: str, path: str) -> Problem | None:
    """A problem where the text first nests deeper than MAX_DEPTH or holds more than MAX_NODES
    values (aliases counted once here), found from the parser's events: the parser does not
    recurse, and stopping at the limit keeps a huge file from being composed at all.

    A parser may refuse the text while reading ahead of the events it has handed out (libyaml
    0.2.6, in PyYAML 6.0.4, refuses 1,000 levels in its own words before giving the 65th level's
    event). The text before the place it refused is read again: ending there, it is read to its
    end, so a level too deep before that place is found and said in our words, at its place."""
    found, refused_at = _scan_events(text, path)
    if found is None and refused_at:
        found, _ = _scan_events(text[:refused_at], path)
    return found


def _scan_events(text: str, path: str) -> tuple[Problem | None, int | None]:
    """(the first limit exceeded, or None; where the parser refused the text, if it did)."""
    depth = count = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, _NODE_EVENTS):
                count += 1
                if count > MAX_NODES:
                    return _at(path, event.start_mark, f"too many values (over {MAX_NODES:,})"), None
            if isinstance(event, _STARTS):
                depth += 1
                if depth > MAX_DEPTH:
                    return _at(path, event.start_mark, f"nested more than {MAX_DEPTH} levels deep"), None
            elif isinstance(event, _ENDS):
                depth -= 1
    except yaml.MarkedYAMLError as exc:  # composing stops at the same place and reports it
        mark = exc.problem_mark or exc.context_mark
        return None, mark.index if mark else None
    except yaml.YAMLError:
        pass
    return None, None


def _at(path: str, mark: Any, message: str) -> Problem:
    """A problem at a parser mark (libyaml's and pyyaml's marks differ in type, not in fields)."""
    return Problem(path, mark.line + 1, mark.column + 1, message) if mark else Problem(path, 1, 1, message)


def _expanded_size(root: yaml.Node) -> int:
    """How many nodes the tree has once every alias is expanded (capped just past MAX_NODES),
    counted without expanding: an alias is the same node object, so each distinct node's size is
    worked out once, children first. A node that contains itself counts as too many."""
    too_many = MAX_NODES + 1
    sizes: dict[int, int] = {}
    open_: set[int] = set()  # nodes whose children are being sized: meeting one again is a cycle
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        if children_done:
            open_.discard(id(node))
            total = 1 + sum(sizes.get(id(c), too_many) for c in _children(node))  # missing: a cycle
            sizes[id(node)] = min(too_many, total)
        elif id(node) not in open_:
            open_.add(id(node))
            stack.append((node, True))
            stack.extend((c, False) for c in _children(node) if id(c) not in sizes)
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _tab_near(text: str, line: int) -> tuple[int, int] | None:
    """(line, col) of a tab in the leading whitespace of `line` or the line before it: the usual
    cause of a syntax error there, which the parser does not name."""
    lines = text.splitlines()
    for row in (line, line - 1):
        if 1 <= row <= len(lines):
            body = lines[row - 1]
            lead = body[: len(body) - len(body.lstrip(" \t"))]
            if "\t" in lead:
                return row, lead.index("\t") + 1
    return None


def _line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character index of the text."""
    start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - start + 1


def _bad_character(text: str, path: str, exc: yaml.reader.ReaderError) -> Problem:
    """A character the reader refuses (a NUL, a control character), at its line and column: the
    reader's position counts differently in libyaml, so the character itself is looked for."""
    code = exc.character if isinstance(exc.character, int) else None
    index = text.find(chr(code)) if code is not None else -1
    if index < 0:
        index = min(max(exc.position, 0), len(text))
    line, col = _line_col(text, index)
    what = f"the character #x{code:04x}" if code is not None else "a character"
    return Problem(path, line, col, f"{what} is not allowed in YAML ({exc.reason})")


# A tree is never changed once built (`extends` merges into new nodes), so a text read again (the
# menu's list at each visit, a game started from it, its saves) shares the tree built before.
_PARSED: OrderedDict[tuple[str, str], Node] = OrderedDict()
PARSED_KEPT = 64  # trees: every built-in game and example, and a designer's own files


def load_text(text: str, path: str) -> Node:
    """Parse YAML text into a Node tree, or raise VariantError with the place of the problem."""
    key = (hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), path)
    root = _PARSED.get(key)
    if root is None:
        root = _PARSED[key] = _parse(text, path)
        if len(_PARSED) > PARSED_KEPT:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(key)
    return root


def _parse(text: str, path: str) -> Node:
    if len(text) > MAX_BYTES:
        raise VariantError(
            [Problem(path, 1, 1, f"file is too large ({len(text):,} bytes; the limit is {MAX_BYTES:,})")]
        )
    found = _prescan(text, path)
    if found is not None:  # refused before composing: libyaml's composer recurses in C and crashes
        raise VariantError([found])
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        tab = _tab_near(text, line)
        if tab is not None:
            raise VariantError(
                [Problem(path, tab[0], tab[1], "a tab in the indentation: YAML indents with spaces only")]
            ) from None
        raise VariantError([Problem(path, line, col, f"YAML syntax: {exc.problem or exc}")]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses: said at its own line
        raise VariantError([_bad_character(text, path, exc)]) from None
    except yaml.YAMLError as exc:
        raise VariantError([Problem(path, 1, 1, f"YAML: {exc}")]) from None
    except RecursionError:
        raise VariantError([Problem(path, 1, 1, f"nested more than {MAX_DEPTH} levels deep")]) from None
    if root is None:
        raise VariantError([Problem(path, 1, 1, "the file is empty")])
    # An alias bomb is refused before anything is built; without an anchor (&) there is no alias.
    if "&" in text and _expanded_size(root) > MAX_NODES:
        mark = root.start_mark
        raise VariantError(
            [
                Problem(
                    path,
                    mark.line + 1,
                    mark.column + 1,
                    f"too many values (over {MAX_NODES:,} once aliases are expanded)",
                )
            ]
        )
    return _Builder(path).build(root, 0)


def read_text(path: str) -> str:
    """Read a UTF-8 file, refusing one over MAX_BYTES before reading it, and anything that is not
    a regular file (a device such as /dev/zero never ends; a pipe would wait for ever). At most
    MAX_BYTES are read whatever the size claimed."""
    import os
    import stat

    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise VariantError([Problem(path, 1, 1, "not a regular file")])
        if info.st_size > MAX_BYTES:
            raise VariantError(
                [
                    Problem(
                        path, 1, 1, f"file is too large ({info.st_size:,} bytes; the limit is {MAX_BYTES:,})"
                    )
                ]
            )
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise VariantError([Problem(path, 1, 1, f"file is too large (over {MAX_BYTES:,} bytes)")])
        return data.decode("utf-8")
    except OSError as exc:
        raise VariantError([Problem(path, 1, 1, f"cannot read: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError as exc:  # at the line of the byte (the bytes before it are text)
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise VariantError([Problem(path, line, col, f"not UTF-8 text: {exc.reason}")]) from None


def load_file(path: str) -> Node:
    """Read and parse a YAML file."""
    return load_text(read_text(path), path)
