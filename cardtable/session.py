"""A game in progress: rules + state, saved after every action, resumable, with fair undo.

Pure (no pygame): the window, the `replay` command and the tests all drive games through this.
A game is its variant plus seats, seed, options and the action log; the state is rebuilt from
them on load, so a save is small and a changed variant is noticed by replaying the log.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import IllegalAction, Rules
from .engine.replay import Replay
from .engine.trail import Trail, plain
from .engine.types import Action, OptionValue, State, View
from .saves import SavedGame, SaveError, SaveStore, folding, hidden, journal, locks
from .saves.format import TRUST_WORDS
from .saves.restore import checkpoint_state, public_reason
from .saves.store import autosave_slot, read_file, write_failure
from .variant import Variant

SEED_BITS = 128  # a new game's secret seed, from the operating system's random source


def store_key() -> bytes:
    from .saves.format import installation_key

    return installation_key()


def secret_seed() -> int:
    """A seed nobody can guess: the deck order of a game depends on it alone."""
    return secrets.randbits(SEED_BITS)


def new_game_id() -> str:
    return datetime.datetime.now().strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(4)


@dataclass
class SaveReport:
    """How the last autosave went, for the crash screen: it never claims a save that failed."""

    ok: bool
    path: Path | None
    when: str
    problem: str = ""


last_save: SaveReport | None = None  # this process's last autosave attempt


def visible_cards(view: View) -> set[int]:
    """Every card id a view shows, in any zone."""
    seen: set[int] = set()
    for zone in view["zones"].values():
        seen.update(c for c in zone.get("cards", ()) if c >= 0)
        seen.update(cell[2] for cell in zone.get("cells", ()) if cell[2] >= 0)
    return seen


@dataclass
class ReplayCheck:
    """How a saved log fares under the variant as it is now."""

    ok: bool
    failed_at: int | None = None  # index in the log of the first action that fails
    reason: str = ""


class GameSession:
    """One game: its rules, its state (private: the screens read it through `view` and the
    methods below), and where it autosaves."""

    # where a long game's new base is written while it goes on (saves/folding.py): a thread
    # (tests run the work in turn, tests/conftest.py)
    background: Callable[[folding.Job], None] = staticmethod(folding.in_thread)

    def __init__(
        self,
        variant: Variant,
        seats: Sequence[Mapping[str, str]],
        seed: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
        store: SaveStore | None = None,
        log: list[Action] | None = None,
        slot: str | None = None,
        game_id: str | None = None,
        extra: Mapping[str, Any] | None = None,
        start: State | None = None,
        start_hidden: frozenset[int] = frozenset(),
        start_marks: Sequence[int] = (),
    ) -> None:
        """A new game, or (with `log`) the game that log leads to (IllegalAction if it does not).
        `seed` None: a secret one (128 bits from the OS). The game autosaves in `slot` (by
        default its own file, named for `game_id`). `extra`: a save's fields this version does
        not know, written back as they were. `start`: the state after the log's first entries
        (a save's checkpoint; `start_hidden` its hidden decisions, `start_marks` the talk's length
        at the start and after each of its decisions): only the rest is replayed."""
        self.variant = variant
        self.rules = Rules(variant)
        self.seats = [dict(s) for s in seats]
        self.seed = secret_seed() if seed is None else int(seed)
        self.game_id = game_id or new_game_id()
        self.store = store
        self.slot = slot or autosave_slot(self.game_id)
        self.extra = dict(extra or {})
        self.started_at = datetime.datetime.now().isoformat(timespec="seconds")
        self.save_problem: str | None = None  # why the last autosave did not happen (a banner says it)
        self._slot_checked = False  # an unreadable file in the slot is moved aside before the first save
        # (and which decisions the table could not see: a save of the unfinished game seals them)
        # the talk's length at the start and after each decision (`cardtable replay` numbers
        # the talk's lines by them; a save keeps them beside its checkpoints)
        self._marks: list[int] = list(start_marks[:-1]) if start is not None else []
        self._state, self._hidden = hidden.replay(
            self.rules, self.seats, self.seed, dict(options or {}), log or [], start, self._marks
        )
        if start is not None:
            self._hidden |= {i for i in start_hidden if i < len(start["log"])}
        # Where the autosave stands: its journal's end (None: the next save writes the file whole),
        # the lengths of the log, talk and history saved, and the last checkpoint (hand, entries).
        self._tail: journal.Tail | None = None
        self._saved_at = [0, 0, 0, 0]
        self._checkpoint = (-1, 0)
        # (log entries counted, decisions among them): the marks are one more than the decisions
        self._decided = (len(self._state["log"]), len(self._marks) - 1) if self._marks else (0, 0)
        self._folder = folding.Folder()
        self.options = dict(self._state["options"])  # with the defaults filled in
        # The state before each seat's latest decision, so that undo need not replay the game.
        self._before: dict[int, State] = {}

    def full_state_for_tests(self) -> State:
        """The whole state, hidden cards and all: for tests only, never for a screen."""
        return self._state

    # ------------------------------------------------------------------ saving
    @property
    def log(self) -> Trail[Action]:
        """The game's record as it is saved (a decision may name its seat's own hidden cards)."""
        return self._state["log"]

    def decisions(self) -> list[Action]:
        """The log without chance entries (those are rebuilt from the seed)."""
        return [a for a in self.log if a.get("seat") is not None]

    def decision_count(self) -> int:
        """How many decisions the log holds (counted on from the last count: an autosave's
        summary costs the same at any length of game)."""
        log = self.log
        upto, count = self._decided
        if upto > len(log):  # taken back: counted again
            upto, count = 0, 0
        count += sum(1 for a in log[upto:] if a.get("seat") is not None)
        self._decided = (len(log), count)
        return count

    def summary(self) -> dict[str, Any]:
        """What the Load screen shows of the game: public facts only (the seats' names, the
        hand's number, whether it is over: what the public view shows of them, read from the
        state without making the view, whose talk is as long as the game)."""
        st = self._state
        return {
            "game": self.variant.name,
            "players": [s["name"] for s in st["seats"]],
            "hand": st["hand"],
            "actions": self.decision_count(),
            "over": bool(st["over"]),
            "saved_at": datetime.datetime.now().isoformat(timespec="seconds"),
            "started_at": self.started_at,
        }

    def saved(self, log: list[Action] | None = None) -> SavedGame:
        """The game as a save holds it (`log`: another list in place of the log's)."""
        return SavedGame(
            variant_id=self.variant.id,
            variant_digest=self.variant.digest,
            variant_name=self.variant.name,
            seed=self.seed,
            seats=self.seats,
            options=self.options,
            log=plain(self.log) if log is None else log,
            summary=self.summary(),
            game_id=self.game_id,
            extra=dict(self.extra),
            hidden=frozenset(self._hidden),
            state=self._state,
            marks=list(self._marks),
        )

    def save_path(self) -> Path | None:
        return self.store.path(self.slot) if self.store is not None else None

    def autosave(self) -> bool:
        """Write the game's autosave. A write that fails (a full disk, a read-only folder, the
        game held by another window) never stops the game: `save_problem` says why, plainly, and
        the last good save stays as it was. True when the game is saved now."""
        global last_save
        path = self.save_path()
        if self.store is None or path is None:
            return False
        when = datetime.datetime.now().strftime("%H:%M:%S")
        try:
            other = locks.claim(path)
            if other is not None:
                self.save_problem = f"Not saved: this game is open in another window ({other.describe()})"
            else:
                if not self._slot_checked:
                    self._keep_unreadable(self.slot)
                    self._slot_checked = True
                self._write(self.store)
                self.save_problem = None
        except OSError as exc:
            self.save_problem = write_failure(exc)
        except SaveError as exc:  # no key to sign with
            self.save_problem = f"Not saved: {exc}"
        last_save = SaveReport(self.save_problem is None, path, when, self.save_problem or "")
        return self.save_problem is None

    def _write(self, store: SaveStore) -> None:
        """Save what is new since the last save: one line added to the journal, or (the first
        time, or when the game is over) the whole file written anew. A journal line that cannot
        be written leaves the next save to write the whole file. When the journal has grown to
        a quarter of the file, a new base is written off the frame path (saves/folding.py)."""
        self._tail, tail = None, self._tail  # (if the journal cannot be trimmed: written whole next)
        self._tail = self._folder.adopt(store, self.slot, tail)
        st, tail = self._state, self._tail
        lists: list[Sequence[Any]] = [st["log"], st["events"], st["history"], self._marks]
        lengths = [len(v) for v in lists]
        if tail is None or st["over"]:
            self._tail = None  # (until the file is written whole)
            self._folder.cancel()
            _, self._tail = store.write_base(self.slot, self.saved())
            self._saved_at, self._checkpoint = lengths, (st["hand"], lengths[0])
            return
        at = [min(a, b) for a, b in zip(self._saved_at, lengths)]
        payload: dict[str, Any] = {k: v[a:] for k, v, a in zip(journal.LISTS, lists, at)}
        payload["hidden"] = sorted(i for i in self._hidden if i >= at[0])
        hand, since = self._checkpoint
        if since > at[0] or st["hand"] != hand or lengths[0] - since >= journal.CHECKPOINT_EVERY:
            payload["state"] = {k: v for k, v in st.items() if k not in ("seed", "log", "events", "history")}
            checkpoint = (st["hand"], lengths[0])
        else:
            checkpoint = self._checkpoint
        key = store_key()
        text = journal.line(key, self.game_id, tail.after, at, payload, self.summary())
        self._tail = None
        store.append(self.slot, text, tail, lengths[0])
        size = len(text.encode("utf-8"))
        mac = text[text.rindex("\t") + 1 : -1]
        self._tail = journal.Tail(
            mac, tail.base_mac, tail.lines + 1, tail.size + size, tail.base_size, tail.path
        )
        self._saved_at, self._checkpoint = lengths, checkpoint
        if not self._folder.busy and self._tail.size > max(journal.COMPACT_BYTES, tail.base_size // 4):
            saved = self.saved([])  # (its log listed in the background, from the state's trail)
            self._folder.start(store, self.slot, saved, st["log"], self._tail, self.background)

    def write_whole(self) -> None:
        """The next autosave writes the file whole (its fields beside the log changed: `extra`)."""
        self._folder.cancel()
        self._tail = None

    def close(self) -> None:
        """Let other windows have this game (its lock); the save stays."""
        self._folder.cancel()
        path = self.save_path()
        if path is not None:
            locks.release(path)

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
            self.store.set_aside(path)

    @classmethod
    def check_saved(cls, saved: SavedGame, variant: Variant) -> ReplayCheck:
        """Does the saved log still replay legally under `variant`? Says which entry fails if not."""
        stop = Replay(Rules(variant), saved.seats, saved.seed, saved.options, saved.log).run().stop
        if stop is None:
            return ReplayCheck(True)
        return ReplayCheck(False, stop.index, public_reason(saved, stop.index, stop.reason))

    @classmethod
    def resume(
        cls,
        saved: SavedGame,
        variant: Variant,
        store: SaveStore | None = None,
        slot: str | None = None,
        accept_changed: bool = False,
        copy: bool = False,
        trust_file: bool = False,
    ) -> GameSession:
        """The game a save holds (its log replayed once), to play on. It goes on in `slot` (by
        default the game's own autosave), or with `copy` as a new game of its own (a new id and
        file: the original is never written). A save changed outside Cardtable (its signature
        does not match) is refused: it opens only as a replay, unless `trust_file` (the shipped
        examples, trusted by where they are). A save made under another version of the variant
        file is refused unless `accept_changed` and its log still replays."""
        if not saved.trusted and not trust_file:
            raise SaveError(f"this save was {TRUST_WORDS[saved.trust]}: it opens only as a replay")
        if saved.variant_id != variant.id:
            raise SaveError(f"this save is a game of '{saved.variant_id}', not '{variant.id}'")
        changed = saved.variant_digest != variant.digest
        game_id = None if copy or not saved.game_id else saved.game_id
        if copy:
            slot = None
        start = None if changed or not saved.trusted else checkpoint_state(saved)
        try:
            session = cls(
                variant,
                saved.seats,
                saved.seed,
                saved.options,
                store,
                saved.log,
                slot,
                game_id,
                saved.extra,
                start,
                saved.hidden,
                saved.checkpoint.marks if start is not None and saved.checkpoint is not None else (),
            )
        except (IllegalAction, ValueError) as exc:
            why = exc.reason if isinstance(exc, IllegalAction) else str(exc)
            for i in sorted(saved.hidden):  # the failing entry may be one the table could not see
                why = public_reason(saved, i, why)
            if changed:
                raise SaveError(f"the rules of {variant.name} changed since this save: {why}") from None
            raise SaveError(f"this save does not replay: {why}") from None
        if changed and not accept_changed:
            raise SaveError(
                f"the rules of {variant.name} changed since this save; its actions are "
                "still legal, so it can be replayed under the new rules"
            )
        started = saved.summary.get("started_at")
        if isinstance(started, str) and not copy:
            session.started_at = started
        session._go_on_from(saved, start)
        return session

    def _go_on_from(self, saved: SavedGame, start: State | None) -> None:
        """When the game goes on in the file it was read from, its next save adds to that file's
        journal (nothing written again)."""
        tail, path = saved.journal, self.save_path()
        if tail is None or path is None or not tail.path or Path(tail.path) != path:
            return
        st = self._state
        self._tail, self._saved_at = (
            tail,
            [len(st["log"]), len(st["events"]), len(st["history"]), len(self._marks)],
        )
        if start is not None:
            self._checkpoint = (start["hand"], len(start["log"]))
        self._slot_checked = True  # (it was just read)

    # ------------------------------------------------------------------ playing
    # The screens read the game through these and `view` only: the full state stays in here.
    def to_move(self) -> int | None:
        """Whose decision it is (None: nobody's, the game is over)."""
        return self.rules.to_move(self._state)

    def is_over(self) -> bool:
        return self.rules.is_over(self._state)

    def check(self, action: object) -> str | None:
        """None when `action` is legal now, else why it is not."""
        return self.rules.check(self._state, action)

    def act(self, action: Action) -> None:
        """Apply one decision (IllegalAction if the rules refuse it) and autosave."""
        before = self._state
        self._state = self.rules.apply(before, action)  # a new state: `before` stays as it was
        index = len(before["log"])
        if hidden.hides(self.rules, before, self._state, self._state["log"][index]):
            self._hidden.add(index)
        seat = action["seat"]
        if seat is not None:
            self._before[seat] = before
        self._marks.append(len(self._state["events"]))
        self.autosave()

    def view(self, seat: int | None) -> View:
        """What `seat` may know (None: what everyone may know)."""
        view = self.rules.view(self._state, seat)
        # a plain list here, as the session has always given (outside checks read and dump it);
        # the engine's own view shares the talk read before (engine/talk.py) for simulations
        view["log"] = list(view["log"])
        return view

    def bot_seed(self) -> int:
        """The seed of the computer player about to decide: derived one way from the game's seed
        and the number of decisions so far, so it tells nothing about the deck."""
        digest = hashlib.sha256(f"bot:{self.seed}:{len(self.log)}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    # ------------------------------------------------------------------ fair undo
    def undo_point(self, seat: int) -> int | None:
        """The length of log to keep to take back `seat`'s last decision, or None when that is
        not fair: anybody decided since (a computer player's reply has been seen), or anything
        new was seen by anybody since."""
        back = self._undo(seat)
        return None if isinstance(back, str) else back[0]

    def undo_refusal(self, seat: int) -> str | None:
        """None when `seat` may take back its last decision now, else why not, in a few words."""
        back = self._undo(seat)
        return back if isinstance(back, str) else None

    def _undo(self, seat: int) -> tuple[int, State] | str:
        """(the undo point, the state to go back to), or why undo is not fair."""
        log = self.log
        k = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("seat") == seat), None)
        if k is None:
            return "nothing to take back yet"
        since = [who for a in log[k + 1 :] if (who := a.get("seat")) is not None]
        if any(self.seats[who].get("kind") != "bot" for who in since):
            return "another person has decided since"
        if since:  # everyone has seen the reply: taking it back would let it be played again
            return "a computer player has replied since"
        before = self._before.get(seat)
        if before is None or len(before["log"]) != k:  # e.g. a resumed game: replay it, once
            before = self._before[seat] = self.rules.replay(self.seats, self.seed, self.options, log[:k])
        for s in range(len(self.seats)):  # (the engine's views: the cards are all it reads, no talk copied)
            if not visible_cards(self.rules.view(self._state, s)) <= visible_cards(
                self.rules.view(before, s)
            ):
                return "cards were revealed since"
        return k, before

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last decision if fair (never a computer player's reply: see
        `undo_refusal`). Chance is not re-rolled: the same seed deals the same cards again."""
        back = self._undo(seat)
        if isinstance(back, str):
            return False
        k, self._state = back
        # States recorded at or after the point gone back to belong to the future just undone.
        self._before = {s: b for s, b in self._before.items() if len(b["log"]) < k}
        self._hidden = {i for i in self._hidden if i < k}
        del self._marks[1 + sum(1 for a in self.log if a.get("seat") is not None) :]
        self.autosave()
        return True
