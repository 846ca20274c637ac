"""The compiled hand rules: plain objects the evaluator runs, built from the `hands` section.

Every attribute and value is resolved to the deck's indexes here, once, so the evaluator only
compares small integers. Nothing in here knows any game: a category is a list of parts drawn from
a closed set of general conditions (see `Part`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Problem
from . import conditions

TIE_LAYERS = ("cards", "kickers", "trumps")


@dataclass(frozen=True)
class Sequence_:
    """One order a run may follow: value index -> the positions it may take (a value that may
    also count low has two). `length` is the number of positions; `wrap` joins the ends."""

    positions: dict[int, tuple[int, ...]]
    length: int
    wrap: bool

    def __hash__(self) -> int:  # parts are put in sets (search.find): the dict hashed by its items
        # worked out once: the prefilter's run tables are looked up by their run per pool
        got: int | None = self.__dict__.get("_hash")
        if got is None:
            got = hash((tuple(sorted(self.positions.items())), self.length, self.wrap))
            object.__setattr__(self, "_hash", got)
        return got


@dataclass(frozen=True)
class Run:
    attribute: str
    sequences: tuple[Sequence_, ...]


@dataclass(frozen=True)
class Part:
    """A set of cards satisfying every condition given (a conjunction).

    same: the cards share a value of each attribute (a member, for multi-valued ones);
    distinct: no two cards share a value of each attribute; runs: the cards' values are
    consecutive in one of the run's sequences; values: the cards show exactly these values, one
    each; none: the cards have no value of these attributes; cover: one card for each of these
    conditions (attribute -> value index, or a bitmask for multi-valued attributes, -1 for none);
    declared: the cards the player declared before the deal; extra: (field, value) of each
    condition registered in conditions.py beyond these, sorted by field.
    The conditions themselves (their YAML, meaning, build and which analysers handle them) are
    listed once, in conditions.py.
    """

    count: int  # the smallest size; 0 = any size is fine (combined sets use min/max)
    max_count: int
    same: tuple[str, ...] = ()
    distinct: tuple[str, ...] = ()
    runs: tuple[Run, ...] = ()
    values: tuple[tuple[str, frozenset[int]], ...] = ()
    none: tuple[str, ...] = ()
    cover: tuple[tuple[tuple[str, int], ...], ...] = ()
    declared: bool = False
    extra: tuple[tuple[str, Any], ...] = ()

    def attributes(self) -> set[str]:
        """The attributes this part constrains (used to decide what a hand's category depends on)."""
        out = set(self.same) | set(self.distinct) | {r.attribute for r in self.runs} | set(self.none)
        out |= {a for a, _ in self.values}
        for entry in self.cover:
            out |= {a for a, _ in entry}
        return out | conditions.extra_attributes(self)


@dataclass(frozen=True)
class Category:
    name: str
    parts: tuple[Part, ...]  # all of them, disjoint
    alternatives: tuple[Part, ...] = ()  # combined sets: a set of this type is any one of these
    differ: tuple[str, ...] = ()  # the parts' values of these attributes are pairwise different
    points: int = 0
    ties: tuple[str, ...] = ("cards", "kickers")
    exact: bool = False  # the parts must use every card of the hand (points tables)
    describe: str = ""  # one sentence for players (hands/describe.py derives one when empty)
    published: str = ""  # the odds the game's author published, as written ("40.130 to 1")
    reading: str = ""  # how the rule is read where its text is silent or loose (for players)

    @property
    def size(self) -> int:
        return sum(p.count for p in self.parts)


@dataclass(frozen=True)
class ZoneUse:
    """A zone the hand draws from: `exactly` cards of it (None = as many as help), or one line
    (row or column) of a grid zone when `line` is set."""

    zone: str
    exactly: int | None = None
    line: bool = False


@dataclass(frozen=True)
class Form:
    size: int
    uses: tuple[ZoneUse, ...] = ()
    runs_zone: str | None = None  # points games: hands are contiguous runs through a placed card
    runs_min: int = 2
    runs_max: int = 5
    adjacent: bool = False  # each part of a category is cards side by side in the line (adjacent.py)


@dataclass(frozen=True)
class Condition:
    """A hand condition: `category` or better; when exactly that category, its top card (the
    category's own cards, or the whole hand for a category without a pattern) is at least `min`
    or at most `max` (order numbers of the ranking's order attribute). See extras.py."""

    rank: int  # the category's index in its ranking
    name: str
    min: int | None = None
    max: int | None = None
    text: str = ""  # how the condition reads: "Pair (Jack) or better"


@dataclass
class Split:
    """A pot split between the section's ranking and a second one (high-low)."""

    rules: Rules  # the second ranking
    name: str  # how its half is called ("Low")
    first_name: str  # how the first half is called ("High")
    qualify: Condition | None  # a hand must meet this to win the second half
    odd_chip: str  # "first" or "second": the half that takes an odd chip


@dataclass
class Rules:
    """A variant's built `hands` section."""

    form: Form
    categories: tuple[Category, ...]
    order: str  # the attribute whose order ranks single cards (high card, kickers)
    card_order: tuple[int, ...]  # per card: its rank for high-card comparisons (-1 for dead cards)
    wild: tuple[bool, ...]
    dead: tuple[bool, ...]
    trump: tuple[bool, ...]
    combine: bool = False  # the best collection of disjoint sets (see combined.py)
    combine_min_run: int = 3
    both_ways_multiply: int = 1
    both_ways_add: int = 0
    columns: dict[str, tuple[int, ...]] = field(default_factory=dict)
    multi: frozenset[str] = frozenset()
    # categories that can never count -> the higher one that always takes their hands (shadow.py)
    never_counts: dict[int, int] = field(default_factory=dict)
    warnings: tuple[Problem, ...] = ()  # for the designer: legal, but probably not what was meant
    # what the evaluator learns about these rules as it runs (tables.py: the lookup table...);
    # not copied by dataclasses.replace (a reordered ranking is other rules)
    memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    # extras.py: lowball, wild cards' options, a second ranking for split pots
    lowest_wins: bool = False  # the worst hand by the categories wins (lowball)
    value_order: tuple[int, ...] = ()  # per value of the order attribute: its order number
    natural_beats_wild: bool = False  # of two equal hands, the one with fewer wild cards wins
    split: Split | None = None
    by_value: dict[int, tuple[int, ...]] = field(default_factory=dict)  # low: value -> its cards
    value_names: tuple[str, ...] = ()  # the order attribute's value names ("Seven low")
    reading: str = ""  # how the hands' rules are read where their text is silent (for players)

    @property
    def size(self) -> int:
        return self.form.size

    def attributes_used(self) -> set[str]:
        out: set[str] = set()
        for cat in self.categories:
            for part in cat.parts + cat.alternatives:
                out |= part.attributes()
        return out
