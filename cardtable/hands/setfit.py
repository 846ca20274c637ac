"""The full check of one set of a combined-set hand (sets.py asks it of the candidates its bit
tests cannot settle, and remembers the answers): whether some cards make a part, wild cards
standing for whatever is needed."""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Part, Rules
from .search import _matches


def _fits(rules: Rules, part: Part, cards: Sequence[int]) -> bool:
    """Whether these cards, wild ones standing for whatever is needed, make the part."""
    n = len(cards)
    if n < max(2, part.count) or n > part.max_count:
        return False
    normal = [c for c in cards if not rules.wild[c]]
    wild = n - len(normal)
    cols = rules.columns
    for a in part.same:
        col = cols[a]
        if a in rules.multi:
            common = -1
            for c in normal:
                common &= col[c]
            if normal and not common:
                return False
        elif normal and (col[normal[0]] < 0 or any(col[c] != col[normal[0]] for c in normal)):
            return False
    for a in part.none:
        col = cols[a]
        if any(col[c] > 0 if a in rules.multi else col[c] >= 0 for c in normal):
            return False
    for a in part.distinct:
        vals = [cols[a][c] for c in normal]
        if len(set(vals)) != len(vals):
            return False
    for run in part.runs:
        col = cols[run.attribute]
        ok = False
        for seq in run.sequences:
            if n > seq.length:
                continue
            pos = [seq.positions.get(col[c]) for c in normal]
            if any(p is None for p in pos):
                continue
            flat = [p[0] for p in pos if p is not None]  # the seeds' orders give each value one place
            if len(set(flat)) != len(flat):
                continue
            if not flat or max(flat) - min(flat) < n:
                ok = True
                break
        if not ok:
            return False
    if part.cover:
        if n != len(part.cover):
            return False
        used = [False] * len(part.cover)

        def assign(i: int) -> bool:
            if i == len(normal):
                return True
            for j, cond in enumerate(part.cover):
                if not used[j] and _matches(rules, normal[i], cond):
                    used[j] = True
                    if assign(i + 1):
                        return True
                    used[j] = False
            return False

        if not assign(0):
            return False
    for a, wanted in part.values:
        vals = [cols[a][c] for c in normal]
        if n != len(wanted) or len(set(vals)) != len(vals) or not set(vals) <= wanted:
            return False
    return wild <= n


__all__ = ["_fits"]
