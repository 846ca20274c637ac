"""What each card looks like, worked out once from the deck: no drawing here.

The roles are found from the deck's declaration, never from a game's name (`deck.looks.face_roles`):
the suit attribute is the first one whose values have glyphs (it may be multi-valued; without
glyphs, the next attribute, drawn with its values' labels), the rank is the first ordered
single-valued attribute besides it, and a suit's colour comes from its own `rgb` or from the
attribute grouping it (a colour of suits). A grouping with many values (or with marks) is printed
on the card, so colours can be told apart without seeing colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..deck import Deck, Value
from ..deck.looks import face_roles
from ..memo import PerObject

INK = (40, 40, 52)
NEUTRAL = (120, 120, 135)
TAG_MIN_VALUES = 5  # a grouping with fewer values (red/black) is not worth printing


@dataclass(frozen=True)
class Suit:
    glyph: str | None
    rgb: tuple[int, int, int]
    name: str
    tag: str | None  # the colour's name or mark, printed so colour-blind players can read it
    label: str = ""  # drawn in the glyph's place when the value has none


@dataclass(frozen=True)
class CardArt:
    """Everything a face shows."""

    rank: str  # the index label ("10", "K", "∞"); "" when the deck has no rank
    rank_name: str | None  # a court's name ("Dragon"), shown large on big cards
    suits: tuple[Suit, ...]
    flags: frozenset[str]
    title: str | None  # a named card's own name ("The Lady of Pain")
    name: str  # the full card name

    @property
    def mark(self) -> str:
        """The index: the rank, or for a card without one (a trump, a named card) the initials of
        its own name ("Trump of the Sun": "TS"), never a question mark."""
        if self.rank:
            return self.rank
        words = [w for w in (self.title or self.name).replace("-", " ").split() if w[:1].isalnum()]
        if len(words) == 1 and len(words[0]) > 2:  # "Joker": "Jkr", never one letter read as a rank
            word = words[0]
            return (
                word[0].upper() + "".join(c for c in word[1:] if c.isalpha() and c.lower() not in "aeiou")
            )[:3]
        capitals = [w[0] for w in words if w[0].isupper() or w[0].isdigit()] or [w[0] for w in words]
        return "".join(capitals[:2]).upper() or "★"

    @property
    def ink(self) -> tuple[int, int, int]:
        return readable(self.suits[0].rgb) if len(self.suits) == 1 else INK

    @property
    def dot_key(self) -> tuple:
        """What a far-zoom dot shows: the suits' colours and glyphs and the flags, not the rank."""
        return tuple((s.glyph, s.label, s.rgb) for s in self.suits), self.flags


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255.0


def readable(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour, darkened if it would be too pale for text on an ivory card."""
    lum = luminance(rgb)
    if lum <= 0.55:
        return rgb
    f = 0.55 / lum * 0.85
    return (int(rgb[0] * f), int(rgb[1] * f), int(rgb[2] * f))


def _suit(deck: Deck, value: Value) -> Suit:
    rgb = value.rgb
    tag = value.mark
    for gname, gi in value.groups.items():
        if gi < 0:
            continue
        gattr = deck.attributes[gname]
        gv = gattr.values[gi]
        if rgb is None and gv.rgb is not None:
            rgb = gv.rgb
        if tag is None and (gv.mark or len(gattr.values) >= TAG_MIN_VALUES):
            tag = gv.mark or gv.name
    label = "" if value.glyph else value.label
    return Suit(value.glyph, tuple(rgb) if rgb else NEUTRAL, value.name, tag, label)  # type: ignore[arg-type]


def _is_number(text: str) -> bool:
    return text.isdigit()


_ART: PerObject[Deck, list[CardArt]] = PerObject()  # the art of decks still alive


def deck_art(deck: Deck) -> list[CardArt]:
    """The deck's card art, made once while the deck lives: every new table and deck browser
    paints from it (Play again made the 12,000 cards' art again: 12 ms of that frame)."""
    return _ART.get(deck, build_art)


def build_art(deck: Deck) -> list[CardArt]:
    """One CardArt per card; identical parts are shared, so 12,000 cards take milliseconds."""
    suit_attr, rank_attr = face_roles(deck)
    suit_cache: dict[int, tuple[Suit, ...]] = {}
    suit_col = deck.column(suit_attr.name) if suit_attr else None
    rank_col = deck.column(rank_attr.name) if rank_attr else None
    named_group = ["{" not in t for t in deck.name_templates]
    flag_cache: dict[int, frozenset[str]] = {}
    names = deck.names
    out = []
    for card in range(deck.size):
        suits: tuple[Suit, ...] = ()
        if suit_attr is not None and suit_col is not None:
            x = suit_col[card]
            suits = suit_cache.get(x)  # type: ignore[assignment]
            if suits is None:
                members = (
                    suit_attr.members(x) if suit_attr.multi else (() if x < 0 else (suit_attr.values[x],))
                )
                suits = tuple(_suit(deck, v) for v in members)
                suit_cache[x] = suits
        rank, rank_name = "", None
        if rank_attr is not None and rank_col is not None and rank_col[card] >= 0:
            rv = rank_attr.values[rank_col[card]]
            rank = rv.label
            if rv.name != rv.label and not _is_number(rv.label):
                rank_name = rv.name
        bits = deck.flag_bits[card]
        flags = flag_cache.get(bits)
        if flags is None:
            flags = flag_cache[bits] = deck.flags(card)
        title = names[card] if named_group[deck.group_of_card[card]] else None
        out.append(CardArt(rank, rank_name, suits, flags, title, names[card]))
    return out
