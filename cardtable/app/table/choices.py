"""What the person at the screen points at and has chosen. It belongs to one viewer: the table
clears it whenever the viewer changes (or the curtain comes down), so nothing of one person's hand
reaches the next person."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine import wording
from ...engine.types import View


@dataclass
class Choices:
    hover: int | None = None  # the card under the pointer, shown large in the side panel
    spot: tuple[tuple[int, int], str] | None = None  # the grid place under the pointer, with its score
    selected: list[int] = field(default_factory=list)  # cards of the hand chosen, in order
    amount: int = 0  # the bet or raise on the slider
    call_showdown: bool = False  # this decision also calls the showdown
    show_cards: bool = False  # ... and shows the selected cards for double stakes
    focus: tuple[str, Any] | None = None  # the place the arrow keys outlined (keys.py): (kind, which)
    focus_at: tuple[int, int] | None = None  # ... and where it was, for the next arrow once it is gone

    def clear(self) -> None:
        """Forget everything: a new viewer starts with nothing."""
        self.hover, self.spot, self.focus, self.focus_at = None, None, None, None
        self.decided()

    def decided(self) -> None:
        """After a decision: what was chosen for it is spent (the pointer stays where it is)."""
        self.selected, self.amount, self.call_showdown, self.show_cards = [], 0, False, False

    def toggle(self, card: int, limit: int | None) -> None:
        """Choose or unchoose a card of the hand; past the decision's `limit` the oldest goes."""
        if card in self.selected:
            self.selected.remove(card)
            return
        self.selected.append(card)
        if limit is not None and len(self.selected) > limit:
            self.selected.pop(0)


def placement_preview(variant: Any, view: View, card: int | None, at: tuple[int, int]) -> str:
    """What `card` would score placed at `at` on the view's grid ('' when it cannot be told)."""
    if card is None:
        return "choose a card first"
    from ...hands import api

    grid: dict[tuple[int, int], int] = {}
    for z in view["zones"].values():
        grid.update({(r, c): cell for r, c, cell in z.get("cells", ()) if cell >= 0})
    grid[at] = card
    try:
        placement = api.score_placement(variant, grid, at)
    except Exception:  # a preview must never break the table
        return ""
    lines = ", ".join(f"{cat} {pts}" for _, cat, pts in placement.lines)
    bonus = f" + bonus {placement.bonus}" if placement.bonus else ""
    return wording.count(placement.total, "point", False) + (f" ({lines}{bonus})" if lines else "")
