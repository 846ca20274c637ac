"""The wire: versioned JSON messages between a hosted table and its remote seats, and join links.

Every message is one JSON object {"v": VERSION, "type": ..., fields}. From a player (small):

    hello   {token, last_seq, run}   the seat's token; the last update seen, and from which host run
    act     {seq, action}            a decision; `seq` counts the player's decisions (idempotent)
    undo    {seq}                    take back the player's last decision, if the host finds it fair

From the host:

    welcome {seat, run, variant: {id, files: [[name, text], ...], digest}}   the hello's reply
    update  {seq, acked, view, public, talk_at, talk, to_move, over, undo, presence}
            `view` is exactly the host's `rules.view(state, seat)` without its talk; `public` what
            the public view, view(None), has different (fields, and zones by name); the seat's
            talk is `talk` laid at `talk_at` (new lines only)
    error   {text, fatal}                the engine's own sentence; fatal: the host closes (refused)
    presence {presence}                  per seat: "here", "away" (a remote seat dropped) or "local"

`decode` checks a message's shape (types, sizes) before anything reads it and raises
ProtocolError, one sentence, for anything else: never a traceback for bad input.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

VERSION = 1
MAX_FROM_PLAYER = 64 * 1024  # bytes of one message a player sends (an action is small)
MAX_FROM_HOST = 24 * 1024 * 1024  # the welcome carries variant files (2 MB each, a few deep)
MAX_TALK_LINE = 10_000
MAX_TALK_LINES = 1_000_000
MAX_SEQ = 2**53  # JSON numbers every reader keeps exact
TOKEN_BYTES = 16  # 128 bits
PRESENCE = ("here", "away", "local")
CLOSE_REFUSED = 4003  # the host refused the hello (a wrong token): the player stops trying
CLOSE_REPLACED = 4000  # a newer connection took the seat: this one stops trying

_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]")


class ProtocolError(Exception):
    """A message or link that is not what the protocol allows (one sentence says why)."""


def new_token() -> str:
    """A seat's join code: 128 bits from the operating system's random source."""
    return secrets.token_urlsafe(TOKEN_BYTES)


# ---------------------------------------------------------------------------- links
@dataclass(frozen=True)
class Link:
    host: str
    port: int
    token: str

    @property
    def uri(self) -> str:
        """Where the player connects (the token goes in the hello, never in the request line)."""
        return f"ws://{self.host}:{self.port}/"

    def __str__(self) -> str:
        return f"ws://{self.host}:{self.port}/#{self.token}"


def parse_link(text: str) -> Link:
    """`ws://HOST:PORT/#TOKEN`, exactly (a copied link's surrounding spaces aside)."""
    text = text.strip()
    m = re.fullmatch(r"ws://(?P<host>[^/:#\[\]]+|\[[^\]]+\]):(?P<port>[0-9]{1,5})/#(?P<token>[^#]*)", text)
    if m is None or len(text) > 400:
        raise ProtocolError("a join link looks like ws://HOST:PORT/#CODE (copy it whole from the host)")
    host, port, token = m["host"], int(m["port"]), m["token"]
    if not _HOST.fullmatch(host):
        raise ProtocolError(f"the link's host {host[:60]!r} is not a host name or address")
    if not 1 <= port <= 65535:
        raise ProtocolError(f"the link's port must be 1 to 65535, not {port}")
    if not _TOKEN.fullmatch(token):
        raise ProtocolError("the link's join code is not whole (it is 22 letters, digits, - or _)")
    return Link(host, port, token)


# ---------------------------------------------------------------------------- messages
def encode(msg: dict[str, Any]) -> str:
    """One message as text (compact JSON, version stamped)."""
    return json.dumps({"v": VERSION, **msg}, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _int(msg: dict[str, Any], key: str, low: int = 0, high: int = MAX_SEQ) -> int:
    value = msg.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f"'{key}' must be a whole number from {low} to {high}")
    return value


def _text(msg: dict[str, Any], key: str, most: int) -> str:
    value = msg.get(key)
    if not isinstance(value, str) or len(value) > most:
        raise ProtocolError(f"'{key}' must be text of at most {most} characters")
    return value


def _dict(msg: dict[str, Any], key: str) -> dict[str, Any]:
    value = msg.get(key)
    if not isinstance(value, dict):
        raise ProtocolError(f"'{key}' must be an object")
    return value


def _presence(value: object) -> list[str]:
    if not isinstance(value, list) or len(value) > 64 or any(p not in PRESENCE for p in value):
        raise ProtocolError("'presence' must list here, away or local per seat")
    return value


def _check_hello(msg: dict[str, Any]) -> None:
    if not _TOKEN.fullmatch(_text(msg, "token", 64)):
        raise ProtocolError("the join code is not whole")
    _int(msg, "last_seq")
    _text(msg, "run", 64)


def _check_act(msg: dict[str, Any]) -> None:
    _int(msg, "seq", 1)
    action = _dict(msg, "action")
    if len(action) > 16:
        raise ProtocolError("an action has at most 16 fields")


def _check_undo(msg: dict[str, Any]) -> None:
    _int(msg, "seq", 1)


def _check_welcome(msg: dict[str, Any]) -> None:
    _int(msg, "seat", 0, 63)
    _text(msg, "run", 64)
    variant = _dict(msg, "variant")
    _text(variant, "id", 100)
    if not re.fullmatch(r"[0-9a-f]{64}", _text(variant, "digest", 64)):
        raise ProtocolError("the variant's digest is not a sha256 in hex")
    files = variant.get("files")
    if not isinstance(files, list) or not 1 <= len(files) <= 9:
        raise ProtocolError("the variant comes as 1 to 9 files")
    for entry in files:
        if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(x, str) for x in entry)):
            raise ProtocolError("each variant file is [name, text]")
        if len(entry[0]) > 300:
            raise ProtocolError("a variant file's name is too long")


