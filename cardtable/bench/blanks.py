"""Counting blank frames: how often a frame left some visible slot undrawn, and for how long one
slot stayed blank.

The deck browser says after each frame which grid positions on screen it could not draw yet (as
(first, end) ranges). A slot's run is the number of consecutive frames it was blank while on
screen; it ends when the slot is drawn or leaves the screen.
"""

from __future__ import annotations

from collections.abc import Iterable


class BlankRuns:
    def __init__(self) -> None:
        self.frames = 0
        self.blank_frames = 0  # frames with at least one visible slot undrawn
        self.longest = 0  # the most consecutive frames any one slot stayed blank
        self._runs: dict[int, int] = {}

    def frame(self, blank: Iterable[tuple[int, int]]) -> None:
        """Note one frame whose undrawn visible slots are the (first, end) ranges `blank`."""
        self.frames += 1
        runs: dict[int, int] = {}
        old = self._runs
        for lo, hi in blank:
            for p in range(lo, hi):
                runs[p] = old.get(p, 0) + 1
        if runs:
            self.blank_frames += 1
            self.longest = max(self.longest, max(runs.values()))
        self._runs = runs

    @property
    def share(self) -> float:
        """The share of frames with any visible slot undrawn (0 when no frame was counted)."""
        return self.blank_frames / self.frames if self.frames else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {
            "frames": self.frames,
            "blank_frames": self.blank_frames,
            "blank_frame_share": round(self.share, 4),
            "longest_blank_run": self.longest,
        }
