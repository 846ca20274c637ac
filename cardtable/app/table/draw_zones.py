"""Drawing the middle of the table: the felt, the table's zones (stacks, rows and fans, grids with
the places a card may go) and the pots."""

from __future__ import annotations

import pygame

from ...engine.types import View, ZoneView
from ...engine.verbs.base import CardSpots, Turnable
from .. import ui
from ..controls import card_spots, turnable
from ..geometry import fan_positions
from .cards import Canvas
from .choices import Choices
from .layout import GridCamera
from .palette import BEST, GLOW, LABEL, SPOT
from .view_layout import TableLayout, bound_area, grid_extent
from .your_hand import HandLine


def draw_table_zones(
    canvas: Canvas,
    layout: TableLayout,
    view: View,
    grid: GridCamera,
    choices: Choices,
    hand: HandLine | None = None,
) -> None:
    """Every zone of the table (not of a seat): the piles in their strip, the rows and grids
    sharing the board area, their labels along the top of the middle. `hand`: the viewer's hand
    line, whose cards on the board are outlined and whose points show on the grid's places."""
    plan = layout.plan
    turn, spots = turnable(view), card_spots(view)  # the deciding verb's, if any
    for z, slot in pile_slots(layout, view):
        draw_stack(canvas, slot, plan.stack_card, z)
    spread = spread_areas(layout, view)
    labels = "   ".join(label_of(z) for _, z, _ in spread)
    if labels:
        ui.text(
            canvas.surface, labels, plan.labels.midleft, 18, LABEL, anchor="midleft", width=plan.labels.width
        )
    for name, z, area in spread:
        if "cells" in z:
            draw_grid(canvas, area, name, z, view, turn, spots, grid, choices, hand)
        else:
            best = hand.cards if hand is not None else frozenset()
            draw_row(canvas, area, name, z, plan.board_card, view["seat"], turn, best)


def label_of(z: ZoneView) -> str:
    """A zone's label on the felt: a fan's count, a bounded grid's bound."""
    bound = z.get("bound")
    if bound:
        return f"{z['label']}  (at most {bound[0]} x {bound[1]})"
    return z["label"] + (f" ({len(z.get('cards', []))})" if z["shape"] == "fan" else "")


def draw_stack(canvas: Canvas, slot: pygame.Rect, width: int, z: ZoneView) -> None:
    """A pile drawn as layers as thick as its count, its top card (a back, mostly) on it, and
    its name and count below, within `slot`."""
    surface, count = canvas.surface, z["count"]
    layers = _layers(count)
    x = slot.left + (slot.width - width - layers) // 2
    y = slot.top + 4 + layers * 2
    if layers:
        surface.blit(_pile(surface, layers, width), (x, y - (layers - 1) * 2))
    if count:
        top = z["cards"][-1] if z.get("cards") else -1
        canvas.anim.deck_pos = (x + layers, y - layers * 2)  # new cards glide in from here
        canvas.card(top, canvas.anim.deck_pos, width, "stack")
    below = y + int(width * 1.4) + 4
    ui.text(surface, z["label"], (slot.centerx, below), 18, ui.WHITE, anchor="midtop", width=slot.width)
    line = below + ui.line(18)
    ui.text(surface, f"{count:,}", (slot.centerx, line), 18, LABEL, anchor="midtop", width=slot.width)
    if count >= 2000:  # a physical deck's height: about 0.2 mm a card
        height = f"{count * 0.2 / 1000:.1f} m"
        tall = ui.fit([f"{height} tall", height], 16, slot.width)
        ui.text(
            surface, tall, (slot.centerx, line + ui.line(18)), 16, LABEL, anchor="midtop", width=slot.width
        )


_PILES: dict[tuple[int, int, int, tuple[int, ...]], pygame.Surface] = {}
_NOT_INK = (255, 0, 255)  # a pile's see-through ground: none of its colours


def _pile(surface: pygame.Surface, layers: int, width: int) -> pygame.Surface:
    """A pile's layers (each card's edge drawn over the one below, one px right and two up), drawn
    once per size on a see-through ground: a blit then leaves the same pixels as drawing them."""
    key = (layers, width, surface.get_bitsize(), surface.get_masks())
    pile = _PILES.get(key)
    if pile is None:
        if len(_PILES) >= 64:
            _PILES.clear()
        h = int(width * 1.4)
        pile = pygame.Surface((width + layers - 1, h + (layers - 1) * 2), 0, surface)
        pile.fill(_NOT_INK)
        pile.set_colorkey(_NOT_INK)
        for i in range(layers):
            layer = (i, (layers - 1 - i) * 2, width, h)
            pygame.draw.rect(pile, (235, 232, 220), layer, border_radius=5)
            pygame.draw.rect(pile, (120, 120, 120), layer, 1, border_radius=5)
        _PILES[key] = pile
    return pile


def _layers(count: int) -> int:
    return 0 if count == 0 else min(10, 1 + count.bit_length())


