"""Decisions the table makes without asking anybody, at a pace people can follow.

Computer players decide this way, and so does a person whose decision only picks which face-down
card comes out (a verb with `may_run_itself`, such as turning up community cards) when nobody can
bet any more (everyone left is all in, or only one has chips) or when the table chose to let such
rounds run by themselves. Then the computer's choice for that person's seat is made, from that
seat's view, which is never drawn: the table shows what everyone may see, with no curtain.

Thinking takes a few milliseconds a frame (`Thinker.step`), so no frame waits for it; the move is
made once the thinking is done and the speed's delay has passed. Hurrying (Space while nobody is
asked) drops the delays until a person must decide again.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Rules
from ...engine.bots import Thinker
from ...engine.types import Action, View
from ...engine.verbs import REGISTRY

DELAYS = {"normal": 0.7, "slow": 1.6, "instant": 0.0}  # seconds a computer player visibly thinks
RUN_DELAY = 0.15  # at most this between the flips of a round that runs by itself: a short animation
THINK_S = 0.005  # thinking per frame: no frame waits for it
HURRY_THINK_S = 0.02  # hurrying: more thinking a frame, still well inside a 33 ms frame


def nobody_can_bet(view: View, betting: bool) -> bool:
    """No betting decision is left in this hand: of the seats still in it, at most one has chips."""
    if not betting:
        return False
    live = [s for s in view["seats"] if not s["folded"] and not s["out"]]
    return sum(1 for s in live if s["chips"] > 0) <= 1


def runs_itself(public: View, betting: bool, auto_flip: bool) -> bool:
    """The decision at hand (a person's) is made for them: it only picks which face-down card
    comes out, and nobody can bet any more or the table lets such rounds run by themselves."""
    verb = REGISTRY.get(public["phase"] or "")
    if verb is None or not verb.may_run_itself:
        return False
    return auto_flip or nobody_can_bet(public, betting)


class Autoplay:
    """The pace of decisions nobody is asked for: thinking over frames, then a visible delay."""

    def __init__(self, rules: Rules, speed: str = "normal") -> None:
        if speed not in DELAYS:
            raise ValueError(f"speed must be one of {', '.join(DELAYS)}, not {speed!r}")
        self.rules = rules
        self.delay = DELAYS[speed]
        self.hurry = False  # drop the delays until a person must decide
        self._clock = 0.0
        self._thinker: tuple[int, Thinker] | None = None  # (the game's version it thinks about, it)

    def wait(self) -> None:
        """A person is asked (or nobody can move): start afresh next time, and stop hurrying."""
        self._clock, self._thinker, self.hurry = 0.0, None, False

    def step(
        self,
        dt: float,
        version: int,
        begin: Callable[[], tuple[View, int]],
        level: str,
        run: bool = False,
        style: str = "balanced",
    ) -> Action | None:
        """Think a little about the decision at `version` of the game (`begin` gives, once per
        decision, the deciding seat's own view, never drawn, and its seed); the action once it is
        decided and its time has come, else None. `run`: a person's decision made for them, in a
        round that runs by itself (quicker)."""
        self._clock += dt
        if self._thinker is None or self._thinker[0] != version:
            view, seed = begin()
            self._thinker = (version, Thinker(self.rules, view, seed, level, style))
        thinker = self._thinker[1]
        done = thinker.step(HURRY_THINK_S if self.hurry else THINK_S)
        delay = min(self.delay, RUN_DELAY) if run else self.delay
        if not done or thinker.action is None or (self._clock < delay and not self.hurry):
            return None
        self._clock, self._thinker = 0.0, None
        return thinker.action
