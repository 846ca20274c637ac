"""The rules page's legend: what each symbol on the deck's faces means, read from the deck's
declaration (never a game's name). The suit's glyphs (or labels) with their names, the colours
grouping them, the rank's letters, a circular order as its circle, how many suits a card may
carry, and the marks of flagged cards (wild, dead, trump) with the cards that carry them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from ..deck.looks import face_roles
from ..render.glyphs import GlyphBook
from . import ui

MANY_SUITS = 24  # more suits than this: each glyph once, with a few of the suits drawn with it
LONG_ORDER = 60  # values in an order written out in full
TEXT = (215, 230, 220)
HEAD = (250, 250, 250)
FLAG_LOOKS = {  # how render/faces.py marks a flagged card
    "wild": "coloured bands down both sides",
    "dead": "grey stripes",
    "trump": "a gold border",
}


@dataclass(frozen=True)
class Item:
    """One symbol and what it means: a glyph (in `rgb`), a colour swatch, or a printed mark."""

    words: str
    glyph: str | None = None
    rgb: tuple[int, int, int] | None = None
    mark: str = ""


@dataclass
class Group:
    heading: str
    items: list[Item] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _names(names: list[str], most: int = 3) -> str:
    shown = ", ".join(names[:most])
    return shown if len(names) <= most else f"{shown} and {len(names) - most} more"


def _suit_rgb(deck: Any, value: Any) -> tuple[int, int, int] | None:
    if value.rgb is not None:
        return tuple(value.rgb)
    for gname, gi in value.groups.items():
        if gi >= 0 and deck.attributes[gname].values[gi].rgb is not None:
            return tuple(deck.attributes[gname].values[gi].rgb)
    return None


def _order_notes(attr: Any, noun: str) -> list[str]:
    labels = [v.label for v in attr.values]
    if attr.order == "circular":
        return [
            f"{noun.capitalize()}s go round a circle: "
            + " → ".join([*[v.name for v in attr.values], attr.values[0].name])
            + "."
        ]
    if attr.order == "ordered" and 1 < len(labels) <= LONG_ORDER:
        return [f"Low to high: {' '.join(labels)}."]
    return []


def _suit_group(deck: Any, suit: Any) -> Group:
    noun = suit.label or suit.name
    group = Group(f"{noun.capitalize()}s")
    glyphs = any(v.glyph for v in suit.values)
    if not glyphs:  # drawn with its labels
        group.items = [Item(v.name, mark=v.label) for v in suit.values if v.label != v.name][:LONG_ORDER]
        if not group.items:
            group.notes.append(f"Each card shows its {noun} as written.")
    elif len(suit.values) <= MANY_SUITS:
        group.items = [Item(v.name, v.glyph, _suit_rgb(deck, v)) for v in suit.values]
    else:  # many suits, few shapes: each shape once, with the suits it marks
        by_glyph: dict[str, list[str]] = {}
        for v in suit.values:
            by_glyph.setdefault(v.glyph or "", []).append(v.name)
        group.items = [Item(_names(names, 2), g or None, (60, 60, 70)) for g, names in by_glyph.items()]
        group.notes.append(
            f"{len(suit.values)} {noun}s: each shape is drawn in every colour, and a {noun} is its shape "
            "and its colour together."
        )
    if suit.multi:
        most = suit.max or len(suit.values)
        words = f"A card carries no {noun}, one, or up to {most} at once (all its {noun}s are drawn)"
        apart = [" with ".join(suit.values[i].name for i in sorted(pair)) for pair in suit.exclusive]
        group.notes.append(words + (f"; never {_names(apart, 4)}." if apart else "."))
    group.notes += _order_notes(suit, noun)
    return group


def _colour_group(deck: Any, attr: Any, suit: Any) -> Group:
    noun = attr.label or attr.name
    printed = len(attr.values) >= 5 or any(v.mark for v in attr.values)
    group = Group(f"{noun.capitalize()}s" + (" (the name is printed on the card)" if printed else ""))
    group.items = [Item(v.name, rgb=tuple(v.rgb) if v.rgb else None) for v in attr.values]
    per = len(suit.values) // max(1, len(attr.values))
    if per > 1:
        group.notes.append(f"Every {noun} has {per} {suit.label or suit.name}s of its own.")
    return group


def _rank_group(rank: Any) -> Group | None:
    noun = rank.label or rank.name
    lettered = [
        v for v in rank.values if v.label != v.name and not v.label.isdigit()
    ]  # "K": King, not "2": Two
    group = Group(f"{noun.capitalize()}s", [Item(v.name, mark=v.label) for v in lettered])
    group.notes += _order_notes(rank, noun)
    return group if group.items or group.notes else None


def _flag_group(deck: Any) -> Group | None:
    if not deck.flag_names:
        return None
    group = Group("Marked cards")
    for bit, flag in enumerate(deck.flag_names):
        cards = sorted({deck.names[c] for c in range(deck.size) if deck.flag_bits[c] >> bit & 1})
        if not cards:
            continue
        look = FLAG_LOOKS.get(flag, f"the word {flag.upper()} along the top")
        doc = deck.flag_docs.get(flag) or ""
        which = f" ({_names(cards)})" if len(cards) <= 3 else ""
        group.notes.append(f"{flag.capitalize()}{which}: {look}" + (f"; {doc}." if doc else "."))
    return group if group.notes else None


def legend(deck: Any) -> list[Group]:
    """What the deck's faces show, group by group (empty for a deck of plain numbers)."""
    suit, rank = face_roles(deck)
    groups: list[Group | None] = []
    if suit is not None:
        groups.append(_suit_group(deck, suit))
        groups += [  # where the suits' own list does not show every colour already
            _colour_group(deck, a, suit)
            for a in deck.attributes.values()
            if a.of == suit.name
            and any(v.rgb for v in a.values)
            and (len(suit.values) > MANY_SUITS or len(a.values) >= 5 or any(v.mark for v in a.values))
        ]
    if rank is not None:
        groups.append(_rank_group(rank))
    groups.append(_flag_group(deck))
    return [g for g in groups if g is not None and (g.items or g.notes)]


