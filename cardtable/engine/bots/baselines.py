"""Fixed strategies to measure the computer players against (`cardtable match`), as computer-poker
papers do: `call` (checks or calls every bet, never bets), `random` (any legal action) and `tight`
(bets or raises the size of the pot with a hand in the top fifth of starting hands, else checks or
folds). Each decides from its seat's view and a seed, like the computer players.

They differ in betting. Every other decision (a draw, a flip) is the easy computer player's, so
that a match measures play, not a baseline that never draws; but where a verb has a plain move (a
card put at the first open place of a grid: `Verb.plain`), `call` plays that, as a player who
weighs nothing would, and `random` plays any legal move there too. `tight` judges a hand by
its chance to win against random hands (the computer players' own estimate), against a threshold
measured once per match (`tight_threshold`): the chance that a fifth of first decisions reach.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...hands.steps import finish
from ..types import Action, Template, View
from ..verbs import REGISTRY
from .chance import win_chance
from .randomly import fill
from .think import decide

if TYPE_CHECKING:
    from ..rules import Rules

BASELINES = ("call", "random", "tight")
TIGHT_SHARE = 0.2  # the share of starting hands `tight` plays
TIGHT_DEALS = 48  # deals of the unseen cards behind one estimate (the hard level's number)


def baseline_action(name: str, rules: Rules, view: View, seed: int, threshold: float = 1.0) -> Action:
    """The action of the baseline `name` for the seat whose view this is."""
    if name not in BASELINES:
        raise ValueError(f"no baseline '{name}': choose one of {', '.join(BASELINES)}")
    seat = view["seat"]
    assert seat is not None
    rng = random.Random(seed)
    if name == "random":
        return fill(rules, view, rng.choice(view["legal"]), rng)
    legal = by_stance(view)
    if not {"fold", "check", "call"} & set(legal):  # not a betting decision
        plain = REGISTRY[view["phase"]].plain(view["legal"]) if view["phase"] in REGISTRY else None
        return plain if name == "call" and plain is not None else decide(rules, view, seed, "easy")
    if name == "call":
        chosen = legal.get("check") or legal.get("call") or legal["fold"]
        return {"seat": seat, "type": chosen["type"]}
    chance = finish(win_chance(rules, view, rng, TIGHT_DEALS))
    if chance >= threshold:
        raising = legal.get("raise")
        if raising is not None:
            return {"seat": seat, "type": raising["type"], "amount": pot_sized(view, raising)}
        if "call" in legal:
            return {"seat": seat, "type": legal["call"]["type"]}
    chosen = legal.get("check") or legal["fold"]
    return {"seat": seat, "type": chosen["type"]}


def by_stance(view: View) -> dict[str, Template]:
    """The legal actions of the deciding seat's view by what each does in a betting decision (the
    deciding verb's `stances`); {} when the verb declares none."""
    stances = REGISTRY[view["phase"]].stances if view["phase"] in REGISTRY else {}
    return {stances[t["type"]]: t for t in view["legal"] if t["type"] in stances}


def pot_sized(view: View, t: Template) -> int:
    """A bet or raise the size of the pot: to the current bet, plus the pot once called."""
    seat = view["seat"]
    assert seat is not None
    current = max(s["bet"] for s in view["seats"])
    owed = current - view["seats"][seat]["bet"]
    pot = sum(s["total"] for s in view["seats"])
    return max(t["min"], min(t["max"], current + pot + owed))


def tight_threshold(
    rules: Rules, players: int, options: dict[str, Any], seed: int, samples: int = 200
) -> float:
    """The chance to win (as `tight` estimates it) that TIGHT_SHARE of first decisions reach, over
    `samples` fresh deals of `players` seats; 1.0 (never raise) when no deal has a decision."""
    chances = []
    for i in range(samples):
        seats = [{"name": f"Seat {k + 1}", "kind": "bot"} for k in range(players)]
        state = rules.new_game(seats, seed + i, options)
        seat = rules.to_move(state)
        if seat is None:
            continue
        view = rules.view(state, seat)
        chances.append(finish(win_chance(rules, view, random.Random(seed + i), TIGHT_DEALS)))
    if not chances:
        return 1.0
    chances.sort(reverse=True)
    return chances[max(0, int(len(chances) * TIGHT_SHARE) - 1)]
