"""The names a deck's look may use: suit glyphs (the ids in sprites/glyphs.yaml) and card-back
patterns. A misspelt one would be drawn as a fallback without a word, so loading checks them.
Which attributes a face shows (`face_roles`) and cards that would look alike (`look_alike`) are
worked out here, from the deck alone, so validation can warn and the renderer draws the same."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..errors import Problem, VariantError
from ..paths import shipped
from ..schema import suggest
from ..yamlsrc import Node, load_file
from .model import Attribute, Deck, Value

# What render/faces.py draws; any other name would silently fall back to the lattice.
BACK_PATTERNS = ("lattice", "grid", "circle", "rings", "diamonds", "swords")


@cache
def glyph_names() -> frozenset[str] | None:
    """Every glyph id the shipped sprites define; None when the sprites cannot be read (then no
    glyph is refused: a broken install must not make every variant fail)."""
    try:
        root = load_file(str(shipped("sprites") / "glyphs.yaml"))
    except VariantError:
        return None
    glyphs = root.get("glyphs")
    return frozenset(glyphs.value) if glyphs is not None and glyphs.is_map else None


def check_glyphs(vnodes: dict[str, list[Node]], out: list[Problem]) -> None:
    """Every `glyph:` of a value names a glyph of the sprites."""
    known = glyph_names()
    if known is None:
        return
    for nodes in vnodes.values():
        for vnode in nodes:
            gnode = vnode.get("glyph")
            if gnode is not None and str(gnode.value) not in known:
                out.append(
                    gnode.problem(f"no glyph named '{gnode.value}'" + suggest(str(gnode.value), known))
                )


def face_roles(deck: Deck) -> tuple[Attribute | None, Attribute | None]:
    """(suit, rank): the suit is the first attribute whose values have glyphs (it may be
    multi-valued), the rank the first ordered single-valued attribute besides it. A deck without
    glyphs draws its next attribute in the suit's places with its values' labels, so a deck written
    with ranges (`a..t`) shows every card's two values."""
    direct = [a for a in deck.attributes.values() if a.of is None]
    suit = next((a for a in direct if any(v.glyph for v in a.values)), None)
    candidates = [a for a in direct if not a.multi and a is not suit]
    rank = next((a for a in candidates if a.order == "ordered"), candidates[0] if candidates else None)
    if suit is None:
        suit = next((a for a in direct if a is not rank), None)
    return suit, rank


def value_look(deck: Deck, value: Value) -> tuple[Any, ...]:
    """What a suit's value shows: its glyph (else its label), its colour and printed group."""
    rgb, tag = value.rgb, value.mark
    for gname, gi in value.groups.items():
        gv = deck.attributes[gname].values[gi] if gi >= 0 else None
        if gv is not None:
            rgb = rgb or gv.rgb
            tag = tag or gv.mark or (gv.name if len(deck.attributes[gname].values) >= 5 else None)
    return value.glyph, "" if value.glyph else value.label, tuple(rgb) if rgb else None, tag


def look_alike(deck: Deck) -> tuple[int, int, int] | None:
    """Two different cards whose faces would show the same (and how many cards share a face
    with another), or None. Copies of one card (`count`) are not different cards."""
    suit, rank = face_roles(deck)
    looks = {id(v): value_look(deck, v) for v in suit.values} if suit else {}
    suit_col = deck.column(suit.name) if suit else None
    rank_col = deck.column(rank.name) if rank else None
    columns = [deck.column(a) for a in deck.attributes]
    names = deck.names
    named = ["{" not in t for t in deck.name_templates]
    seen: dict[tuple[Any, ...], tuple[tuple[Any, ...], int]] = {}
    first: tuple[int, int] | None = None
    alike = 0
    for card in range(deck.size):
        shown_suit: tuple[Any, ...] = ()
        if suit is not None and suit_col is not None:
            x = suit_col[card]
            members = suit.members(x) if suit.multi else (() if x < 0 else (suit.values[x],))
            shown_suit = tuple(looks[id(v)] for v in members)
        shown_rank = (
            rank.values[rank_col[card]].label if rank and rank_col and rank_col[card] >= 0 else names[card]
        )
        title = names[card] if named[deck.group_of_card[card]] else None  # a named card's own name
        face = (shown_rank, shown_suit, deck.flag_bits[card], title)
        identity = (tuple(col[card] for col in columns), names[card])
        other = seen.setdefault(face, (identity, card))
        if other[0] != identity:
            alike += 1
            first = first or (other[1], card)
    return (first[0], first[1], alike) if first else None


def look_alike_warning(deck: Deck, node: Node) -> list[Problem]:
    """validate's warning when two different cards would look the same on their faces."""
    found = look_alike(deck)
    if found is None:
        return []
    a, b, alike = found
    more = f" ({alike} cards look like another)" if alike > 1 else ""
    return [
        node.problem(
            f"cards '{deck.names[a]}' and '{deck.names[b]}' would look the same on their faces{more}: "
            "give their values a glyph, a label or a colour that tells them apart"
        )
    ]