class Legend:
    """The legend laid out for a width: every symbol and sentence placed, none cut (a sentence
    wraps, a row of symbols flows onto the next line)."""

    SIZE = 16  # design size of its words

    def __init__(self, deck: Any) -> None:
        self.groups = legend(deck)
        self.glyphs = GlyphBook()
        self._laid: dict[tuple[int, float], tuple[int, list[tuple[str, Any, pygame.Rect]]]] = {}

    def layout(self, width: int) -> tuple[int, list[tuple[str, Any, pygame.Rect]]]:
        """(height, [(kind, what, rect relative to the block's top left)]) at this width."""
        key = (width, ui.scale())
        laid = self._laid.get(key)
        if laid is None:
            laid = self._laid[key] = self._layout(width)
        return laid

    def _layout(self, width: int) -> tuple[int, list[tuple[str, Any, pygame.Rect]]]:
        size, step = self.SIZE, ui.line(self.SIZE) + 4
        icon = ui.line(self.SIZE)
        out: list[tuple[str, Any, pygame.Rect]] = []
        y = 0
        head = ui.line(18)
        for group in self.groups:
            out.append(("head", group.heading, pygame.Rect(0, y, width, head)))
            y += head + 2
            x = 0
            for item in group.items:
                text_w = ui.font(size).size(ui.cut(item.words, ui.MAX_LINE))[0]
                mark_w = ui.font(size, True).size(item.mark)[0] + 8 if item.mark else icon
                need = mark_w + 6 + text_w
                if x and x + need > width:
                    x, y = 0, y + step
                out.append(("item", item, pygame.Rect(x, y, min(need, width), icon)))
                x += need + 18
            if group.items:
                y += step
            for note in group.notes:
                for line in ui.wrap(note, size, width):
                    out.append(("note", line, pygame.Rect(0, y, width, icon)))
                    y += ui.line(size) + 2
            y += 6
        return y, out

    def height(self, width: int) -> int:
        return self.layout(width)[0]

    def draw(self, surface: pygame.Surface, at: tuple[int, int], width: int, bottom: int) -> None:
        """Draw the parts whose top lies above `bottom` (the rest is on the next scroll)."""
        icon = ui.line(self.SIZE)
        for kind, what, rel in self.layout(width)[1]:
            rect = rel.move(at)
            if rect.bottom > bottom:
                break
            if kind == "head":
                ui.text(surface, what, rect.topleft, 18, HEAD, bold=True, width=width)
            elif kind == "note":
                ui.text(surface, what, rect.topleft, self.SIZE, TEXT)
            else:
                self._item(surface, what, rect, icon)

    def _item(self, surface: pygame.Surface, item: Item, rect: pygame.Rect, icon: int) -> None:
        x = rect.left
        if item.mark:
            box = ui.tag(
                surface, item.mark, (x, rect.centery), self.SIZE, ui.PANEL, ui.INK, (8, 2), 4, "midleft"
            )
            x = box.right + 6
        else:
            square = pygame.Rect(x, rect.top, icon, icon)
            pygame.draw.rect(surface, ui.PANEL, square, border_radius=4)
            if item.glyph is not None:
                colour = item.rgb or (60, 60, 70)
                surface.blit(self.glyphs.render(item.glyph, icon - 4, colour), (x + 2, rect.top + 2))
            elif item.rgb is not None:
                pygame.draw.rect(surface, item.rgb, square.inflate(-4, -4), border_radius=3)
            x = square.right + 6
        ui.text(surface, item.words, (x, rect.top), self.SIZE, TEXT, width=max(8, rect.right - x))
