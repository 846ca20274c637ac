"""The `hands` section's shape: what fields it, its form, its categories and their parts may
have, checked by cardtable.schema before hands/spec.py builds the rules."""

from __future__ import annotations

from typing import Any

from .. import limits
from ..schema import Bool, Field, Int, ListOf, Map, MapOf, OneOf, Str
from . import extras
from .rules import TIE_LAYERS

NAMES = OneOf(Str(what="an attribute name"), ListOf(Str(what="an attribute name")), what="a name or a list")
VALUE_IDS = ListOf(Str(what="a value id"), min_len=1)
COVER_ENTRY = MapOf(OneOf(Str(), ListOf(Str())), "a card condition (attribute: value, list or none)")

PART_FIELDS: dict[str, Field | Any] = {
    "count": Int(1, 64),
    "min": Int(1, 64),
    "max": Int(1, 64),
    "same": NAMES,
    "distinct": NAMES,
    "run": NAMES,
    "low": VALUE_IDS,
    "orders": ListOf(VALUE_IDS, min_len=1),
    "values": MapOf(VALUE_IDS, "attribute: the values required"),
    "none": NAMES,
    "cover": ListOf(COVER_ENTRY, min_len=1),
    "declared": Bool(),
}
PART = Map(PART_FIELDS, "a part (a set of cards and its conditions)")
TIES = ListOf(Str(TIE_LAYERS, what="a tie layer"))
CATEGORY = Map(
    {
        "name": Field(Str(), required=True),
        "parts": ListOf(PART, min_len=1),
        "any": ListOf(PART, min_len=1),
        "differ": NAMES,
        "points": Int(0, 1_000_000),
        "ties": TIES,
        "describe": Str(what="one sentence for a player: what this hand is"),
        "published": Str(what="the odds the game's author published, as written"),
        **PART_FIELDS,
    },
    "a hand category",
)
ZONE_USE = OneOf(
    Str(what="a zone name"),
    Map(
        {"zone": Field(Str(), required=True), "exactly": Int(0, 1000), "line": Str(("any",))},
        "a zone use",
    ),
    what="a zone name or {zone, exactly | line}",
)
FORM = Map(
    {
        "size": Field(Int(1, 64), required=True),
        "from": ListOf(ZONE_USE, min_len=1),
        "runs": Str(what="a grid zone name"),
        "min": Int(1, 64),
        "max": Int(1, 64),
        "adjacent": Bool(),
    },
    "how a hand is formed",
)
SPEC = Map(
    {
        "form": Field(FORM, required=True),
        "order": Str(what="an attribute name"),
        "ties": TIES,
        "trump": Str(what="a flag name"),
        "wild": extras.WILD,
        "dead": Str(what="a flag name"),
        "combine": Map({"min_run": Int(2, 64)}, "combined sets"),
        "both_ways": Map({"multiply": Int(1, 100), "add": Int(0, 1_000_000)}, "a both-ways bonus"),
        "categories": Field(ListOf(CATEGORY, min_len=1, max_len=limits.CATEGORIES), required=True),
        **extras.RANKING_FIELDS,
    },
    "the hands section",
)
SPEC.fields["split"] = Field(extras.split_spec(SPEC.fields))
