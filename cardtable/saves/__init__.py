"""Saved games: a game is its variant plus seats, seed, options and action log.

`format` turns a game record into versioned JSON text and back, with clear errors for bad files;
`store` writes files atomically and keeps the autosave and named slots in the user's data folder.
"""

from .format import FORMAT_VERSION, SavedGame, SaveError, dumps, loads
from .store import SaveStore, atomic_write

__all__ = ["FORMAT_VERSION", "SaveError", "SavedGame", "SaveStore", "atomic_write", "dumps", "loads"]
