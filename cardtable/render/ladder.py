"""The fixed zoom ladder: card widths with atlases made at exactly that size.

From dots (all 12,000 cards of the largest deck on a 1080p screen) to one card filling the
window. Each step is about x1.33, so stepping through it reads as a smooth zoom.
"""

from __future__ import annotations

from .faces import card_height

LEVELS: tuple[int, ...] = (8, 11, 15, 20, 27, 36, 48, 64, 86, 115, 154, 206, 276, 370, 496, 620, 760)
TILE_MAX = 36  # up to this width the browser draws from cached tiles, not card by card


def gap(width: int) -> int:
    return max(1, round(width * 0.08))


def cell(width: int) -> tuple[int, int]:
    """The size of one grid cell (card plus gap) at a card width."""
    g = gap(width)
    return width + g, card_height(width) + g


def nearest(width: float) -> int:
    """The index of the ladder level closest to a card width."""
    return min(range(len(LEVELS)), key=lambda i: abs(LEVELS[i] - width))
