"""The `hands` section: its builder (build -> Rules); its shape, SPEC, is in shape.py.

The shape is checked first by cardtable.schema; `build` then resolves every attribute, value,
flag and zone name against the deck and the layout, reporting each unknown name at its place with
a "did you mean". See variants/README.md, "## Hands", for the designer's view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..deck import Deck
from ..errors import Problem
from ..schema import suggest
from ..yamlsrc import Node
from . import conditions, extras
from .describe import derive
from .rules import Category, Form, Part, Rules, Run, Sequence_, ZoneUse
from .shadow import shadowed
from .shape import SPEC


def _names(node: Node | None) -> list[Node]:
    if node is None:
        return []
    return node.value if node.is_list else [node]


class _Builder:
    def __init__(self, deck: Deck, out: list[Problem], layout_zones: set[str] | None) -> None:
        self.deck, self.out, self.zones = deck, out, layout_zones

    def attr(self, node: Node) -> str | None:
        name = str(node.value)
        if name not in self.deck.attributes:
            self.out.append(
                node.problem(
                    f"'{name}' is not an attribute of the deck" + suggest(name, self.deck.attributes)
                )
            )
            return None
        return name

    def attrs(self, node: Node | None) -> tuple[str, ...]:
        return tuple(a for a in (self.attr(n) for n in _names(node)) if a)

    def value(self, attr: str, node: Node) -> int | None:
        a = self.deck.attributes[attr]
        v = a.lookup(node.value)
        if v is None:
            self.out.append(node.problem(a.unknown(node.value)))
            return None
        return v.index

    def flag(self, node: Node | None, default: str) -> tuple[bool, ...]:
        name = str(node.value) if node is not None else default
        if node is not None and name not in self.deck.flag_names:
            self.out.append(
                node.problem(
                    f"flag '{name}' is not declared in the deck" + suggest(name, self.deck.flag_names)
                )
            )
        return self.deck.flag_column(name)

    def run(self, attr: str, part: Mapping[str, Node]) -> Run:
        return Run(attr, self.sequences(attr, part))

    def sequences(self, attr: str, part: Mapping[str, Node]) -> tuple[Sequence_, ...]:
        a = self.deck.attributes[attr]
        wrap = a.order == "circular"
        if "orders" in part:
            seqs = []
            for onode in part["orders"].value:
                positions: dict[int, tuple[int, ...]] = {}
                for pos, vnode in enumerate(onode.value):
                    i = self.value(attr, vnode)
                    if i is not None:
                        positions[i] = positions.get(i, ()) + (pos,)
                seqs.append(Sequence_(positions, len(onode.value), wrap))
            return tuple(seqs)
        if a.order == "none":
            self.out.append(part["run"].problem(f"'{attr}' has no order (order: none), so it cannot run"))
        # A value that may also count low takes an extra position below the lowest.
        low = (
            [i for i in (self.value(attr, n) for n in part["low"].value) if i is not None]
            if "low" in part
            else []
        )
        shift = 1 if low else 0
        positions = {v.index: (v.index + shift,) for v in a.values}
        for i in low:
            positions[i] = (0,) + positions[i]
        return (Sequence_(positions, len(a.values) + shift, wrap),)

    def part(self, node: Node, *, combined: bool) -> Part | None:
        d = node.value
        before = len(self.out)
        own: dict[str, Any] = {}  # Part's own fields, from the built-in conditions
        extra = []  # the conditions registered beyond them
        for cond in conditions.REGISTRY.values():  # each condition builds its own field
            if cond.field not in d or cond.build is None:
                continue
            built = cond.build(self, d[cond.field], d)
            if cond.part_field:
                own[cond.part_field] = built
            elif not cond.builtin and built is not None:
                extra.append((cond.field, built))
        same, distinct, none = own.get("same", ()), own.get("distinct", ()), own.get("none", ())
        runs, values, cover = own.get("runs", ()), own.get("values", ()), own.get("cover", ())
        declared = bool(own.get("declared", False))
        # The size: given, or implied by the values / cover listed.
        implied = sum(len(v) for _, v in values[:1]) or len(cover)
        if "count" in d:
            count = max_count = int(d["count"].value)
        elif implied:
            count = max_count = implied
        elif combined and "min" in d:
            count = int(d["min"].value)
            max_count = int(d["max"].value) if "max" in d else 64
        elif declared:
            count, max_count = 1, 64
        else:
            count = max_count = 0
            refused = len(self.out) > before and ("values" in d or "cover" in d)
            if (same or distinct or runs or none or extra) and not refused:
                # values or cover given and refused: their problem says it, the size follows from it
                # (given but empty, nothing is said of them: the missing size is the problem)
                self.out.append(
                    node.problem(
                        "a part needs its number of cards: 'count: N'"
                        + (" (or 'min'/'max' in combined sets)" if combined else "")
                    )
                )
        if ("min" in d or "max" in d) and not combined:
            self.out.append(node.problem("'min'/'max' sizes are for combined sets ('combine:'); use 'count'"))
        if combined:
            for name, _ in extra:
                if "combined" not in conditions.REGISTRY[name].supports:
                    self.out.append(node.key_problem(name, f"'{name}' is not supported in combined sets"))
        if len(self.out) > before:
            return None
        return Part(
            count, max_count, same, distinct, runs, values, none, cover, declared, tuple(sorted(extra))
        )

    def category(self, node: Node, default_ties: tuple[str, ...], *, combined: bool) -> Category | None:
        d = node.value
        name = str(d["name"].value)
        own = [k for k in conditions.fields() if k in d]
        if own and ("parts" in d or "any" in d):
            self.out.append(
                node.key_problem(own[0], "give either 'parts'/'any' or one part's fields, not both")
            )
            return None
        parts: list[Part] = []
        alternatives: list[Part] = []
        if "parts" in d:
            parts = [p for p in (self.part(n, combined=combined) for n in d["parts"].value) if p]
        elif own:
            p = self.part(node, combined=combined)
            parts = [p] if p else []
        if "any" in d:
            alternatives = [p for p in (self.part(n, combined=combined) for n in d["any"].value) if p]
        if combined and not alternatives:
            alternatives, parts = parts, []
        if combined and parts:
            self.out.append(
                node.problem("in combined sets a category is one set: use 'any' for alternatives")
            )
        elif not combined and alternatives:
            self.out.append(node.key_problem("any", "'any' (alternative sets) needs 'combine:'"))
        ties = tuple(str(t.value) for t in d["ties"].value) if "ties" in d else default_ties
        return Category(
            name=name,
            parts=tuple(parts),
            alternatives=tuple(alternatives),
            differ=self.attrs(d.get("differ")),
            points=int(d["points"].value) if "points" in d else 0,
            ties=ties,
            describe=" ".join(str(d["describe"].value).split()) if "describe" in d else "",
            published=str(d["published"].value).strip() if "published" in d else "",
            reading=" ".join(str(d["reading"].value).split()) if "reading" in d else "",
        )

    def zone(self, node: Node) -> str:
        name = str(node.value)
        if self.zones is not None and name not in self.zones:
            self.out.append(node.problem(f"'{name}' is not a zone of the layout" + suggest(name, self.zones)))
        return name

    def form(self, node: Node) -> Form:
        d = node.value
        size = int(d["size"].value)
        if "runs" in d:
            if "from" in d:
                self.out.append(node.key_problem("from", "give 'from' or 'runs', not both"))
            lo = int(d["min"].value) if "min" in d else 2
            hi = int(d["max"].value) if "max" in d else size
            if lo > hi:
                self.out.append(node.problem(f"min ({lo}) is more than max ({hi})"))
            adjacent = bool(d["adjacent"].value) if "adjacent" in d else False
            return Form(size, (), self.zone(d["runs"]), lo, hi, adjacent)
        if "adjacent" in d:
            self.out.append(
                node.key_problem("adjacent", "'adjacent' is for hands read along a line ('runs:')")
            )
        if "from" not in d:
            self.out.append(node.problem("missing 'from' (the zones a hand is made from) or 'runs'"))
            return Form(size)
        uses: list[ZoneUse] = []
        for unode in d["from"].value:
            if unode.is_scalar:
                use = ZoneUse(self.zone(unode))
            else:
                u = unode.value
                exactly = int(u["exactly"].value) if "exactly" in u else None
                use = ZoneUse(self.zone(u["zone"]), exactly, "line" in u)
            if any(other.zone == use.zone for other in uses):  # its cards would count twice
                self.out.append(unode.problem(f"'{use.zone}' is named twice in 'from'"))
                continue
            uses.append(use)
        fixed = sum(u.exactly for u in uses if u.exactly is not None)
        if fixed > size:
            self.out.append(node.problem(f"the 'exactly' counts ({fixed}) add up to more than size {size}"))
        elif uses and all(u.exactly is not None for u in uses) and fixed < size:
            self.out.append(
                node.problem(
                    f"the 'exactly' counts add up to {fixed}, but a hand is size {size}: they must agree"
                )
            )
        if sum(u.line for u in uses) > 1:
            self.out.append(node.problem("at most one zone may give one of its lines"))
        return Form(size, tuple(uses))


def _layout_zones(variant: Any) -> set[str] | None:
    layout = getattr(variant, "sections", {}).get("layout")
    zones = getattr(layout, "zones", None)
    if zones is None and isinstance(layout, dict):
        zones = layout.get("zones")
    return {str(z) for z in zones} if isinstance(zones, dict) else None


def build(node: Node, variant: Any, problems: list[Problem]) -> Rules | None:
    """Build the hand rules from a shape-checked `hands` node."""
    deck: Deck = variant.deck
    out = problems
    before = len(out)
    b = _Builder(deck, out, _layout_zones(variant))
    d = node.value
    combined = "combine" in d
    form = b.form(d["form"])
    default_ties = tuple(str(t.value) for t in d["ties"].value) if "ties" in d else ("cards", "kickers")
    categories = [
        c for c in (b.category(n, default_ties, combined=combined) for n in d["categories"].value) if c
    ]
    names = [c.name for c in categories]
    for cnode, cat in zip(d["categories"].value, categories):
        if names.count(cat.name) > 1:
            out.append(cnode.value["name"].problem(f"category '{cat.name}' is listed twice"))
    if "order" in d:
        order = b.attr(d["order"]) or ""
    else:
        order = next((a.name for a in deck.attributes.values() if a.order == "ordered" and not a.multi), "")
        if not order:
            out.append(node.problem("no ordered attribute to rank single cards: add 'order: <attribute>'"))
    wild = extras.wild_column(d.get("wild"), deck, b.flag, out)
    dead = b.flag(d.get("dead"), "dead")
    trump = b.flag(d.get("trump"), "trump")
    if form.runs_zone is not None:
        for cnode, cat in zip(d["categories"].value, categories):
            if "points" not in cnode.value:
                out.append(cnode.problem(f"'{cat.name}': a points table needs 'points' on every category"))
    if len(out) > before:
        return None
    ocol = deck.column(order)
    card_order = tuple(
        len(deck.attributes[order]) if wild[c] else (-1 if dead[c] else ocol[c]) for c in range(deck.size)
    )
    if form.runs_zone is not None:
        categories = [dataclasses.replace(c, exact=True) for c in categories]
    both = d["both_ways"].value if "both_ways" in d else {}
    rules = Rules(
        form=form,
        categories=tuple(categories),
        order=order,
        card_order=card_order,
        wild=wild,
        dead=dead,
        trump=trump,
        combine=combined,
        combine_min_run=int(d["combine"].value["min_run"].value)
        if combined and "min_run" in d["combine"].value
        else 3,
        both_ways_multiply=int(both["multiply"].value) if "multiply" in both else 1,
        both_ways_add=int(both["add"].value) if "add" in both else 0,
        columns={a: deck.column(a) for a in deck.attributes},
        multi=frozenset(a for a, attr in deck.attributes.items() if attr.multi),
        reading=" ".join(str(d["reading"].value).split()) if "reading" in d else "",
    )
    rules = extras.apply(node, rules, deck, out, lambda n: build(n, variant, problems))
    cnodes = d["categories"].value
    rules.never_counts = dict(shadowed(rules))
    rules.warnings = tuple(
        cnodes[i].problem(
            f"warning: '{categories[i].name}' can never be a hand's type: every such hand also makes "
            f"'{categories[j].name}', which ranks higher"
        )
        for i, j in rules.never_counts.items()
    ) + tuple(
        cnode.problem(
            f"warning: '{cat.name}' has no 'describe:' (one sentence for players); the rules screen "
            f'says instead: "{derive(cat, deck)}"'
        )
        for cnode, cat in zip(cnodes, categories)
        if not cat.describe
    )
    return rules


__all__ = ["SPEC", "build"]  # the section loader (variant.py) reads both from this module
