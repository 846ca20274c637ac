"""The card groups of a deck: each a product of value choices with a count.

`plan_cards` reads every group and sizes the deck first, so a deck over MAX_CARDS is refused
before any card is made; `make_cards` then fills the per-card columns.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import Problem
from ..schema import suggest
from ..yamlsrc import Node
from . import exclusive
from .attributes import check_flags
from .model import Attribute
from .spec import CARD_GROUP, MAX_CARDS


@dataclass
class Group:
    """One card group, checked and sized: its YAML, count and per-attribute choices."""

    node: Node
    count: int
    choices: list[Sequence[int]]  # per direct attribute: value indexes (bitmasks when multi-valued)


@dataclass
class Cards:
    """The filled columns of a deck, before it is wrapped in a Deck."""

    columns: dict[str, tuple[int, ...]]
    flag_bits: tuple[int, ...]
    group_of_card: tuple[int, ...]


def plan_cards(
    node: Node, attributes: dict[str, Attribute], declared_flags: dict[str, str], out: list[Problem]
) -> list[Group] | None:
    """Every card group checked and sized; None (with a problem) when the deck is too big."""
    direct = [a for a in attributes.values() if a.of is None]
    plans = []
    total = 0
    budget = Budget()
    for gnode in node.value["cards"].value:
        g = gnode.value
        count = int(g["count"].value) if "count" in g else 1
        choice_lists: list[Sequence[int]] = []
        for attr in direct:
            cnode = g.get(attr.name)
            if cnode is None:
                choice_lists.append([0] if attr.multi else [-1])
                continue
            choice_lists.append(_choices(attr, cnode, out, budget))
        for key in g:
            if key in CARD_GROUP.fields:
                continue
            if key not in attributes:
                out.append(
                    gnode.key_problem(
                        key,
                        f"'{key}' is not an attribute or card-group field"
                        + suggest(key, list(attributes) + list(CARD_GROUP.fields)),
                    )
                )
            elif attributes[key].of is not None:
                out.append(
                    gnode.key_problem(key, f"'{key}' follows from '{attributes[key].of}'; set that instead")
                )
        if "flags" in g:
            check_flags(g["flags"].value, declared_flags, out)
        n = count
        for choices in choice_lists:
            n *= len(choices)
        if n == 0 and not _has_problem_in(gnode, out):
            out.append(gnode.problem("this group makes no cards (a choice of no values)"))
        total += n
        if total > MAX_CARDS:
            out.append(
                gnode.problem(
                    f"the deck would have over {MAX_CARDS:,} cards ({total:,} so far); that is the limit"
                )
            )
            return None
        plans.append(Group(gnode, count, choice_lists))
    return plans


def make_cards(groups: list[Group], attributes: dict[str, Attribute], flag_names: tuple[str, ...]) -> Cards:
    """The per-card columns of every group, in order; derived attributes follow their owner."""
    flag_index = {f: i for i, f in enumerate(flag_names)}
    direct = [a for a in attributes.values() if a.of is None]
    columns: dict[str, list[int]] = {a.name: [] for a in attributes.values()}
    flag_bits: list[int] = []
    group_of_card: list[int] = []
    for gi, group in enumerate(groups):
        g = group.node.value
        group_flags = 0
        if "flags" in g:
            for f in g["flags"].value:
                group_flags |= 1 << flag_index[str(f.value)]
        # each choice's flags worked out once, not once per card it is on
        flags_of = [_choice_flags(attr, choices, flag_index) for attr, choices in zip(direct, group.choices)]
        # a column at a time, each value `count` times in a row (12,000 cards: a tenth of the
        # time a card at a time took)
        combos = list(itertools.product(*group.choices))
        n = group.count
        for at, attr in enumerate(direct):
            values = [combo[at] for combo in combos]
            columns[attr.name].extend(values if n == 1 else [x for x in values for _ in range(n)])
        bits = [group_flags] * len(combos)
        for at, table in enumerate(flags_of):
            if any(table.values()):
                bits = [b | table[combo[at]] for b, combo in zip(bits, combos)]
        flag_bits.extend(bits if n == 1 else [b for b in bits for _ in range(n)])
        group_of_card.extend([gi] * (len(combos) * n))
    for attr in attributes.values():
        if attr.of is None:
            continue
        owner = attributes[attr.of]
        src = columns[owner.name]
        columns[attr.name] = [owner.values[x].groups[attr.name] if x >= 0 else -1 for x in src]
    return Cards({k: tuple(v) for k, v in columns.items()}, tuple(flag_bits), tuple(group_of_card))


def _has_problem_in(node: Node, out: list[Problem]) -> bool:
    """A problem was already found inside this node (on its line or after it)."""
    return any(p.line >= node.line for p in out)


def duplicates(groups: list[Group], cards: Cards, attributes: dict[str, Attribute]) -> list[tuple[int, int]]:
    """(card, first card) for each card another group already made with the same values and
    flags; copies within one group's `count` are meant and not listed."""
    keys = [cards.columns[a] for a, attr in attributes.items() if attr.of is None]
    distinct = sum(math.prod(len(c) for c in g.choices) for g in groups)
    if len(set(zip(*keys, cards.flag_bits))) == distinct:  # the usual case, counted in C
        return []
    first: dict[tuple[int, ...], int] = {}
    found = []
    for c, g in enumerate(cards.group_of_card):
        key = (*(col[c] for col in keys), cards.flag_bits[c])
        seen = first.setdefault(key, c)
        if seen != c and (cards.group_of_card[seen] != g or groups[g].count == 1):
            found.append((c, seen))
            if len(found) >= 3:
                break
    return found


