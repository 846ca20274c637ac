"""The tree of a YAML text built from its parser's events in one pass, with the limits checked as
the events come.

It does what `yaml.compose` and then a builder of Nodes did, in the same order of errors: a limit
passed anywhere in the text first (nesting deeper than the depth limit, more values than the
count limit, aliases counted once); then the first YAML error, the parser's or the composer's (an
alias to no anchor, an anchor given twice, a second document); then, for the caller, no document
and too many values once aliases are expanded; last the tree's own first problem (a key given
twice or not a plain name, a tag, a value). Nothing recurses over the text, and PyYAML's C
composer, which recurses in C and crashes on deep nesting, is never used.
"""

from __future__ import annotations

import math
from typing import Any

import yaml

from .. import limits
from ..errors import Problem, VariantError
from .node import Node

MAX_TEXT = limits.TEXT  # characters in one value (a name, a description)
MAX_NUMBER = limits.NUMBER  # no count, amount or option in a variant comes near this

_TAG = "tag:yaml.org,2002:"
_STR = _TAG + "str"
_PLAIN_TAGS = {_TAG + name for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")}
_SCALARS = yaml.constructor.SafeConstructor()  # builds only int, float, bool and None here
_REMEMBERED = {_TAG + name for name in ("int", "float", "bool", "null")}  # plain values: never changed
_KEPT = 20_000  # tags and values remembered between texts: variants repeat the same words and numbers
_TAGS: dict[Any, dict[tuple[str, Any], str]] = {}  # by loader: (text, implicit) -> the resolver's tag
_VALUES: dict[tuple[str, str], Any] = {}  # (tag, text) -> value

_SCALAR, _ALIAS = yaml.ScalarEvent, yaml.AliasEvent
_SEQ, _MAP = yaml.SequenceStartEvent, yaml.MappingStartEvent
_SEQ_END, _MAP_END = yaml.SequenceEndEvent, yaml.MappingEndEvent


class Composed:
    """What one pass over a text's events gives (a YAML error is raised instead)."""

    def __init__(self, root: Node | None, start: Any, problem: Exception | None, expanded: int) -> None:
        self.root = root  # the tree, whole when there is no problem and not too many values
        self.start = start  # the parser's mark where the document starts; None: no document
        self.problem = problem  # the tree's first problem
        self.expanded = expanded  # values once every alias is expanded (past the count limit: too many)


def compose(text: str, path: str, loader: Any, max_nodes: int, max_depth: int) -> Composed:
    """Read `text` with the `loader` class's parser; a VariantError for a limit passed, a
    yaml.YAMLError for the first YAML error."""
    return _Composer(path, loader, max_nodes, max_depth).read(text)


class _Composer:
    def __init__(self, path: str, loader: Any, max_nodes: int, max_depth: int) -> None:
        self.path, self.loader, self.max_nodes, self.max_depth = path, loader, max_nodes, max_depth
        self.tags = _TAGS.setdefault(loader, {})
        self.expanded = 0
        self.anchors: dict[str, list[Any]] = {}  # name -> [expanded size (None while open), mark, Node]
        # the collections open around the event: [Node, key read and waiting for its value, anchor,
        # values expanded before it]
        self.stack: list[list[Any]] = []
        self.root: Node | None = None
        self.start: Any = None
        self.failure: yaml.YAMLError | None = None  # the composer's error: yaml.compose stopped there
        self.problem: Exception | None = None  # the tree's first: no more is built after it
        self.shared = False  # an alias put a node in a second place (each gets its own at the end)
        self.heights: dict[int, int] = {}  # id(Node) -> how deep it goes, for the nodes aliases name

    def read(self, text: str) -> Composed:
        max_nodes, max_depth = self.max_nodes, self.max_depth
        count = depth = documents = 0
        parser = self.loader(text)
        try:
            while True:
                event = parser.get_event()
                kind = type(event)
                if kind is _SCALAR or kind is _MAP or kind is _SEQ or kind is _ALIAS:
                    count += 1
                    if count > max_nodes:
                        raise VariantError(
                            [_at(self.path, event.start_mark, f"too many values (over {max_nodes:,})")]
                        )
                    if kind is _MAP or kind is _SEQ:
                        depth += 1
                        if depth > max_depth:
                            raise VariantError(
                                [
                                    _at(
                                        self.path,
                                        event.start_mark,
                                        f"nested more than {max_depth} levels deep",
                                    )
                                ]
                            )
                    if documents == 1 and self.failure is None:
                        if kind is _ALIAS:
                            self._alias(event)
                        elif not (kind is _SCALAR and self._plain_text(event)):
                            self._value(event, kind, parser)
                elif kind is _MAP_END or kind is _SEQ_END:
                    depth -= 1
                    if documents == 1 and self.failure is None:
                        node, _, anchor, before = self.stack.pop()
                        if anchor is not None:
                            self.anchors[anchor][0] = self.expanded - before
                        self._whole(node)
                elif kind is yaml.DocumentStartEvent:
                    documents += 1
                    if documents == 2 and self.failure is None:
                        self.failure = yaml.composer.ComposerError(
                            "expected a single document in the stream",
                            self.start,
                            "but found another document",
                            event.start_mark,
                        )
                elif kind is yaml.StreamEndEvent:
                    break
        except yaml.MarkedYAMLError as exc:
            # A parser may refuse the text while reading ahead of the events it has handed out
            # (libyaml 0.2.6, in PyYAML 6.0.4, refuses 1,000 levels in its own words before giving
            # the 65th level's event): the text before that place is read again, to its end, so that
            # a level too deep before it is said in our words, at its place.
            mark = exc.problem_mark or exc.context_mark
            found = self._limit_before(text[: mark.index]) if mark and mark.index else None
            if found is not None:
                raise VariantError([found]) from None
            raise self.failure or exc from None
        except yaml.YAMLError as exc:  # a character the reader refuses
            raise self.failure or exc from None
        finally:
            parser.dispose()
        if self.failure is not None:
            raise self.failure
        if self.shared and self.problem is None and self.expanded <= self.max_nodes and self.root:
            self.root = _unshared(self.root, set())  # no more than max_nodes values in all
        return Composed(self.root, self.start, self.problem, self.expanded)

    def _plain_text(self, event: Any) -> bool:
        """The usual scalar, text without anchor or tag, taken straight to its place: False for
        any other, or when a problem stopped the building (`_value` sees to it)."""
        stack = self.stack
        if (
            event.anchor is not None
            or self.problem is not None
            or self.expanded >= self.max_nodes
            or not stack
        ):
            return False
        value = event.value
        tag = event.tag
        if tag is None:
            tag = self.tags.get((value, event.implicit))
        if tag != _STR or len(value) > MAX_TEXT:
            return False
        frame = stack[-1]
        parent = frame[0]
        if parent is None:
            return False
        mark = event.start_mark
        node = Node(value, mark.line + 1, mark.column + 1, self.path)
        if type(parent.value) is list:
            parent.value.append(node)
        elif frame[1] is not None:
            parent.value[frame[1]] = node
            frame[1] = None
        elif value == "<<" or value in parent.value:
            return False
        else:
            parent.keys[value] = node
            frame[1] = value
        self.expanded += 1
        return True

    def _value(self, event: Any, kind: type, parser: Any) -> None:
        """A scalar, or a collection opening."""
        anchor, mark = event.anchor, event.start_mark
        if anchor is not None and anchor in self.anchors:
            self.failure = yaml.composer.ComposerError(
                "found duplicate anchor; first occurrence", self.anchors[anchor][1], "second occurrence", mark
            )
            return
        if self.start is None:
            self.start = mark
        node = None
        if self.problem is None and self.expanded < self.max_nodes:
            node = self._node(event, kind, parser)
        self.expanded += 1
        if kind is _SCALAR:
            if anchor is not None:
                self.anchors[anchor] = [1, mark, node]
            self._whole(node)
        else:
            self.stack.append([node, None, anchor, self.expanded - 1])
            if anchor is not None:
                self.anchors[anchor] = [None, mark, node]

    def _node(self, event: Any, kind: type, parser: Any) -> Node | None:
        """The event's Node, or None and the problem recorded."""
        mark, tag = event.start_mark, event.tag
        node = Node(None, mark.line + 1, mark.column + 1, self.path)
        if kind is _SCALAR:
            value = event.value
            if tag is None or tag == "!":
                tag = self.tags.get((value, event.implicit)) or self._resolve(parser, value, event.implicit)
            if tag == _STR and len(value) <= MAX_TEXT:  # most values: nothing to check
                node.value = value
                return node
        elif tag is None or tag == "!":
            tag = parser.resolve(
                yaml.SequenceNode if kind is _SEQ else yaml.MappingNode, None, event.implicit
            )
        if tag not in _PLAIN_TAGS:
            self.problem = VariantError(
                [node.problem(f"the tag '{tag}' is not allowed: variant files hold plain data")]
            )
            return None
        if kind is not _SCALAR:
            node.value = [] if kind is _SEQ else {}
            return node
        try:
            node.value = _scalar(tag, event.value, mark, self.path)
        except Exception as exc:  # said once the whole text is known sound YAML
            self.problem = exc
            return None
        return node

    def _resolve(self, parser: Any, value: str, implicit: Any) -> str:
        tag = str(parser.resolve(yaml.ScalarNode, value, implicit))
        if len(self.tags) < _KEPT and len(value) <= 40:
            self.tags[(value, implicit)] = tag
        return tag

    def _alias(self, event: Any) -> None:
        """An alias: the node it names, put here too (shared until the end: an alias bomb is
        counted, never built). Put this deep, a value of it may nest too deep."""
        entry = self.anchors.get(event.anchor)
        if entry is None:
            said = "found undefined alias"  # libyaml's words; PyYAML's own parser names the anchor
            if self.loader is yaml.SafeLoader:
                said += f" {event.anchor!r}"
            self.failure = yaml.composer.ComposerError(None, None, said, event.start_mark)
            return
        building = self.problem is None and self.expanded < self.max_nodes
        self.expanded += self.max_nodes + 1 if entry[0] is None else entry[0]  # None: it holds itself
        node = None
        if building and self.expanded <= self.max_nodes:
            node = entry[2]
            deep = _too_deep(node, len(self.stack), self.max_depth, self.heights)
            if deep is not None:
                self.problem = VariantError([deep.problem(f"nested more than {self.max_depth} levels deep")])
                node = None
            self.shared = True
        self._whole(node)

    def _whole(self, node: Node | None) -> None:
        """A value read whole: it goes to the collection around it, or it is the tree."""
        if not self.stack:
            self.root = node
            return
        frame = self.stack[-1]
        parent = frame[0]
        if node is None or parent is None or self.problem is not None:
            return
        if type(parent.value) is list:
            parent.value.append(node)
        elif frame[1] is not None:
            parent.value[frame[1]] = node
            frame[1] = None
        elif not node.is_scalar or node.value is None:
            self.problem = VariantError([node.problem("a mapping key must be a plain name")])
        else:
            name = str(node.value)
            if name == "<<":
                self.problem = VariantError([node.problem("merge keys (<<) are not supported")])
            elif name in parent.value:
                self.problem = VariantError([node.problem(f"'{name}' is given twice")])
            else:
                parent.keys[name] = node
                frame[1] = name

    def _limit_before(self, text: str) -> Problem | None:
        """The first limit `text` passes, from its events alone (aliases counted once), or None."""
        depth = count = 0
        try:
            for event in yaml.parse(text, Loader=self.loader):
                if isinstance(event, (_SCALAR, _ALIAS, _SEQ, _MAP)):
                    count += 1
                    if count > self.max_nodes:
                        return _at(self.path, event.start_mark, f"too many values (over {self.max_nodes:,})")
                if isinstance(event, (_SEQ, _MAP)):
                    depth += 1
                    if depth > self.max_depth:
                        return _at(
                            self.path, event.start_mark, f"nested more than {self.max_depth} levels deep"
                        )
                elif isinstance(event, (_SEQ_END, _MAP_END)):
                    depth -= 1
        except yaml.YAMLError:
            pass
        return None


def _scalar(tag: str, text: str, mark: Any, path: str) -> Any:
    """The scalar as YAML's safe resolver typed it (dates stay text), or a VariantError for a
    value no variant needs and that would break a game: text over MAX_TEXT characters, a whole
    number beyond MAX_NUMBER, NaN or infinity, or text its own tag cannot read (`!!int x`)."""

    def refuse(why: str) -> VariantError:
        return VariantError([_at(path, mark, why)])

    if len(text) > MAX_TEXT:
        raise refuse(f"a value of {len(text):,} characters (the limit is {MAX_TEXT:,})")
    if tag in (_STR, _TAG + "timestamp"):
        return text
    short = text[:20] + ("…" if len(text) > 20 else "")
    value = _VALUES.get((tag, text), _VALUES)  # _VALUES: not known
    if value is _VALUES and (tag != _TAG + "int" or len(text) <= 40):
        try:
            value = _SCALARS.construct_object(yaml.ScalarNode(tag, text, mark, mark))
        except (ValueError, KeyError, TypeError):  # `!!int x`, `!!bool x`: a tag given wrong
            raise refuse(f"'{short}' cannot be read as !!{tag.removeprefix(_TAG)}") from None
        finally:  # it keeps every node it built, and a generator for `!!seq x`: nothing is kept
            _SCALARS.constructed_objects.clear()
            _SCALARS.state_generators.clear()
        if tag in _REMEMBERED and len(_VALUES) < _KEPT:
            _VALUES[(tag, text)] = value
    if tag == _TAG + "int" and (value is _VALUES or abs(value) > MAX_NUMBER):
        raise refuse(f"the number {short} is too large (at most {MAX_NUMBER:,})")
    if isinstance(value, float) and not math.isfinite(value):
        raise refuse(f"'{text}' is not a usable number here (NaN and infinity are refused)")
    return value


def _children(node: Node) -> list[Node]:
    """A node's values in the order they are read (a mapping's key before its value)."""
    if isinstance(node.value, list):
        return node.value
    if isinstance(node.value, dict):
        return [n for name, value in node.value.items() for n in (node.keys[name], value)]
    return []


def _height(node: Node, heights: dict[int, int]) -> int:
    """How many levels below `node` its values go (a shared node worked out once)."""
    found = heights.get(id(node))
    if found is None:
        found = heights[id(node)] = max((1 + _height(c, heights) for c in _children(node)), default=0)
    return found


def _too_deep(node: Node, depth: int, max_depth: int, heights: dict[int, int]) -> Node | None:
    """The first value of `node`'s tree, in the order values are read, that is deeper than
    `max_depth` when `node` is put `depth` levels deep; None when none is."""
    if depth > max_depth:
        return node
    if depth + _height(node, heights) <= max_depth:
        return None
    for child in _children(node):
        found = _too_deep(child, depth + 1, max_depth, heights)
        if found is not None:
            return found
    return None


def _unshared(node: Node, seen: set[int]) -> Node:
    """The tree with each node in one place only: a node met again (put there by an alias) is
    copied whole, as each place of an alias reads as a value of its own."""
    if id(node) in seen:
        return _copy(node)
    seen.add(id(node))
    if isinstance(node.value, list):
        node.value = [_unshared(item, seen) for item in node.value]
    elif isinstance(node.value, dict):
        for name, value in node.value.items():
            node.keys[name] = _unshared(node.keys[name], seen)
            node.value[name] = _unshared(value, seen)
    return node


def _copy(node: Node) -> Node:
    """A new tree like `node`'s."""
    out = Node(node.value, node.line, node.col, node.path)
    if isinstance(node.value, list):
        out.value = [_copy(item) for item in node.value]
    elif isinstance(node.value, dict):
        out.value = {}
        for name, value in node.value.items():
            out.keys[name] = _copy(node.keys[name])
            out.value[name] = _copy(value)
    return out


def _at(path: str, mark: Any, message: str) -> Problem:
    """A problem at a parser mark (libyaml's and PyYAML's marks differ in type, not in fields)."""
    return Problem(path, mark.line + 1, mark.column + 1, message) if mark else Problem(path, 1, 1, message)
