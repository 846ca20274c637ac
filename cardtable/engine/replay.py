"""One replay: a game rebuilt from (rules, seats, seed, options, log) in one linear pass.

    for step in Replay(rules, seats, seed, options, log):   # the start, then each decision
        step.index, step.action, step.state, step.events
    run = Replay(...).run()          # run.state: the game reached; run.stop: None, or Stop(index, reason)
    replay(rules, seats, seed, options, log) -> state       # or IllegalAction (Rules.replay)
    Timeline(rules, seats, seed, options, log)              # for stepping back and forth
        .steps, .actions, .marks, .stop, .over, .state_at(d), .view_at(d)

Decisions (entries with a seat) are applied in place, so a step costs the same at the end of a
long game as at its start. Chance entries (seat None) are not applied: the engine makes its own,
from the seed, and they are compared with the log's. The replay stops at the first decision the
rules refuse or the first chance step that comes out differently, saying where and why.

What a replay shows is public: `Timeline.view_at` is the public view of the table, and once the
whole recorded game is over, also the cards that the table saw at some moment of that hand (at a
showdown, turned face up), in the places where they were seen. A hand folded or mucked unseen
stays hidden.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from ..errors import IllegalAction
from .state import clone
from .types import Action, HandRecord, OptionValue, State, View, Zone
from .view import view

if TYPE_CHECKING:
    from .rules import Rules

Seats = Sequence[Mapping[str, str]]
Options = Mapping[str, OptionValue] | None

MAX_CHECKPOINTS = 64  # a Timeline keeps at most about this many copies of the state...
MIN_EVERY = 8  # ...and at least this many decisions apart
GROWING = ("log", "events", "history")  # append-only lists: a checkpoint keeps only their lengths

Place = tuple[str, int]  # (zone key as views name it, e.g. "hand/2"; card id)


def describe_action(action: Mapping[str, object], seats: Seats) -> str:
    """'Ann: raise amount=40': for messages about one entry of a log."""
    seat = action.get("seat")
    if seat is None:
        who = "the table"
    elif isinstance(seat, int) and 0 <= seat < len(seats):
        who = str(seats[seat].get("name", f"seat {seat + 1}"))
    else:
        who = f"seat {seat!r}"
    rest = " ".join(f"{k}={v}" for k, v in action.items() if k not in ("seat", "type"))
    return f"{who}: {action.get('type', '?')} {rest}".strip()


@dataclass(frozen=True)
class Stop:
    """Where a replay stops early: the index in the log of the entry that fails, and why."""

    index: int
    reason: str


@dataclass
class Step:
    """The start of the game (index -1, no action) or one decision of the log and the state right
    after it. `state` is the replay's own, changed by the next step: read it now or clone it."""

    index: int
    action: Action | None
    state: State
    events: int  # how long the table talk is after this step


class Replay:
    """One pass over a log. Iterate it to see each step, or `run()` it to the end; then `state` is
    the game reached (None if it could not even be set up) and `stop` says why it ended early."""

    def __init__(
        self,
        rules: Rules,
        seats: Seats,
        seed: int,
        options: Options,
        log: list[Action],
        start: State | None = None,
    ) -> None:
        """`start`: the state after the log's first entries (a save's checkpoint), taken over and
        played on: only the entries after it are replayed."""
        self.rules, self.seats, self.seed, self.options, self.log = rules, seats, seed, options, log
        self.start = start
        self.state: State | None = None
        self.stop: Stop | None = None

    def run(self) -> Replay:
        for _ in self:
            pass
        return self

    def __iter__(self) -> Iterator[Step]:
        rules, log = self.rules, self.log
        self.stop = None
        if self.start is not None:
            st = self.state = self.start
        else:
            try:
                st = self.state = rules.new_game(self.seats, self.seed, self.options)
            except (ValueError, KeyError, TypeError) as exc:
                self.state, self.stop = None, Stop(0, f"the game cannot be set up: {exc}")
                return
        yield Step(-1, None, st, len(st["events"]))
        checked = first = len(st["log"]) if self.start is not None else 0  # entries known to match
        for i in range(first, len(log)):
            entry = log[i]
            if entry.get("seat") is not None:
                if self._chance_differs(st["log"], checked, i, "a chance step comes out differently"):
                    return
                what = f"action {i + 1} ({describe_action(entry, self.seats)})"
                try:
                    rules.apply_in_place(st, entry)
                except IllegalAction as exc:  # refused before anything changed
                    self.stop = Stop(i, f"{what} is not legal: {exc.reason}")
                    return
                except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
                    # A malformed entry the checks let through, failing half-way: the state may be
                    # half changed, so rebuild it from the entries before (once, on this rare path).
                    self.state = Replay(rules, self.seats, self.seed, self.options, log[:i]).run().state
                    self.stop = Stop(i, f"{what} breaks the rules: {exc!r}")
                    return
                checked = i + 1
                yield Step(i, entry, st, len(st["events"]))
        # (a log may leave out the chance steps after its last decision: the engine makes them)
        self._chance_differs(st["log"], checked, len(log), "the game does not end the way the log records")

    def _chance_differs(self, have: Sequence[Action], start: int, upto: int, why: str) -> bool:
        """Whether the engine's log differs from the saved log's first `upto` entries (the first
        `start` are known to match); if so, the replay stops at the first difference. Before a
        decision (`upto` is its index) the engine must have made exactly the entries before it."""
        want = self.log
        bad = next((k for k in range(start, min(len(have), upto)) if have[k] != want[k]), None)
        before_decision = upto < len(want)
        if bad is None and (len(have) < upto or (before_decision and len(have) != upto)):
            bad = min(len(have), upto)
        if bad is None:
            return False
        self.stop = Stop(bad, f"entry {bad + 1} of the log: {why}")
        return True


