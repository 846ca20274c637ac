"""`deal`: cards from the deck to a zone. `{do: deal, to: hole, count: 2}` deals `count` cards to
each seat still in (one at a time round the table, as a dealer does), or to a table zone; a fixed
grid is filled; an open grid gets its first card. `face: up` deals face up; `role:` deals only to
the seat holding that role; `short: ZONE` (a table zone): a round the deck cannot give every seat
is dealt as one card face up to that zone, shared by everyone (stud for eight's last card)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...schema import Field, Str
from ...yamlsrc import Node
from .. import wording
from ..context import Ctx
from ..options import NUMBER
from ..state import active, holder, put
from ..types import Step
from .base import UNBOUNDED, Dealt, Fill, StepChecker, Verb, draw_cards

if TYPE_CHECKING:
    from ..howto import Reader
    from ..layout import Zone


class Deal(Verb):
    name = "deal"
    ends = frozenset({"deck_empty"})
    fields = {
        "to": Field(Str(what="a zone"), True),
        "count": Field(NUMBER, doc="cards per seat (or to the table zone); a grid is filled"),
        "role": Field(Str(what="a role"), doc="only to the seat holding this role"),
        "face": Field(Str(["up", "down"])),
        "short": Field(
            Str(what="a table zone"),
            doc="when the deck cannot give every seat a card: one card face up to this table zone, for everyone",
        ),
    }

    def fills(self, c: StepChecker, step: Mapping[str, Node], rounds: int) -> list[Fill]:
        v = step
        zone = c.zone_spec(v["to"].value)
        if zone is None:
            return []
        if zone.shape == "grid" and zone.size is not None:
            return [Fill(zone.name, zone.size[0] * zone.size[1], upto=True)]
        if zone.shape == "open_grid":
            return [Fill(zone.name, UNBOUNDED, upto=True)]
        count = c.largest(v["count"]) if "count" in v else 1
        shared = [Fill(str(v["short"].value), count * rounds)] if "short" in v else []
        return [Fill(zone.name, count * rounds), *shared]

    def check_step(self, c: StepChecker, node: Node) -> None:
        v = node.value
        c.zone(v["to"], v["to"].value)
        if "role" in v:
            c.role(v["role"], v["role"].value)
        if "short" in v:
            c.zone(v["short"], v["short"].value, "table")
            spec = c.zone_spec(v["to"].value)
            if spec is not None and not spec.per_seat:
                c.problem(
                    v["short"], "'short' is for a deal to every seat: a table zone's deal never runs short"
                )

    def cards_dealt(self, c: StepChecker, node: Node) -> tuple[int, str] | None:
        v = node.value
        to = str(v["to"].value)
        zone = c.zone_spec(to)
        if zone is None:
            return None
        count = c.largest(v["count"]) if "count" in v else 1
        if zone.shape == "grid" and zone.size is not None:
            return zone.size[0] * zone.size[1], f"filling {to}"
        if zone.shape == "open_grid":
            return 1, f"starting {to}"
        seats = c.max_players if zone.per_seat and "role" not in v else 1
        if "short" in v and seats > 1:  # at the least one shared card a round (the deck may run short)
            return count, f"dealing {count} to each player, or {count} shared when the deck runs short"
        return (
            count * seats,
            f"dealing {count} to each of {seats} players" if seats > 1 else f"dealing {count}",
        )

    def deals(
        self, step: Step, number: Callable[[object], int], zone: Callable[[str], Zone | None]
    ) -> Dealt | None:
        to = str(step["to"])
        spec = zone(to)
        if spec is not None and spec.is_grid and spec.size is not None:
            return Dealt(to, spec.size[0] * spec.size[1], whole=True, role=str(step.get("role") or ""))
        return Dealt(to, number(step.get("count", 1)), role=str(step.get("role") or ""))

    def start(self, g: Ctx, step: Step) -> bool:
        to = step["to"]
        zspec = g.layout.zones[to]
        up = 1 if step.get("face") == "up" else 0
        if zspec.shape == "grid":
            self._fill_grid(g, to, up)
        elif zspec.shape == "open_grid":
            self._start_open_grid(g, to)
        elif not zspec.per_seat:
            got = draw_cards(g, g.option(step.get("count", 1)))
            put(g.zone(to), got, up)
            shown = up or zspec.visibility == "everyone"
            where = g.zone_name(to)
            g.say(
                f"The dealer deals {g.cards(got)} to {where}."
                if shown
                else f"The dealer deals {wording.count(len(got), 'card')} face down to {where}."
            )
        else:
            self._deal_seats(g, step, up)
        return True

    def _fill_grid(self, g: Ctx, to: str, up: int) -> None:
        size = g.layout.zones[to].size
        assert size is not None  # validation: a fixed grid has a size
        rows, cols = size
        cells = g.zone(to)["cells"]
        taken = {(r, c) for r, c, _, _ in cells}
        for r in range(rows):
            for c in range(cols):
                if (r, c) not in taken:
                    got = draw_cards(g, 1)
                    if got:
                        cells.append([r, c, got[0], up])
        g.say(
            f"The dealer deals {wording.count(rows * cols, 'card')} face {'up' if up else 'down'} to {g.zone_name(to)}."
        )

    def _start_open_grid(self, g: Ctx, to: str) -> None:
        cells = g.zone(to)["cells"]
        got = draw_cards(g, 1)
        if got and not cells:
            cells.append([0, 0, got[0], 1])
            g.say(f"{wording.capital(g.card(got[0]))} starts {g.zone_name(to)}.")
        elif got:
            put(g.deck_zone(), got)

    def _deal_seats(self, g: Ctx, step: Step, up: int) -> None:
        st, to = g.st, step["to"]
        count = g.option(step.get("count", 1))
        if "role" in step:
            seats = [s for s in [holder(st, step["role"])] if s is not None and s in active(st)]
        else:
            seats = g.order(g.dealer(), active(st))
        dealt = 0
        for _ in range(count):  # one card at a time round the table, as a dealer does
            if "short" in step and len(g.deck_zone()["cards"]) < len(seats):
                self._share(g, str(step.get("short")))
                continue
            dealt += 1
            for i in seats:
                put(g.zone(to, i), draw_cards(g, 1), up)
        for i in seats if dealt else ():
            got = g.zone(to, i)["cards"][-dealt:]
            count = dealt
            if up or g.layout.zones[to].visibility == "everyone":  # face up: everyone sees them
                g.say(f"{g.name(i)} is dealt {g.cards(got)} face up.")
                continue
            g.say(
                f"{g.name(i)} is dealt {wording.count(count, 'card')}.", i, f"You are dealt {g.cards(got)}."
            )

    def _share(self, g: Ctx, zone: str) -> None:
        """The deck cannot give every seat a card: one, face up in `zone`, for everyone."""
        got = draw_cards(g, 1)
        if got:
            put(g.zone(zone), got, 1)
            g.say(
                f"The deck cannot give everyone a card: {g.card(got[0])} is dealt face up to "
                f"{g.zone_name(zone)}, shared by everyone."
            )

    def howto(self, s: Step, r: Reader) -> str:
        to = s.get("to")
        face = " face up" if s.get("face") == "up" else ""
        if r.owned(to):
            who = f"{r.the(s['role'])} gets" if s.get("role") else "everyone gets"
            n = r.number(s.get("count", 1))
            zone = r.zone(to)
            named = "" if zone == "the hand" else f", {zone.removeprefix('the ')}"
            seen = "everyone sees them" if face else "only they see them"
            short = (
                " When the deck cannot give everyone one, a single card is dealt face up to"
                f" {r.zone(str(s.get('short')))} instead, for everyone to use."
                if s.get("short")
                else ""
            )
            return f"Deal: {who} {n} card{'s' * (n != '1')}{face}{named} ({seen}).{r.note(s.get('count'))}{short}"
        grid = r.grid(to)
        if grid is not None and "count" not in s:
            return f"Deal {grid[0] * grid[1]} cards face down into {r.zone(to)}, a {grid[0]}x{grid[1]} grid."
        if "count" not in s:
            return f"The top card of the deck starts {r.zone(to)}."
        n = r.number(s.get("count"))
        return f"Deal {n} card{'s' * (n != '1')} face up to {r.zone(to)}, for everyone to use."


VERB = Deal()
