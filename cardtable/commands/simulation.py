"""One game of `cardtable simulate` as a task any process can run (here, in a pool of processes or
on a Dask worker: it lives in the installed package so that workers import it), and the report
summed from the games' results in game order (`Tally`).

A game's result depends only on the variant, the run's settings and the game's index: its seed is
the run's seed + index and every decision's seed comes from (run seed, game, decision), so the
merged report is the same, byte for byte, however many processes played the games. The table talk
of a game is given out hand by hand (`emit`) as each hand ends, so that a run cut off keeps every
finished hand.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.wording import is_hand_start

Emit = Callable[[int, str], None]  # (game index, text): a piece of a game's log, in order
MAX_ACTIONS = 100_000
CLUSTER_HINT = 'pip install "cardtable[cluster]"'  # the optional extra that brings Dask


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares (all of it picklable: it travels to the workers)."""

    players: int
    seed: int
    randomly: bool = False
    level: str = "normal"
    options: dict[str, Any] = field(default_factory=dict)
    log: bool = False


def decision_seed(seed: int, game: int, decision: int) -> int:
    """A computer player's seed for one decision, derived one way from the run's seed."""
    digest = hashlib.sha256(f"simulate:{seed}:{game}:{decision}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_RULES: list[Any] = []  # [variant, Rules]: the last variant's rules in this process


def _rules(variant: Any) -> Any:
    from ..engine import Rules

    if not _RULES or _RULES[0] is not variant:
        _RULES[:] = [variant, Rules(variant)]
    return _RULES[1]


class _HandLog:
    """Writes a game's table talk as its hands end: a heading per hand, then the engine's lines."""

    def __init__(self, g: int, emit: Emit) -> None:
        self.g, self.emit, self.done = g, emit, 0

    def upto(self, st: Any, end: int) -> None:
        out: list[str] = []
        for ev in st["events"][self.done : end]:
            text = str(ev.get("text", ""))
            if is_hand_start(text) and text.startswith("Hand "):
                out.append(f"\n--- {text[:-8]} ---\n")
                continue
            out.append(text + "\n")
            seat = ev.get("seat")
            if "private" in ev and isinstance(seat, int):
                out.append(f"    (to {st['seats'][seat]['name']}) {ev['private']}\n")
        self.done = max(self.done, end)
        if out:
            self.emit(self.g, "".join(out))

    def hand_ended(self, st: Any) -> None:
        """Every line before the newest hand's opening line (the hands before it are over)."""
        events = st["events"]
        k = len(events)
        while k > self.done and not is_hand_start(str(events[k - 1].get("text", ""))):
            k -= 1
        if k > self.done:
            self.upto(st, k - 1)


def play_game(
    variant: Any,
    setup: Setup,
    g: int,
    emit: Emit | None = None,
    on_hand: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Game `g` of a run, played to its end: a result for `merge`. With setup.log, its table
    talk goes to `emit` hand by hand, or, without one, into the result's "log". `on_hand(k)` is
    told when hand k begins (after the first; `cardtable bench` times hands with it)."""
    from ..engine.bots import decide, random_action
    from ..engine.state import all_cards, chips_in_play

    pieces: list[str] = []
    if emit is None:
        emit = lambda _g, text: pieces.append(text)  # noqa: E731
    rules = _rules(variant)
    seats = [{"name": f"Bot {i + 1}", "kind": "bot"} for i in range(setup.players)]
    seed = setup.seed + g
    result: dict[str, Any] = {"game": g, "error": None, "completed": False}
    if setup.log:
        emit(g, f"=== Game {g + 1} (seed {seed}): {', '.join(s['name'] for s in seats)} ===\n")
    rng = random.Random(seed)
    st = None
    talk = _HandLog(g, emit) if setup.log else None
    try:
        st = rules.new_game(seats, seed, setup.options)
        chips0, cards0 = chips_in_play(st), sorted(all_cards(st))
        n, hand = 0, st["hand"]
        while (seat := rules.to_move(st)) is not None:
            if setup.randomly:
                action = random_action(rules, st, seat, rng)
            else:
                action = decide(rules, rules.view(st, seat), decision_seed(setup.seed, g, n), setup.level)
            # in place: nothing keeps the states before (copying the game's growing lists per
            # action made a long match's hands dearer and dearer)
            rules.apply_in_place(st, action)
            n += 1
            if st["hand"] != hand:
                hand = st["hand"]
                if talk is not None:
                    talk.hand_ended(st)
                if on_hand is not None:
                    on_hand(hand)
            if n > MAX_ACTIONS:
                raise RuntimeError(f"the game did not end after {MAX_ACTIONS:,} actions")
        categories: dict[str, int] = {}
        for h in st["history"]:
            if h["category"]:
                categories[h["category"]] = categories.get(h["category"], 0) + 1
        for name, count in st.get("scored", {}).items():  # points games: every hand made
            categories[name] = categories.get(name, 0) + count
        result.update(
            completed=True,
            actions=n,
            hands=st["hand"],
            conserved=chips_in_play(st) == chips0 and sorted(all_cards(st)) == cards0,
            winners=list(st["result"]["winners"]) if st["result"] else [],
            categories=categories,
        )
    except Exception as exc:  # a report lists every failure rather than stopping at the first
        result["error"] = f"game {g} (seed {seed}): {type(exc).__name__}: {exc}"
    if talk is not None:
        if st is not None:
            talk.upto(st, len(st["events"]))
        end = (st.get("result") or {}) if st is not None else {}
        tail = f"Result: chips {end.get('chips')}, after {end.get('hands')} hands.\n" if end else ""
        if result["error"]:
            tail += f"error: {result['error'].split(': ', 1)[1]}\n"
        emit(g, tail + "\n")
    if pieces:
        result["log"] = "".join(pieces)
    return result


class Tally:
    """The report's sums, folded in game order (floats summed in one order) from results that
    come in any order: those ahead of a game still being played wait here."""

    def __init__(self, variant_id: str, games: int, players: int) -> None:
        self.variant_id, self.games, self.players = variant_id, games, players
        self.wins = [0.0] * players
        self.categories: dict[str, int] = {}
        self.errors: list[str] = []
        self.conserved = True
        self.completed = self.actions = self.hands = 0
        self.next = 0  # the first game not folded in yet
        self.waiting: dict[int, dict[str, Any]] = {}
        self.finished = 0  # games with a result, folded or waiting

    def add(self, result: dict[str, Any]) -> None:
        self.finished += 1
        self.waiting[result["game"]] = result
        while self.next in self.waiting:
            self._fold(self.waiting.pop(self.next))
            self.next += 1

    def _fold(self, r: dict[str, Any]) -> None:
        if r["error"]:
            self.errors.append(r["error"])
            return
        self.completed += 1
        self.actions += r["actions"]
        self.hands += r["hands"]
        self.conserved = self.conserved and r["conserved"]
        for w in r["winners"]:
            self.wins[w] += 1 / len(r["winners"])
        for name, count in r["categories"].items():
            self.categories[name] = self.categories.get(name, 0) + count

    def report(self) -> dict[str, Any]:
        """The report of every game with a result (a stopped run's too, gaps and all)."""
        for g in sorted(self.waiting):
            self._fold(self.waiting.pop(g))
        completed = self.completed
        total_cat = sum(self.categories.values()) or 1
        return {
            "variant": self.variant_id,
            "games": self.games,
            "players": self.players,
            "completed": completed,
            "errors": list(self.errors),
            "conserved": self.conserved and not self.errors,
            "wins": [round(w, 3) for w in self.wins],
            "win_rate": [round(w / max(completed, 1), 4) for w in self.wins],
            "categories": [
                {"name": name, "count": count, "share": round(count / total_cat, 4)}
                for name, count in sorted(self.categories.items(), key=lambda kv: -kv[1])
            ],
            "average_actions": round(self.actions / completed, 1) if completed else 0,
            "average_hands": round(self.hands / completed, 2) if completed else 0,
        }
