"""A long game's base written again off the frame path, while the game goes on.

A game's autosave is a base and a journal (journal.py); once the journal outgrows a quarter of
the base, opening the game would read much journal, so a new base is written. Written by the
frame that plays, that cost what a whole save does (0.6-1.1 s at 200,000 log entries). Here it
is written by background work (a thread) from a state the game has already left behind (states
never change: engine/trail.py), while the journal goes on: the new base names the journal line
it holds all up to (`SavedGame.folded`), so the journal stays valid beside the old base and the
new one alike, and a kill at any moment leaves a game that reads back whole. Once the new base
is in place, the next autosave drops the lines it holds from the journal's front (atomically).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.trail import Trail
from ..engine.types import Action
from . import journal
from .format import SavedGame
from .store import SaveStore

Job = Callable[[], None]


def in_thread(job: Job) -> None:
    threading.Thread(target=job, name="cardtable-save", daemon=True).start()


@dataclass
class _Fold:
    """A base being written: the journal's bytes and lines it holds, and how it went."""

    held: int
    lines: int
    cancelled: bool = False
    done: threading.Event = field(default_factory=threading.Event)
    result: tuple[int, str] | None = None  # the new base's size and MAC


class Folder:
    """The one base being written in the background for a game's autosave, if any."""

    def __init__(self) -> None:
        self._fold: _Fold | None = None
        self._lock = threading.Lock()

    @property
    def busy(self) -> bool:
        return self._fold is not None

    def start(
        self,
        store: SaveStore,
        slot: str,
        saved: SavedGame,
        log: Trail[Action],
        tail: journal.Tail,
        run: Callable[[Job], None],
    ) -> None:
        """Write `saved` (its log listed from `log` in the background) as the base of `slot`
        holding the journal up to `tail`, in `run` (a thread; a test's queue)."""
        fold, lock = _Fold(tail.size, tail.lines), self._lock
        saved.folded = tail.after

        def publish(rename: Callable[[], None]) -> bool:
            with lock:
                if fold.cancelled:
                    return False
                rename()
                return True

        def job() -> None:
            try:
                saved.log = list(log)
                fold.result = store.write_folded(slot, saved, publish)
            except Exception:  # (OSError, SaveError, anything: the journal goes on; a later save tries again)
                fold.result = None
            finally:
                fold.done.set()

        self._fold = fold
        run(job)

    def adopt(self, store: SaveStore, slot: str, tail: journal.Tail | None) -> journal.Tail | None:
        """Where the journal stands once a base finished in the background is in place (the
        lines it holds dropped from the journal's front); `tail` as it is when none is. An
        OSError when the journal cannot be trimmed (the next save then writes the file whole)."""
        fold = self._fold
        if fold is None or not fold.done.is_set():
            return tail
        self._fold = None
        if fold.result is None or tail is None or fold.cancelled:
            return tail
        size, mac = fold.result
        kept = store.trim_journal(slot, tail, fold.held)
        return journal.Tail(tail.after, mac, tail.lines - fold.lines if kept else 0, kept, size, tail.path)

    def cancel(self) -> None:
        """The base being written is not to replace the file (it is written whole now, or the
        game is let go): dropped, never renamed into place."""
        fold = self._fold
        if fold is not None:
            with self._lock:
                fold.cancelled = True
            self._fold = None
