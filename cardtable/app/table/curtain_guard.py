"""When the curtain may be lifted: only on purpose, by the next person, never by the tail of what
somebody else was doing. Time is the table's own clock (advanced by the frames' dt), never the
wall's.

- A key repeating while held (pygame sends KEYDOWN again and again, with no KEYUP between) never
  lifts it, nor a lift key that was already down when it rose (the last person's Enter or Space).
- Nothing lifts it in its first SETTLE seconds: a click, an Enter then is the second half of a
  double-click or a double press, or a key pressed on the heels of the decision that raised it.
- Space is what hurries the computer players, and people tap it on and on while they wait, and
  right after their own decision: a Space press lifts the curtain only after QUIET seconds with
  neither a Space or Enter press nor the curtain's rise, so no rhythm of taps quicker than one a
  QUIET ever lifts it, however long it goes on. The next person's first press after a moment's
  pause does.
- Enter, pressed afresh, or a click on its button, then lifts it at once.

The same watch on the keys says whether a press is fresh or the keyboard repeating a held key,
which peek mode needs too (a peek starts only on a fresh press of H).
"""

from __future__ import annotations

import pygame

LIFT_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)  # lift the curtain (a fresh press)
SETTLE = 0.4  # seconds after a curtain rises when nothing lifts it: a double-click's or double press's tail
QUIET = 1.0  # seconds with no Space or Enter press (and no rise) before a Space press lifts a curtain


class CurtainGuard:
    """The curtain now up (whose, the lift keys down as it rose, when it rose), the keys seen down
    and not yet let go, and when Space or Enter was last pressed."""

    def __init__(self) -> None:
        self._up: tuple[int, set[int], float] | None = None
        self._down: set[int] = set()  # keys seen going down and not yet up
        self._last_press = float("-inf")  # the clock at the last Space or Enter press, repeats too

    def note(self, who: int | None, clock: float) -> set[int]:
        """The curtain for `who` is up (None: none is) at `clock`; the lift keys that were already
        down when it rose (forgotten when let go). Noted when the curtain is first drawn or first
        pressed."""
        if who is None:
            self._up = None
            return set()
        if self._up is None or self._up[0] != who:
            down = pygame.key.get_pressed()
            self._up = (who, {k for k in LIFT_KEYS if down[k]}, clock)
        return self._up[1]

    def hear(self, event: pygame.event.Event, clock: float) -> tuple[bool, bool]:
        """Every event the table gets passes here first. (Whether it is a fresh key press, not the
        keyboard repeating a held key; whether it lifts the curtain now up, on purpose.)"""
        if event.type == pygame.WINDOWFOCUSLOST:  # the releases may never arrive
            self._down.clear()
            return False, False
        if event.type == pygame.KEYUP:
            self._down.discard(event.key)
            if self._up is not None:
                self._up[1].discard(event.key)
            return False, False
        if event.type != pygame.KEYDOWN:
            return False, False
        fresh = not self._repeated(event)
        self._down.add(event.key)
        if event.key not in LIFT_KEYS:
            return fresh, False
        before = self._last_press
        self._last_press = clock
        if self._up is None or not fresh or event.key in self._up[1] or clock - self._up[2] < SETTLE:
            return fresh, False
        if event.key == pygame.K_SPACE:
            return fresh, clock - max(before, self._up[2]) >= QUIET
        return fresh, True

    def click_lifts(self, clock: float) -> bool:
        """Whether a click at `clock` lifts the curtain now up (not a double-click's tail)."""
        return self._up is not None and clock - self._up[2] >= SETTLE

    def _repeated(self, event: pygame.event.Event) -> bool:
        """The keyboard repeating a key held down: it went down, never came up, and is still
        down (pygame's own repeat sends the same KEYDOWN again; it has no flag for it)."""
        if getattr(event, "repeat", False):
            return True
        return event.key in self._down and bool(pygame.key.get_pressed()[event.key])
