"""Random legal play, for tests and fuzzing: any legal action, amounts and cards chosen at random.

The golden playthroughs record games played this way, so the order in which the random generator
is used here is part of them: change it only with the goldens.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..types import Action, Card, State, Template, View
from ..verbs import REGISTRY
from .seen import hand_cards

if TYPE_CHECKING:
    from ..rules import Rules
    from ..verbs import Verb


def random_action(rules: Rules, state: State, seat: int, rng: random.Random) -> Action:
    """Any legal action of `seat`, chosen at random; its cards come from the seat's own view."""
    t = rng.choice(rules.legal_actions(state, seat))
    return _filled(rules, rules.deciding(state), seat, t, lambda: hand_cards(rules.view(state, seat)), rng)


def calm(rules: Rules, view: View, rng: random.Random) -> Action:
    """A cautious random decision from the deciding seat's own view, for games that must last (the
    bench's long games, network measurements): by the verb's `stances`, mostly a check or a call,
    a fold or all in only when nothing else is legal; the verb fills it calmly (`fill_calmly`)."""
    seat, phase = _deciding(view)
    verb = REGISTRY[phase]
    legal = view["legal"]
    quiet = [t for t in legal if verb.stances.get(t["type"]) in ("check", "call")]
    keep = [t for t in legal if verb.stances.get(t["type"]) not in ("fold", "all_in")] or legal
    t = rng.choice(quiet if quiet and rng.random() < 0.9 else keep)
    a: Action = {"seat": seat, "type": t["type"]}
    verb.fill_calmly(a, t, lambda: hand_cards(view), rng, rules)
    return a


def fill(rules: Rules, view: View, t: Template, rng: random.Random) -> Action:
    """An action made from `t`, a legal template of `view` (the deciding seat's own), with random
    choices: the deciding step's verb makes them (`Verb.fill_randomly`)."""
    seat, phase = _deciding(view)
    return _filled(rules, REGISTRY[phase], seat, t, lambda: hand_cards(view), rng)


def _deciding(view: View) -> tuple[int, str]:
    """The deciding seat and its step's verb name, from its own view."""
    seat, phase = view["seat"], view["phase"]
    if seat is None or phase is None:
        raise ValueError("a random action is made from the deciding seat's own view")
    return int(seat), str(phase)


def _filled(
    rules: Rules, verb: Verb, seat: int, t: Template, hand: Callable[[], list[Card]], rng: random.Random
) -> Action:
    a: Action = {"seat": seat, "type": t["type"]}
    verb.fill_randomly(a, t, hand, rng, rules)
    return a
