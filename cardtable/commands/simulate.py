"""`cardtable simulate VARIANT --games N [--players K] [--seed S] [--level L] [--json]`: computer
players play N games headless; report completion, conservation of chips and cards, wins per seat,
how often each hand category won a pot (in a points game: how often each hand was made), and the
average game length. The same arguments give the same report, byte for byte: every decision's seed
comes from (S, game, decision). Progress and the time taken go to stderr."""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import sys
import time
from typing import Any

from .arguments import CommandError, output_file, seed, whole
from .terminal import shown

HELP = "let computer players play games headless and report the results"
MAX_GAMES = 10_000_000
MAX_PLAYERS = 1_000  # the variant says how many it seats; this only keeps the number sane


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", help="a variant id or a path to a YAML file")
    parser.add_argument("--games", type=whole(1, MAX_GAMES), default=10, help="how many games (default 10)")
    parser.add_argument(
        "--players",
        type=whole(1, MAX_PLAYERS),
        default=None,
        help="seats per game (default: the minimum, at least 2)",
    )
    parser.add_argument("--seed", type=seed, default=0, help="the first game's seed (then +1 per game)")
    parser.add_argument(
        "--hands",
        type=whole(0, None),
        default=None,
        help="cap each match at this many hands (if the variant has a 'hands' option)",
    )
    parser.add_argument(
        "--random", action="store_true", help="random players instead of the computer players"
    )
    parser.add_argument(
        "--level", default="normal", help="how hard the computer players think: easy, normal or hard"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one of the variant's options for every game (repeatable), e.g. ranking=frequency",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument(
        "--log",
        metavar="FILE",
        type=output_file,
        default=None,
        help="write every game's table talk, hand by hand, to FILE (the computer players' own "
        "lines too, marked 'to NAME': a simulation has no one to hide them from)",
    )


