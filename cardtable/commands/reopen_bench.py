"""How long reopening a long saved game takes (for `cardtable bench`; never asserted by tests).

    from cardtable.commands.reopen_bench import measure_reopen
    measure_reopen("texas_holdem", 5000) -> {"variant", "decisions", "log_entries", "resume_s", "check_s"}

The game is played by a cautious table (mostly checks and calls, the smallest bets, few folds) so
that it lasts; plenty of chips and no hand limit keep it going for thousands of decisions.
"""

from __future__ import annotations

import random
import time
from typing import Any

LONG_GAME = {"chips": 1_000_000, "blind": 2, "hands": 0}  # applied where the variant has the option


def long_game(variant: Any, decisions: int, seed: int = 1) -> Any:
    """A SavedGame of `variant` with about `decisions` decisions (fewer if the game ends first)."""
    from ..engine import Rules
    from ..engine.bots import fill
    from ..saves import SavedGame

    rules = Rules(variant)
    options = {k: v for k, v in LONG_GAME.items() if k in rules.options}
    seats = [{"name": f"P{i + 1}", "kind": "bot"} for i in range(max(3, variant.min_players))]
    st = rules.new_game(seats, seed, options)
    rng = random.Random(seed)
    made = 0
    while made < decisions and not rules.is_over(st):
        seat = rules.to_move(st)
        assert seat is not None
        legal = rules.legal_actions(st, seat)
        calm = [t for t in legal if t["type"] in ("check", "call")]
        keep = [t for t in legal if t["type"] not in ("fold", "all_in")] or legal
        t = rng.choice(calm if calm and rng.random() < 0.9 else keep)
        action = fill(rules, st, seat, t, rng)
        if t["type"] in ("bet", "raise"):
            action["amount"] = t["min"]
        action.pop("showdown", None)  # no early showdowns: a clash would end hands at once
        action.pop("reveal", None)
        rules.apply_in_place(st, action)
        made += 1
    return SavedGame(
        variant_id=variant.id,
        variant_digest=variant.digest,
        variant_name=variant.name,
        seed=seed,
        seats=seats,
        options=options,
        log=st["log"],
    )


def measure_reopen(variant_id: str, decisions: int) -> dict[str, Any]:
    """Seconds to resume (and to check) a saved game of `decisions` decisions of `variant_id`."""
    from ..catalog import resolve
    from ..session import GameSession

    variant = resolve(variant_id)
    saved = long_game(variant, decisions)
    start = time.perf_counter()
    GameSession.resume(saved, variant)
    resumed = time.perf_counter() - start
    start = time.perf_counter()
    ok = GameSession.check_saved(saved, variant).ok
    checked = time.perf_counter() - start
    return {
        "variant": variant_id,
        "decisions": sum(1 for a in saved.log if a.get("seat") is not None),
        "log_entries": len(saved.log),
        "valid": ok,
        "resume_s": round(resumed, 4),
        "check_s": round(checked, 4),
    }


if __name__ == "__main__":  # python -m cardtable.commands.reopen_bench [VARIANT DECISIONS...]
    import json
    import sys

    args = sys.argv[1:] or ["texas_holdem", "1000", "texas_holdem", "5000"]
    for vid, n in zip(args[::2], args[1::2]):
        print(json.dumps(measure_reopen(vid, int(n))))
