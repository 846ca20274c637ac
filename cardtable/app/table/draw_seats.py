"""Drawing the seats: each one's panel (name, chips or points, roles, bet, speech bubble, a glow
when it is to move) and its cards, the viewer's own large and choosable, the others' small."""

from __future__ import annotations

import pygame

from ...engine.types import View
from .. import ui
from ..controls import role_badge, verb_of
from ..geometry import fan_positions
from .cards import Canvas
from .layout import TableLayout, seat_card_width
from .palette import GLOW, SELECT


def draw_seat(
    canvas: Canvas, layout: TableLayout, view: View, seat: int, selected: list[int], betting: bool
) -> pygame.Rect:
    """Draw the seat; the area its panel and cards cover."""
    geo = layout.geo
    own = view["seat"] == seat
    zones = [(n, z) for n, z in view["zones"].items() if z["owner"] == seat]
    width = seat_card_width(geo, own)
    count = sum(len(z.get("cards", [])) for _, z in zones)
    anchor = geo.seat_cards_anchor(seat, width, count, own)
    verb = verb_of(view)
    choosable = own and verb is not None and verb.selects(view["legal"]) is not None
    where = f"hand:{seat}"
    panel = geo.seat_panel(seat)
    area = panel.copy()
    for i, (name, z) in enumerate(zones):
        cards = z.get("cards", [])
        centre = (anchor[0], anchor[1] + i * int(width * 0.9))
        max_w = geo.table.width // 2 if own else geo.table.width // 5
        positions = fan_positions(len(cards), centre, width, spread=0.72 if own else 0.35, max_width=max_w)
        for j, (card, pos) in enumerate(zip(cards, positions)):
            if choosable and card >= 0:
                picked = card in selected
                outline = SELECT if picked else None
                rect = canvas.card(card, pos, width, where, "hand", card, picked, outline, slot=(name, j))
            else:
                rect = canvas.card(card, pos, width, where, slot=(name, j))
            area.union_ip(rect)
    _draw_panel(canvas, panel, view, seat, betting)
    return area


def _draw_panel(canvas: Canvas, panel: pygame.Rect, view: View, seat: int, betting: bool) -> None:
    surface, s = canvas.surface, view["seats"][seat]
    if view["to_move"] == seat:
        pulse = canvas.anim.pulse()
        pygame.draw.rect(surface, GLOW, panel.inflate(8 + pulse, 8 + pulse), border_radius=14)
    colour = (250, 246, 232) if not s["folded"] and not s["out"] else (150, 150, 145)
    pygame.draw.rect(surface, colour, panel, border_radius=10)
    kind = "  (computer)" if s["kind"] == "bot" and "computer" not in s["name"].lower() else ""
    ui.text(surface, s["name"] + kind, (panel.left + 10, panel.top + 6), 22, ui.INK, bold=True)
    money = f"{s['chips']:,} chips" if betting else f"{s['points']} points"
    if s["out"]:
        money = "out"
    elif s["folded"]:
        money += " · folded"
    ui.text(surface, money, (panel.left + 10, panel.top + 30), 20, ui.MUTED if s["folded"] else ui.INK)
    x = panel.right - 8
    for role in reversed(s["roles"]):
        fill = (60, 70, 150) if role != "dealer" else (170, 60, 60)
        box = ui.tag(surface, role_badge(role), (x, panel.top + 6), 18, fill, ui.WHITE, (8, 4), 6, "topright")
        x = box.left - 4
    if s["bet"]:
        ui.text(surface, f"bet {s['bet']:,}", (panel.centerx, panel.bottom + 4), 20, GLOW, True, "midtop")
    canvas.anim.draw_bubble(surface, seat, panel)
