"""Drawing the middle of the table: the felt, the table's zones (stacks, rows and fans, grids with
the places a card may go) and the pots."""

from __future__ import annotations

import pygame

from ...engine.types import Template, View, ZoneView
from .. import frame, ui
from ..geometry import fan_positions
from .cards import Canvas
from .choices import Choices
from .layout import GridCamera, TableLayout
from .palette import GLOW, LABEL, RAIL, SPOT, TABLE_FELT


def draw_felt(canvas: Canvas, layout: TableLayout) -> None:
    t = layout.geo.table
    pygame.draw.ellipse(canvas.surface, RAIL, t.inflate(-20, -20))
    pygame.draw.ellipse(canvas.surface, TABLE_FELT, t.inflate(-44, -44))


def draw_table_zones(
    canvas: Canvas, layout: TableLayout, view: View, grid: GridCamera, choices: Choices
) -> None:
    """Every zone of the table (not of a seat) in its declared place."""
    legal = view.get("legal", [])
    flips = next((t for t in legal if t["type"] == "flip"), None)
    spots = next((t for t in legal if t["type"] == "place"), None)
    stacks, others = layout.table_zones(view)
    for _, z, pos, width in stacks:
        draw_stack(canvas, pos, width, z)
    for name, z, area in others:
        if "cells" in z:
            draw_grid(canvas, area, name, z, view["seat"], flips, spots, grid, choices)
        else:
            draw_row(canvas, area, name, z, layout.geo.card_width, view["seat"], flips)


def draw_stack(canvas: Canvas, pos: tuple[int, int], width: int, z: ZoneView) -> None:
    """A pile drawn as layers as thick as its count, its top card (a back, mostly) on it."""
    surface, count = canvas.surface, z["count"]
    layers = 0 if count == 0 else min(14, 1 + count.bit_length())
    x, y = pos[0], pos[1] + layers * 2
    for i in range(layers):
        layer = (x + i, y - i * 2, width, int(width * 1.4))
        pygame.draw.rect(surface, (235, 232, 220), layer, border_radius=5)
        pygame.draw.rect(surface, (120, 120, 120), layer, 1, border_radius=5)
    if count:
        top = z["cards"][-1] if z.get("cards") else -1
        canvas.anim.deck_pos = (x + layers, y - layers * 2)  # new cards glide in from here
        canvas.card(top, canvas.anim.deck_pos, width, "stack")
    label = f"{z['label']}: {count:,}"
    if count >= 2000:  # a physical deck's height: about 0.2 mm a card
        label += f" ({count * 0.2 / 1000:.1f} m tall)"
    ui.text(surface, label, (x, y + int(width * 1.4) + 4), 18, ui.WHITE)


def draw_row(
    canvas: Canvas,
    area: pygame.Rect,
    name: str,
    z: ZoneView,
    width: int,
    seat: int | None,
    flips: Template | None,
) -> None:
    """A row or fan of the table's cards; cards the viewer may flip glow and flip on a click."""
    cards = z["cards"]
    if z["shape"] == "row":  # a row is laid out side by side: shrink the cards to fit, never overlap
        room = max(5, len(cards))
        width = max(24, min(width, int(area.width / (room * 1.08)), int(area.height / 1.4) - 24))
    label = f"{z['label']}" + (f" ({len(cards)})" if z["shape"] == "fan" else "")
    slot = pygame.Rect(0, 0, min(area.width - 8, width * 5 + 40), int(width * 1.4))
    slot.center = (area.centerx, area.centery + 8)
    ui.text(canvas.surface, label, (slot.left, max(area.top, slot.top - 22)), 18, LABEL)
    if not cards:  # show where the cards will go
        pygame.draw.rect(canvas.surface, (40, 118, 80), slot, width=2, border_radius=8)
    choices = set(flips["choices"]) if flips and flips.get("key") == "index" else set()
    spread = 1.08 if z["shape"] == "row" else 0.5
    positions = fan_positions(len(cards), (area.centerx, area.centery + 8), width, spread, area.width)
    for i, (card, pos) in enumerate(zip(cards, positions)):
        if i in choices and seat is not None:
            flip = {"seat": seat, "type": "flip", "index": i}
            canvas.card(card, pos, width, "community", "flip", flip, outline=GLOW)
        else:
            canvas.card(card, pos, width, "community", slot=(name, i))


