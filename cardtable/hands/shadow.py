"""Categories that can never be a hand's type, because a higher one always matches first.

A hand counts in the first category it matches, so a category is dead when every hand of it also
makes some category ranked above it. This finds the cases that follow from the patterns alone:
the higher category is one group of n cards sharing some attributes (and maybe running in
sequence), and the lower one contains a group of at least n cards with the same conditions or
more (an 8 of a Kind and a Pair is always an 8 of a Kind); only for conditions conditions.py says it
handles ("shadow"), the rest are left alone. It says nothing about subtler cases;
`cardtable odds --exact` shows those as categories that never occur.
"""

from __future__ import annotations

from .conditions import category_handles
from .rules import Category, Part, Rules


def _simple(cat: Category) -> Part | None:
    """The category's one part when it is only 'n cards sharing ... (in a run)'."""
    if cat.exact or cat.alternatives or len(cat.parts) != 1 or not category_handles(cat, "shadow"):
        return None
    p = cat.parts[0]
    return p if p.count >= 1 else None


def _implies(part: Part, simple: Part) -> bool:
    """Every set of cards meeting `part` holds a set meeting `simple`."""
    return (
        part.count >= simple.count
        and set(part.same) >= set(simple.same)
        and all(run in part.runs for run in simple.runs)
    )


def shadowed(rules: Rules) -> list[tuple[int, int]]:
    """(dead category, the higher category that always takes its hands), by index, best first."""
    if rules.combine:  # combined sets value collections of sets, not first matches
        return []
    out = []
    simples = [_simple(cat) for cat in rules.categories]
    for i, cat in enumerate(rules.categories):
        if cat.exact or not category_handles(cat, "shadow"):
            continue
        for j, simple in enumerate(simples[:i]):
            if simple is not None and any(_implies(p, simple) for p in cat.parts):
                out.append((i, j))
                break
    return out
