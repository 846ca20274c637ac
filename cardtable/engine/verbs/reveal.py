"""`reveal`: turn face-down cards of a table zone face up, by the table at once (`by: table`, the
default) or by the players in turn, each choosing one (`by: players`), until `count` more are up.

    {"type": "flip", "at": [row, col]} on a grid,  {"type": "flip", "index": i} in a row
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...schema import Field, Str
from ...yamlsrc import Node
from .. import wording
from ..context import Ctx
from ..options import NUMBER
from ..state import active
from ..types import Action, Card, Step, Template
from .base import Choice, Control, Mind, Spot, StepChecker, Turnable, Verb, is_int, is_place

if TYPE_CHECKING:
    from ..howto import Reader
    from ..rules import Rules

Place = int | tuple[int, int]  # an index in a row, or (row, col) on a grid


class Reveal(Verb):
    name = "reveal"
    action_fields = ("at", "index")
    may_run_itself = True  # the players choose which card, never what it is
    fields = {
        "zone": Field(Str(what="a zone"), True),
        "count": Field(NUMBER, doc="how many to turn up (default: all the rest)"),
        "by": Field(Str(["table", "players"])),
        "direction": Field(Str(["clockwise", "counterclockwise"])),
    }

    def asks(self, step: Mapping[str, Node]) -> bool:
        return "by" in step and step["by"].value == "players"

    def check_step(self, c: StepChecker, node: Node) -> None:
        c.zone(node.value["zone"], node.value["zone"].value, "table")

    def start(self, g: Ctx, step: Step) -> bool:
        down = self._down(g, step)
        count = len(down) if "count" not in step else min(g.option(step["count"]), len(down))
        if step.get("by", "table") == "table" or len(active(g.st)) <= 1:
            for ref in down[:count]:
                self._flip(g, step, ref)
            shown = [self._card(g, step, ref) for ref in down[:count]]
            if shown:
                where = g.zone_name(step["zone"])
                g.say(
                    f"The dealer turns up {wording.count(len(shown), 'card')} of {where}."
                    if len(shown) > 8
                    else f"The dealer turns up {g.cards(shown)} on {where}."
                )
            return True
        if count == 0:
            return True
        direction = {"clockwise": 1, "counterclockwise": -1}.get(step.get("direction", ""), g.direction)
        order = g.order(g.dealer(), active(g.st), direction)
        g.st["step"] = {"verb": "reveal", "left": count, "order": order, "at": 0}
        g.st["turn"] = order[0]
        return False

    def _grid(self, g: Ctx, step: Step) -> bool:
        return g.layout.zones[step["zone"]].is_grid

    def _down(self, g: Ctx, step: Step) -> list[Place]:
        z = g.zone(step["zone"])
        if self._grid(g, step):
            return [(r, c) for r, c, _, up in z["cells"] if not up]
        return [i for i, up in enumerate(z["up"]) if not up]

    def _any_down(self, g: Ctx, step: Step) -> bool:
        z = g.zone(step["zone"])
        if self._grid(g, step):
            return any(not cell[3] for cell in z["cells"])
        return not all(z["up"])

    def _card(self, g: Ctx, step: Step, ref: Place) -> Card:
        z = g.zone(step["zone"])
        if isinstance(ref, tuple):
            return next(cell[2] for cell in z["cells"] if (cell[0], cell[1]) == ref)
        return z["cards"][ref]

    def _flip(self, g: Ctx, step: Step, ref: Place) -> None:
        z = g.zone(step["zone"])
        if isinstance(ref, tuple):
            for cell in z["cells"]:
                if (cell[0], cell[1]) == ref:
                    cell[3] = 1
        else:
            z["up"][ref] = 1

    def legal(self, g: Ctx, step: Step, seat: int) -> list[Template]:
        # the face-down places listed in one pass (as _down finds them): a 100-card grid is
        # listed again for each of the 60 cards its players turn one by one
        z = g.zone(step["zone"])
        if self._grid(g, step):
            cells = [[r, c] for r, c, _, up in z["cells"] if not up]
            return [{"seat": seat, "type": "flip", "choices": cells, "key": "at"}]
        down = [i for i, up in enumerate(z["up"]) if not up]
        return [{"seat": seat, "type": "flip", "choices": down, "key": "index"}]

    def check(self, g: Ctx, step: Step, action: Action) -> str | None:
        if action.get("type") != "flip":
            return "turn a face-down card face up (flip)"
        down = self._down(g, step)
        if self._grid(g, step):
            at = action.get("at")
            if not is_place(at):
                return "'at' must be [row, col]"
            if tuple(action["at"]) not in down:
                return f"there is no face-down card at {at}"
        else:
            i = action.get("index")
            if not is_int(i) or i not in down:
                return "'index' must be the place of a face-down card"
        return None

    def act(self, g: Ctx, step: Step, action: Action) -> None:
        ref: Place = (action["at"][0], action["at"][1]) if self._grid(g, step) else action["index"]
        self._flip(g, step, ref)
        seat = action["seat"]
        assert seat is not None
        g.say(f"{g.name(seat)} turns up {g.card(self._card(g, step, ref))}.")
        rs = g.round()
        rs["left"] -= 1
        live = set(active(g.st))
        rs["order"] = [s for s in rs["order"] if s in live]
        if rs["left"] <= 0 or not self._any_down(g, step) or len(live) <= 1:
            rs["done"] = True
            g.st["turn"] = None
            return
        i = rs["order"].index(seat) if seat in rs["order"] else rs["at"]
        rs["at"] = (i + 1) % len(rs["order"])
        g.st["turn"] = rs["order"][rs["at"]]

    # ---- at the table -----------------------------------------------------------------------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        t = legal[0]
        send: Action = {"seat": t["seat"], "type": "flip"}
        return [
            Control(
                "Flip one at random",
                "space",
                "turn up a face-down card chosen at random",
                send,
                choose_key=t["key"],
                choose_from=t["choices"],
            ),
            Control("Flip for me", "m", "turn up the card the computer player would choose", for_me=True),
        ]

    def hint(self, legal: list[Template]) -> str:
        return (
            "Turn up any face-down community card for everyone: click it. Choose cards in the rows or "
            "columns that could help your hand."
        )

    def prompt(self, legal: list[Template]) -> str:
        return (
            "Flip one face-down community card: click it, or arrows and Enter "
            "(Space: one at random; M: the computer's choice)."
        )

    # ---- a computer player --------------------------------------------------------------------
    def fill_randomly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        a[t["key"]] = rng.choice(t["choices"])  # type: ignore[literal-required]

    def turnable(self, legal: list[Template]) -> Turnable | None:
        t = next((t for t in legal if t["type"] == "flip"), None)
        if t is None:
            return None
        row = frozenset(c for c in t["choices"] if isinstance(c, int)) if t["key"] == "index" else frozenset()
        grid = frozenset((c[0], c[1]) for c in t["choices"] if isinstance(c, list))

        def turn(at: int | Spot) -> Action:
            a: Action = {"seat": t["seat"], "type": "flip"}
            if isinstance(at, tuple):
                a["at"] = [at[0], at[1]]
            else:
                a["index"] = at
            return a

        return Turnable(row, grid, turn)

    def think(self, mind: Mind) -> Action:
        """On a grid, turn up a card of the line most uncovered (one of them will be someone's
        hand); elsewhere any face-down card will do."""
        t, rng = mind.legal["flip"], mind.rng
        a: Action = {"seat": mind.seat, "type": "flip"}
        grid = next((z for z in mind.view["zones"].values() if z.get("cells") and z["shape"] == "grid"), None)
        if t["key"] != "at" or grid is None:
            a[t["key"]] = rng.choice(t["choices"])  # type: ignore[literal-required]
            return a
        rows: dict[int, int] = {}
        cols: dict[int, int] = {}
        for r, c, card in grid["cells"]:
            if card >= 0:
                rows[r] = rows.get(r, 0) + 1
                cols[c] = cols.get(c, 0) + 1
        places = [p for p in t["choices"] if isinstance(p, list)]
        a["at"] = max(places, key=lambda rc: (max(rows.get(rc[0], 0), cols.get(rc[1], 0)), rng.random()))
        return a

    def howto(self, s: Step, r: Reader) -> str:
        zone = r.zone(s.get("zone"))
        if s.get("by") == "players":
            n = r.number(s.get("count"))
            way = " (counterclockwise)" if s.get("direction") == "counterclockwise" else ""
            return (
                f"Flip: the players take turns{way}, each turning one face-down card of {zone} face up, "
                f"until {n} more are up.{r.note(s.get('count'))}"
            )
        if "count" in s:
            return f"Turn {r.number(s['count'])} cards of {zone} face up."
        return f"Turn every card still face down in {zone} face up."

    def special(self, s: Step, r: Reader) -> list[str]:
        if s.get("by") == "players":
            return ["Flipping: click any face-down card to turn it up (Space: one at random)."]
        return []


VERB = Reveal()
