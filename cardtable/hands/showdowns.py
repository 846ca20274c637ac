"""Which categories win showdowns: deal whole tables as the variant deals them (nobody folds) and
count the winning hand's category under each hand ranking. With the published ranking of a game
whose printed odds are wrong one category may decide nearly every hand; the frequency ranking
should spread the wins over many (hands/ranking.py), and so should the exact-odds one
(hands/ranking_exact.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from .api import best, evaluate_rules
from .asplayed import deal_plan, deal_table
from .ranking import hand_rules, offered

Progress = Callable[[int, int], None]
SHOWDOWNS = 1_000


def winners(
    variant: Any,
    seats: int,
    showdowns: int = SHOWDOWNS,
    seed: int = 0,
    rankings: tuple[str, ...] | None = None,
    progress: Progress | None = None,
) -> dict[str, Counter[str]]:
    """ranking -> winning category name -> showdowns won with it (a split counts once), for
    `rankings` (by default every one the variant offers)."""
    rankings = rankings or offered(variant)
    plan = deal_plan(variant, variant.sections["hands"])
    rules = {r: hand_rules(variant, r) for r in rankings}
    rng = random.Random(seed)
    out: dict[str, Counter[str]] = {r: Counter() for r in rankings}
    for n in range(showdowns):
        table = deal_table(plan, variant.deck.size, seats, rng)
        for r in rankings:
            values = [evaluate_rules(rules[r], zones) for zones in table]
            out[r][values[best(values)[0]].category] += 1
        if progress and n % 10 == 0:
            progress(n, showdowns)
    if progress:
        progress(showdowns, showdowns)
    return out


SEATS = 4


def _file(folder: Any, variant: Any) -> Any:
    from .ranking import content_key

    return folder / "rankings" / f"{content_key(variant)}-winners.json"


def cached_winners(variant: Any) -> dict[str, Any] | None:
    """The last measured winners of this variant's content (user cache, then shipped), or None."""
    from ..paths import shipped, user_cache
    from .ranking_store import load_json

    for folder, shipped_file in ((user_cache(), False), (shipped("variants"), True)):
        try:
            data = load_json(_file(folder, variant), follow_links=shipped_file)
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(data, dict) and all(r in data for r in ("published", "frequency")):
            return data
    return None


def winners_report(
    variant: Any,
    seats: int = SEATS,
    showdowns: int = SHOWDOWNS,
    seed: int = 0,
    progress: Progress | None = None,
    folder: Any = None,
) -> dict[str, Any]:
    """Measure the winners in every ranking the variant offers and keep them in the cache (or `folder`)."""
    import json

    from ..paths import user_cache
    from .ranking_store import save_json

    rankings = offered(variant)
    won = winners(variant, seats, showdowns, seed, rankings, progress)
    data: dict[str, Any] = {
        "seats": seats,
        "showdowns": showdowns,
        "seed": seed,
        **{r: dict(won[r].most_common()) for r in rankings},
    }
    save_json(_file(folder or user_cache(), variant), json.dumps(data))
    return data
