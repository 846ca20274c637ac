"""What to make before it shows: the cells just off screen along the way the view is moving.

The browser draws the visible cells and asks for what is missing; with time left in the frame it
makes the cells next to the screen, leading edge first, so a steady pan finds its faces ready. When
the view is still, a ring around the screen is made instead (the next move may go any way).
"""

from __future__ import annotations

Span = tuple[int, int, int]  # (row, first column, end column)


def _sign(x: float) -> int:
    return (x > 1e-9) - (x < -1e-9)


class Heading:
    """The direction the view last moved in, as signs (-1, 0, 1) per axis; a new zoom level
    forgets it (the cells there are all new anyway)."""

    def __init__(self) -> None:
        self.dx, self.dy = 0, 0
        self._last: tuple[float, float, int] | None = None

    def update(self, cx: float, cy: float, level: int) -> tuple[int, int]:
        last = self._last
        self._last = (cx, cy, level)
        if last is None or last[2] != level:
            self.dx, self.dy = 0, 0
        elif (cx, cy) != last[:2]:
            self.dx, self.dy = _sign(cx - last[0]), _sign(cy - last[1])
        return self.dx, self.dy


def ahead(
    visible: tuple[int, int, int, int],
    heading: tuple[int, int],
    grid: tuple[int, int],
    margin: tuple[int, int],
) -> list[Span]:
    """Off-screen spans to make, best first: `visible` is (c0, c1, r0, r1) (ends exclusive), the
    grid (cols, rows), `margin` how many (columns, rows) ahead. Moving: the band ahead along each
    axis that moves (rows ahead first, then columns ahead, the corner included once); still: a ring
    of the margin all round."""
    c0, c1, r0, r1 = visible
    cols, rows = grid
    mc, mr = margin
    dx, dy = heading
    spans: list[Span] = []
    dx_sides: tuple[int, ...]
    dy_sides: tuple[int, ...]
    if dx == 0 and dy == 0:
        dx_sides, dy_sides = (-1, 1), (-1, 1)
    else:
        dx_sides = (dx,) if dx else ()
        dy_sides = (dy,) if dy else ()
    # Columns reach into the corner ahead so a diagonal pan finds it made.
    lo_c = max(0, c0 - mc if -1 in dx_sides else c0)
    hi_c = min(cols, c1 + mc if 1 in dx_sides else c1)
    for side in dy_sides:  # whole rows ahead, nearest first
        band = range(r1, min(rows, r1 + mr)) if side > 0 else range(r0 - 1, max(-1, r0 - mr - 1), -1)
        spans.extend((r, lo_c, hi_c) for r in band if lo_c < hi_c)
    for side in dx_sides:  # columns ahead beside the visible rows
        a, b = (c1, min(cols, c1 + mc)) if side > 0 else (max(0, c0 - mc), c0)
        if a < b:
            spans.extend((r, a, b) for r in range(r0, r1))
    return spans
