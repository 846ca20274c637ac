"""One game of `cardtable simulate` as a task any process can run (here, in a pool of processes or
on a Dask worker: it lives in the installed package so that workers import it), and the report
merged from the games' results in game order.

A game's result depends only on the variant, the run's settings and the game's index: its seed is
the run's seed + index and every decision's seed comes from (run seed, game, decision), so the
merged report is the same, byte for byte, however many processes played the games. The table talk
of a game is given out hand by hand (`emit`) as each hand ends, so that a run cut off keeps every
finished hand.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable
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


def merge(variant_id: str, games: int, players: int, results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The run's report from its games' results, taken in game order (floats summed in one order)."""
    wins = [0.0] * players
    categories: dict[str, int] = {}
    errors: list[str] = []
    conserved = True
    lengths: list[int] = []
    hand_counts: list[int] = []
    for r in sorted(results, key=lambda r: r["game"]):
        if r["error"]:
            errors.append(r["error"])
            continue
        lengths.append(r["actions"])
        hand_counts.append(r["hands"])
        conserved = conserved and r["conserved"]
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
        for name, count in r["categories"].items():
            categories[name] = categories.get(name, 0) + count
    completed = len(lengths)
    total_cat = sum(categories.values()) or 1
    return {
        "variant": variant_id,
        "games": games,
        "players": players,
        "completed": completed,
        "errors": errors,
        "conserved": conserved and not errors,
        "wins": [round(w, 3) for w in wins],
        "win_rate": [round(w / max(completed, 1), 4) for w in wins],
        "categories": [
            {"name": name, "count": count, "share": round(count / total_cat, 4)}
            for name, count in sorted(categories.items(), key=lambda kv: -kv[1])
        ],
        "average_actions": round(sum(lengths) / len(lengths), 1) if lengths else 0,
        "average_hands": round(sum(hand_counts) / len(hand_counts), 2) if hand_counts else 0,
    }
