"""A hand category in words, for players: its own `describe:` sentence, or one derived from the
pattern ("5 cards of the same suit, in consecutive ranks") when the variant gives none.

The derived sentence is plain and literal; a designer's own sentence is always better, which is
why `cardtable validate` warns about a category without one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..deck import Attribute, Deck
from .conditions import REGISTRY
from .rules import Category, Part, Sequence_


def description(cat: Category, deck: Deck) -> str:
    """What a player reads about the category: the designer's sentence, else a derived one."""
    return cat.describe or derive(cat, deck)


def derive(cat: Category, deck: Deck) -> str:
    """One sentence from the pattern alone."""
    if cat.alternatives:
        ways = [_part(p, deck, combined=True) for p in cat.alternatives]
        text = ways[0] if len(ways) == 1 else "any one of: " + "; or ".join(ways)
    elif not cat.parts:
        return "Any hand: the highest cards count."
    else:
        text = _join([_part(p, deck, combined=False) for p in cat.parts])
        if cat.differ and len(cat.parts) > 1:
            text += ", each of a different " + _join([_label(deck, a) for a in cat.differ], "and")
    if cat.exact:
        text += ", side by side with nothing else in the line"
    return text[0].upper() + text[1:] + "."


def _label(deck: Deck, attr: str) -> str:
    a = deck.attributes.get(attr)
    return a.label if a is not None else attr


def _join(words: Sequence[str], last: str = "and") -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _names(attr: Attribute, indexes: Sequence[int]) -> list[str]:
    return [attr.values[i].name for i in indexes if 0 <= i < len(attr.values)]


def _count(p: Part, combined: bool) -> str:
    if combined and p.count and p.max_count > p.count:
        return f"{p.count} or more cards"
    n = p.count
    return "1 card" if n == 1 else f"{n} cards"


def _order_words(attr: Attribute, seqs: Sequence[Sequence_]) -> str:
    """'in consecutive ranks', 'round the circle', or the orders spelt out when given."""
    if len(seqs) == 1 and not seqs[0].wrap:
        low = [v for v, pos in seqs[0].positions.items() if len(pos) > 1]
        extra = f" ({_join(_names(attr, low), 'or')} may also count low)" if low else ""
        return f"in consecutive {attr.label}s{extra}"
    if len(seqs) == 1:
        return f"in consecutive {attr.label}s (round the circle: the last leads back to the first)"
    orders = []
    for s in seqs:
        by_pos = sorted(s.positions.items(), key=lambda kv: kv[1][0])
        orders.append("-".join(attr.values[v].label for v, _ in by_pos))
    return f"in consecutive {attr.label}s in the order {_join(orders, 'or')}"


def _part(p: Part, deck: Deck, combined: bool) -> str:
    attrs = deck.attributes
    if p.declared:
        return f"the {p.count} cards you named before the deal" if p.count else "the cards you named"
    if p.cover:
        wanted = []
        for cond in p.cover:
            bits = []
            for a, v in cond:
                attr = attrs[a]
                if attr.multi:
                    names = [m.name for m in attr.members(v)]
                    bits.append(" ".join(names) if names else f"no {attr.label}")
                elif v < 0:
                    bits.append(f"no {attr.label}")
                else:
                    bits.append(attr.values[v].name)
            wanted.append(" ".join(bits))
        return f"{len(p.cover)} cards: one each of " + _join(wanted)
    if p.values:
        a, shown = p.values[0]
        names = _names(attrs[a], sorted(shown))
        text = "the " + _join(names)
    else:
        text = _count(p, combined)
    bits = []
    if p.same:
        bits.append("of the same " + _join([_label(deck, a) for a in p.same]))
    for run in p.runs:
        bits.append(_order_words(attrs[run.attribute], run.sequences))
    if p.distinct:
        bits.append("no two of the same " + _join([_label(deck, a) for a in p.distinct], "or"))
    if p.none:
        bits.append("with no " + _join([_label(deck, a) for a in p.none], "or"))
    bits += [_extra_words(name, value, deck) for name, value in p.extra]
    if not bits and not p.values:
        return text
    return text + " " + ", ".join(bits) if bits else text


def _extra_words(name: str, value: object, deck: Deck) -> str:
    """A registered condition's phrase, or its field and meaning when it gives none."""
    cond = REGISTRY.get(name)
    if cond is not None and cond.words is not None and "describe" in cond.supports:
        return cond.words(value, deck)
    return f"with '{name}' ({cond.meaning if cond is not None else 'a condition'})"
