"""Make the hand lookup tables shipped with the program: every table a built-in game or example
(variants/*.yaml, variants/examples/*.yaml) uses under every ranking it offers (a split pot's
low rules too), gzipped into variants/hand-tables/NAME.table.gz; files no shipped game uses any
more are removed. A game's first start then reads its tables instead of building them (a second
or so each). Run it after changing a built-in game's hands or the table format (tables.FORMAT):

    python scripts/ship_hand_tables.py [--force]

A file already there that reads back well is kept (--force builds every one again). An exact-odds
ranking whose counts are not shipped is counted (seconds) and its counts shipped too, in
variants/rankings/, as `cardtable odds --ranking` would cache them. Prints what it made and removed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from cardtable.hands.api import evaluate_pool
from cardtable.hands.rules import Rules
from cardtable.hands.table import Key

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "variants"
FOLDER = GAMES / "hand-tables"


def matcher(rules: Rules) -> Callable[[Sequence[int]], Key]:
    """The general matcher: what a table's entries are made by and checked against."""
    return lambda hand: evaluate_pool(rules, hand).key


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="build every table again")
    args = parser.parse_args()
    from cardtable.catalog import resolve
    from cardtable.hands import ranking_exact, table, tables
    from cardtable.hands.ranking import every_rules, offered
    from cardtable.paths import replace_whole

    wanted: dict[str, str] = {}  # table name -> the first game using it
    for path in sorted(GAMES.glob("*.yaml")) + sorted((GAMES / "examples").glob("*.yaml")):
        variant = resolve(str(path))
        if "exact" in offered(variant) and ranking_exact.cached(variant) is None:
            counts = ranking_exact.exact(variant)  # counted now: shipped too
            shipped = GAMES / "rankings" / f"exact-{ranking_exact.exact_key(variant)}.json"
            replace_whole(shipped, json.dumps(counts.to_json()).encode("utf-8"))
            os.chmod(shipped, 0o644)  # shipped: readable by all, as a checkout makes it
            print(f"counted {path.stem}'s exact odds: {shipped.relative_to(ROOT)}")
        for rules in every_rules(variant):
            p = table.plan(rules)
            if p is None:
                continue
            name = tables.digest(rules, p)
            if name in wanted:
                continue
            wanted[name] = path.stem
            target = FOLDER / f"{name}.table.gz"
            if not args.force and tables.read(target, name, rules, p, matcher(rules)) is not None:
                print(f"kept  {target.relative_to(ROOT)} ({path.stem})")
                continue
            start = time.process_time()
            built = table.build(rules, p, matcher(rules))
            if built is None:
                print(f"none  ({path.stem}: its signatures hardly group the hands)")
                continue
            replace_whole(target, tables.pack(built, name))
            os.chmod(target, 0o644)
            print(
                f"built {target.relative_to(ROOT)} ({path.stem}, {len(built.keys):,} values, "
                f"{target.stat().st_size // 1024} KB, {time.process_time() - start:.1f} s)"
            )
    for old in sorted(FOLDER.glob("*")):
        if old.name.removesuffix(".table.gz") not in wanted:
            old.unlink()
            print(f"removed {old.relative_to(ROOT)} (no shipped game uses it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
