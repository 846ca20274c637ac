"""`place`: players in turn place a card of their hand on an open grid, next to (north, east, south
or west of) a card already there; the hands it completes score points (the hands section's points
table); then they draw back up to `refill` cards. Ends when no card can be placed.

    {"type": "place", "card": c, "at": [row, col]}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...schema import Field, Int, Str
from ...yamlsrc import Node
from .. import wording
from ..context import Ctx
from ..scoring import score_placement
from ..state import in_play, put, remove
from ..types import Action, Card, Step, Template
from . import place_mind
from .base import (
    UNBOUNDED,
    CardSpots,
    Choice,
    Control,
    Fill,
    Mind,
    Spot,
    StepChecker,
    Thought,
    Verb,
    draw_cards,
    is_int,
    is_place,
)
from .place_grid import NEIGHBOURS, any_open, open_spots, short_lines, within

if TYPE_CHECKING:
    from ..howto import Reader
    from ..rules import Rules


class Place(Verb):
    name = "place"
    action_fields = ("card", "at")
    ends = frozenset({"deck_empty"})
    fields = {
        "from": Field(Str(what="a zone"), True),
        "grid": Field(Str(what="a zone"), True),
        "refill": Field(Int(1, 50), True, "draw back up to this many after placing"),
    }

    def asks(self, step: Mapping[str, Node]) -> bool:
        return True

    def fills(self, c: StepChecker, step: Mapping[str, Node], rounds: int) -> list[Fill]:
        v = step
        return [
            Fill(str(v["grid"].value), UNBOUNDED, upto=True),
            Fill(str(v["from"].value), int(v["refill"].value), upto=True),
        ]

    def check_step(self, c: StepChecker, node: Node) -> None:
        v = node.value
        c.zone(v["from"], v["from"].value, "seat")
        c.zone(v["grid"], v["grid"].value, "grid")

    def start(self, g: Ctx, step: Step) -> bool:
        order = g.order(g.dealer(), in_play(g.st))
        g.st["step"] = {"verb": "place", "order": order, "at": 0, "passes": 0}
        for seat in order:
            self._refill(g, step, seat)
        return self._seek(g, step, 0)

    def _refill(self, g: Ctx, step: Step, seat: int) -> None:
        hand = g.zone(step["from"], seat)
        need = step["refill"] - len(hand["cards"])
        if need > 0:
            got = draw_cards(g, need)
            if got:
                put(hand, got)
                g.say(
                    f"{g.name(seat)} draws {wording.count(len(got), 'card')}.",
                    seat,
                    f"You draw {g.cards(got)}.",
                )

    def _seek(self, g: Ctx, step: Step, start: int) -> bool:
        """Give the turn to the next seat from `start` that can place; end the step if none can."""
        rs = g.round()
        n = len(rs["order"])
        spec = g.layout.zones[step["grid"]]
        room = any_open(_cells(g, step), spec.max_line, spec.bound)  # the same for every seat
        for k in range(n):
            i = (start + k) % n
            seat = rs["order"][i]
            if room and g.zone(step["from"], seat)["cards"]:
                rs["at"] = i
                g.st["turn"] = seat
                return False
        rs["done"] = True
        g.st["turn"] = None
        return True

    def spots(self, g: Ctx, step: Step) -> list[list[int]]:
        """Empty cells next to a card where no line would grow past the grid's max_line."""
        spec = g.layout.zones[step["grid"]]
        return [[r, c] for r, c in open_spots(_cells(g, step), spec.max_line, spec.bound)]

    def legal(self, g: Ctx, step: Step, seat: int) -> list[Template]:
        cards = list(g.zone(step["from"], seat)["cards"])
        return [{"seat": seat, "type": "place", "cards": cards, "spots": self.spots(g, step)}]

    def check(self, g: Ctx, step: Step, action: Action) -> str | None:
        seat = action["seat"]
        assert seat is not None
        if action.get("type") != "place":
            return "place a card of your hand on the grid"
        card = action.get("card")
        if not is_int(card) or card not in g.zone(step["from"], seat)["cards"]:
            return "that card is not in your hand"
        if not is_place(action.get("at")):
            return "'at' must be [row, col]"
        at = action["at"]
        cells = _cells(g, step)
        if (at[0], at[1]) in cells:
            return f"there is already a card at {at}"
        # the conditions of `spots`, for this one cell
        if not any((at[0] + dr, at[1] + dc) in cells for dr, dc in NEIGHBOURS):
            return "a card must be placed next to (north, east, south or west of) a card on the grid"
        bound = g.layout.zones[step["grid"]].bound
        if bound is not None and not within(cells, (at[0], at[1]), bound):
            return f"the grid is bounded to {bound[0]} x {bound[1]}: that would spread it further"
        limit = g.layout.zones[step["grid"]].max_line
        if not short_lines(cells, (at[0], at[1]), limit):
            return f"that would make a line longer than {limit} cards"
        return None

    def act(self, g: Ctx, step: Step, action: Action) -> None:
        seat, card, at = action["seat"], action["card"], (action["at"][0], action["at"][1])
        assert seat is not None
        remove(g.zone(step["from"], seat), [card])
        grid = g.zone(step["grid"])
        grid["cells"].append([at[0], at[1], card, 1])
        mapping = {(r, c): x for r, c, x, _ in grid["cells"]}
        placed = score_placement(g.rules, mapping, at)
        g.st["seats"][seat]["points"] += placed.total
        scored = g.st.setdefault("scored", {})  # how often each hand was made (designers balance points)
        for _, cat, _ in placed.lines:
            scored[cat] = scored.get(cat, 0) + 1
        parts = [f"{cat} {pts:,}" for _, cat, pts in placed.lines]
        parts += [f"bonus {placed.bonus:,}"] if placed.bonus else []
        score = (
            f" and scores {wording.count(placed.total, 'point')} ({', '.join(parts)})" if placed.total else ""
        )
        g.say(f"{g.name(seat)} places {g.card(card)} at ({at[0]}, {at[1]}){score}.")
        self._refill(g, step, seat)
        self._seek(g, step, g.round()["at"] + 1)

    # ---- at the table -----------------------------------------------------------------------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        n = len(legal[0].get("cards", ())) if legal else 0
        keys = "1" if n <= 1 else f"1-{min(n, 9)}" + (", 0" if n >= 10 else "")
        return [
            Control(
                f"Card [{keys}], then a square [arrows, Enter]",
                tip="choose a card of your hand (click it, or its number key), then a green square (click it, "
                "or move to it with the arrow keys and press Enter): the number shows its points",
                enabled=False,
            )
        ]

    def prompt(self, legal: list[Template]) -> str:
        n = len(legal[0].get("cards", ())) if legal else 0
        which = "your card" if n == 1 else f"one of your {wording.number(n)} cards"
        return f"Place {which} on a green square: the number shows the points it scores."

    def hint(self, legal: list[Template]) -> str:
        return (
            "Click a card of your hand (or press its number), then a green square next to the grid (or "
            "move to it with the arrows, then Enter): the number on each "
            "square is what the card would score there. You draw a new card after each play."
        )

    def selects(self, legal: list[Template]) -> int | None:
        return 1

    def describe(self, action: Action, short: Callable[[Card], str]) -> str:
        card = action.get("card")
        return f"place {short(card)}" if isinstance(card, int) else "place"

    # ---- a computer player --------------------------------------------------------------------
    def fill_randomly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        a["card"], a["at"] = rng.choice(t["cards"]), rng.choice(t["spots"])

    def card_spots(self, legal: list[Template]) -> CardSpots | None:
        t = next((t for t in legal if t["type"] == "place"), None)
        if t is None:
            return None

        def put(card: Card, at: Spot) -> Action:
            return {"seat": t["seat"], "type": "place", "card": card, "at": [at[0], at[1]]}

        return CardSpots(tuple((s[0], s[1]) for s in t["spots"]), tuple(t["cards"]), put)

    def think(self, mind: Mind) -> Thought:
        """Place the card where it is worth most at the level's foresight (place_mind.py)."""
        return place_mind.think(mind)

    def plain(self, legal: list[Template]) -> Action | None:
        """The first card of the hand at the first place (top row first, then leftmost)."""
        t = next((t for t in legal if t["type"] == "place"), None)
        if t is None or not t["cards"] or not t["spots"]:
            return None
        return {"seat": t["seat"], "type": "place", "card": t["cards"][0], "at": list(t["spots"][0])}

    def howto(self, s: Step, r: Reader) -> str:
        return (
            f"Place: in turn, each player puts one card of their hand next to a card on {r.zone(s.get('grid'))} "
            f"(above, below, left or right) and scores the hands it completes in its row and column; then draws "
            f"back up to {s.get('refill')} cards. This goes on until the last card is played."
        )


VERB = Place()


def _cells(g: Ctx, step: Step) -> set[Spot]:
    """The grid's occupied cells."""
    return {(r, c) for r, c, _, _ in g.zone(step["grid"])["cells"]}
