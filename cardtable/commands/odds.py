"""`cardtable odds VARIANT`: how often a random hand falls in each category of the variant."""

from __future__ import annotations

import argparse
import json
import sys
import time

HELP = "how often a random hand of the variant falls in each hand category (exact or sampled)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a variant id or a path to a YAML file")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every hand (refused when out of reach)")
    how.add_argument("--samples", type=int, metavar="N", help="sample N random hands uniformly")
    parser.add_argument("--seed", type=int, default=None, help="random seed for sampling")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


class _Bar:
    """A progress bar on standard error, drawn only for runs longer than a moment."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.start < 0.5 or (now - self.last < 0.1 and done < total) or not total:
            return
        self.last, self.shown = now, True
        frac = min(1.0, done / total)
        filled = int(frac * 30)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {frac:6.1%}")
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from ..catalog import resolve
    from ..hands.counting import as_json, odds

    variant = resolve(args.variant)
    rules = variant.sections.get("hands")
    if rules is None:
        print(f"{variant.id}: the variant has no hands section", file=sys.stderr)
        return 1
    if args.samples is not None and args.samples < 1:
        print("--samples must be at least 1", file=sys.stderr)
        return 2
    bar = _Bar()
    try:
        tally = odds(
            rules,
            variant.deck.size,
            exact=True if args.exact else (False if args.samples else None),
            samples=args.samples or 20_000,
            seed=args.seed,
            progress=bar,
        )
    except ValueError as exc:
        bar.close()
        print(str(exc), file=sys.stderr)
        return 1
    bar.close()
    data = as_json(variant.id, tally)
    warnings = variant.warnings
    data["warnings"] = [w.message for w in warnings]
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{variant.name}: {tally.hand_size}-card hands, {tally.method} over {tally.hands:,} hands")
    width = max(len(n) for n in tally.names)
    for entry in data["categories"]:
        p = entry["probability"]
        odds_against = f"{(1 - p) / p:,.1f} to 1" if p else "never seen"
        ci = ""
        if "ci95" in entry:
            lo, hi = entry["ci95"]
            ci = f"  95% CI [{lo:.6f}, {hi:.6f}]"
        print(f"  {entry['name']:<{width}}  {entry['count']:>12,}  {p:.6f}  ({odds_against}){ci}")
    for warning in warnings:
        print(warning)
    return 0