def stack_cover(slot: pygame.Rect, width: int, count: int) -> pygame.Rect:
    """What draw_stack covers of its slot: the pile and its lines of text below it."""
    below = slot.top + 4 + _layers(count) * 2 + int(width * 1.4) + 4
    bottom = below + 2 * ui.line(18) + (ui.line(16) if count >= 2000 else 0)
    return pygame.Rect(slot.left, slot.top, slot.width, min(slot.height, bottom - slot.top))


def row_slot(area: pygame.Rect, z: ZoneView, width: int) -> tuple[int, pygame.Rect]:
    """A row's or fan's card width and the slot its cards (or, none yet, its outline) take."""
    room = max(5, len(z["cards"]))
    if z["shape"] == "row":  # a row is laid out side by side: shrink the cards to fit, never overlap
        width = min(width, int(area.width / (room * 1.08)))
    width = max(8, min(width, int((area.height - 4) / 1.4)))
    slot = pygame.Rect(0, 0, min(area.width, int(width * (room * 1.08))), int(width * 1.4))
    slot.center = area.center
    return width, slot


def pile_slots(layout: TableLayout, view: View) -> list[tuple[ZoneView, pygame.Rect]]:
    """The table's piles, each with its share of the piles' strip (none when it is folded away)."""
    plan = layout.plan
    piles = [z for z in view["zones"].values() if z["owner"] == "table" and z["shape"] == "stack"]
    if plan.stacks is None or not piles:
        return []
    each = plan.stacks.height // len(piles)
    return [
        (z, pygame.Rect(plan.stacks.left, plan.stacks.top + i * each, plan.stacks.width, each))
        for i, z in enumerate(piles)
    ]


def spread_areas(layout: TableLayout, view: View) -> list[tuple[str, ZoneView, pygame.Rect]]:
    """The table's rows and grids (not its piles), each with its share of the board area."""
    plan = layout.plan
    spread = [(n, z) for n, z in view["zones"].items() if z["owner"] == "table" and z["shape"] != "stack"]
    share = plan.board.height // max(1, len(spread))
    return [
        (name, z, pygame.Rect(plan.board.left, plan.board.top + i * share, plan.board.width, share))
        for i, (name, z) in enumerate(spread)
    ]


def covered(layout: TableLayout, view: View, grid: GridCamera) -> list[pygame.Rect]:
    """What the middle of the table shows that nothing may hide: each pile and its words, and
    the cards (or the places they will go) of each row and grid that holds any; the rest of the
    middle is bare felt."""
    plan = layout.plan
    out = [stack_cover(slot, plan.stack_card, z["count"]) for z, slot in pile_slots(layout, view)]
    for _, z, area in spread_areas(layout, view):
        if "cells" in z:
            if z["cells"] or card_spots(view) is not None:
                rows, cols = grid_extent(z, view)[2:]
                out.append(grid.cover(area, rows, cols))
        elif z.get("cards"):
            out.append(row_slot(area, z, plan.board_card)[1])
    return out


def draw_row(
    canvas: Canvas,
    area: pygame.Rect,
    name: str,
    z: ZoneView,
    width: int,
    seat: int | None,
    turn: Turnable | None,
    best: frozenset[int] = frozenset(),
) -> None:
    """A row or fan of the table's cards; cards the viewer may flip glow and flip on a click;
    those of the viewer's best hand (`best`) are outlined."""
    cards = z["cards"]
    width, slot = row_slot(area, z, width)
    if not cards:  # show where the cards will go
        pygame.draw.rect(canvas.surface, (40, 118, 80), slot, width=2, border_radius=8)
    choices = turn.row if turn is not None else frozenset()
    spread = 1.08 if z["shape"] == "row" else 0.5
    positions = fan_positions(len(cards), area.center, width, spread, area.width)
    for i, (card, pos) in enumerate(zip(cards, positions)):
        if turn is not None and i in choices and seat is not None:
            flip = turn.turn(i)
            canvas.card(card, pos, width, "community", "flip", flip, outline=GLOW)
        else:
            outline = BEST if card in best else None
            canvas.card(card, pos, width, "community", slot=(name, i), outline=outline)


