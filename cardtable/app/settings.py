"""The few choices the program remembers between runs (how cards are kept private, how fast computer
players move and each New game seat's computer player's level and style, whether flipping rounds
run by themselves, the text size, whether the table makes sounds, where the window was and how
large, the last seating), in a small JSON file in the user's config folder. Read defensively: a
missing or broken file, or a value not known, gives the default and never a crash. Written
atomically (a temp file, then a
rename), so a crash mid-write leaves the old file whole."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from ..limits import seat_name_problem
from ..paths import read_bytes, replace_whole, user_config
from .seat_players import remembered_pair

PRIVACY = ("curtain", "peek")  # the ways to keep cards private at one screen; the first is the default
SPEEDS = ("normal", "slow", "instant")  # how fast computer players move (autoplay.DELAYS)
TEXT_SIZES = (1.0, 0.85, 1.15, 1.3)
AWAY_WAITS = (60, 120, 300, 30)  # New game's remote seats (app/hosting.py); the first is the default
AWAY_LEVELS = ("normal", "hard", "easy")  # the text size: a factor on the window's own scale
ALLOWED: dict[str, tuple[Any, ...]] = {
    "privacy": PRIVACY,
    "bot_speed": SPEEDS,
    "auto_flip": (False, True),
    "text_size": TEXT_SIZES,
    "hints": (True, False),  # first-game hints at the table (app/table/hints.py)
    "sound": (True, False),  # the table's sounds (app/sound.py; V at the table)
    "away_wait": AWAY_WAITS,  # network play: how long an away remote seat's turn waits (seconds)
    "away_level": AWAY_LEVELS,  # and the computer player's level that plays it meanwhile
}
DEFAULTS: dict[str, Any] = {name: values[0] for name, values in ALLOWED.items()}
MAX_BYTES = 64 * 1024  # the file holds a few short values


def _window_ok(value: Any) -> bool:
    """{"size": [w, h], "pos": [x, y]} of plain, sane integers."""
    if not isinstance(value, dict) or set(value) != {"size", "pos"}:
        return False
    pairs = value["size"], value["pos"]
    return all(
        isinstance(p, list) and len(p) == 2 and all(type(n) is int and -100_000 < n < 100_000 for n in p)
        for p in pairs
    )


MAX_SEATS = 64  # more than any game seats: a longer list in the file is not ours
MAX_RECENT = 50  # games remembered as played, newest first (seating.py)


def seating_ok(value: Any) -> bool:
    """The last seating (seating.py): a list of seats, each {"name": a name a save accepts,
    "kind": "human" or "bot"} and a few other short words (a level, a style)."""
    if not isinstance(value, list) or not 0 < len(value) <= MAX_SEATS:
        return False
    for seat in value:
        if not isinstance(seat, dict) or len(seat) > 8 or seat.get("kind") not in ("human", "bot"):
            return False
        if not all(isinstance(k, str) and isinstance(v, str) and len(k) <= 32 for k, v in seat.items()):
            return False
        if "name" not in seat or seat_name_problem(seat["name"]) or any(len(v) > 64 for v in seat.values()):
            return False
    return True


def recent_ok(value: Any) -> bool:
    """Variant ids, the most recently played first (seating.py)."""
    return (
        isinstance(value, list)
        and len(value) <= MAX_RECENT
        and all(isinstance(v, str) and 0 < len(v) <= 200 for v in value)
    )


def _computer_players_ok(value: Any) -> bool:
    """[[level, style], ...]: each New game seat's computer player, as last chosen."""
    return isinstance(value, list) and len(value) <= 16 and all(remembered_pair(v) for v in value)


RANKINGS = (
    "published",
    "frequency",
    "exact",
)  # as hands/ranking.RANKINGS (not imported: settings load first, light)
MAX_REMEMBERED_RANKINGS = 200


def _rankings_ok(value: Any) -> bool:
    """{variant id: ranking chosen at New game}, a few short entries."""
    return (
        isinstance(value, dict)
        and len(value) <= MAX_REMEMBERED_RANKINGS
        and all(isinstance(k, str) and len(k) <= 200 and v in RANKINGS for k, v in value.items())
    )


SHAPED = {
    "window": _window_ok,
    "seating": seating_ok,
    "recent": recent_ok,
    "computer_players": _computer_players_ok,
    "rankings": _rankings_ok,
}  # settings with a shape rather than a list of choices


def _allowed(name: str, value: Any) -> bool:
    """A known setting with one of its values, of the same type (JSON's 0 is not False)."""
    if name in SHAPED:
        return SHAPED[name](value)
    return any(value == a and type(value) is type(a) for a in ALLOWED.get(name, ()))


def settings_file() -> Path:
    return user_config() / "settings.json"


def load() -> dict[str, Any]:
    """The remembered settings, each one known and allowed, else its default."""
    out = dict(DEFAULTS)
    try:  # read like a save: never a pipe, a device, a link or a huge file (paths.read_bytes)
        data = json.loads(read_bytes(settings_file(), MAX_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return out
    if isinstance(data, dict):
        out.update({k: v for k, v in data.items() if _allowed(k, v)})
    return out


def save(**changes: Any) -> None:
    """Remember `changes` (unknown names or values are refused with ValueError); a folder that
    cannot be written is not worth a crash: the choice is then simply not remembered."""
    for k, v in changes.items():
        if not _allowed(k, v):
            raise ValueError(f"setting {k}={v!r} is not one of {ALLOWED.get(k, ())}")
    data = {**load(), **changes}
    path = settings_file()
    with contextlib.suppress(OSError):
        replace_whole(path, json.dumps(data, indent=1).encode("utf-8"))
