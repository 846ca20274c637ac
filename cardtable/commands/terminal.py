"""Text from files printed to a terminal: a name may hold control characters (an escape sequence
that clears the screen or retitles the window, a carriage return that overwrites the line, a
right-to-left override that reverses what follows), so every one is shown escaped instead."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO


def shown(text: str) -> str:
    """`text` with every character that is not printable (controls, format characters such as
    bidirectional overrides, line and paragraph separators) written as a Python escape: one line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(char, f"\\x{code:02x}")
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def json_line(data: Any) -> str:
    """`data` as one line of JSON whose strings keep their letters but escape what a terminal
    would act on (JSON itself escapes only the first 32 controls)."""
    text = json.dumps(data, ensure_ascii=False)
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() else f"\\u{ord(c):04x}" if ord(c) < 0x10000 else _pair(c) for c in text
    )


def _pair(char: str) -> str:
    """A character beyond the first plane in JSON's escape: a UTF-16 surrogate pair."""
    code = ord(char) - 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def say(text: object = "", file: TextIO | None = None) -> None:
    """print() of one line of text that may hold a file's words: escaped (see `shown`)."""
    print(shown(str(text)), file=file if file is not None else sys.stdout)
