"""The built deck: cards are small integers; attributes are lookup columns.

Per-card data are tuples of ints, so a 12,000-card deck builds in milliseconds and a card's value
of an attribute is one index.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from ..schema import suggest
from .exclusive import Exclusions


@dataclass(frozen=True)
class Value:
    """One value of an attribute (a rank, a suit...)."""

    index: int
    id: str
    label: str
    name: str
    rgb: tuple[int, int, int] | None = None
    glyph: str | None = None
    mark: str | None = None
    flags: frozenset[str] = frozenset()
    groups: dict[str, int] = field(default_factory=dict)  # other attribute -> value index


@dataclass
class Attribute:
    name: str
    values: tuple[Value, ...]
    order: str = "ordered"
    multi: bool = False
    of: str | None = None  # this attribute groups the values of `of` (colour of suit)
    label: str = ""
    max: int | None = None
    exclusive: tuple[frozenset[int], ...] = ()
    index: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {v.id: v.index for v in self.values}
        self.label = self.label or self.name

    def __len__(self) -> int:
        return len(self.values)

    def lookup(self, value_id: object) -> Value | None:
        i = self.index.get(str(value_id))
        return None if i is None else self.values[i]

    @cached_property
    def exclusions(self) -> Exclusions:
        """The exclusive sets as bitmasks, for quick tests (exclusive.py)."""
        return Exclusions.of(self.exclusive, len(self.values))

    def combinations(self, limit: int) -> list[int]:
        """Every allowed set of values of a multi-valued attribute, as bitmasks (by size, then in
        order), stopping once it has more than `limit`, so a power set of 26 values is never
        made. Its cost is bounded first by the caller (`Exclusions.combination_cost`)."""
        size = self.max if self.max is not None else len(self.values)
        return self.exclusions.combinations(min(size, len(self.values)), limit)

    def unknown(self, text: object) -> str:
        """The message for a value id this attribute lacks, suggesting a close id, or the id of a
        value whose label or name it is ('10' -> T)."""
        text = str(text)
        by_label = next((v for v in self.values if text in (v.label, v.name) and v.id != text), None)
        if by_label is not None:
            hint = f" (did you mean '{by_label.id}' (label {by_label.label})?)"
        else:
            hint = suggest(text, self.index)
        return f"'{text}' is not a value of '{self.name}'{hint}"

    def members(self, mask: int) -> tuple[Value, ...]:
        return tuple(v for v in self.values if mask >> v.index & 1)


_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z]+)?)\}")  # a card template's {attribute.part}


@dataclass
class Deck:
    """A built deck. Card c's value of attribute a is `columns[a][c]`: a value index, -1 for
    none, or for a multi-valued attribute a bitmask of value indexes."""

    attributes: dict[str, Attribute]
    columns: dict[str, tuple[int, ...]]
    flag_names: tuple[str, ...]
    flag_bits: tuple[int, ...]
    flag_docs: dict[str, str]
    name_templates: tuple[str, ...]  # per group
    short_templates: tuple[str, ...]
    group_of_card: tuple[int, ...]
    back: dict[str, object] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.group_of_card)

    def __len__(self) -> int:
        return self.size

    def column(self, attribute: str) -> tuple[int, ...]:
        return self.columns[attribute]

    def value(self, card: int, attribute: str) -> Value | None:
        """The card's value of a single-valued attribute (None if it has none)."""
        i = self.columns[attribute][card]
        return None if i < 0 else self.attributes[attribute].values[i]

    def values(self, card: int, attribute: str) -> tuple[Value, ...]:
        """The card's values of any attribute, as a tuple (empty, one, or several)."""
        attr = self.attributes[attribute]
        x = self.columns[attribute][card]
        if attr.multi:
            return attr.members(x)
        return () if x < 0 else (attr.values[x],)

    def flags(self, card: int) -> frozenset[str]:
        bits = self.flag_bits[card]
        return frozenset(name for i, name in enumerate(self.flag_names) if bits >> i & 1)

    def has_flag(self, card: int, flag: str) -> bool:
        try:
            i = self.flag_names.index(flag)
        except ValueError:
            return False
        return bool(self.flag_bits[card] >> i & 1)

    def flag_column(self, flag: str) -> tuple[bool, ...]:
        if flag not in self.flag_names:
            return (False,) * self.size
        bit = 1 << self.flag_names.index(flag)
        return tuple(bool(b & bit) for b in self.flag_bits)

    def _field_text(self, name: str, card: int) -> str:
        """A template field's text for the card: `attribute` (its values' names) or
        `attribute.part` (their ids, labels...), several values joined by "+"."""
        attr, _, part = name.partition(".")
        return "+".join(getattr(v, part or "name") for v in self.values(card, attr))

    def _render(self, template: str, card: int) -> str:
        return _FIELD.sub(lambda match: self._field_text(match.group(1), card), template).strip()

    def _render_all(self, templates: tuple[str, ...]) -> tuple[str, ...]:
        """Every card's template rendered, as `_render` does card by card, but each template split
        once and each field's text worked out once per value (12,000 names: 29 ms one by one)."""
        split = [_FIELD.split(t) for t in templates]  # literal, field, literal, ..., literal
        texts: dict[tuple[str, int], str] = {}  # (field, column value) -> its text

        def text(name: str, card: int) -> str:
            x = self.columns[name.partition(".")[0]][card]
            got = texts.get((name, x))
            if got is None:
                got = texts[(name, x)] = self._field_text(name, card)
            return got

        out = []
        for card, g in enumerate(self.group_of_card):
            pieces = split[g]
            out.append(
                "".join(piece if i % 2 == 0 else text(piece, card) for i, piece in enumerate(pieces)).strip()
            )
        return tuple(out)

    def name(self, card: int) -> str:
        return self.names[card]

    def short(self, card: int) -> str:
        return self._render(self.short_templates[self.group_of_card[card]], card)

    @cached_property
    def names(self) -> tuple[str, ...]:
        return self._render_all(self.name_templates)

    @cached_property
    def search_text(self) -> tuple[str, ...]:
        """Lower-case text per card: its name, every value's id, label and name, and its flags."""
        out = []
        for card in range(self.size):
            parts = [self.names[card]]
            for attr in self.attributes:
                for v in self.values(card, attr):
                    parts += [v.id, v.label, v.name]
            parts += sorted(self.flags(card))
            out.append(" ".join(parts).lower())
        return tuple(out)
