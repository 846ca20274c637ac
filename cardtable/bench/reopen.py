"""Reopening long saved games: seconds to resume (replay the log) and to check a save, for games of
1,000 and 5,000 decisions; and what each action of such a game adds to its frame by saving it
(the program autosaves after every action, in the frame the action was made in). The games are
played by a cautious table (mostly checks and calls, the smallest bets, no early showdowns) with
plenty of chips and no hand limit, so they last.

    python -m cardtable.bench.reopen [VARIANT DECISIONS]...
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from ..engine import Rules
from ..engine.bots import calm
from ..engine.types import OptionValue
from ..saves import SavedGame, dumps
from ..saves.store import atomic_write
from ..session import GameSession
from ..variant import Variant

LONG_GAME: dict[str, OptionValue] = {"chips": 1_000_000, "blind": 2, "hands": 0}  # where the variant has them
SIZES = (1_000, 5_000)


def long_game(variant: Variant, decisions: int, seed: int = 1) -> SavedGame:
    """A save of `variant` with about `decisions` decisions (fewer if the game ends first)."""
    rules = Rules(variant)
    options = {k: v for k, v in LONG_GAME.items() if k in rules.options}
    seats = [{"name": f"P{i + 1}", "kind": "bot"} for i in range(max(3, variant.min_players))]
    st = rules.new_game(seats, seed, options)
    rng = random.Random(seed)
    made = 0
    while made < decisions and not rules.is_over(st):
        seat = rules.to_move(st)
        assert seat is not None
        rules.apply_in_place(st, calm(rules, rules.view(st, seat), rng))
        made += 1
    return SavedGame(variant.id, variant.digest, variant.name, seed, seats, options, list(st["log"]))


BENCH_KEY = b"cardtable bench: not a user's key."  # the user's own key is never read or made here


def autosave_ms(session: GameSession, repeats: int = 5) -> float:
    """Milliseconds of an autosave of the game as it stands (median of `repeats`): what an action
    at this length of game adds to its frame. The session's save as the program writes it (its
    summary, the signed text, the atomic write with its fsyncs) into a temporary folder; the first
    write, which encodes every action, is not counted (after an action only that one is new)."""
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as folder:
        path = Path(folder) / "autosave.cardtable.json"
        atomic_write(path, dumps(session.saved(), BENCH_KEY))
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            atomic_write(path, dumps(session.saved(), BENCH_KEY))
            times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 3)


def measure(variant: Variant, decisions: int) -> dict[str, object]:
    """Seconds to resume and to check a saved game of `decisions` decisions of `variant`, and an
    action's autosave at that length."""
    saved = long_game(variant, decisions)
    start = time.perf_counter()
    session = GameSession.resume(saved, variant)
    resumed = time.perf_counter() - start
    start = time.perf_counter()
    ok = GameSession.check_saved(saved, variant).ok
    checked = time.perf_counter() - start
    return {
        "variant": variant.id,
        "decisions": sum(1 for a in saved.log if a.get("seat") is not None),
        "valid": ok,
        "resume_s": round(resumed, 4),
        "check_s": round(checked, 4),
        "autosave_ms": autosave_ms(session),
    }


def run(variants: Mapping[str, Variant], ids: list[str]) -> list[dict[str, object]]:
    """Reopen times of each variant in `ids`, at every size of SIZES."""
    return [measure(variants[vid], n) for vid in ids for n in SIZES]


if __name__ == "__main__":
    import json
    import sys

    from ..catalog import resolve

    args = sys.argv[1:]
    for vid, n in zip(args[::2], args[1::2]):
        print(json.dumps(measure(resolve(vid), int(n))))
