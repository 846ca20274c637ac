"""Network play tried as friends would, three programs on this machine (loopback): a host program
and two players' programs, each in its own process, with a computer player at the table. One
player's program is stopped and started again twice (the same link), the host's program is killed
mid-hand and started again on its save (the same links, the same port), and the game is played to
its end. The host checks every message it sends against what that seat may know
(`net.leakcheck`), and the final log replays to the same game.

    python scripts/net_trial.py texas_holdem --hands 3
    python scripts/net_trial.py infinite_poker --hands 2

Prints one JSON line (messages checked, leaks, drops, restarts) and exits 1 if anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEATS = [
    {"name": "Ann", "kind": "human"},
    {"name": "Bob", "kind": "human"},
    {"name": "Computer 3", "kind": "bot"},
]
REMOTE = [0, 1]
WAIT_S = 900.0  # for the whole game: reached only when something is stuck


def host(variant_id: str, folder: Path, hands: int, seed: int, kill_at: int) -> None:
    """The host's program: the game hosted (resumed from its save when one is there), every
    message checked as it is sent; killed by itself once the log holds `kill_at` entries."""
    from cardtable.catalog import resolve
    from cardtable.engine.bots import decide
    from cardtable.net import leakcheck
    from cardtable.net.host import HostedTable
    from cardtable.saves import SaveStore
    from cardtable.session import GameSession

    variant = resolve(variant_id)
    store = SaveStore(folder / "saves")
    slots = [s.name for s in store.slots()]
    if slots:
        session = GameSession.resume(store.read(slots[0]), variant, store)
        table = HostedTable.start(session, None, host="127.0.0.1")
    else:
        options = {"hands": hands} if "hands" in variant.sections.get("options", {}) else {}
        session = GameSession(variant, SEATS, seed, options, store)
        session.autosave()
        table = HostedTable.start(session, REMOTE, host="127.0.0.1")
    (folder / "links.json").write_text(json.dumps({str(s): link for s, link in table.links.items()}))
    report = (folder / "checked.txt").open("a")
    rules = session.rules

    def observe(seat: int, text: str) -> None:
        msg = json.loads(text)
        if msg["type"] != "update":
            return
        state = session.full_state_for_tests()
        allowed = leakcheck.seat_may_know(rules, state, seat)
        found = leakcheck.leaks(msg, allowed)
        report.write(f"{seat} {'LEAK ' + str(sorted(found)[:5]) if found else 'ok'}\n")
        report.flush()

    table.observe = observe
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        table.pump(wait=0.02)
        if kill_at and len(session.log) >= kill_at and not session.is_over():
            os.kill(os.getpid(), signal.SIGKILL)  # the host's program dies mid-hand
        if session.is_over():
            break
        if session.to_move() == 2:
            table.act(decide(rules, session.view(2), session.bot_seed(), "normal", "balanced"))
    for _ in range(40):  # the last updates reach the players
        table.pump(wait=0.02)
    replayed = rules.replay(session.seats, session.seed, session.options, list(session.log))
    print(
        json.dumps(
            {"over": session.is_over(), "replays": replayed["log"] == session.log, "log": len(session.log)}
        )
    )
    table.close()


def player(link: str, drop_after: int) -> None:
    """A player's program: plays its seat at random from its own view; gone (the process ends
    without a goodbye) after `drop_after` decisions."""
    from cardtable.engine.bots.randomly import calm
    from cardtable.net.client import connect

    remote = connect(link, retry=lambda n: 0.2)
    rng = random.Random(link)
    decisions = 0
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        remote.pump(wait=0.02)
        if remote.ready and remote.is_over():
            break
        seat = remote.seat
        if remote.ready and remote.to_move() == seat and not remote.pending():
            remote.act(calm(remote.rules, remote.view(seat), rng))  # a game that lasts its hands
            decisions += 1
            if drop_after and decisions >= drop_after:
                os._exit(0)  # dropped: no goodbye
    print(json.dumps({"seat": remote.seat, "over": remote.ready and remote.is_over()}))
    remote.close()


def _me(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, __file__, *map(str, args)], stdout=subprocess.PIPE, text=True)


def _links(folder: Path) -> dict[int, str]:
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            return {int(s): link for s, link in json.loads((folder / "links.json").read_text()).items()}
        except (OSError, ValueError):
            time.sleep(0.05)
    raise SystemExit("the host never listed its links")


def trial(variant_id: str, hands: int, seed: int, kill_at: int) -> int:
    with tempfile.TemporaryDirectory(prefix="cardtable-net-trial-") as tmp:
        folder = Path(tmp)
        first = _me("host", variant_id, folder, hands, seed, kill_at)
        links = _links(folder)
        ann = _me("player", links[0], 2)  # drops after two decisions, twice
        bob = _me("player", links[1], 0)
        drops, again, relinked = 0, None, {}
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end:
            if again is None and first.poll() is not None:  # the host died: started again on its save
                (folder / "links.json").unlink()
                again = _me("host", variant_id, folder, hands, seed, 0)
                relinked = _links(folder)
            if drops < 2 and ann.poll() is not None:  # Ann comes back with the same link
                drops += 1
                ann = _me("player", links[0], 2 if drops < 2 else 0)
            if again is not None and again.poll() is not None:
                break
            time.sleep(0.1)
        out = again.communicate(timeout=60)[0] if again is not None else ""
        ended = [json.loads(p.communicate(timeout=60)[0] or "{}") for p in (ann, bob)]
        checked = [line for line in (folder / "checked.txt").read_text().split("\n") if line]
        leaks = [line for line in checked if "LEAK" in line]
        game = json.loads(out or "{}")
        result = {
            "variant": variant_id,
            "messages_checked": len(checked),
            "leaks": len(leaks),
            "drops": drops,
            "host_killed_mid_game": first.returncode == -signal.SIGKILL,
            "same_links_after_restart": relinked == links,
            "game": game,
            "players": ended,
        }
        print(json.dumps(result))
        good = not leaks and drops == 2 and relinked == links and result["host_killed_mid_game"]
        return (
            0
            if good and game.get("over") and game.get("replays") and all(p.get("over") for p in ended)
            else 1
        )


def main() -> None:
    if sys.argv[1:2] == ["host"]:
        host(sys.argv[2], Path(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]))
        return
    if sys.argv[1:2] == ["player"]:
        player(sys.argv[2], int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--kill-at", type=int, default=12, help="log entries before the host dies")
    args = parser.parse_args()
    sys.exit(trial(args.variant, args.hands, args.seed, args.kill_at))


if __name__ == "__main__":
    main()