def decision_seed(seed: int, game: int, decision: int) -> int:
    """A computer player's seed for one decision, derived one way from the run's seed."""
    digest = hashlib.sha256(f"simulate:{seed}:{game}:{decision}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def simulate(
    variant: Any,
    games: int,
    players: int,
    seed: int,
    hands: int | None,
    randomly: bool,
    progress: Any = None,
    level: str = "normal",
    chosen: dict[str, Any] | None = None,
    log: Any = None,
) -> dict[str, Any]:
    import random

    from ..engine import Rules
    from ..engine.bots import decide, random_action
    from ..engine.state import all_cards, chips_in_play

    rules = Rules(variant)
    options: dict[str, Any] = dict(chosen or {})
    if hands is not None and "hands" in rules.options:
        options["hands"] = hands
    wins = [0.0] * players
    categories: dict[str, int] = {}
    errors: list[str] = []
    completed = 0
    conserved = True
    lengths: list[int] = []
    hand_counts: list[int] = []
    seats = [{"name": f"Bot {i + 1}", "kind": "bot"} for i in range(players)]
    for g in range(games):
        rng = random.Random(seed + g)
        st = None
        if log is not None:  # written before the game is played: a log that cannot be written stops it
            log.write(f"=== Game {g + 1} (seed {seed + g}): {', '.join(s['name'] for s in seats)} ===\n")
            log.flush()
        try:
            st = rules.new_game(seats, seed + g, options)
            chips0 = chips_in_play(st)
            cards0 = sorted(all_cards(st))
            n = 0
            while (seat := rules.to_move(st)) is not None:
                if randomly:
                    action = random_action(rules, st, seat, rng)
                else:
                    action = decide(rules, rules.view(st, seat), decision_seed(seed, g, n), level)
                st = rules.apply(st, action)
                n += 1
                if n > 100_000:
                    raise RuntimeError("the game did not end after 100,000 actions")
            completed += 1
            lengths.append(n)
            hand_counts.append(st["hand"])
            if chips_in_play(st) != chips0 or sorted(all_cards(st)) != cards0:
                conserved = False
            winners = st["result"]["winners"] if st["result"] else []
            for w in winners:
                wins[w] += 1 / len(winners)
            for h in st["history"]:
                if h["category"]:
                    categories[h["category"]] = categories.get(h["category"], 0) + 1
            for name, count in st.get("scored", {}).items():  # points games: every hand made
                categories[name] = categories.get(name, 0) + count
        except Exception as exc:  # a report lists every failure rather than stopping at the first
            errors.append(f"game {g} (seed {seed + g}): {type(exc).__name__}: {exc}")
            if log is not None:
                log.write(f"error: {type(exc).__name__}: {exc}\n")
        if log is not None and st is not None:
            write_log(log, st)
        if progress:
            progress(g + 1, games)
    total_cat = sum(categories.values()) or 1
    return {
        "variant": variant.id,
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


def write_log(out: Any, st: Any) -> None:
    """One game's table talk after its heading: a heading per hand, then the engine's own sentences."""
    for ev in st["events"]:
        text = str(ev.get("text", ""))
        if text.startswith("Hand ") and text.endswith(" begins."):
            out.write(f"\n--- {text[:-8]} ---\n")
            continue
        out.write(text + "\n")
        seat = ev.get("seat")
        if "private" in ev and isinstance(seat, int):
            out.write(f"    (to {st['seats'][seat]['name']}) {ev['private']}\n")
    result = st.get("result") or {}
    if result:
        out.write(f"Result: chips {result.get('chips')}, after {result.get('hands')} hands.\n")
    out.write("\n")


def run(args: argparse.Namespace) -> int:
    from ..catalog import resolve

    variant = resolve(args.variant)
    players = args.players or max(2, variant.min_players)
    name = shown(variant.name)
    if not variant.min_players <= players <= variant.max_players:
        raise CommandError(
            f"{name} is for {variant.min_players}-{variant.max_players} players, not {players}"
        )
    if "phases" not in variant.sections:
        raise CommandError(f"{name} has no phases: it cannot be played")

    from ..engine.bots import LEVELS

    if args.level not in LEVELS:
        raise CommandError(f"no level '{shown(args.level[:60])}': choose one of {', '.join(LEVELS)}")

    from ..engine.options import resolve_options
    from .play import parse_options
    from .progress import Bar

    declared = variant.sections.get("options", {})
    try:
        chosen = parse_options(args.option)
        if args.hands is not None and "hands" in declared:
            chosen["hands"] = args.hands  # checked against the variant's own limits, as any option
        resolve_options(declared, chosen)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    started = time.perf_counter()
    log = None
    if args.log:
        try:
            log = open(args.log, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            raise CommandError(
                f"cannot write the log '{shown(str(args.log))}': {exc.strerror or exc}"
            ) from None
    try:
        with Bar("game", delay=0.0) as progress:
            report = simulate(
                variant,
                args.games,
                players,
                args.seed,
                None,
                args.random,
                progress,
                args.level,
                chosen,
                log,
            )
        if log is not None:
            log.close()  # the last of the log is written here: a full disk is found here too
    except OSError as exc:
        raise CommandError(f"cannot write the log '{shown(str(args.log))}': {exc.strerror or exc}") from None
    finally:
        if log is not None and not log.closed:
            with contextlib.suppress(OSError):
                log.close()
    # The time taken is not part of the report: the same arguments must give the same report.
    print(f"simulated in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    if args.json:
        print(json.dumps(report))  # ASCII: nothing a terminal acts on
    else:
        print(f"{name}: {report['completed']}/{report['games']} games completed, {players} players")
        print(f"chips and cards conserved: {'yes' if report['conserved'] else 'NO'}")
        print("wins per seat: " + ", ".join(f"{i + 1}: {w:g}" for i, w in enumerate(report["wins"])))
        print(f"average: {report['average_actions']} actions, {report['average_hands']} hands per game")
        for c in report["categories"]:
            print(f"  {shown(c['name']):<30} {c['count']:>6}  {c['share']:.1%}")
        for e in report["errors"]:
            print("error: " + shown(e))
    return 0 if not report["errors"] else 1
