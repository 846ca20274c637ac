"""The save format: JSON text, versioned, never pickle.

    {"format": "cardtable-save", "version": 1,
     "variant": {"id": ..., "digest": sha256 of the variant file, "name": ...},
     "seed": int, "seats": [{"name", "kind"}], "options": {...}, "log": [action, ...],
     "summary": {"game", "players", "hand", "actions", "over", "saved_at"}}

Everything needed to rebuild the game is the variant plus seats, seed, options and log; the
summary only feeds the Load screen (public facts, taken from the table's public view).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..engine.types import Action, OptionValue

FORMAT_NAME = "cardtable-save"
FORMAT_VERSION = 1
MAX_SAVE_BYTES = 64 * 1024 * 1024


class SaveError(Exception):
    """A save that cannot be read, with a message a person can act on."""


@dataclass
class SavedGame:
    variant_id: str
    variant_digest: str
    variant_name: str
    seed: int
    seats: list[dict[str, str]]
    options: dict[str, OptionValue] = field(default_factory=dict)
    log: list[Action] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "variant": {"id": self.variant_id, "digest": self.variant_digest, "name": self.variant_name},
            "seed": self.seed,
            "seats": self.seats,
            "options": self.options,
            "log": self.log,
            "summary": self.summary,
        }


def dumps(game: SavedGame) -> str:
    """The save's text: compact actions one per line, so a diff of two saves reads well."""
    data = game.to_json()
    log = data.pop("log")
    head = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)
    lines = ",\n".join("  " + json.dumps(a, sort_keys=True, separators=(",", ":")) for a in log)
    body = f'"log": [\n{lines}\n ]' if log else '"log": []'
    return head[:-2] + ",\n " + body + "\n}\n"


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise SaveError(f"{where}: '{key}' is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"{where}: '{key}' has the wrong type")
    return value


def loads(text: str, where: str = "save") -> SavedGame:
    """Parse a save's text; SaveError says what is wrong (truncated, corrupt, too new...)."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"{where}: the file is too large to be a save ({len(text):,} bytes)")
    if not text.strip():
        raise SaveError(f"{where}: the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        # An unterminated string runs to the end of the text: the file was cut inside it.
        truncated = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
        what = "the file is truncated (it ends mid-save)" if truncated else "the file is corrupt"
        raise SaveError(f"{where}: {what}: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise SaveError(f"{where}: the file is corrupt (nested too deeply)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise SaveError(f"{where}: this is not a Cardtable save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{where}: the save has no format version")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{where}: the save is format {version}, newer than this Cardtable understands "
            f"({FORMAT_VERSION}); update Cardtable to open it"
        )
    if version < 1:
        raise SaveError(f"{where}: unknown save format version {version}")
    variant = _need(data, "variant", dict, where)
    seats = _need(data, "seats", list, where)
    log = _need(data, "log", list, where)
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise SaveError(f"{where}: seat {i + 1} is malformed")
    for i, action in enumerate(log):
        if not isinstance(action, dict):
            raise SaveError(f"{where}: action {i + 1} of the log is malformed")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError(f"{where}: 'options' has the wrong type")
    summary = data.get("summary", {})
    return SavedGame(
        variant_id=_need(variant, "id", str, where),
        variant_digest=_need(variant, "digest", str, where),
        variant_name=str(variant.get("name", variant["id"])),
        seed=_need(data, "seed", int, where),
        seats=seats,
        options=options,
        log=log,
        summary=summary if isinstance(summary, dict) else {},
    )
