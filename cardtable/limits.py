"""One set of limits on what a person or a file gives the program, stated once.

Each is checked where it enters (a variant file's validation, `cardtable play`, New game) and
accepted by the save reader (`saves/check.py` reads its bounds from here), so whatever the program
plays and writes, it reads back. `variants/README.md` says them for designers. A limit may grow;
it never shrinks below what an earlier version wrote (its saves must still open).
"""

from __future__ import annotations

PLAYERS = 10  # seats at one table (a variant's `players: max:`)
VARIANT_ID = 100  # characters of a variant's id: its file's name without `.yaml`
VARIANT_NAME = 200  # characters of a variant's `name:`
SEAT_NAME = 100  # characters of a seat's name (`play --players`, New game)
OPTIONS = 24  # options one variant file declares: each is a choice on the New game screen
ZONES = 16  # zones of a layout: each is placed and drawn at the table
ROLES = 16  # roles worked out at every hand's start, shown on the seats
CATEGORIES = 256  # hand categories of one ranking: each hand valued may try each (the largest game has 103)
OPTION_NAME = 64  # characters of an option's name
OPTION_TEXT = 200  # characters of an option's text value (an entry of its `choices:`)
TEXT = 10_000  # characters of any one text in a variant file (a description, a label)
NUMBER = 10**15  # the size of any number in a variant file, and of an option's value
SEED_BITS = 256  # a game's seed (`play --seed`) is a signed number of this many bits
SEED_MIN, SEED_MAX = -(2 ** (SEED_BITS - 1)), 2 ** (SEED_BITS - 1) - 1

# What the save reader accepts beyond those: room for what the program adds itself.
SAVE_OPTIONS = 200  # the variant's options and the program's own (as an earlier version accepted)
SAVE_SEATS = 64  # seats a save may name (older versions allowed this many)


def variant_id_problem(vid: str) -> str | None:
    """Why a file name (without `.yaml`) cannot be a variant's id, or None. An id is what a save
    names its game by, and never a path: no separators, no control characters, no leading dot."""
    if not vid:
        return "is empty"
    if len(vid) > VARIANT_ID:
        return f"is {len(vid):,} characters long; at most {VARIANT_ID} allowed (it is the variant's id)"
    if vid.startswith(".") or ".." in vid or any(c in "/\\" or ord(c) < 32 or ord(c) == 127 for c in vid):
        return f"{vid[:40]!r} cannot be a variant's id (a dot first, '..', a slash or a control character)"
    return None


def seat_name_problem(name: str) -> str | None:
    """Why a seat's name cannot be used, or None."""
    if len(name) > SEAT_NAME:
        return f"a seat's name is {len(name):,} characters long; at most {SEAT_NAME} allowed"
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        return "a seat's name cannot hold control characters"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # a command line's byte that is no character
        return "a seat's name is not valid text"
    return None


def number_problem(value: int, what: str) -> str | None:
    """Why a whole number given for `what` is too large, or None."""
    if abs(value) > NUMBER:
        return f"{what} must be at most {NUMBER:,} in size"
    return None
