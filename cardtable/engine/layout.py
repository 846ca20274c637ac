"""The `layout:` section: the named zones on the table.

A zone has an owner (`seat`: one per seat; `table`: shared), a visibility (`owner`, `everyone`,
`nobody`; single cards may still be turned face up), a shape (`stack`, `row`, `fan`, `grid` with a
fixed `size: [rows, cols]`, `open_grid` that grows as cards are placed next to each other), an
optional `max_line` (the most cards in one unbroken line of a grid), for an open grid an optional
bound (`size: [rows, cols]`: its cards never span more), and a `place` for the renderer.
`deck:` names the zone the cards are shuffled into at the start of every hand; `direction:` is the
turn order (`clockwise`, the default, or `counterclockwise`); seats are numbered clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import limits
from ..errors import Problem
from ..schema import Field, Int, ListOf, Map, MapOf, Str, suggest
from ..yamlsrc import Node

OWNERS = ("seat", "table")
VISIBILITIES = ("owner", "everyone", "nobody")
SHAPES = ("stack", "row", "fan", "grid", "open_grid")
PLACES = ("seat", "center", "above_center", "below_center", "left", "right", "corner")
DIRECTIONS = ("clockwise", "counterclockwise")
MAX_GRID_CELLS = 400  # a fixed grid's places (20 x 20): each is drawn every frame

ZONE = Map(
    {
        "owner": Field(Str(OWNERS), True, "whose zone: one per seat, or one on the table"),
        "visibility": Field(Str(VISIBILITIES), True, "who sees its cards' faces"),
        "shape": Field(Str(SHAPES), True, "how its cards lie"),
        "size": ListOf(Int(1, 1000), min_len=2, max_len=2),
        "max_line": Int(2, 1000),
        "place": Str(PLACES),
        "label": Str(),
    },
    "a zone",
)
SPEC = Map(
    {
        "deck": Str(what="a zone name"),
        "direction": Str(DIRECTIONS),
        "zones": Field(MapOf(ZONE, "zones by name", max_len=limits.ZONES), True),
    },
    "a layout",
)


@dataclass(frozen=True)
class Zone:
    name: str
    owner: str  # "seat" | "table"
    visibility: str
    shape: str
    size: tuple[int, int] | None = None  # rows, cols of a fixed grid
    max_line: int | None = None
    place: str = "center"
    bound: tuple[int, int] | None = None  # an open grid's cards span at most rows x cols
    label: str = ""

    @property
    def is_grid(self) -> bool:
        return self.shape in ("grid", "open_grid")

    @property
    def per_seat(self) -> bool:
        return self.owner == "seat"


@dataclass
class Layout:
    zones: dict[str, Zone] = field(default_factory=dict)
    deck: str = "deck"
    direction: int = 1  # +1 clockwise (to the left), -1 counterclockwise

    def zone_problem(self, node: Node, name: object, want: str | None = None) -> Problem | None:
        """A problem when `name` (at node) is not a zone, or not of the wanted owner/kind."""
        zone = self.zones.get(str(name))
        if zone is None:
            return node.problem(f"no zone named '{name}'" + suggest(str(name), self.zones))
        if want == "seat" and not zone.per_seat:
            return node.problem(f"zone '{name}' belongs to the table; a zone owned by each seat is needed")
        if want == "table" and zone.per_seat:
            return node.problem(f"zone '{name}' belongs to each seat; a table zone is needed")
        if want == "grid" and not zone.is_grid:
            return node.problem(f"zone '{name}' is a {zone.shape}; a grid is needed")
        if want == "list" and zone.is_grid:
            return node.problem(f"zone '{name}' is a grid; a stack, row or fan is needed")
        return None


def build(node: Node, variant: object, problems: list[Problem]) -> Layout:
    data = node.value
    layout = Layout()
    for name, znode in data["zones"].value.items():
        z = znode.value
        size = bound = None
        if z["shape"].value == "open_grid" and "size" in z:  # a bound on how far it may spread
            bound = (int(z["size"].value[0].value), int(z["size"].value[1].value))
        elif z["shape"].value == "grid":
            if "size" not in z:
                problems.append(znode.problem(f"grid zone '{name}' needs size: [rows, cols]"))
            else:
                size = tuple(n.value for n in z["size"].value)
                if size[0] * size[1] > MAX_GRID_CELLS:
                    problems.append(
                        z["size"].problem(
                            f"a grid of {size[0]} x {size[1]} has {size[0] * size[1]:,} places; "
                            f"at most {MAX_GRID_CELLS} (every one is drawn, every frame)"
                        )
                    )
        elif "size" in z:
            problems.append(z["size"].problem("only a grid has a size (an open grid's is its bound)"))
        if z["shape"].value in ("grid", "open_grid") and z["owner"].value != "table":
            problems.append(z["owner"].problem("a grid lies on the table: give it 'owner: table'"))
        if "max_line" in z and z["shape"].value not in ("grid", "open_grid"):
            problems.append(z["max_line"].problem("only a grid has a max_line"))
        layout.zones[name] = Zone(
            name=name,
            owner=z["owner"].value,
            visibility=z["visibility"].value,
            shape=z["shape"].value,
            size=size,
            max_line=z["max_line"].value if "max_line" in z else None,
            bound=bound,
            place=z["place"].value if "place" in z else ("seat" if z["owner"].value == "seat" else "center"),
            label=str(z["label"].value) if "label" in z else name.replace("_", " "),
        )
    deck_name = str(data["deck"].value) if "deck" in data else "deck"
    where = data.get("deck") or node
    problem = layout.zone_problem(where, deck_name, "table")
    if problem:
        problems.append(problem)
    elif layout.zones[deck_name].is_grid:
        problems.append(where.problem("the deck zone must be a stack"))
    layout.deck = deck_name
    if "direction" in data and data["direction"].value == "counterclockwise":
        layout.direction = -1
    return layout
