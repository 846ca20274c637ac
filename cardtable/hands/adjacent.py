"""Adjacency along a line: with `adjacent: true` in a line form, every part of a category is
cards lying side by side in the line, so a card that belongs to no part, or to another part,
between two cards of a part breaks it ("7 9 7 9" holds no pair side by side, so it is not Two
Pair; "7 7 9 9" is). A part's cards may lie in any order inside its block (9 7 8 is a run).
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Category, Part, Rules
from .search import satisfies


def adjacent_fit(rules: Rules, cat: Category, line: Sequence[int]) -> list[tuple[int, ...]] | None:
    """One block of side-by-side cards per part (in the category's part order), or None.

    Blocks are laid left to right; with `exact` categories they cover the whole line, otherwise
    cards between blocks are skipped.
    """
    parts = cat.parts
    if not parts:
        return []
    if sum(p.count for p in parts) > len(line):
        return None
    chosen: dict[int, tuple[int, ...]] = {}

    def differs(cards: tuple[int, ...]) -> bool:
        for a in cat.differ:
            col = rules.columns[a]
            mine = {col[c] for c in cards}
            if any(mine & {col[c] for c in other} for other in chosen.values()):
                return False
        return True

    def place(at: int) -> bool:
        if len(chosen) == len(parts):
            return not cat.exact or at == len(line)
        if at >= len(line):
            return False
        tried: list[Part] = []
        for i, part in enumerate(parts):
            if i in chosen or part in tried:
                continue
            tried.append(part)  # identical parts: one of them is enough to try here
            block = tuple(line[at : at + part.count])
            if len(block) == part.count and satisfies(rules, part, block) and differs(block):
                chosen[i] = block
                if place(at + part.count):
                    return True
                del chosen[i]
        return not cat.exact and place(at + 1)

    if not place(0):
        return None
    return [chosen[i] for i in range(len(parts))]
