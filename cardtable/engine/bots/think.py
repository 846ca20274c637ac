"""A decision from (rules, view, seed, level, style) alone: the same five always give the same action.

`Thinker` makes it in small steps, so a window can think between frames; `decide` makes it at once.
The levels differ in how they play, not only in how long they think: the deals of the unseen cards
behind a win chance, whether opponents' hands are weighed by their betting (reading.py), and how
often a hand that does not merit it is bet when nobody has shown strength. Hard also reads the
betting twice as sharply, bets and raises lesser hands and opens with a raise where it would
call the blind (its aggression, on top of its style's). Against tight over 20,000 hands, seed
101: +41.3 bb/100 with the sharper reading and aggression, +45.6 with the raised openings too.
Hard also probes: in a round nobody has bet after a bet earlier in the hand, it bets a third of
the pot most of the time (a player who bet a strong hand and now checks often holds nothing it
will put more chips on): against tight +48.4 -> +61.9 over 4,000 hands, seed 11. With two
opponents or more in, hard reads each as having bet at least two doublings (`crowd`): the hands
that stay in against several players are good ones. On an open grid the levels look ahead
differently (`foresight`, verbs/place_mind.py). A style (style.py) is
how many hands it plays and how readily it bets, whatever its level. No clock is read to
decide, only to know when a step has worked long enough.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import clock
from ..types import Action, View
from ..verbs import REGISTRY
from ..verbs.base import Thought
from .mind import SeatMind
from .style import BALANCED, Style, style

if TYPE_CHECKING:
    from ..rules import Rules


@dataclass(frozen=True)
class Level:
    deals: int  # deals of the unseen cards behind a win chance
    reads: float  # how sharply opponents' hands are weighed by their betting (0: not at all)
    bluff: float  # how often a weak hand bets when nobody has shown strength
    aggression: float = 1.0  # how readily it bets and raises (multiplies its style's)
    probe: float = 0.0  # how often it bets small in a round nobody has bet, after a bet earlier
    foresight: int = 0  # how many turns past this one a placement weighs (verbs/place_mind.py)
    crowd: float = 0.0  # against two opponents or more, the least pressure each is read with


LEVELS: dict[str, Level] = {
    "easy": Level(deals=8, reads=0.0, bluff=0.0),
    "normal": Level(deals=24, reads=1.0, bluff=0.15, foresight=1),
    "hard": Level(deals=48, reads=2.0, bluff=0.3, aggression=1.3, probe=0.7, foresight=2, crowd=2.0),
}


class Thinker:
    """The decision of the seat `view["seat"]`, made a piece at a time:

        thinker = Thinker(rules, view, seed, "normal")
        while not thinker.step(0.005):   # about 5 ms of work per frame
            ...draw a frame...
        thinker.action

    How the work is split never changes the action: only the amount done per call does."""

    def __init__(
        self, rules: Rules, view: View, seed: int, level: str = "normal", style_name: str = BALANCED
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"no level '{level}': choose one of {', '.join(LEVELS)}")
        playing = style(style_name)
        if not view["legal"]:
            raise ValueError(f"seat {view['seat']} has no decision to make")
        self.action: Action | None = None
        self._unit_s = 0.0  # how long a unit of work has taken lately (only paces the steps)
        self._work = _think(rules, view, random.Random(seed), LEVELS[level], playing)

    def step(self, budget_s: float) -> bool:
        """Think for about `budget_s` seconds (at least one unit of work); True once decided.

        A unit is not begun when the slowest recent unit would not fit in what is left of the
        budget, so a step costs about max(budget, one unit), not the budget plus a unit."""
        now = clock.now()
        end = now + budget_s
        units = 0
        while True:
            if units and now + self._unit_s > end:
                return False
            done = self._one_unit()
            after = clock.now()
            # The slowest recent unit, forgotten slowly: units of one decision are alike in size.
            self._unit_s = max(after - now, self._unit_s * 0.9)
            now, units = after, units + 1
            if done:
                return True
            if now >= end:
                return False

    def finish(self) -> Action:
        """Think to the end at once; the action."""
        while not self._one_unit():
            pass
        assert self.action is not None
        return self.action

    def _one_unit(self) -> bool:
        """One unit of work (a hand valued, say); True once decided."""
        if self.action is None:
            try:
                next(self._work)
            except StopIteration as done:
                self.action = done.value
        return self.action is not None


def _think(rules: Rules, view: View, rng: random.Random, level: Level, playing: Style) -> Thought:
    """The move of the verb being played (its module's `think`), as a generator of work units."""
    playing = Style(playing.entry, playing.aggression * level.aggression)
    mind = SeatMind(
        rules,
        view,
        rng,
        level.deals,
        level.reads,
        level.bluff,
        playing,
        level.probe,
        level.foresight,
        level.crowd,
    )
    made = REGISTRY[view["phase"] or ""].think(mind)
    if isinstance(made, dict):
        return made
    return (yield from made)


def decide(rules: Rules, view: View, seed: int, level: str = "normal", style_name: str = BALANCED) -> Action:
    """The action of the seat `view["seat"]` (it must be that seat's view, with its legal actions),
    decided from the variant's rules and that view only, played at `level` in the style `style_name`."""
    return Thinker(rules, view, seed, level, style_name).finish()
