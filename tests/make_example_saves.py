"""Make the example saves shipped in saves/, and say what each one claims to be.

    python tests/make_example_saves.py          # rewrite saves/*.cardtable.json and their facts

Each example is a game played by computer players from a fixed seed until a moment worth
opening: a 12,000-card hand in the middle of the Flop, a grid game near its end, a clash about to
start. The same predicates (`CLAIMS`) stop the generator and, in tests/test_example_saves.py,
prove that the shipped files still replay to such a moment. Beside each save,
`<name>.expected.json` holds key facts of the state it replays to (golden values).

The computer players think with no time budget here (a fixed number of samples), so the same
seed always gives the same game.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardtable.engine import bots  # noqa: E402
from cardtable.saves import SaveStore, atomic_write, dumps  # noqa: E402
from cardtable.session import GameSession  # noqa: E402
from cardtable.variant import load_variant  # noqa: E402

SAVES = ROOT / "saves"


# ---------------------------------------------------------------------------- the claims
def _step(session: Any) -> dict[str, Any] | None:
    st = session.full_state_for_tests()
    return session.rules.program[st["pc"]] if st["step"] is not None else None


def mid_flop(session: Any) -> bool:
    """In the first reveal of the hand that the players do card by card, about half done."""
    step, st = _step(session), session.full_state_for_tests()
    if step is None or step["do"] != "reveal" or st["over"]:
        return False
    reveals = [s for s in session.rules.program if s["do"] == "reveal" and s.get("by") == "players"]
    if not reveals or step is not reveals[0]:
        return False
    total = int(step["count"])
    return total // 2 <= total - st["step"]["left"] <= 0.7 * total


def grid_near_end(session: Any) -> bool:
    """A placing game with at most six cards left to play (the deck and the hands together)."""
    step, st = _step(session), session.full_state_for_tests()
    if step is None or step["do"] != "place" or st["over"]:
        return False
    left = sum(len(z["cards"]) for name, z in _list_zones(st) if name != "grid")
    return 0 < left <= 6


def clash_open(session: Any) -> bool:
    """No clash yet this hand, and the player to move may start one."""
    st, seat = session.full_state_for_tests(), session.to_move()
    return (
        seat is not None
        and not st.get("showdown_called")
        and any(t.get("showdown_allowed") for t in session.rules.legal_actions(st, seat))
    )


def clash_next(session: Any) -> bool:
    """A clash may start now, and the computer's choice for the player to move is to start it."""
    return clash_open(session) and bool(decide(session, session.to_move()).get("showdown"))


def _list_zones(st: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for name, z in st["zones"].items():
        for one in z if isinstance(z, list) else [z]:
            if "cards" in one:
                yield name, one


# ---------------------------------------------------------------------------- playing
def decide(session: Any, seat: int) -> dict[str, Any]:
    """The computer's decision for `seat` here, the same every time for the same game."""
    seed = random.Random(f"example:{len(session.log)}:{seat}").getrandbits(64)
    return bots.decide(session.rules, session.view(seat), seed, "normal")


@dataclass
class Example:
    name: str
    variant: str
    seats: list[str]
    seed: int
    options: dict[str, Any]
    claim: Callable[[Any], bool]  # what the save shows (checked by the golden tests)
    stop: Callable[[Any], bool] | None = None  # where the generator stops, if more than the claim
    limit: int = 3000


EXAMPLES = [
    Example(
        "infinite_poker_mid_flop",
        "infinite_poker",
        ["Ann", "Computer 1", "Computer 2", "Computer 3"],
        11,
        {"hands": 10},
        mid_flop,
    ),
    Example("poker_grid_near_end", "poker_grid", ["Ann", "Computer 1", "Computer 2"], 5, {}, grid_near_end),
    Example(
        "poker_clash_about_to_clash",
        "poker_clash",
        ["Ann", "Computer 1", "Computer 2"],
        7,
        {"hands": 10},
        clash_open,
        clash_next,
    ),
]
CLAIMS = {e.name: e.claim for e in EXAMPLES}


def seats_of(example: Example) -> list[dict[str, str]]:
    return [{"name": n, "kind": "bot" if n.startswith("Computer") else "human"} for n in example.seats]


def play(example: Example, variant: Any = None) -> GameSession:
    """Play the example's game until its claim holds (ValueError if it never does)."""
    variant = variant or load_variant(ROOT / "variants" / f"{example.variant}.yaml")
    declared = variant.sections.get("options", {})
    options = {k: v for k, v in example.options.items() if k in declared}
    session = GameSession(variant, seats_of(example), example.seed, options)
    for _ in range(example.limit):
        if (example.stop or example.claim)(session):
            return session
        seat = session.to_move()
        if seat is None:
            break
        session.act(decide(session, seat))
    raise ValueError(f"{example.name}: the game never reached its moment")


# ---------------------------------------------------------------------------- golden facts
def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def facts(session: Any) -> dict[str, Any]:
    """Key facts of a state: enough to know a replay reached the very same moment."""
    st = session.full_state_for_tests()
    step = _step(session)
    return {
        "variant": session.variant.id,
        "actions": len(session.decisions()),
        "log_entries": len(st["log"]),
        "hand": st["hand"],
        "over": st["over"],
        "to_move": st["turn"],
        "phase": step["do"] if step else None,
        "chips": [s["chips"] for s in st["seats"]],
        "bets": [s["total"] for s in st["seats"]],
        "zones": {f"{name}": len(z["cards"]) for name, z in _list_zones(st)},
        "zones_digest": digest(st["zones"]),
        "log_digest": digest(list(st["log"])),
    }


def main() -> int:
    SAVES.mkdir(exist_ok=True)
    store = SaveStore(SAVES)
    for example in EXAMPLES:
        session = play(example)
        saved = session.saved()
        saved.summary["saved_at"] = "2026-01-01T12:00:00"  # the examples do not change by the day
        saved.summary["started_at"] = "2026-01-01T12:00:00"
        saved.game_id = f"example-{example.name}"
        # unsigned, the seed in the clear: an example is trusted by where it is, on every computer
        path = store.path(example.name)
        atomic_write(path, dumps(saved, sign=False))
        path.chmod(0o644)
        expected = SAVES / f"{example.name}.expected.json"
        expected.write_text(json.dumps(facts(session), indent=1, sort_keys=True) + "\n")
        print(
            f"{path.relative_to(ROOT)}: {len(session.decisions())} actions, hand {session.full_state_for_tests()['hand']}"
        )
    keep = SAVES / ".keep"
    keep.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