def draw_grid(
    canvas: Canvas,
    area: pygame.Rect,
    name: str,
    z: ZoneView,
    seat: int | None,
    flips: Template | None,
    place: Template | None,
    grid: GridCamera,
    choices: Choices,
) -> None:
    """A fixed or growing grid, zoomed and panned, with the places a card may go outlined (the
    one pointed at shows what it would score) and the cards the viewer may flip glowing."""
    surface, cells = canvas.surface, z["cells"]
    spots = [tuple(s) for s in place["spots"]] if place else []
    points = [(r, c) for r, c, _ in cells] + spots
    bounds = bound_area(z)  # a bounded open grid: the area its cards may still reach
    points += list(bounds or ())
    size = z.get("size")
    if size:
        r0, c0, rows, cols = 0, 0, size[0], size[1]
    elif points:
        r0, c0 = min(p[0] for p in points), min(p[1] for p in points)
        rows, cols = max(p[0] for p in points) - r0 + 1, max(p[1] for p in points) - c0 + 1
    else:
        r0, c0, rows, cols = 0, 0, 1, 1
    inner, width, (left, top) = grid.place(area, rows, cols)
    height = int(width * 1.4)
    bound = z.get("bound")
    label = z["label"] + (f"  (at most {bound[0]} x {bound[1]})" if bound else "")
    ui.text(surface, label, (max(area.left, left), max(area.top, top - 22)), 18, LABEL)
    clip, first_hit = surface.get_clip(), len(canvas.hits)
    surface.set_clip(inner)
    if grid.zoom > 1:
        hint = "wheel: zoom · right-drag: pan · 0: fit"
        ui.text(surface, hint, (inner.right, area.top), 16, (200, 220, 210), anchor="topright")
    flip_at = {(c[0], c[1]) for c in flips["choices"] if isinstance(c, list)} if flips else set()

    def corner(r: int, c: int) -> tuple[int, int]:
        return left + (c - c0) * (width + 4), top + (r - r0) * (height + 4)

    if bounds:  # the bound, drawn round the cells the grid may still fill
        (ra, ca), (rb, cb) = bounds
        x0, y0 = corner(ra, ca)
        x1, y1 = corner(rb, cb)
        pygame.draw.rect(
            surface, LABEL, pygame.Rect(x0 - 4, y0 - 4, x1 - x0 + width + 8, y1 - y0 + height + 8), 2, 8
        )
    for r, c, card in cells:
        if (r, c) in flip_at and seat is not None:
            flip = {"seat": seat, "type": "flip", "at": [r, c]}
            glow = GLOW if choices.hover is None else None
            canvas.card(card, corner(r, c), width, "grid", "flip", flip, outline=glow)
        else:
            canvas.card(card, corner(r, c), width, "grid", slot=(name, (r, c)))
    for r, c in spots:
        rect = pygame.Rect(*corner(r, c), width, height)
        chosen = choices.spot is not None and choices.spot[0] == (r, c)
        pygame.draw.rect(surface, SPOT, rect, width=3 if not chosen else 6, border_radius=6)
        canvas.hit(rect, "spot", (r, c))
    if choices.spot and choices.spot[1]:
        (r, c), words = choices.spot
        x, y = corner(r, c)
        ui.tag(surface, words, (x + width // 2, y - 4), 22, SPOT, radius=6, anchor="midbottom")
    surface.set_clip(clip)
    # cards zoomed out of sight cannot be clicked
    canvas.hits[first_hit:] = [h for h in canvas.hits[first_hit:] if inner.colliderect(h.rect)]


def bound_area(z: ZoneView) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The first and last cell an open grid bounded to rows x cols may still use."""
    bound, cells = z.get("bound"), z.get("cells") or []
    if not bound or not cells:
        return None
    rows, cols = [r for r, _, _ in cells], [c for _, c, _ in cells]
    return (max(rows) - bound[0] + 1, max(cols) - bound[1] + 1), (
        min(rows) + bound[0] - 1,
        min(cols) + bound[1] - 1,
    )


def draw_pots(canvas: Canvas, area: pygame.Rect, view: View) -> None:
    """The chips in the middle: one badge, with the side pots once somebody is all in."""
    pots = view.get("pots") or []
    if not pots:
        return
    words = f"Pot {sum(p['amount'] for p in pots):,}"
    all_in = any(s["chips"] == 0 and not s["out"] and not s["folded"] for s in view["seats"])
    if len(pots) > 1 and all_in:  # side pots are real only once somebody is all in
        words += "  (" + " + ".join(f"{p['amount']:,}" for p in pots) + ")"
    box = ui.tag(
        canvas.surface, words, (area.right, area.top), 30, GLOW, pad=(20, 8), radius=14, anchor="topright"
    )
    frame.region("pot", box)
