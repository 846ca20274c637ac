"""When the curtain may be lifted: only by the next person, never by the tail of what the last
person did. A key already down when it rose (the last person's Enter or Space, repeating while
held) does not lift it until let go and pressed again; a click in its first moment is the second
half of a double-click on the button that raised it (Call, Check...); and when Space was hurrying
the computer players just before it rose, the taps that run on are the hurrying person's, so keys
wait that moment too."""

from __future__ import annotations

import pygame

LIFT_KEYS = (pygame.K_SPACE, pygame.K_RETURN)  # lift the curtain (a fresh press only)
SETTLE = 0.4  # seconds a curtain ignores clicks after it rises (and keys, after a hurry)
HURRY_RUNS_ON = 1.0  # a curtain rising this soon after Space hurried waits for keys too


class CurtainGuard:
    """The curtain now up: whose it is, the lift keys down as it rose, when it rose, and whether
    Space was hurrying just before."""

    def __init__(self) -> None:
        self._up: tuple[int, set[int], float, bool] | None = None
        self.hurried_at = -1.0  # the clock when Space last hurried the computer players

    def note(self, who: int | None, clock: float) -> set[int]:
        """The curtain for `who` is up (None: none is) at `clock`; the lift keys that were already
        down when it rose (the input forgets one when it is let go). Noted when the curtain is
        first drawn or first pressed."""
        if who is None:
            self._up = None
            return set()
        if self._up is None or self._up[0] != who:
            down = pygame.key.get_pressed()
            hurrying = 0 <= clock - self.hurried_at < HURRY_RUNS_ON
            self._up = (who, {k for k in LIFT_KEYS if down[k]}, clock, hurrying)
        return self._up[1]

    def settled(self, clock: float, by_key: bool) -> bool:
        """Whether a fresh key press (`by_key`) or a click at `clock` may lift the curtain noted."""
        if self._up is None:
            return False
        _, _, since, hurrying = self._up
        return (by_key and not hurrying) or clock - since >= SETTLE
