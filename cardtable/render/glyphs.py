"""Suit glyphs drawn from shape data (sprites/glyphs.yaml) at any size and colour.

Shapes are drawn supersampled and smooth-scaled down, so small glyphs stay crisp without
anti-aliased polygon support; each (glyph, size, colour) is drawn once and kept while the shared
memory budget allows (a 300-suit deck at every zoom level would otherwise hold ~430 MB of glyphs).
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ..paths import shipped
from ..yamlsrc import load_text, read_text
from .cache import Budget, ByteLRU

Primitive = tuple[str, tuple, bool]  # kind, numbers, cut
FALLBACK: list[Primitive] = [("circle", (50, 50, 44), False), ("circle", (50, 50, 30), True)]


_SHIPPED: dict[str, list[Primitive]] | None = None  # the shipped shapes, read once per process


def shipped_shapes() -> dict[str, list[Primitive]]:
    """The shipped glyph shapes, read the first time only: every new table makes a GlyphBook, and
    reading the file took 5-8 ms of the frame that opened it (shared: nobody changes them)."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = load_shapes()
    return _SHIPPED


def load_shapes(path: Path | None = None) -> dict[str, list[Primitive]]:
    """Glyph id -> primitives, read with the project's safe YAML loader."""
    path = path or shipped("sprites") / "glyphs.yaml"
    try:
        data = load_text(read_text(str(path)), str(path)).plain()
    except Exception:  # a broken sprites file must not stop the table: shapes fall back
        return {}
    shapes: dict[str, list[Primitive]] = {}
    for gid, items in (data.get("glyphs") or {}).items():
        prims: list[Primitive] = []
        for item in items or []:
            cut = bool(item.get("cut", False))
            for kind in ("poly", "circle", "ellipse", "rect", "star", "line"):
                if kind in item:
                    nums = item[kind]
                    prims.append(
                        (kind, tuple(tuple(p) for p in nums) if kind == "poly" else tuple(nums), cut)
                    )
        shapes[str(gid)] = prims
    return shapes


def _star(cx: float, cy: float, outer: float, inner: float, n: int) -> list[tuple[float, float]]:
    pts = []
    for i in range(int(n) * 2):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_shape(surface: pygame.Surface, prims: list[Primitive], colour: tuple[int, ...]) -> None:
    """Draw primitives scaled to the whole surface, painting `colour` and cutting to clear.

    Cleared pixels keep the glyph's colour at zero alpha, so smooth scaling leaves no dark fringe.
    """
    clear = (*colour[:3], 0)
    w, h = surface.get_size()
    sx, sy = w / 100.0, h / 100.0
    s = min(sx, sy)
    for kind, n, cut in prims:
        c = clear if cut else colour
        if kind == "poly":
            pygame.draw.polygon(surface, c, [(x * sx, y * sy) for x, y in n])
        elif kind == "circle":
            pygame.draw.circle(surface, c, (n[0] * sx, n[1] * sy), n[2] * s)
        elif kind == "ellipse":
            pygame.draw.ellipse(surface, c, pygame.Rect(n[0] * sx, n[1] * sy, n[2] * sx, n[3] * sy))
        elif kind == "rect":
            pygame.draw.rect(surface, c, pygame.Rect(n[0] * sx, n[1] * sy, n[2] * sx + 1, n[3] * sy + 1))
        elif kind == "star":
            pts = _star(n[0], n[1], n[2], n[3], int(n[4]))
            pygame.draw.polygon(surface, c, [(x * sx, y * sy) for x, y in pts])
        elif kind == "line":
            a, b, width = (n[0] * sx, n[1] * sy), (n[2] * sx, n[3] * sy), max(1, round(n[4] * s))
            pygame.draw.line(surface, c, a, b, width)
            pygame.draw.circle(surface, c, a, width / 2)
            pygame.draw.circle(surface, c, b, width / 2)


class GlyphBook:
    """Renders glyphs by id; unknown ids get the `unknown` shape (or a ring), never an error."""

    def __init__(
        self, shapes: dict[str, list[Primitive]] | None = None, budget: Budget | None = None
    ) -> None:
        self.shapes = shipped_shapes() if shapes is None else shapes
        self._cache: ByteLRU[tuple, pygame.Surface] = ByteLRU(budget, "glyphs")

    def known(self, gid: str | None) -> bool:
        return gid is not None and gid in self.shapes

    def prims(self, gid: str | None) -> list[Primitive]:
        if gid is not None and gid in self.shapes:
            return self.shapes[gid]
        return self.shapes.get("unknown", FALLBACK)

    def render(self, gid: str | None, size: int, colour: tuple[int, ...]) -> pygame.Surface:
        """A size x size per-pixel-alpha surface with the glyph in `colour`."""
        size = max(1, int(size))
        key = (gid if self.known(gid) else None, size, tuple(colour))
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        # Supersampling: more for small glyphs, where the stairs would show the most.
        factor = 4 if size < 48 else 3 if size < 160 else 2
        big = pygame.Surface((size * factor, size * factor), pygame.SRCALPHA)
        big.fill((*colour[:3], 0))
        draw_shape(big, self.prims(gid), colour)
        surf = pygame.transform.smoothscale(big, (size, size))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()  # unconverted surfaces blit 10-20x slower
        return self._cache.put(key, surf)
