"""A hand the matcher found, in the words a player says it: "Two Pair, Queens and Eights",
"Straight: Ace to Five", "Four of a Kind, Nines", "Eight low".

Derived from the category's parts and the cards that make them (`HandValue.made`), nothing known
of any game: a part whose cards share a value names it ("Queens"), a run names its ends ("Ace
to Five", round the circle where the order is one), a hand with no pattern its highest card.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...deck import Deck
from ...hands.rules import Category, Part, Rules
from ...hands.value import HandValue


def hand_words(rules: Rules, deck: Deck, value: HandValue) -> str:
    """The category (or the matcher's fuller name) and what makes it, in a few words."""
    title = value.detail or value.category
    if value.rank >= len(rules.categories):
        return title
    cat = rules.categories[value.rank]
    if rules.lowest_wins and value.detail:
        return title  # "Seven low" says it all
    if rules.combine:
        shared = _shared(deck, rules.order, value.made)
        return f"{title} of {plural(shared)}" if shared else title
    groups = _groups(cat, value.made)
    said = [w for w in (_part_words(rules, deck, p, cs) for p, cs in groups) if w]
    if not said:  # no pattern (High Card) or nothing shared: the highest card says it
        top = _top(rules, deck, value.cards)
        return f"{title}, {top} high" if top else title
    runs = any(p.runs for p, _ in groups)
    return title + (": " if runs else ", ") + _join(said)


def plural(name: str) -> str:
    """'Queen' -> 'Queens', 'Six' -> 'Sixes', '2' -> '2s', 'Infinity' -> 'Infinities'."""
    if not name or not name[-1].isalpha():
        return f"{name}s"
    if name[-1] in "sxz" or name.endswith(("ch", "sh")):
        return f"{name}es"
    if name[-1] == "y" and len(name) > 1 and name[-2].lower() not in "aeiou":
        return f"{name[:-1]}ies"
    return f"{name}s"


def _groups(cat: Category, made: Sequence[int]) -> list[tuple[Part, tuple[int, ...]]]:
    """The made cards cut into the category's parts (the matcher lists them part by part); one
    group when the parts' sizes do not say where to cut."""
    sizes = [p.count for p in cat.parts]
    if not cat.parts or sum(sizes) != len(made) or any(p.max_count > p.count for p in cat.parts):
        return [(cat.parts[0], tuple(made))] if len(cat.parts) == 1 else []
    out, at = [], 0
    for part, n in zip(cat.parts, sizes):
        out.append((part, tuple(made[at : at + n])))
        at += n
    return out


def _part_words(rules: Rules, deck: Deck, part: Part, cards: tuple[int, ...]) -> str:
    if not cards:
        return ""
    if part.runs:
        return _run_words(deck, part.runs[0].attribute, cards)
    words = []
    for attr in part.same:
        shared = _shared(deck, attr, cards)
        if shared:
            words.append(plural(shared) if attr == rules.order and len(cards) > 1 else shared)
    return " ".join(words[:1]) + (f" ({', '.join(words[1:])})" if len(words) > 1 else "")


def _shared(deck: Deck, attr: str, cards: Sequence[int]) -> str:
    """The name of the one value of `attr` every card has ('' when there is none)."""
    if attr not in deck.attributes or not cards:
        return ""
    common: set[int] | None = None
    for card in cards:
        mine = {v.index for v in deck.values(card, attr)}
        common = mine if common is None else common & mine
    if not common or len(common) != 1:
        return ""
    return deck.attributes[attr].values[next(iter(common))].name


def _run_words(deck: Deck, attr: str, cards: Sequence[int]) -> str:
    """'Fire to Wave': the run's ends, in the attribute's order (round the circle where the
    largest gap between the values falls)."""
    if attr not in deck.attributes:
        return ""
    a = deck.attributes[attr]
    present = sorted({v.index for c in cards for v in deck.values(c, attr)})
    if not present:
        return ""
    lo, hi = present[0], present[-1]
    if a.order == "circular" and len(present) > 1:
        n = len(a.values)
        gaps = [((present[(i + 1) % len(present)] - p) % n, i) for i, p in enumerate(present)]
        _, i = max(gaps)
        lo, hi = present[(i + 1) % len(present)], present[i]
    elif len(present) > 1 and present[-1] - present[0] >= len(present):  # a low ace: A-2-3-4-5
        for i in range(len(present) - 1):
            if present[i + 1] - present[i] > 1:
                lo, hi = present[i + 1], present[i]
    return f"{a.values[lo].name} to {a.values[hi].name}"


def _top(rules: Rules, deck: Deck, cards: Sequence[int]) -> str:
    order = rules.card_order
    ranked = [c for c in cards if 0 <= c < len(order) and order[c] >= 0]
    if not ranked or rules.order not in deck.attributes:
        return ""
    best = max(ranked, key=lambda c: order[c])
    value = deck.value(best, rules.order) if not deck.attributes[rules.order].multi else None
    return value.name if value is not None else ""


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