def draw_grid(
    canvas: Canvas,
    area: pygame.Rect,
    name: str,
    z: ZoneView,
    view: View,
    turn: Turnable | None,
    place: CardSpots | None,
    grid: GridCamera,
    choices: Choices,
    hand: HandLine | None = None,
) -> None:
    """A fixed or growing grid, zoomed and panned, with the places a card may go outlined, each
    with the most the viewer's cards would score there (the one pointed at says how, above the
    grid's clip so it is never cut) and the cards the viewer may flip glowing; the cards of the
    viewer's best hand outlined."""
    surface, cells, seat = canvas.surface, z["cells"], view["seat"]
    spots = list(place.spots) if place else []
    bounds = bound_area(z)  # a bounded open grid: the area its cards may still reach
    r0, c0, rows, cols = grid_extent(z, view)
    inner, width, gap, (left, top) = grid.place(area, rows, cols)
    height = int(width * 1.4)
    clip, first_hit = surface.get_clip(), len(canvas.hits)
    surface.set_clip(inner)
    flip_at = turn.grid if turn is not None else frozenset()

    def corner(r: int, c: int) -> tuple[int, int]:
        return left + (c - c0) * (width + gap), top + (r - r0) * (height + gap)

    if bounds:  # the bound, drawn round the cells the grid may still fill
        (ra, ca), (rb, cb) = bounds
        x0, y0 = corner(ra, ca)
        x1, y1 = corner(rb, cb)
        pygame.draw.rect(
            surface, LABEL, pygame.Rect(x0 - 4, y0 - 4, x1 - x0 + width + 8, y1 - y0 + height + 8), 2, 8
        )
    for r, c, card in cells:
        if turn is not None and (r, c) in flip_at and seat is not None:
            flip = turn.turn((r, c))
            glow = GLOW if choices.hover is None else None
            canvas.card(card, corner(r, c), width, "grid", "flip", flip, outline=glow)
        else:
            outline = BEST if hand is not None and card in hand.cards else None
            canvas.card(card, corner(r, c), width, "grid", slot=(name, (r, c)), outline=outline)
    points = hand.spots if hand is not None else {}
    for r, c in spots:
        rect = pygame.Rect(*corner(r, c), width, height)
        chosen = choices.spot is not None and choices.spot[0] == (r, c)
        pygame.draw.rect(surface, SPOT, rect, width=3 if not chosen else 6, border_radius=6)
        if (r, c) in points:
            draw_points(surface, rect, points[(r, c)])
        canvas.hit(rect, "spot", (r, c))
    if grid.zoom > 1:
        hint = "wheel: zoom · right-drag: pan · Home: fit"
        ui.tag(surface, hint, (inner.right - 4, inner.top + 4), 16, (20, 40, 30), LABEL, anchor="topright")
    surface.set_clip(clip)
    if choices.spot and choices.spot[1]:  # over the clip: the whole sentence, within the window
        (r, c), words = choices.spot
        x, y = corner(r, c)
        draw_spot_tip(surface, words, (x + width // 2, y - 4), area)
    # cards zoomed out of sight cannot be clicked
    canvas.hits[first_hit:] = [h for h in canvas.hits[first_hit:] if inner.colliderect(h.rect)]


def draw_points(surface: pygame.Surface, rect: pygame.Rect, points: int) -> None:
    """A place's points, large in its middle: readable on the smallest grid cards."""
    size = max(18, min(40, round(rect.width * 0.6 / (0.7 * ui.scale()))))  # ~0.6 of the card wide
    ui.tag(surface, str(points), rect.center, size, SPOT, ui.INK, pad=(6, 2), radius=4)


def draw_spot_tip(surface: pygame.Surface, words: str, bottom: tuple[int, int], within: pygame.Rect) -> None:
    """What a place would score, on a label above it, moved (and wrapped) to lie whole in
    `within` and the window rather than cut at an edge."""
    room = surface.get_rect().clip(within.inflate(0, 2 * ui.line(22)))
    lines = ui.wrap(words, 22, max(40, room.width - 24))
    heights = ui.line(22)
    box = pygame.Rect(0, 0, max(ui.font(22).size(w)[0] for w in lines) + 12, heights * len(lines) + 6)
    box.midbottom = bottom
    box.clamp_ip(room)
    pygame.draw.rect(surface, SPOT, box, border_radius=6)
    for i, line in enumerate(lines):
        ui.text(surface, line, (box.centerx, box.top + 3 + i * heights), 22, ui.INK, anchor="midtop")


def draw_pots(canvas: Canvas, area: pygame.Rect, view: View) -> None:
    """The chips in the middle: one badge in `area`, with the side pots once somebody is all in."""
    pots = view.get("pots") or []
    if not pots:
        return
    total = f"Pot {sum(p['amount'] for p in pots):,}"
    forms = [total]
    all_in = any(s["chips"] == 0 and not s["out"] and not s["folded"] for s in view["seats"])
    if len(pots) > 1 and all_in:  # side pots are real only once somebody is all in
        amounts = [f"{p['amount']:,}" for p in pots]
        forms = [
            f"{total}  ({' + '.join(amounts)})",
            f"{total}  (main {amounts[0]} + {len(pots) - 1} side)",
            f"{total} in {len(pots)} pots",
            total,
        ]
    pygame.draw.rect(canvas.surface, GLOW, area, border_radius=area.height // 2)
    inner = area.inflate(-area.height, 0)
    words = ui.fit(forms, 26, inner.width, bold=True)  # as much as fits, in whole words
    ui.text(canvas.surface, words, inner.center, 26, ui.INK, True, "center", width=inner.width)
