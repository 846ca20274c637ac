"""Safe YAML reading into a tree of nodes that remember their line and column.

Only plain data is built (mappings, lists, strings, numbers, booleans, null); no tags construct
objects. Hostile input fails fast with a VariantError: files over MAX_BYTES, more than MAX_NODES
nodes once aliases are expanded (the "billion laughs"), nesting deeper than MAX_DEPTH (checked as
the parser's events come, in the same single pass that builds the tree: events.py), a value over
MAX_TEXT characters, a number beyond MAX_NUMBER, NaN or infinity.
"""

from __future__ import annotations

import hashlib
from typing import Any

import yaml

from .. import limits
from ..errors import Problem, VariantError
from ..memo import Kept
from .events import compose
from .node import Node, Scalar

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_NUMBER",
    "MAX_TEXT",
    "Node",
    "Scalar",
    "load_file",
    "load_text",
    "read_text",
]

MAX_BYTES = 2 * 1024 * 1024
MAX_NODES = 100_000  # values, aliases expanded: the largest built-in game has about 6,000
MAX_DEPTH = 64
MAX_TEXT = limits.TEXT  # characters in one value (a name, a description)
MAX_NUMBER = limits.NUMBER  # no count, amount or option in a variant comes near this

try:  # libyaml is much faster; both give the same marks
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the wheel
    _Loader = yaml.SafeLoader


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
# menu's list at each visit, a game started from it, its saves) shares the tree built before. The
# table is safe when two threads read at once (the menu's, a network player's). The last 64 trees:
# every built-in game and example, and a designer's own files.
_PARSED: Kept[tuple[str, str], Node] = Kept(64)


def load_text(text: str, path: str) -> Node:
    """Parse YAML text into a Node tree, or raise VariantError with the place of the problem."""
    key = (hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), path)
    root = _PARSED.get(key)
    if root is None:
        root = _parse(text, path)
        _PARSED.put(key, root)
    return root


def _parse(text: str, path: str) -> Node:
    if len(text) > MAX_BYTES:
        raise VariantError(
            [Problem(path, 1, 1, f"file is too large ({len(text):,} bytes; the limit is {MAX_BYTES:,})")]
        )
    try:  # the limits read from here when called: a test may lower them
        composed = compose(text, path, _Loader, MAX_NODES, MAX_DEPTH)
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
    if composed.start is None:
        raise VariantError([Problem(path, 1, 1, "the file is empty")])
    if composed.expanded > MAX_NODES:  # an alias bomb, or a list that holds itself: before its problems
        mark = composed.start
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
    if composed.problem is not None:
        raise composed.problem
    assert composed.root is not None
    return composed.root


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
