"""The names a deck's look may use: suit glyphs (the ids in sprites/glyphs.yaml) and card-back
patterns. A misspelt one would be drawn as a fallback without a word, so loading checks them."""

from __future__ import annotations

from functools import cache

from ..errors import Problem, VariantError
from ..paths import shipped
from ..schema import suggest
from ..yamlsrc import Node, load_file

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
