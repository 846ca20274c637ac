"""Network play on 127.0.0.1: messages per action, bytes per message and the time from a remote
player's decision to its update, with 1, 3 and 9 remote seats (each a RemoteSession in this
process, on its own thread) and one computer player at the host. Measured, never asserted.

    python -m cardtable.bench.network [VARIANT]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from ..engine.bots import calm
from ..session import GameSession
from ..variant import Variant

WAIT_S = 30.0
REMOTE_COUNTS = (1, 3, 9)


def run(
    variant: Variant, decisions: int = 200, counts: tuple[int, ...] = REMOTE_COUNTS
) -> list[dict[str, Any]]:
    """One row per count of remote seats (those the variant seats, with a computer player beside)."""
    return [_one(variant, n, decisions) for n in counts if n + 1 <= variant.max_players]


def _one(variant: Variant, remote: int, decisions: int) -> dict[str, Any]:
    from ..net.client import connect
    from ..net.host import HostedTable

    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(remote)] + [
        {"name": "Computer", "kind": "bot"}
    ]
    options = {
        k: v for k, v in {"chips": 1_000_000, "blind": 2, "hands": 0}.items() if k in _option_names(variant)
    }
    session = GameSession(variant, seats, 1, options)
    host = HostedTable.start(session, list(range(remote)), host="127.0.0.1")
    players = {s: connect(link, retry=lambda n: 0.05) for s, link in host.links.items()}
    rng = random.Random(1)
    waits: list[float] = []
    try:
        for s, player in players.items():
            _caught_up(host, player, s)
        host.messages_sent = host.bytes_sent = 0
        actions = 0
        deadline = time.monotonic() + 120
        while actions < decisions and not session.is_over() and time.monotonic() < deadline:
            seat = session.to_move()
            assert seat is not None
            if seat not in players:
                host.act(_calm(host, seat, rng))
                host.pump()
                actions += 1
                continue
            player = _caught_up(host, players[seat], seat)
            action = _calm(player, seat, rng)
            began = time.perf_counter()
            player.act(action)
            before = len(session.log)
            while len(session.log) == before:
                host.pump(wait=WAIT_S)
            want = host.last_seq(seat)
            while player.seq_taken < want:
                player.pump(wait=WAIT_S)
            waits.append(time.perf_counter() - began)
            actions += 1
        messages, sent = host.messages_sent, host.bytes_sent
    finally:
        for player in players.values():
            player.close()
        host.stop()
    return {
        "remote_seats": remote,
        "actions": actions,
        "messages_per_action": round(messages / max(1, actions), 2),
        "bytes_per_message": round(sent / max(1, messages)),
        "action_to_update_ms_median": round(statistics.median(waits) * 1000, 2) if waits else None,
        "action_to_update_ms_p90": round(_p90(waits) * 1000, 2) if waits else None,
    }


def _calm(table: Any, seat: int, rng: random.Random) -> Any:
    """A cautious decision from the seat's own view (mostly checks and calls, the smallest bets,
    no early showdowns), so the game lasts as long as the measurement (bench/reopen.py's table)."""
    return calm(table.rules, table.view(seat), rng)


def _caught_up(host: Any, player: Any, seat: int) -> Any:
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        host.pump()
        if player.ready and player.run_taken == host.run and player.seq_taken >= host.last_seq(seat) > 0:
            return player
        player.pump(wait=0.01)
    raise RuntimeError(f"seat {seat} never caught up ({player.state}: {player.reason})")


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def _option_names(variant: Variant) -> set[str]:
    from ..engine import Rules

    return set(Rules(variant).options)


def print_rows(rows: list[dict[str, Any]]) -> None:
    print("network play on 127.0.0.1 (a computer player at the host; remote players choose at random):")
    print(f"{'remote':>7} {'actions':>8} {'msgs/action':>12} {'bytes/msg':>10} {'p50 ms':>7} {'p90 ms':>7}")
    for r in rows:
        print(
            f"{r['remote_seats']:>7} {r['actions']:>8} {r['messages_per_action']:>12} {r['bytes_per_message']:>10,} "
            f"{r['action_to_update_ms_median']:>7} {r['action_to_update_ms_p90']:>7}"
        )


if __name__ == "__main__":
    from ..catalog import resolve

    print_rows(run(resolve(sys.argv[1] if len(sys.argv) > 1 else "texas_holdem")))