def _choice_flags(attr: Attribute, choices: Sequence[int], flag_index: dict[str, int]) -> dict[int, int]:
    """The flag bits a card takes from each of its choices of `attr` (a value, or a set of values)."""
    per_value = [_flag_mask(v.flags, flag_index) for v in attr.values]
    if not any(per_value):
        return dict.fromkeys(choices, 0)
    if not attr.multi:
        return {x: per_value[x] if x >= 0 else 0 for x in choices}
    out = {}
    for x in set(choices):
        bits = 0
        for i, flags in enumerate(per_value):
            if x >> i & 1:
                bits |= flags
        out[x] = bits
    return out


def _flag_mask(flags: frozenset[str], flag_index: dict[str, int]) -> int:
    return sum(1 << flag_index[f] for f in flags if f in flag_index)


class Budget:
    """The exclusive-set tests one deck may still make (exclusive.WORK_LIMIT in all)."""

    def __init__(self) -> None:
        self.left = exclusive.WORK_LIMIT
        self.allowed: set[tuple[str, int]] = set()  # (attribute, combination) already tested fine

    def spend(self, cost: int) -> bool:
        """Take `cost` tests from what is left; False (nothing taken) when it would overrun."""
        if cost > self.left:
            return False
        self.left -= cost
        return True


def _too_costly(attr: Attribute, what: str) -> str:
    return (
        f"checking {what} against the {len(attr.exclusive):,} exclusive sets would take over "
        f"{exclusive.WORK_LIMIT:,} tests: give '{attr.name}' a 'max', fewer values or fewer exclusive sets"
    )


def _breaks(attr: Attribute, mask: int) -> str:
    """The message for a combination that holds an exclusive set (one it holds)."""
    held = attr.exclusions.held(mask)
    names = " and ".join(attr.values[i].id for i in range(len(attr.values)) if held >> i & 1)
    return f"{names} cannot be on one card ('exclusive')"


def _choices(attr: Attribute, node: Node, out: list[Problem], budget: Budget) -> Sequence[int]:
    """The value indexes (bitmasks for multi-valued attributes) a card group chooses from."""

    def one(item: Node) -> int | None:
        text = str(item.value)
        if text not in attr.index:
            out.append(item.problem(attr.unknown(text)))
            return None
        return attr.index[text]

    if node.is_scalar and str(node.value) == "all":
        if not attr.multi:
            return list(range(len(attr.values)))
        size = min(len(attr), attr.max if attr.max is not None else len(attr))
        bound = sum(math.comb(len(attr), k) for k in range(size + 1))
        if bound > MAX_CARDS and not attr.exclusive:  # exact: too many, refused before it is used
            return range(bound)
        cost = attr.exclusions.combination_cost(size, MAX_CARDS)
        if not budget.spend(cost):
            out.append(node.problem(_too_costly(attr, f"'all' of '{attr.name}'")))
            return []
        return attr.combinations(MAX_CARDS)
    items = node.value if node.is_list else [node]
    result: list[int] = []
    for item in items:
        if attr.multi:
            members = item.value if item.is_list else [item]
            mask = 0
            for m in members:
                i = one(m)
                if i is not None:
                    mask |= 1 << i
            if attr.max is not None and bin(mask).count("1") > attr.max:
                out.append(item.problem(f"at most {attr.max} values of '{attr.name}' on one card"))
            if attr.exclusive and (attr.name, mask) not in budget.allowed:
                if not budget.spend(attr.exclusions.test_cost(mask)):
                    out.append(item.problem(_too_costly(attr, "these combinations")))
                    return result
                if attr.exclusions.allows(mask):
                    budget.allowed.add((attr.name, mask))  # the same combination again: no test
                else:
                    out.append(item.problem(_breaks(attr, mask)))
            result.append(mask)
        else:
            if item.is_list:
                out.append(
                    item.problem(
                        f"'{attr.name}' takes one value per card; nested lists are for multi-valued attributes"
                    )
                )
                continue
            i = one(item)
            if i is not None:
                result.append(i)
    return result
