"""Checks of every field a save holds: type, size and range, with a message a person can act on.

A save may come from anywhere (an old version, another computer, a hand edit, a hostile file), so
nothing in it is used before it passes here: no variant id that is a path (`/dev/zero`), no
summary of the wrong type or of ten megabytes, no number of five thousand digits, no seat that is
not a seat.
"""

from __future__ import annotations

import math
import re
from typing import Any, cast

from .. import limits
from ..engine.types import Action
from .seal import SEED_MAX, SEED_MIN


class SaveError(Exception):
    """A save that cannot be read, with a message a person can act on."""


class SealedElsewhere(SaveError):
    """An unfinished game sealed with a key this installation does not have now (`gone`: one it
    had, and lost). Nothing is wrong with the file: it is left as it is, and opens again when
    that key is back."""

    def __init__(self, message: str, gone: bool) -> None:
        super().__init__(message)
        self.gone = gone


MAX_SAVE_BYTES = 64 * 1024 * 1024  # a 10,000-hand game with its checkpoint: about 20 MB
# The limits on what enters the program are limits.py's: a save holds whatever they let in.
MAX_SEATS = limits.SAVE_SEATS
MAX_LOG = 1_000_000
MAX_NAME = limits.SEAT_NAME  # a seat's name, a summary's player
MAX_TEXT = max(limits.VARIANT_NAME, limits.OPTION_TEXT)  # a game's name, an option's text, other texts
MAX_OPTIONS = limits.SAVE_OPTIONS
MAX_INT = 2**63  # amounts, card ids, counts, coordinates
MAX_LIST = 100_000  # cards named by one action
MAX_DEPTH = 4  # an action's value: a list of lists at most
HEX64 = re.compile(r"[0-9a-f]{64}")
HEX = re.compile(r"[0-9a-f]*")
SEALED = "sealed"  # a decision's hidden fields, sealed (saves/hidden.py)
MAX_SEALED = 2 * (16 + 64 + 8 * MAX_LIST)  # hex of a nonce and the JSON of the longest card list
GAME_ID = re.compile(r"[0-9a-zA-Z_-]{1,64}")
SEAT_KINDS = ("human", "bot")


