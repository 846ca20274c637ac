"""Hands as the game is really played: one seat's zones when every card of a hand has been dealt
and nobody folds, read from the variant's own program, and sampled at random.

The plan counts the cards each zone the hand is formed from receives: the steps of one hand that
deal to every seat or to the table, as each step's verb says (`Verb.deals`; a deal for one role,
such as an extra deal for last hand's loser, is left out: a seat usually holds no role), a fixed
grid filled whole. Steps that trade cards change which cards a seat holds, not how many, so the
cards as dealt stand for them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .api import ZoneCards, evaluate_rules
from .contains import formable_zones
from .rules import Rules
from .value import HandValue

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ZoneDeal:
    zone: str
    cards: int
    grid: tuple[int, int] | None = None  # rows, cols: the zone is given as {(row, col): card}
    per_seat: bool = True  # each seat has its own (hole cards); else shared by the table


@dataclass(frozen=True)
class Plan:
    zones: tuple[ZoneDeal, ...]

    @property
    def cards(self) -> int:
        return sum(z.cards for z in self.zones)


def _option_default(variant: Any, name: str) -> object:
    opt = getattr(variant, "sections", {}).get("options", {}).get(name)
    return getattr(opt, "default", None)


def dealing(variant: Any) -> list[tuple[dict[str, Any], Any]]:
    """Every step of a hand that deals cards, with what it deals (`Dealt`: zone, cards, whole,
    role) as its verb says, the options at their defaults."""
    phases = variant.sections.get("phases")
    layout = variant.sections.get("layout")
    if phases is None:
        return []

    def number(value: object) -> int:
        if isinstance(value, dict):
            value = _option_default(variant, str(value.get("option")))
        return int(value) if isinstance(value, (int, float)) else 0

    return list(phases.deals(number, layout.zones.get if layout is not None else lambda name: None))


def deal_plan(variant: Any, rules: Rules) -> Plan:
    """How many cards each zone of the hand's form holds at the showdown (ValueError if none)."""
    if rules.form.runs_zone is not None:
        raise ValueError(f"{variant.id}: hands are scored as cards are placed, not formed at a showdown")
    layout = variant.sections.get("layout")
    wanted = {u.zone for u in rules.form.uses}
    counts: dict[str, int] = {}
    for step, dealt in dealing(variant):
        if dealt.role or dealt.zone not in wanted:
            continue
        if step.get("when") and not _option_default(variant, step["when"]):
            continue
        if step.get("unless") and _option_default(variant, step["unless"]):
            continue
        if dealt.whole:  # a grid filled whole
            counts[dealt.zone] = dealt.cards
        else:
            counts[dealt.zone] = counts.get(dealt.zone, 0) + dealt.cards
    zones = []
    for use in rules.form.uses:
        n = counts.get(use.zone, 0)
        spec = layout.zones.get(use.zone) if layout is not None else None
        grid = spec.size if spec is not None and spec.is_grid and spec.size is not None else None
        per_seat = bool(spec.per_seat) if spec is not None else True
        zones.append(ZoneDeal(use.zone, n, grid if use.line else None, per_seat))
    plan = Plan(tuple(zones))
    if plan.cards == 0:
        raise ValueError(f"{variant.id}: no cards are dealt to the zones a hand is formed from")
    if plan.cards > variant.deck.size:
        raise ValueError(f"{variant.id}: a hand as dealt needs {plan.cards} cards, the deck has fewer")
    return plan


def _zone(z: ZoneDeal, got: list[int]) -> ZoneCards:
    if z.grid is not None:
        cols = z.grid[1]
        return {(i // cols, i % cols): c for i, c in enumerate(got)}
    return got


def deal(plan: Plan, deck_size: int, rng: random.Random) -> dict[str, ZoneCards]:
    """One seat's zones, dealt at random from a shuffled deck."""
    cards = rng.sample(range(deck_size), plan.cards)
    out: dict[str, ZoneCards] = {}
    at = 0
    for z in plan.zones:
        out[z.zone] = _zone(z, cards[at : at + z.cards])
        at += z.cards
    return out


def deal_table(plan: Plan, deck_size: int, seats: int, rng: random.Random) -> list[dict[str, ZoneCards]]:
    """Every seat's zones at one table: the table's zones shared, each seat's own dealt apart
    (ValueError when the deck cannot serve that many seats)."""
    own = sum(z.cards for z in plan.zones if z.per_seat)
    need = plan.cards + own * (seats - 1)
    if need > deck_size:
        raise ValueError(f"{seats} seats need {need} cards; the deck has {deck_size}")
    cards = rng.sample(range(deck_size), need)
    shared: dict[str, ZoneCards] = {}
    at = 0
    for z in plan.zones:
        if not z.per_seat:
            shared[z.zone] = _zone(z, cards[at : at + z.cards])
            at += z.cards
    out = []
    for _ in range(seats):
        mine = dict(shared)
        for z in plan.zones:
            if z.per_seat:
                mine[z.zone] = _zone(z, cards[at : at + z.cards])
                at += z.cards
        out.append(mine)
    return out


def sample_best(
    rules: Rules,
    plan: Plan,
    deck_size: int,
    samples: int,
    seed: int | None,
    progress: Progress | None = None,
    qualify: Callable[[HandValue], bool] | None = None,
) -> Counter[int]:
    """Category index -> how many of `samples` dealt hands have it as their best hand; with
    `qualify`, key -1 (counting.QUALIFIES) counts the hands whose best meets it."""
    rng = random.Random(seed)
    out: Counter[int] = Counter()
    for i in range(samples):
        v = evaluate_rules(rules, deal(plan, deck_size, rng))
        out[v.rank] += 1
        if qualify is not None and qualify(v):
            out[-1] += 1
        if progress and i % 20 == 0:
            progress(i, samples)
    if progress:
        progress(samples, samples)
    return out


def sample_contains(
    rules: Rules, plan: Plan, deck_size: int, samples: int, seed: int | None, progress: Progress | None = None
) -> Counter[int]:
    """Category index -> how many of `samples` dealt hands can form it (every category counted)."""
    rng = random.Random(seed)
    out: Counter[int] = Counter()
    for i in range(samples):
        out.update(formable_zones(rules, deal(plan, deck_size, rng)))
        if progress and i % 20 == 0:
            progress(i, samples)
    if progress:
        progress(samples, samples)
    return out
