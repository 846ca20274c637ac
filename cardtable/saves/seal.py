"""The installation's secret: it signs saves (HMAC-SHA256) and seals the deck's seed in them.

The key is 32 random bytes in the user's config folder (`save-key`, created 0600). A save this
installation wrote carries `mac`, the HMAC of everything else in it, and `key_id`, a short public
name of the key; a save whose MAC does not match was changed outside Cardtable. The seed of an
unfinished game is stored XORed with a pad made from the key and the game's id, so the file alone
does not tell the deck order. Anyone who can read both this key and the save (the same user
account) can still undo that: see docs/saves.md.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import limits
from ..paths import FileRefused, read_bytes
from . import jsontext

KEY_FILE = "save-key"
RECORD_FILE = "save-key-ids"  # the public names of every key this installation has had
KEY_BYTES = 32
SEED_BYTES = limits.SEED_BITS // 8  # a sealed seed is a signed 256-bit number
SEED_MIN, SEED_MAX = limits.SEED_MIN, limits.SEED_MAX

_cached: tuple[Path, bytes] | None = None
# Called with a new key and the key ids recorded before it (None: no record, a first start)
# whenever a key is made: store.py signs the saves an older Cardtable left unsigned, once per
# installation, so an update loses no unfinished game.
on_new_key: list[Callable[[bytes, set[str] | None], None]] = []


class SaveKeyError(Exception):
    """The key file exists but cannot be used (a person is told; it is never replaced)."""


# What the config folder is worked out from (platformdirs: XDG_CONFIG_HOME or HOME on Linux, HOME on
# macOS, the known folders or these variables on Windows): the tests move it by changing them.
_FOLDER_FROM = (
    ("XDG_CONFIG_HOME", "HOME") if os.name == "posix" else ("APPDATA", "LOCALAPPDATA", "USERPROFILE")
)
_key_paths: dict[tuple[str | None, ...], Path] = {}


def key_path() -> Path:
    # worked out once per value of those variables: platformdirs does it afresh on every call
    # (~20 us, several times for each save read or written: a tenth of reading a small save)
    env = tuple(map(os.environ.get, _FOLDER_FROM))
    path = _key_paths.get(env)
    if path is None:
        from ..paths import user_config

        if len(_key_paths) > 64:  # (a test run makes a folder per test)
            _key_paths.clear()
        path = _key_paths[env] = user_config() / KEY_FILE
    return path


def installation_key() -> bytes:
    """This installation's key, made on first use. SaveKeyError when the file is there but unusable:
    replacing it would make every save of this installation look edited."""
    global _cached
    path = key_path()
    if _cached is not None and _cached[0] == path:
        return _cached[1]
    key = _read_key(path)
    created = False
    if key is None:
        key, created = _create_key(path)
    _cached = (path, key)
    earlier = known_key_ids()
    note_key_id(key_id(key))
    if created:
        for hook in on_new_key:
            with contextlib.suppress(Exception):  # a migration never stops the program
                hook(key, earlier)
    return key


_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)  # no pipe waits, no link is followed


def record_path() -> Path:
    return key_path().parent / RECORD_FILE


def known_key_ids() -> set[str] | None:
    """The ids of the keys this installation has had (None: no record yet). Read like a save:
    a regular file only, size-capped, without blocking."""
    try:
        raw = read_bytes(record_path(), 64 * 1024)
    except FileNotFoundError:
        return None
    except OSError:
        return set()  # there, but unreadable or refused: a record (nothing is signed on its account)
    return {line for line in raw.decode("ascii", "replace").split() if len(line) == 16}


def note_key_id(kid: str) -> None:
    """Add a key's id to the record (the config folder); a failure changes nothing else."""
    known = known_key_ids()
    if (
        (known is not None and kid in known)
        or len(kid) != 16
        or any(c not in "0123456789abcdef" for c in kid)
    ):
        return
    with contextlib.suppress(OSError):
        record_path().parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(record_path(), os.O_WRONLY | os.O_CREAT | os.O_APPEND | _NO_WAIT, 0o600)
        try:
            os.write(fd, kid.encode("ascii") + b"\n")
        finally:
            os.close(fd)