def _check_update(msg: dict[str, Any]) -> None:
    _int(msg, "seq", 1)
    _int(msg, "acked")
    view = _dict(msg, "view")
    if not isinstance(view.get("zones"), dict) or not isinstance(view.get("seats"), list):
        raise ProtocolError("'view' is not a view")
    if not isinstance(_dict(msg, "public").get("zones"), dict):
        raise ProtocolError("'public' is not what the public view changes")
    _int(msg, "talk_at", 0, MAX_TALK_LINES)
    talk = msg.get("talk")
    if not isinstance(talk, list) or len(talk) > MAX_TALK_LINES:
        raise ProtocolError("'talk' must be a list of lines")
    if any(not isinstance(line, str) or len(line) > MAX_TALK_LINE for line in talk):
        raise ProtocolError("a line of talk must be text")
    to_move = msg.get("to_move")
    if to_move is not None:
        _int(msg, "to_move", 0, 63)
    if not isinstance(msg.get("over"), bool):
        raise ProtocolError("'over' must be true or false")
    if msg.get("undo") is not None:
        _text(msg, "undo", 300)
    _presence(msg.get("presence"))


def _check_error(msg: dict[str, Any]) -> None:
    _text(msg, "text", 2000)
    if not isinstance(msg.get("fatal", False), bool):
        raise ProtocolError("'fatal' must be true or false")


def _check_presence(msg: dict[str, Any]) -> None:
    _presence(msg.get("presence"))


FROM_PLAYER = {"hello": _check_hello, "act": _check_act, "undo": _check_undo}
FROM_HOST = {
    "welcome": _check_welcome,
    "update": _check_update,
    "error": _check_error,
    "presence": _check_presence,
}


def decode(raw: str | bytes, checks: dict[str, Any], limit: int) -> dict[str, Any]:
    """The message in `raw`, checked by `checks` (FROM_PLAYER or FROM_HOST) within `limit` bytes."""
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > limit:
        raise ProtocolError(f"a message of {size:,} bytes is over the limit of {limit:,}")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("a message that is not JSON text") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    if msg.get("v") != VERSION:
        raise ProtocolError(
            f"a message of protocol version {str(msg.get('v'))[:20]}; this program speaks {VERSION}"
        )
    kind = msg.get("type")
    check = checks.get(kind) if isinstance(kind, str) else None
    if check is None:
        raise ProtocolError(f"an unknown kind of message ({str(kind)[:30]!r})")
    check(msg)
    return msg


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
