"""The YAML shape of a `deck:` section (checked before anything is built) and its limits."""

from __future__ import annotations

from ..schema import Bool, Field, Int, ListOf, Map, MapOf, OneOf, Spec, Str
from .looks import BACK_PATTERNS

MAX_CARDS = 100_000  # cards in one deck: counted before any card is made
MAX_VALUES = 10_000  # values of one attribute
ORDERS = ("ordered", "circular", "none")

RGB = ListOf(Int(0, 255), min_len=3, max_len=3)
VALUE_FIELDS: dict[str, Field | Spec] = {
    "id": Str(what="a value id"),  # or `range`: ranges.py says a value with neither
    "range": Str(what="a range such as a..t"),
    "label": Str(),
    "name": Str(),
    "rgb": RGB,
    "glyph": Str(),
    "mark": Str(),
    "flags": ListOf(Str()),
}
# Free keys on a value are allowed: they name the value's group in another attribute (`colour: red`);
# a range's values take a list of groups in turn (`colour: [red, black]`).
GROUP = OneOf(Str(), ListOf(Str(), min_len=1), what="a value of the grouping attribute, or a list of them")
VALUE = OneOf(Str(what="a value id"), Map(VALUE_FIELDS, "a value", extra=GROUP), what="a value")
ATTRIBUTE = Map(
    {
        "values": Field(
            OneOf(
                ListOf(VALUE, min_len=1),
                Str(what="a range such as 2..10"),
                what="a list of values or a range",
            ),
            required=True,
        ),
        "order": Str(ORDERS),
        "of": Str(what="an attribute name"),
        "multi": Bool(),
        "max": Int(1, 64),
        "exclusive": ListOf(ListOf(Str(), min_len=2)),
        "label": Str(),
    },
    "an attribute",
)
CHOICE = OneOf(Str(), ListOf(OneOf(Str(), ListOf(Str()))), what="'all', a value id or a list")
CARD_GROUP = Map(
    {"count": Int(1, MAX_CARDS), "flags": ListOf(Str()), "name": Str(), "short": Str()},
    "a card group",
    extra=CHOICE,
)
DECK = Map(
    {
        "attributes": Field(MapOf(ATTRIBUTE, "attributes by name"), required=True),
        "flags": MapOf(Str(), "flags with a description each"),
        "name": Str(),
        "short": Str(),
        "back": Map({"rgb": RGB, "pattern": Str(BACK_PATTERNS), "label": Str()}, "a card back"),
        "cards": Field(ListOf(CARD_GROUP, min_len=1), required=True),
    },
    "a deck",
)