def _read_key(path: Path) -> bytes | None:
    try:  # read like a save: never a pipe, a device or a link (paths.read_bytes)
        raw = read_bytes(path, 200)
    except FileNotFoundError:
        return None
    except FileRefused as exc:
        if exc.why != "too large":
            raise SaveKeyError(f"cannot read the save key {path}: {exc.strerror}") from None
        raw = b""  # far too long for a key: damaged
    except OSError as exc:
        raise SaveKeyError(f"cannot read the save key {path}: {exc.strerror or exc}") from None
    try:
        key = bytes.fromhex(raw.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        key = b""
    if len(key) != KEY_BYTES:
        raise SaveKeyError(f"the save key {path} is damaged (saves cannot be checked until it is restored)")
    return key


def _create_key(path: Path) -> tuple[bytes, bool]:
    """A new key, written 0600 with O_EXCL (if another window made one first, that one wins)."""
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        found = _read_key(path)
        if found is None:
            raise SaveKeyError(f"the save key {path} vanished while it was read") from None
        return found, False
    except OSError as exc:
        raise SaveKeyError(f"cannot make the save key {path}: {exc.strerror or exc}") from None
    try:
        os.write(fd, key.hex().encode("ascii") + b"\n")
        os.fsync(fd)
    except OSError as exc:  # a half-written key would look damaged: none is better
        os.close(fd)
        with contextlib.suppress(OSError):
            path.unlink()
        raise SaveKeyError(f"cannot make the save key {path}: {exc.strerror or exc}") from None
    os.close(fd)
    return key, True


def forget_cached_key() -> None:
    """Read the key file again next time (tests that point the config folder elsewhere)."""
    global _cached
    _cached = None


def key_id(key: bytes) -> str:
    """A short public name of a key: which installation wrote a save (not the key itself)."""
    return hashlib.sha256(b"cardtable key id:" + key).hexdigest()[:16]


def canonical(data: dict[str, Any]) -> bytes:
    """The bytes a MAC covers: the save's JSON without `mac`, in one fixed spelling."""
    body = {k: v for k, v in data.items() if k != "mac"}
    text = jsontext.compact(body)  # (json.dumps's text, a slice of the log at a time)
    return text.encode("utf-8", "surrogatepass")  # (a hostile file's lone surrogate fails the MAC, not this)


def mac(key: bytes, data: dict[str, Any]) -> str:
    return hmac.new(key, canonical(data), hashlib.sha256).hexdigest()


def mac_ok(key: bytes, data: dict[str, Any]) -> bool:
    given = data.get("mac")
    # Bytes, not str: compare_digest refuses non-ASCII text, and a hostile file may hold some.
    return isinstance(given, str) and hmac.compare_digest(
        given.encode("utf-8", "surrogatepass"), mac(key, data).encode("ascii")
    )


def _pad(key: bytes, game_id: str) -> bytes:
    return hmac.new(key, b"cardtable seed pad:" + game_id.encode("utf-8"), hashlib.sha256).digest()


def seal_seed(key: bytes, game_id: str, seed: int) -> str:
    """The seed as hex that tells nothing without the key (a one-time pad per game id)."""
    plain = seed.to_bytes(SEED_BYTES, "big", signed=True)
    return bytes(a ^ b for a, b in zip(plain, _pad(key, game_id))).hex()


def unseal_seed(key: bytes, game_id: str, sealed: str) -> int:
    raw = bytes.fromhex(sealed)
    return int.from_bytes(bytes(a ^ b for a, b in zip(raw, _pad(key, game_id))), "big", signed=True)


# ---------------------------------------------------------------------------- sealed decisions
NONCE_BYTES = 16


def _stream(key: bytes, game_id: str, nonce: bytes, length: int) -> bytes:
    out = bytearray()
    block = 0
    while len(out) < length:
        label = b"cardtable log pad:" + game_id.encode("utf-8") + b":" + nonce + block.to_bytes(4, "big")
        out += hmac.new(key, label, hashlib.sha256).digest()
        block += 1
    return bytes(out[:length])


def _nonce(key: bytes, game_id: str, index: int, plain: bytes) -> bytes:
    label = b"cardtable log nonce:" + game_id.encode("utf-8") + b":" + str(index).encode() + b":" + plain
    return hmac.new(key, label, hashlib.sha256).digest()[:NONCE_BYTES]


def seal_fields(key: bytes, game_id: str, index: int, fields: dict[str, Any]) -> str:
    """A decision's hidden fields (log entry `index`) as hex that tells nothing without the key.
    The nonce is a MAC of the fields (a synthetic IV): the same entry seals the same way every
    save (a file's lines stay put), two different entries never share a pad, and an entry changed
    in the file is recognised when it is opened (`unseal_fields` raises ValueError)."""
    plain = json.dumps(fields, sort_keys=True, separators=(",", ":")).encode("utf-8")
    # Padded to a length set by how many cards are named (which the table knows): the length of
    # the sealed text must not tell a card's id from another's (3 is shorter than 37).
    count = sum(len(v) if isinstance(v, list) else 1 for v in fields.values())
    plain = plain.ljust(32 + 8 * count)
    nonce = _nonce(key, game_id, index, plain)
    pad = _stream(key, game_id, nonce, len(plain))
    return (nonce + bytes(a ^ b for a, b in zip(plain, pad))).hex()


def unseal_fields(key: bytes, game_id: str, index: int, sealed: str) -> dict[str, Any]:
    """The fields `seal_fields` sealed; ValueError when they were sealed with another key, for
    another entry, or changed since."""
    raw = bytes.fromhex(sealed)
    nonce, body = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
    if len(nonce) != NONCE_BYTES:
        raise ValueError("too short")
    plain = bytes(a ^ b for a, b in zip(body, _stream(key, game_id, nonce, len(body))))
    if not hmac.compare_digest(nonce, _nonce(key, game_id, index, plain)):
        raise ValueError("not sealed by this key for this entry")
    fields = json.loads(plain.decode("utf-8"))
    if not isinstance(fields, dict):
        raise ValueError("not a decision's fields")
    return fields