def replay(rules: Rules, seats: Seats, seed: int, options: Options, log: list[Action]) -> State:
    """The game a log leads to; IllegalAction (saying where and why) if it does not replay."""
    run = Replay(rules, seats, seed, options, log).run()
    if run.stop is not None or run.state is None:
        raise IllegalAction(run.stop.reason if run.stop else "the log does not replay")
    return run.state


# ---------------------------------------------------------------------------- stepping back and forth
class Timeline:
    """Every step of a replayed log, for a viewer that steps back and forth. It keeps a copy of
    the state every `every` decisions (without the append-only log, talk and history, which are
    sliced from the last state), so `state_at` replays fewer than `every` decisions."""

    def __init__(
        self,
        rules: Rules,
        seats: Seats,
        seed: int,
        options: Options,
        log: list[Action],
        every: int = 0,
    ) -> None:
        self.rules = rules
        decisions = sum(1 for a in log if a.get("seat") is not None)
        self.every = every if every > 0 else max(MIN_EVERY, -(-decisions // MAX_CHECKPOINTS))
        self.actions: list[Action] = []  # the decisions replayed: step d applies actions[d - 1]
        self.marks: list[int] = []  # the talk's length after each step
        self._checkpoints: list[dict[str, object]] = []  # a state with lengths for GROWING lists
        self._seen: dict[int, set[Place]] = {}  # hand number -> the places the table saw a card in
        self._at: tuple[int, State] | None = None  # the state last asked for
        run = Replay(rules, seats, seed, options, log)
        for step in run:
            if len(self.marks) % self.every == 0:
                state = cast(dict[str, list[object]], step.state)
                self._checkpoints.append({k: len(v) if k in GROWING else clone(v) for k, v in state.items()})
            if step.action is not None:
                self.actions.append(step.action)
            self.marks.append(step.events)
            self._seen.setdefault(step.state["hand"], set()).update(_places(rules, step.state, False))
        self.stop = run.stop
        self._final = run.state
        if self._final is not None:
            self._note_shown(self._final["history"])

    @property
    def steps(self) -> int:
        """How many states there are to show: the start and one after each decision replayed."""
        return len(self.marks)

    @property
    def over(self) -> bool:
        """Whether the whole recorded game replayed to its end (then revealed cards may show)."""
        return self.stop is None and self._final is not None and bool(self._final["over"])

    def state_at(self, d: int) -> State:
        """The state after `d` decisions (0: the start); the engine's, never for display."""
        if not 0 <= d < self.steps or self._final is None:
            raise IndexError(f"no step {d} in a replay of {self.steps} steps")
        if self._at is not None and self._at[0] == d:
            return self._at[1]
        base = d - d % self.every
        snap, final = self._checkpoints[base // self.every], cast(dict[str, list[object]], self._final)
        st = cast(State, {k: final[k][: cast(int, v)] if k in GROWING else clone(v) for k, v in snap.items()})
        for action in self.actions[base:d]:
            self.rules.apply_in_place(st, action)
        self._at = (d, st)
        return st

    def view_at(self, d: int) -> View:
        """What a replay shows after `d` decisions: the public view, plus (once the whole game is
        over) the cards the table saw at some moment of that hand, in the places it saw them."""
        st = self.state_at(d)
        if not self.over:
            return view(self.rules, st, None)
        seen = self._seen.get(st["hand"], set())
        shown = {card for key, card in _places(self.rules, st, True) if (key, card) in seen}
        return view(self.rules, st, None, revealed=shown)

    def _note_shown(self, history: Sequence[HandRecord]) -> None:
        """Hands shown at a showdown: the step that shows them usually sweeps them off the table
        too (the next hand is dealt), so they are taken from the hand's history."""
        hands = [name for name, z in self.rules.layout.zones.items() if z.per_seat and not z.is_grid]
        for h in history:
            seen = self._seen.setdefault(h["hand"], set())
            for shown in h["shown"]:
                seen.update((f"{name}/{shown['seat']}", c) for name in hands for c in shown["cards"])


def _places(rules: Rules, st: State, all_places: bool) -> Iterator[Place]:
    """The (zone key, card) places off the deck whose card the table sees (with `all_places`: every
    place off the deck, seen or not)."""
    for name, spec in rules.layout.zones.items():
        if name == rules.layout.deck:
            continue
        raw = st["zones"][name]
        everyone = all_places or spec.visibility == "everyone"
        owned: list[tuple[int | None, Zone]] = (
            list(enumerate(raw)) if isinstance(raw, list) else [(None, raw)]
        )
        for owner, z in owned:
            key = name if owner is None else f"{name}/{owner}"
            if "cells" in z:
                yield from ((key, card) for _, _, card, up in z["cells"] if everyone or up)
            else:
                yield from ((key, card) for card, up in zip(z["cards"], z["up"]) if everyone or up)
