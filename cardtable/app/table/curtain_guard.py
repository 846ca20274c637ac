"""When the curtain may be lifted: only on purpose, by the next person, never by the tail of what
somebody else was doing. Time is the table's own clock (advanced by the frames' dt), never the
wall's.

- A key repeating while held (pygame sends KEYDOWN again and again, with no KEYUP between) never
  lifts it, nor a lift key that was already down when it rose (the last person's Enter or Space).
- Space is what hurries the computer players, and people tap it on and on while they wait: a
  Space press lifts the curtain only after QUIET seconds with no Space or Enter press at all
  (whatever it was for), so no rhythm of taps quicker than one a QUIET ever lifts it, however long
  it goes on. The next person's first press after a moment's pause does.
- Enter, pressed afresh, lifts it, unless it is the second half of a double press whose first
  half came before the curtain rose (Enter on the showdown's Continue, or sending a discard,
  pressed twice): within SETTLE of an Enter pressed before it rose. A click lifts it once it has been up SETTLE seconds (a
  click sooner is the second half of a double-click on the button that raised it).

The same watch on the keys says whether a press is fresh or the keyboard repeating a held key,
which peek mode needs too (a peek starts only on a fresh press of H).
"""

from __future__ import annotations

import pygame

LIFT_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)  # lift the curtain (a fresh press)
SETTLE = 0.4  # seconds of a double-click's or a double press's tail, which never lifts a curtain
QUIET = 1.0  # seconds with no Space or Enter press before a Space press lifts a curtain


class CurtainGuard:
    """The curtain now up (whose, the lift keys down as it rose, when it rose), the keys seen down
    and not yet let go, and when Space or Enter was last pressed."""

    def __init__(self) -> None:
        self._up: tuple[int, set[int], float, int] | None = None  # (..., the presses before it rose)
        self._down: set[int] = set()  # keys seen going down and not yet up
        self._last_press = float("-inf")  # the clock at the last Space or Enter press, repeats too
        self._presses = 0  # Space and Enter presses heard, repeats too
        self._last_enter = (float("-inf"), -1)  # the last Enter press: (the clock, which press)

    def note(self, who: int | None, clock: float) -> set[int]:
        """The curtain for `who` is up (None: none is) at `clock`; the lift keys that were already
        down when it rose (forgotten when let go). Noted when the curtain is first drawn or first
        pressed."""
        if who is None:
            self._up = None
            return set()
        if self._up is None or self._up[0] != who:
            down = pygame.key.get_pressed()
            self._up = (who, {k for k in LIFT_KEYS if down[k]}, clock, self._presses)
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
        before, (enter_at, enter_index) = self._last_press, self._last_enter
        if event.key != pygame.K_SPACE:
            self._last_enter = (clock, self._presses)
        self._last_press, self._presses = clock, self._presses + 1
        if self._up is None or not fresh or event.key in self._up[1]:
            return fresh, False
        if event.key == pygame.K_SPACE:
            return fresh, clock - before >= QUIET
        tail = clock - enter_at < SETTLE and enter_index < self._up[3]  # its first half came before it rose
        return fresh, not tail

    def click_lifts(self, clock: float) -> bool:
        """Whether a click at `clock` lifts the curtain now up (not a double-click's tail)."""
        return self._up is not None and clock - self._up[2] >= SETTLE

    def _repeated(self, event: pygame.event.Event) -> bool:
        """The keyboard repeating a key held down: it went down, never came up, and is still
        down (pygame's own repeat sends the same KEYDOWN again; it has no flag for it)."""
        if getattr(event, "repeat", False):
            return True
        return event.key in self._down and bool(pygame.key.get_pressed()[event.key])
