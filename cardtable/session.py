"""A game in progress: rules + state, saved after every action, resumable, with fair undo.

Pure (no pygame): the window, the `replay` command and the tests all drive games through this.
A game is its variant plus seats, seed, options and the action log; the state is rebuilt from
them on load, so a save is small and a changed variant is noticed by replaying the log.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import IllegalAction, Rules
from .saves import SavedGame, SaveError, SaveStore
from .saves.store import read_file
from .variant import Variant


def visible_cards(view: dict[str, Any]) -> set[int]:
    """Every card id a view shows, in any zone."""
    seen: set[int] = set()
    for zone in view["zones"].values():
        seen.update(c for c in zone.get("cards", ()) if c >= 0)
        seen.update(cell[2] for cell in zone.get("cells", ()) if cell[2] >= 0)
    return seen


def describe_action(action: dict[str, Any], seats: list[dict[str, Any]]) -> str:
    """'Ann: raise amount=40' — for messages about a particular action."""
    who = seats[action["seat"]]["name"] if action.get("seat") is not None else "the table"
    rest = " ".join(f"{k}={v}" for k, v in action.items() if k not in ("seat", "type"))
    return f"{who}: {action.get('type', '?')} {rest}".strip()


@dataclass
class ReplayCheck:
    """How a saved log fares under the variant as it is now."""

    ok: bool
    failed_at: int | None = None  # index in the log of the first action that fails
    reason: str = ""


class GameSession:
    """One game: its rules, its current state, and where it autosaves."""

    def __init__(
        self,
        variant: Variant,
        seats: list[dict[str, Any]],
        seed: int,
        options: dict[str, Any] | None = None,
        store: SaveStore | None = None,
        log: list[dict[str, Any]] | None = None,
        slot: str = "autosave",
    ) -> None:
        self.variant = variant
        self.rules = Rules(variant)
        self.seats = [dict(s) for s in seats]
        self.seed = int(seed)
        self.options = dict(options or {})
        self.store = store
        self.slot = slot
        self._slot_checked = False  # an unreadable file in the slot is moved aside before the first save
        if log:
            self.state = self.rules.replay(self.seats, self.seed, self.options, log)
        else:
            self.state = self.rules.new_game(self.seats, self.seed, self.options)
        self.options = dict(self.state["options"])  # with the defaults filled in

    # ------------------------------------------------------------------ saving
    @property
    def log(self) -> list[dict[str, Any]]:
        return self.state["log"]

    def decisions(self) -> list[dict[str, Any]]:
        """The log without chance entries (those are rebuilt from the seed)."""
        return [a for a in self.log if a.get("seat") is not None]

    def saved(self) -> SavedGame:
        st = self.state
        return SavedGame(
            variant_id=self.variant.id,
            variant_digest=self.variant.digest,
            variant_name=self.variant.name,
            seed=self.seed,
            seats=self.seats,
            options=self.options,
            log=self.log,
            summary={
                "game": self.variant.name,
                "players": [s["name"] for s in self.seats],
                "hand": st["hand"],
                "actions": len(self.decisions()),
                "over": bool(st["over"]),
                "saved_at": datetime.datetime.now().isoformat(timespec="seconds"),
            },
        )

    def autosave(self) -> None:
        if self.store is not None:
            if not self._slot_checked:
                self._keep_unreadable(self.slot)
                self._slot_checked = True
            self.store.write(self.slot, self.saved())

    def save_as(self, name: str) -> Path:
        """Save the game under a name of its own (a slot); the autosave goes on as before."""
        if self.store is None:
            raise SaveError("this game has no save folder")
        self._keep_unreadable(name)
        return self.store.write(name, self.saved())

    def _keep_unreadable(self, name: str) -> None:
        """A save that cannot be read is never overwritten: it is moved aside, whole, first."""
        assert self.store is not None
        path = self.store.path(name)
        if not path.exists():
            return
        try:
            read_file(path)
        except SaveError:
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            n, aside = 1, self.store.path(f"{name}-unreadable-{stamp}")
            while aside.exists():
                n, aside = n + 1, self.store.path(f"{name}-unreadable-{stamp}-{n}")
            path.rename(aside)

    @classmethod
    def check_saved(cls, saved: SavedGame, variant: Variant) -> ReplayCheck:
        """Does the saved log still replay legally under `variant`? Says which action fails if not."""
        rules = Rules(variant)
        try:
            state = rules.new_game(saved.seats, saved.seed, saved.options)
        except ValueError as exc:
            return ReplayCheck(False, 0, str(exc))
        for i, action in enumerate(saved.log):
            if action.get("seat") is None:
                continue
            try:
                state = rules.apply(state, action)
            except IllegalAction as exc:
                return ReplayCheck(
                    False,
                    i,
                    f"action {i + 1} ({describe_action(action, saved.seats)}) "
                    f"is no longer legal: {exc.reason}",
                )
        if state["log"][: len(saved.log)] != saved.log:
            return ReplayCheck(False, None, "the cards come out differently under the changed rules")
        return ReplayCheck(True)

    @classmethod
    def resume(
        cls,
        saved: SavedGame,
        variant: Variant,
        store: SaveStore | None = None,
        slot: str = "autosave",
        accept_changed: bool = False,
    ) -> GameSession:
        """The game a save holds. A save made under another version of the variant file is refused
        (SaveError) unless `accept_changed` and its log still replays legally."""
        if saved.variant_id != variant.id:
            raise SaveError(f"this save is a game of '{saved.variant_id}', not '{variant.id}'")
        if saved.variant_digest != variant.digest:
            check = cls.check_saved(saved, variant)
            if not check.ok:
                raise SaveError(f"the rules of {variant.name} changed since this save: {check.reason}")
            if not accept_changed:
                raise SaveError(
                    f"the rules of {variant.name} changed since this save; its actions are "
                    "still legal, so it can be replayed under the new rules"
                )
        try:
            return cls(variant, saved.seats, saved.seed, saved.options, store, saved.log, slot)
        except (IllegalAction, ValueError) as exc:
            raise SaveError(f"this save does not replay: {exc}") from None

    # ------------------------------------------------------------------ playing
    # The screens read the game through these and `view` only: the full state stays in here.
    def to_move(self) -> int | None:
        """Whose decision it is (None: nobody's, the game is over)."""
        return self.rules.to_move(self.state)

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def check(self, action: dict[str, Any]) -> str | None:
        """None when `action` is legal now, else why it is not."""
        return self.rules.check(self.state, action)

    def act(self, action: dict[str, Any]) -> None:
        """Apply one decision (IllegalAction if the rules refuse it) and autosave."""
        self.state = self.rules.apply(self.state, action)
        self.autosave()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: what everyone may know)."""
        return self.rules.view(self.state, seat)

    def bot_seed(self) -> int:
        """The seed of the computer player about to decide: derived one way from the game's seed
        and the number of decisions so far, so it tells nothing about the deck."""
        digest = hashlib.sha256(f"bot:{self.seed}:{len(self.log)}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    # ------------------------------------------------------------------ fair undo
    def undo_point(self, seat: int) -> int | None:
        """The length of log to keep to take back `seat`'s last decision, or None when that is
        not fair: another person decided since, or anything new was seen by anybody since."""
        log = self.log
        mine = [i for i, a in enumerate(log) if a.get("seat") == seat]
        if not mine:
            return None
        k = mine[-1]
        for later in log[k + 1 :]:
            if later.get("seat") is not None and self.seats[later["seat"]].get("kind") != "bot":
                return None
        before = self.rules.replay(self.seats, self.seed, self.options, log[:k])
        for s in range(len(self.seats)):
            if not visible_cards(self.rules.view(self.state, s)) <= visible_cards(self.rules.view(before, s)):
                return None
        return k

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last decision (and the computer players' replies) if fair.
        Chance is not re-rolled: the same seed deals the same cards again."""
        k = self.undo_point(seat)
        if k is None:
            return False
        self.state = self.rules.replay(self.seats, self.seed, self.options, self.log[:k])
        self.autosave()
        return True
