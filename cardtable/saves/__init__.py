"""Saved games: a game is its variant plus seats, seed, options and action log.

`check` checks every field of a save; `format` turns a game record into versioned, signed JSON
text and back; `seal` holds the installation's key (signatures, the sealed seed); `store` writes
files atomically and reads them defensively in the user's data folder; `journal` appends what
each autosave adds, sealed, beside the file; `locks` says which window holds a game.
"""

from .check import SaveError
from .format import FORMAT_VERSION, SavedGame, dumps, loads
from .store import SaveStore, atomic_write

__all__ = ["FORMAT_VERSION", "SaveError", "SavedGame", "SaveStore", "atomic_write", "dumps", "loads"]