def need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """data[key], which must be there and of `kind` (a bool is not an int)."""
    if key not in data:
        raise SaveError(f"{where}: '{key}' is missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise SaveError(f"{where}: '{key}' has the wrong type")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def text(value: object, what: str, where: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise SaveError(f"{where}: {what} is not text")
    if len(value) > limit:
        raise SaveError(f"{where}: {what} is too long ({len(value):,} characters; at most {limit})")
    if not _encodable(value):
        raise SaveError(f"{where}: {what} is not valid text (half of a character)")
    return value


def _encodable(value: str) -> bool:
    """No lone surrogate (JSON can spell one, "\\ud800"; no file can hold it as UTF-8)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def integer(value: object, what: str, where: str, low: int = -MAX_INT, high: int = MAX_INT) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveError(f"{where}: {what} is not a whole number")
    if not low <= value <= high:
        raise SaveError(f"{where}: {what} is out of range")
    return value


def variant(data: dict[str, Any], where: str) -> tuple[str, str, str]:
    """(id, digest, name) of the variant a save is a game of."""
    vid = text(need(data, "id", str, where), "the variant id", where)
    if limits.variant_id_problem(vid):  # a file stem, never a path: no separators, no leading dot
        raise SaveError(f"{where}: the variant id {vid[:40]!r} is not a variant's name")
    digest = need(data, "digest", str, where)
    if not HEX64.fullmatch(digest):
        raise SaveError(f"{where}: the variant's digest is malformed")
    name = text(data.get("name", vid), "the variant's name", where, limits.VARIANT_NAME)
    return vid, digest, name


def seed(value: object, where: str) -> int:
    return integer(value, "the seed", where, SEED_MIN, SEED_MAX)


def seats(value: object, where: str) -> list[dict[str, str]]:
    if not isinstance(value, list):
        raise SaveError(f"{where}: 'seats' has the wrong type")
    if not 1 <= len(value) <= MAX_SEATS:
        raise SaveError(f"{where}: a game has 1 to {MAX_SEATS} seats, not {len(value)}")
    out = []
    for i, seat in enumerate(value):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise SaveError(f"{where}: seat {i + 1} is malformed")
        if len(seat) > 8 or not all(
            isinstance(v, str) and len(v) <= MAX_NAME and _encodable(v) for v in seat.values()
        ):
            raise SaveError(f"{where}: seat {i + 1} is malformed")
        if seat.get("kind", "human") not in SEAT_KINDS:
            raise SaveError(f"{where}: seat {i + 1} is neither a person nor a computer player")
        out.append(dict(seat))
    return out


def options(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        raise SaveError(f"{where}: 'options' has the wrong type")
    for key, v in value.items():
        text(key, "an option's name", where, limits.OPTION_NAME)
        if isinstance(v, str):
            text(v, f"option '{key}'", where)
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise SaveError(f"{where}: option '{key}' is not a finite number")
        elif isinstance(v, int) and not isinstance(v, bool):
            integer(v, f"option '{key}'", where)
        elif not isinstance(v, bool):
            raise SaveError(f"{where}: option '{key}' has the wrong type")
    return value


def log(value: object, n_seats: int, where: str, deep: bool = True) -> list[Action]:
    """The log's shape; with `deep`, each entry's too (a save this installation signed, which
    only it can write, is spared that: 200,000 entries took 5 s)."""
    if not isinstance(value, list):
        raise SaveError(f"{where}: 'log' has the wrong type")
    if len(value) > MAX_LOG:
        raise SaveError(f"{where}: the log is too long ({len(value):,} entries)")
    for i, action in enumerate(value if deep else ()):
        what = f"action {i + 1} of the log"
        if not isinstance(action, dict) or len(action) > 32:
            raise SaveError(f"{where}: {what} is malformed")
        kind = action.get("type")
        if not isinstance(kind, str) or not 0 < len(kind) <= 64:
            raise SaveError(f"{where}: {what} has no type")
        seat = action.get("seat")
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n_seats
        ):
            raise SaveError(f"{where}: {what} names no seat of this game")
        for key, v in action.items():
            if key == SEALED:
                if not isinstance(v, str) or len(v) > MAX_SEALED or not HEX.fullmatch(v):
                    raise SaveError(f"{where}: {what} is sealed wrongly")
            elif not isinstance(key, str) or len(key) > 64 or not _encodable(key) or not _plain(v, MAX_DEPTH):
                raise SaveError(f"{where}: {what} is malformed")
    return cast(list[Action], value)


def _plain(value: object, depth: int) -> bool:
    """A value an action may hold: a bounded number, a short text, or a bounded list of those."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -MAX_INT <= value <= MAX_INT
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        return len(value) <= MAX_TEXT and _encodable(value)
    if isinstance(value, list):
        return depth > 0 and len(value) <= MAX_LIST and all(_plain(v, depth - 1) for v in value)
    return False


SUMMARY_FIELDS: dict[str, str] = {
    "game": "text",
    "players": "names",
    "hand": "count",
    "actions": "count",
    "over": "flag",
    "saved_at": "date",
    "started_at": "date",
}
DATE = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d)?")


def summary(value: object, where: str) -> dict[str, Any]:
    """The Load screen's line: only known fields, each of its type; anything else refuses the save
    (a save whose summary is wrong was not written by Cardtable)."""
    if not isinstance(value, dict):
        raise SaveError(f"{where}: the summary has the wrong type")
    out: dict[str, Any] = {}
    for key, v in value.items():
        form = SUMMARY_FIELDS.get(key) if isinstance(key, str) else None
        what = f"the summary's '{key}'" if isinstance(key, str) else "the summary"
        if form is None:  # a field a newer Cardtable adds: kept, never shown, if it is plain
            if not isinstance(key, str) or len(key) > 64 or not _encodable(key) or not _plain(v, 2):
                raise SaveError(f"{where}: the summary is malformed")
        elif form == "text":
            text(v, what, where)
        elif form == "names":
            if not isinstance(v, list) or len(v) > MAX_SEATS:
                raise SaveError(f"{where}: {what} has the wrong type")
            for name in v:
                text(name, what, where, MAX_NAME)
        elif form == "count":
            integer(v, what, where, 0, MAX_INT)
        elif form == "flag":
            if not isinstance(v, bool):
                raise SaveError(f"{where}: {what} has the wrong type")
        elif not isinstance(v, str) or len(v) > 40 or not DATE.match(v):
            raise SaveError(f"{where}: {what} is not a date")
        out[key] = v
    return out


def game_id(value: object, where: str) -> str:
    if not isinstance(value, str) or not GAME_ID.fullmatch(value):
        raise SaveError(f"{where}: the game's id is malformed")
    return value
