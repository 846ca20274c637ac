"""`cardtable odds VARIANT`: how often each hand category comes up, for random hands of the
variant's deck (exact or sampled) or as the game is really played (`--as-played`), counting each
hand's best category or, with `--contains`, every category it holds. The author's published odds
stand beside the true ones."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .arguments import seed, whole
from .terminal import say

HELP = "how often each hand category comes up: random hands or as played, best or contained"
AS_PLAYED_SAMPLES = 2_000
MAX_SAMPLES = 1_000_000_000  # sanity only: the progress bar tells how long a run will take
MAX_HAND = 1_000_000  # cards in a random hand: sanity only (the deck says what it can deal)
MAX_SEATS = 1_000


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a variant id or a path to a YAML file")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every hand (refused when out of reach)")
    how.add_argument(
        "--samples", type=whole(1, MAX_SAMPLES), metavar="N", help="sample N random hands uniformly"
    )
    parser.add_argument("--seed", type=seed, default=None, help="random seed for sampling")
    parser.add_argument(
        "--as-played",
        action="store_true",
        help="a seat's hand when every card of a hand has been dealt and nobody folds, formed as "
        "the variant forms hands (hole cards and board, a line of a grid, exactly-N zones)",
    )
    parser.add_argument(
        "--contains",
        action="store_true",
        help="count every category a hand contains, not only its highest",
    )
    parser.add_argument(
        "--hand-size",
        type=whole(1, MAX_HAND),
        metavar="K",
        help="random hands of K cards (more than the variant's hand size: the best hand of them)",
    )
    parser.add_argument(
        "--ranking",
        action="store_true",
        help="the hand ranking by true frequency (measured as played, cached) beside the published "
        "one, and the winning categories of simulated showdowns under both",
    )
    parser.add_argument(
        "--players", type=whole(1, MAX_SEATS), default=4, metavar="K", help="seats at --ranking's showdowns"
    )
    parser.add_argument(
        "--showdowns", type=whole(1, MAX_SAMPLES), default=1000, metavar="N", help="--ranking's showdowns"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _ranking(variant: Any, args: argparse.Namespace) -> int:
    """`--ranking`: the frequency order and the showdown winners in both rankings."""
    from ..hands.ranking import frequency, ranked
    from ..hands.showdowns import cached_winners, winners_report
    from .progress import Bar

    if not ranked(variant):
        rules = variant.sections.get("hands")
        why = (
            "the lowest hand wins, so a rarer hand is not a better one: there is no frequency ranking"
            if rules is not None and rules.lowest_wins
            else "hands are scored from a points table; there is no ranking"
        )
        say(f"{variant.id}: {why}", file=sys.stderr)
        return 1
    if args.players < 1 or args.showdowns < 1:
        say("--players and --showdowns must be at least 1", file=sys.stderr)
        return 2
    from ..hands.ranking import offered
    from ..hands.ranking_exact import exact

    try:
        with Bar("measuring the ranking") as bar:
            freq = frequency(variant, bar)
        rankings = offered(variant)
        exact_counts = None
        if "exact" in rankings:
            with Bar("counting every category exactly") as bar:
                exact_counts = exact(variant, bar)
        won = cached_winners(variant)
        if (
            not won
            or (won["seats"], won["showdowns"]) != (args.players, args.showdowns)
            or any(r not in won for r in rankings)
        ):
            with Bar("showdowns") as bar:
                won = winners_report(variant, args.players, args.showdowns, progress=bar)
    except ValueError as exc:
        say(str(exc), file=sys.stderr)
        return 1
    cats: list[dict[str, Any]] = []
    for k, i in enumerate(freq.order):
        lo, hi = freq.interval(i)
        cats.append(
            {
                "name": freq.names[i],
                "frequency_rank": k + 1,
                "published_rank": i + 1,
                "count": freq.counts[i],
                "hands": freq.samples,
                "probability": freq.share(i),
                "ci95": [lo, hi],
                "measured": freq.measured(i),
            }
        )
    data = {
        "variant": variant.id,
        "samples": freq.samples,
        "seed": freq.seed,
        "categories": cats,
        "unseparated": [[freq.names[a], freq.names[b]] for a, b in freq.unseparated()],
        "winners": won,
    }
    if exact_counts is not None:
        data["exact"] = [
            {
                "name": exact_counts.names[i],
                "exact_rank": k + 1,
                "published_rank": i + 1,
                "count": exact_counts.counts[i],
                "hands": exact_counts.hands,
                "probability": exact_counts.share(i),
            }
            for k, i in enumerate(exact_counts.order)
        ]
    if args.json:
        say(json.dumps(data))
        return 0
    say(
        f"{variant.name}: hand ranking by true frequency, as played ({freq.samples:,} seats dealt, "
        f"seed {freq.seed}); rarer ranks higher"
    )
    width = max(len(n) for n in freq.names)
    for c in cats:
        lo, hi = c["ci95"]
        seen = f"{c['probability']:.6f}  95% [{lo:.6f}, {hi:.6f}]" if c["measured"] else "too rare to measure"
        say(f"  {c['frequency_rank']:>3}. {c['name']:<{width}}  published #{c['published_rank']:<3}  {seen}")
    if data["unseparated"]:
        say("  neighbours whose intervals overlap (their order is not settled):")
        say("    " + "; ".join(f"{a} / {b}" for a, b in data["unseparated"]))
    if exact_counts is not None:
        say(
            f"by exact odds: every {exact_counts.size}-card hand of the deck ({exact_counts.hands:,}), the hands "
            "holding each category counted; fewer ranks higher, ties in published order"
        )
        for c in data["exact"]:
            say(
                f"  {c['exact_rank']:>3}. {c['name']:<{width}}  published #{c['published_rank']:<3}  {c['probability']:.6g}"
            )
    for ranking in rankings:
        table: dict[str, int] = won[ranking]
        total = sum(table.values()) or 1
        say(f"winners of {won['showdowns']:,} showdowns at {won['seats']} seats, ranking {ranking}:")
        for name, n in sorted(table.items(), key=lambda kv: -kv[1]):
            say(f"  {name:<{width}}  {n:>6,}  {n / total:6.1%}")
    return 0


def _as_played(
    variant: Any, rules: Any, args: argparse.Namespace, mode: str, bar: Any, qualify: Any = None
) -> Any:
    from ..hands.asplayed import deal_plan, sample_best, sample_contains
    from ..hands.counting import odds, tally

    plan = deal_plan(variant, rules)
    simple = len(plan.zones) == 1 and plan.zones[0].grid is None and rules.form.uses[0].exactly is None
    if simple:  # one zone, all of it: exactly random hands of that many cards
        exact = True if args.exact else (False if args.samples else None)
        return odds(
            rules, variant.deck.size, exact=exact, samples=args.samples or 20_000, seed=args.seed,
            progress=bar, size=plan.cards, mode=mode, qualify=qualify,
        )  # fmt: skip
    if args.exact:
        raise ValueError(
            f"{variant.id}: as played, a hand is formed from {plan.cards} cards in several zones; "
            "that is only sampled (use --samples N)"
        )
    n = args.samples or AS_PLAYED_SAMPLES
    if mode == "contains":
        counts = sample_contains(rules, plan, variant.deck.size, n, args.seed, bar)
    else:
        counts = sample_best(rules, plan, variant.deck.size, n, args.seed, bar, qualify)
    return tally(rules, counts, n, "sampled", rules.size, mode, plan.cards, qualify is not None)


def _count(variant: Any, rules: Any, args: argparse.Namespace, mode: str, qualify: Any = None) -> Any:
    """The tally `args` ask for, of `rules` (the variant's ranking, or a split's second one)."""
    from ..hands.counting import odds
    from .progress import Bar

    bar = Bar("odds")
    try:
        if args.as_played:
            return _as_played(variant, rules, args, mode, bar, qualify)
        return odds(
            rules,
            variant.deck.size,
            exact=True if args.exact else (False if args.samples else None),
            samples=args.samples or 20_000,
            seed=args.seed,
            progress=bar,
            size=args.hand_size,
            mode=mode,
            qualify=qualify,
        )
    finally:
        bar.close()


def _low_half(variant: Any, rules: Any, args: argparse.Namespace) -> dict[str, Any]:
    """A split pot's second ranking (high-low's low half): each hand's best low, best first,
    and how many hands qualify for the half."""
    from ..hands.counting import against, as_json
    from ..hands.extras import meets

    split = rules.split
    cond = split.qualify
    qualify = (lambda v: meets(split.rules, v, cond)) if cond is not None else None
    low = _count(variant, split.rules, args, "best", qualify)
    data = as_json(variant.id, low)
    data["name"] = split.name
    if cond is not None:
        data["qualify"] = cond.text
        data["qualifying"] = low.qualifying
        data["qualifying_odds_against"] = against(low.qualifying or 0, low.hands)
    return data


def _print_rows(data: dict[str, Any], sampled: bool) -> None:
    width = max(len(c["name"]) for c in data["categories"])
    for entry in data["categories"]:
        p = entry["probability"]
        lo, hi = entry["ci95"]
        ci = f"  95% [{lo:.6f}, {hi:.6f}]" if sampled else ""
        odds_against = f"{short(entry['odds_against'])} to 1" if entry["count"] else "never seen"
        published = f"  published {entry['published']}" if entry.get("published") else ""
        say(f"  {entry['name']:<{width}}  {entry['count']:>12,}  {p:.6f}  ({odds_against}){ci}{published}")


def short(x: float | None) -> str:
    """Odds against, as a few digits ("4,164", "1.37")."""
    from ..hands.against import short as against_short

    return against_short(x)


def _profiles(variant: Any, rules: Any, args: argparse.Namespace) -> int:
    """`--exact --contains` beyond enumeration: exact counts by profiles, classes, runs and cells
    where a category allows it (hands/profiles.py); the others are said to be not counted."""
    import math

    from ..hands.against import parse_against, short
    from ..hands.conditions import unhandled
    from ..hands.profiles import count_contains, supported

    size = args.hand_size or rules.size
    if size > variant.deck.size:
        say(
            f"a hand of {size} cards needs a deck of at least {size}; this one has {variant.deck.size}",
            file=sys.stderr,
        )
        return 1
    try:
        got = count_contains(rules, variant.deck.size, size)
        how = supported(rules, variant.deck.size, size)
    except ValueError as exc:
        say(str(exc), file=sys.stderr)
        return 1
    total = math.comb(variant.deck.size, size)
    cats: list[dict[str, Any]] = []
    for i, cat in enumerate(rules.categories):
        n = got.get(i)
        entry: dict[str, Any] = {"name": cat.name, "count": n, "hands": total, "how": how.get(i)}
        if n is None:  # a condition no method knows, or no method fits the category at this size
            unknown = unhandled(cat, "counting")
            entry["why"] = (
                f"no method here counts {' or '.join(repr(f) for f in unknown)}"
                if unknown
                else "no method here fits it at this hand size"
            )
        entry["probability"] = n / total if n is not None else None
        entry["odds_against"] = (total - n) / n if n else None
        if cat.published:
            entry["published"] = cat.published
            entry["published_against"] = parse_against(cat.published)
        cats.append(entry)
    data = {
        "variant": variant.id,
        "mode": "contains",
        "hand_size": size,
        "method": "profiles",
        "hands": total,
    }
    data["categories"] = cats
    if args.json:
        say(json.dumps(data))
        return 0
    say(
        f"{variant.name}: every {size}-card hand ({total:,}) that contains each category, counted "
        f"exactly by profiles, classes, runs and cells ({len(got)} of {len(cats)} categories"
        + ("" if len(got) == len(cats) else "; the others cannot be counted this way")
        + ")"
    )
    width = max(len(c["name"]) for c in cats)
    digits = max((len(f"{c['count']:,}") for c in cats if c["count"] is not None), default=1)
    for c in cats:
        if c["count"] is None:
            say(f"  {c['name']:<{width}}  not counted exactly ({c['why']})")
            continue
        pub = f"  published {c['published']}" if "published" in c else ""
        say(f"  {c['name']:<{width}}  {c['count']:>{digits},}  ({short(c['odds_against'])} to 1){pub}")
    return 0


def run(args: argparse.Namespace) -> int:
    from ..catalog import resolve
    from ..hands.counting import as_json

    variant = resolve(args.variant)
    rules = variant.sections.get("hands")
    if rules is None:
        say(f"{variant.id}: the variant has no hands section", file=sys.stderr)
        return 1
    if args.samples is not None and args.samples < 1:
        say("--samples must be at least 1", file=sys.stderr)
        return 2
    if args.hand_size is not None and (args.hand_size < 1 or args.as_played):
        why = "is for random hands, not --as-played" if args.as_played else "must be at least 1"
        say(f"--hand-size {why}", file=sys.stderr)
        return 2
    if args.ranking:
        return _ranking(variant, args)
    mode = "contains" if args.contains else "best"
    try:
        tally = _count(variant, rules, args, mode)
        low = _low_half(variant, rules, args) if rules.split is not None and mode == "best" else None
    except ValueError as exc:
        if args.exact and mode == "contains" and not args.as_played:
            return _profiles(variant, rules, args)
        say(str(exc), file=sys.stderr)
        return 1
    data = as_json(variant.id, tally)
    data["as_played"] = bool(args.as_played)
    if low is not None:
        data["split"] = low
    warnings = variant.warnings
    data["warnings"] = [w.message for w in warnings]
    if args.json:
        say(json.dumps(data))
        return 0
    what = "as played" if args.as_played else "random"
    dealt = f" (best {tally.hand_size} of {tally.dealt})" if tally.dealt > tally.hand_size else ""
    counted = "every category a hand contains" if mode == "contains" else "each hand's best category"
    order = "the lowest hand wins: best (lowest) first" if tally.lowest_wins else "best first"
    say(
        f"{variant.name}: {what} {tally.hand_size}-card hands{dealt}, {counted}, "
        f"{tally.method} over {tally.hands:,} hands; {order}"
    )
    _print_rows(data, tally.method == "sampled")
    if low is not None:
        half = rules.split.name
        say(f"{half} half: each hand's best {half.lower()} hand; the lowest hand wins: best (lowest) first")
        _print_rows(low, tally.method == "sampled")
        if "qualify" in low:
            n, total = low["qualifying"], low["hands"]
            odds_against = f"{short(low['qualifying_odds_against'])} to 1" if n else "never seen"
            say(
                f"  qualifying for the {half.lower()} half ({low['qualify']}): {n:,} of {total:,}, "
                f"{n / total:.6f} ({odds_against})"
            )
    for warning in warnings:
        say(warning)
    return 0
