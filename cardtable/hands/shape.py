"""The `hands` section's shape: what fields it, its form, its categories and their parts may
have, checked by cardtable.schema before hands/spec.py builds the rules."""

from __future__ import annotations

from .. import limits
from ..schema import Bool, Field, Int, ListOf, Map, OneOf, Str
from . import conditions, extras
from .conditions import NAMES
from .rules import TIE_LAYERS


class _WithParts(Map):
    """A map whose fields include every part field registered in conditions.py, as the registry
    stands when a file is checked (a condition registered later is a known key at once)."""

    _registered: tuple[conditions.HandCondition, ...] | None
    _fields: dict[str, Field]

    @property
    def fields(self) -> dict[str, Field]:
        registered = tuple(conditions.REGISTRY.values())
        if registered != self._registered:  # made again only when the registry has changed
            parts = {k: v if isinstance(v, Field) else Field(v) for k, v in conditions.fields().items()}
            self._registered, self._fields = registered, {**parts, **self._own}
        return self._fields

    @fields.setter
    def fields(self, value: dict[str, Field]) -> None:
        self._own = value
        self._registered, self._fields = None, {}


PART = _WithParts({}, "a part (a set of cards and its conditions)")
TIES = ListOf(Str(TIE_LAYERS, what="a tie layer"))
CATEGORY = _WithParts(
    {
        "name": Field(Str(), required=True),
        "parts": ListOf(PART, min_len=1),
        "any": ListOf(PART, min_len=1),
        "differ": NAMES,
        "points": Int(0, 1_000_000),
        "ties": TIES,
        "describe": Str(what="one sentence for a player: what this hand is"),
        "published": Str(what="the odds the game's author published, as written"),
        "reading": Str(what="how the program reads this rule where its text is silent or loose"),
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
        "reading": Str(what="how the program reads the hands' rules where their text is silent or loose"),
        **extras.RANKING_FIELDS,
    },
    "the hands section",
)
SPEC.fields["split"] = Field(extras.split_spec(SPEC.fields))
