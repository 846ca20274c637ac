"""Golden playthroughs: one game per variant from a fixed seed, played by seeded random players,
rendered as the public table log plus each action, compared with tests/golden/<variant>.txt; the
game's log, replayed by the engine's one replay, must come to the very same state.
An intended rule change regenerates them: CARDTABLE_REGEN_GOLDEN=1 pytest tests/test_engine_golden.py
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from conftest import VARIANT_IDS

from cardtable.engine import IllegalAction, Rules
from cardtable.engine.bots import random_action
from cardtable.engine.replay import replay

GOLDEN = Path(__file__).parent / "golden"


def playthrough(rules: Rules) -> tuple[str, int]:
    players = max(2, rules.variant.min_players) + 1
    options = {"hands": 2} if "hands" in rules.options else {}
    rng = random.Random(2024)
    seats = [{"name": f"P{i}", "kind": "bot"} for i in range(players)]
    st = rules.new_game(seats, 2024, options)
    lines = [f"# {rules.variant.name}: {players} players, seed 2024, options {json.dumps(options)}"]
    refused = 0
    while not rules.is_over(st):
        seat = rules.to_move(st)
        action = random_action(rules, st, seat, rng)
        # Every such game also shows that an out-of-turn copy of the action is refused.
        try:
            rules.apply(st, {**action, "seat": (seat + 1) % players})
        except IllegalAction:
            refused += 1
        st = rules.apply(st, action)
    lines += rules.view(st, None)["log"]
    lines.append(f"result: {json.dumps(st['result'], sort_keys=True)}")
    lines.append(f"actions: {sum(1 for a in st['log'] if a.get('seat') is not None)}")
    assert replay(rules, seats, 2024, options, st["log"]) == st, "the log does not replay to the game"
    return "\n".join(lines) + "\n", refused


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_golden_playthrough(variants, vid):
    v = variants[vid]
    text, refused = playthrough(Rules(v))
    assert refused > 0
    path = GOLDEN / f"{vid}.txt"
    if os.environ.get("CARDTABLE_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: CARDTABLE_REGEN_GOLDEN=1 writes it (check it by eye)"
    assert text == path.read_text(encoding="utf-8"), f"{vid} plays differently from {path}"
