"""Hand conditions: the one list of what a part of a hand category may ask of its cards.

Each entry is one YAML field of a part (`same`, `run`, `cover`...): its shape (checked by
schema.py through shape.py), its meaning, and the analysers that handle it themselves. Every
condition narrows a part (a part is the conjunction of its conditions). An analyser that meets
a part using a condition it does not handle asks here (`handles`) and falls back to the plain
matcher (search.py) or says "not counted"; it never reads the part as if the condition were absent.

The built-in conditions are read by the matcher and the analysers from `Part`'s own fields (the
fast paths). A condition added later (`register`) needs nothing else: spec.py builds its value
with its `build` into `Part.extra`, the matcher checks every candidate with its `holds`, and the
analysers that it does not name fall back. Data shipped or cached for a variant (rankings) is
keyed on `canonical` forms, the meaning of the parts, not on how the classes are written.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import Problem
from ..schema import Bool, Field, Int, ListOf, MapOf, OneOf, Spec, Str
from ..yamlsrc import Node

if TYPE_CHECKING:
    from ..deck import Deck
    from .rules import Category, Part, Rules, Run

# The analysers a condition may be handled by (beside the matcher, which handles every one).
# explain.py is not one: it reads hands' keys, never the conditions.
ANALYSERS: dict[str, str] = {
    "counting": "exact counting for odds: byclass.py, cells.py, the relabellings and rotations of counting.py (relabel.py)",
    "profiles": "exact counting by profiles of one attribute (profiles.py)",
    "histograms": "exact odds from per-attribute histograms of a hand (counting.py)",
    "table": "lookup tables (table.py)",
    "prefilter": "skipping categories a pool cannot make (prefilter.py)",
    "bounds": "comparers' bounds on a hand's cards (beats.py)",
    "shadow": "validate's 'can never be a hand's type' (shadow.py)",
    "describe": "the sentence derived for a category without describe: (describe.py)",
    "examples": "example hands built card by card from the conditions (examples.py)",
    "wild": "wild cards filling a part's gaps (wild.py); without it the part is found without them",
    "combined": "combined sets (sets.py, setgen.py, setfit.py, setbound.py); without it refused",
}
EVERY = frozenset(ANALYSERS)


class Builder(Protocol):
    """What spec.py's builder offers a condition's `build`: names resolved against the deck,
    each unknown one reported (and None returned)."""

    out: list[Problem]
    deck: Deck

    def attr(self, node: Node) -> str | None: ...

    def attrs(self, node: Node | None) -> tuple[str, ...]: ...

    def value(self, attr: str, node: Node) -> int | None: ...

    def run(self, attr: str, part: Mapping[str, Node]) -> Run:
        """A run on attr, its sequences from the part's `low` / `orders` (or the attribute's)."""
        ...


# A condition's build: (the builder, its field's node, the part's fields) -> its value, or None
# (after saying what is wrong through the builder).
Build = Callable[[Builder, Node, Mapping[str, Node]], Any]


@dataclass(frozen=True)
class HandCondition:
    """One condition a part may carry.

    field: its YAML key in a part; shape: the schema of its value; meaning: what it asks, in one
    line; supports: the analysers (ANALYSERS) that handle it themselves; build: the YAML node ->
    its value, or None after reporting a problem. A built-in condition has its own field of `Part`
    (`part_field`, read by the matcher's and the analysers' fast paths; `present` and `canonical`
    read it). A registered one's value goes to `Part.extra` (plain and hashable); it gives
    `holds` (the matcher's test of a set of cards), `attributes` (what it reads of the cards)
    and, optionally, `words` (a phrase for the derived sentence: "whose colours alternate").
    """

    field: str
    shape: Spec | Field
    meaning: str
    supports: frozenset[str] = EVERY
    present: Callable[[Part], bool] | None = None
    canonical: Callable[[Part], Hashable] | None = None
    build: Build | None = None
    part_field: str = ""  # a built-in condition's field of Part ("" for the sizes and run's own)
    holds: Callable[[Rules, Hashable, Sequence[int]], bool] | None = None
    attributes: Callable[[Hashable], Iterable[str]] | None = None
    words: Callable[[Hashable, Deck], str] | None = None

    @property
    def builtin(self) -> bool:
        return self.present is not None

    def used_by(self, part: Part) -> bool:
        if self.present is not None:
            return self.present(part)
        return any(name == self.field for name, _ in part.extra)


NAMES = OneOf(Str(what="an attribute name"), ListOf(Str(what="an attribute name")), what="a name or a list")
VALUE_IDS = ListOf(Str(what="a value id"), min_len=1)
COVER_ENTRY = MapOf(OneOf(Str(), ListOf(Str())), "a card condition (attribute: value, list or none)")


def _runs_key(part: Part) -> Hashable:
    return tuple(
        (r.attribute, tuple((tuple(sorted(s.positions.items())), s.length, s.wrap) for s in r.sequences))
        for r in part.runs
    )


def _without(*names: str) -> frozenset[str]:
    return EVERY - frozenset(names)


def _names(node: Node) -> list[Node]:
    return node.value if node.is_list else [node]


def _build_attrs(b: Builder, node: Node, part: Mapping[str, Node]) -> tuple[str, ...]:
    return b.attrs(node)


def _build_runs(b: Builder, node: Node, part: Mapping[str, Node]) -> tuple[Run, ...]:
    runs = []
    for i, rnode in enumerate(_names(node)):
        attr = b.attr(rnode)
        if attr is not None:  # further runs follow their attribute's own order
            runs.append(b.run(attr, part if i == 0 else {"run": rnode}))
    return tuple(runs)


def _with_run(b: Builder, node: Node, part: Mapping[str, Node]) -> None:
    first = part.get("low") or part.get("orders")  # said once for both
    if "run" not in part and node is first:
        b.out.append(node.problem("'low' and 'orders' go with 'run'"))


def _build_values(b: Builder, node: Node, part: Mapping[str, Node]) -> tuple[tuple[str, frozenset[int]], ...]:
    values = []
    for aname, vlist in node.value.items():
        attr = b.attr(node.keys.get(aname) or Node(aname, node.line, node.col, node.path))
        if attr:
            found = (b.value(attr, v) for v in vlist.value)
            values.append((attr, frozenset(i for i in found if i is not None)))
    return tuple(values)


def _build_cover(b: Builder, node: Node, part: Mapping[str, Node]) -> tuple[tuple[tuple[str, int], ...], ...]:
    cover = []
    for entry in node.value:
        conds = []
        for aname, vnode in entry.value.items():
            attr = b.attr(entry.keys.get(aname) or entry)
            if attr is None:
                continue
            multi = b.deck.attributes[attr].multi
            if vnode.is_scalar and str(vnode.value) == "none":
                conds.append((attr, 0 if multi else -1))
            elif multi:
                mask = 0
                for m in _names(vnode):
                    bit = b.value(attr, m)
                    mask |= 0 if bit is None else 1 << bit
                conds.append((attr, mask))
            elif vnode.is_list:
                b.out.append(vnode.problem(f"'{attr}' has one value per card"))
            else:
                one = b.value(attr, vnode)
                if one is not None:
                    conds.append((attr, one))
        cover.append(tuple(conds))
    return tuple(cover)


# The built-in conditions, in the order a part's fields are listed. The sizes (count, min, max)
# are not conditions on which cards, but they are fields of a part and every analyser reads them.
_BUILTIN = (
    HandCondition(
        "count",
        Int(1, 64),
        "how many cards the part has",
        present=lambda p: True,
        canonical=lambda p: (p.count, p.max_count),
    ),
    HandCondition(
        "min", Int(1, 64), "combined sets: the fewest cards a set may have", present=lambda p: False
    ),
    HandCondition("max", Int(1, 64), "combined sets: the most cards a set may have", present=lambda p: False),
    HandCondition(
        "same",
        NAMES,
        "the cards share a value of each attribute",
        supports=EVERY,
        present=lambda p: bool(p.same),
        canonical=lambda p: tuple(sorted(p.same)),
        build=_build_attrs,
        part_field="same",
    ),
    HandCondition(
        "distinct",
        NAMES,
        "no two cards share a value of each attribute",
        supports=_without("wild", "shadow"),
        present=lambda p: bool(p.distinct),
        canonical=lambda p: tuple(sorted(p.distinct)),
        build=_build_attrs,
        part_field="distinct",
    ),
    HandCondition(
        "none",
        NAMES,
        "the cards have no value of these attributes",
        supports=_without("wild", "shadow", "profiles"),
        present=lambda p: bool(p.none),
        canonical=lambda p: tuple(sorted(p.none)),
        build=_build_attrs,
        part_field="none",
    ),
    HandCondition(
        "run",
        NAMES,
        "the cards' values are consecutive in the attribute's order",
        supports=_without("bounds", "profiles"),
        present=lambda p: bool(p.runs),
        canonical=_runs_key,
        build=_build_runs,
        part_field="runs",
    ),
    # `low` and `orders` shape the run's sequences: they are the run's (present and canonical there)
    HandCondition(
        "low",
        VALUE_IDS,
        "with run: these values may also count below the lowest",
        present=lambda p: False,
        build=_with_run,
    ),
    HandCondition(
        "orders",
        ListOf(VALUE_IDS, min_len=1),
        "with run: the orders a run may follow instead",
        present=lambda p: False,
        build=_with_run,
    ),
    HandCondition(
        "values",
        MapOf(VALUE_IDS, "attribute: the values required"),
        "the cards show exactly these values, one each",
        supports=_without("bounds", "shadow", "profiles"),
        present=lambda p: bool(p.values),
        canonical=lambda p: tuple(sorted((a, tuple(sorted(v))) for a, v in p.values)),
        build=_build_values,
        part_field="values",
    ),
    HandCondition(
        "cover",
        ListOf(COVER_ENTRY, min_len=1),
        "one card for each of these card conditions",
        supports=_without("wild", "shadow", "bounds", "profiles", "histograms"),
        present=lambda p: bool(p.cover),
        canonical=lambda p: tuple(sorted(tuple(sorted(e)) for e in p.cover)),
        build=_build_cover,
        part_field="cover",
    ),
    HandCondition(
        "declared",
        Bool(),
        "the cards the player declared before the deal",
        supports=_without("wild", "shadow", "bounds", "table", "profiles", "histograms"),
        present=lambda p: p.declared,
        canonical=lambda p: True,
        build=lambda b, node, part: bool(node.value),
        part_field="declared",
    ),
)

REGISTRY: dict[str, HandCondition] = {c.field: c for c in _BUILTIN}


def register(condition: HandCondition) -> None:
    """Add a condition: a part's YAML may use its field from now on."""
    if condition.field in REGISTRY:
        raise ValueError(f"a hand condition '{condition.field}' is registered already")
    if condition.build is None or condition.holds is None or condition.present is not None:
        raise ValueError(f"'{condition.field}': a new condition needs its build and its holds")
    unknown = condition.supports - EVERY
    if unknown:
        raise ValueError(f"'{condition.field}': no analyser {', '.join(sorted(unknown))}")
    REGISTRY[condition.field] = condition


def unregister(field: str) -> None:
    if field in REGISTRY and not REGISTRY[field].builtin:
        del REGISTRY[field]


@contextlib.contextmanager
def registered(condition: HandCondition) -> Iterator[HandCondition]:
    """The condition registered for a `with` block (tests)."""
    register(condition)
    try:
        yield condition
    finally:
        unregister(condition.field)


def fields() -> dict[str, Spec | Field]:
    """Every field a part may have, with its shape (shape.py's PART and CATEGORY read this)."""
    return {c.field: c.shape for c in REGISTRY.values()}


def used(part: Part) -> list[HandCondition]:
    """The conditions the part carries."""
    out = [c for c in REGISTRY.values() if c.present is not None and c.present(part)]
    for name, _ in part.extra:
        out.append(REGISTRY[name] if name in REGISTRY else _unknown(name))
    return out


def _unknown(name: str) -> HandCondition:
    # a part built while a condition was registered, read after: handled by nobody
    return HandCondition(name, Str(), "a condition no longer registered", supports=frozenset())


def part_handles(part: Part, analyser: str) -> bool:
    """Whether the analyser handles every condition of the part."""
    return all(analyser in c.supports for c in used(part))


def category_handles(cat: Category, analyser: str) -> bool:
    return all(part_handles(p, analyser) for p in cat.parts + cat.alternatives)


def handles(rules: Rules, analyser: str) -> bool:
    """Whether the analyser handles every condition of every category of the rules."""
    memo: dict[str, bool] = rules.memo.setdefault("conditions_handled", {})
    got = memo.get(analyser)
    if got is None:
        got = memo[analyser] = all(category_handles(c, analyser) for c in rules.categories)
    return got


def unhandled(cat: Category, analyser: str) -> list[str]:
    """The fields of the category's conditions the analyser does not handle (for messages)."""
    out: list[str] = []
    for p in cat.parts + cat.alternatives:
        out += [c.field for c in used(p) if analyser not in c.supports and c.field not in out]
    return out


def extra_attributes(part: Part) -> set[str]:
    """The attributes a part's registered conditions read."""
    out: set[str] = set()
    for name, value in part.extra:
        cond = REGISTRY.get(name)
        if cond is not None and cond.attributes is not None:
            out |= set(cond.attributes(value))
    return out


def extra_holds(rules: Rules, part: Part, cards: Sequence[int]) -> bool:
    """Whether the cards meet every registered condition of the part (a condition no longer
    registered is met by no cards: fail closed)."""
    for name, value in part.extra:
        cond = REGISTRY.get(name)
        if cond is None or cond.holds is None or not cond.holds(rules, value, cards):
            return False
    return True


def canonical_part(part: Part) -> tuple[tuple[str, Any], ...]:
    """What the part means, as plain nested tuples: (field, value) for each condition it uses."""
    out: list[tuple[str, Any]] = []
    for c in REGISTRY.values():
        if c.present is not None and c.canonical is not None and c.present(part):
            out.append((c.field, c.canonical(part)))
    out += part.extra
    return tuple(sorted(out))  # by field: the registry's order means nothing


def canonical_category(cat: Category) -> tuple[Any, ...]:
    """What a category's pattern means (not its name, sentence or odds)."""
    return (
        tuple(canonical_part(p) for p in cat.parts),
        tuple(canonical_part(p) for p in cat.alternatives),
        tuple(sorted(cat.differ)),
        cat.exact,
    )
