"""What covers the table: the curtain between two people's turns, and the showdown."""

from __future__ import annotations

import pygame

from ...engine.types import HandRecord, View
from .. import frame, ui
from .cards import Canvas
from .layout import TableLayout
from .palette import GLOW


def draw_curtain(canvas: Canvas, name: str) -> pygame.Rect:
    """The whole screen covered, naming who is next; the button that lifts it."""
    surface = canvas.surface
    w, h = surface.get_size()
    surface.fill((30, 22, 40))
    for i in range(0, w, 48):
        pygame.draw.rect(surface, (40, 30, 54), (i, 0, 24, h))
    title = ui.text(
        surface, f"Pass the screen to {name}", (w // 2, h // 2 - 60), 64, ui.WHITE, True, "center"
    )
    words = ui.text(
        surface,
        "Everyone else, look away: their cards are about to be shown.",
        (w // 2, h // 2),
        28,
        (220, 210, 235),
        anchor="center",
    )
    button = pygame.Rect(0, 0, 360, 64)
    button.center = (w // 2, h // 2 + 80)
    pygame.draw.rect(surface, ui.ACCENT, button, border_radius=12)
    ui.text(surface, f"I am {name}: show me  [Space]", button.center, 28, ui.INK, anchor="center")
    frame.region("prompt", title.unionall([words, button]))
    return button


def draw_showdown(canvas: Canvas, layout: TableLayout, view: View, last: HandRecord) -> None:
    """The hands shown, best cards raised and categories named, and the pot going to the winners."""
    surface, area = canvas.surface, layout.centre
    shown = sorted(last.get("shown", []), key=lambda h: -h.get("won", 0))
    width = max(28, min(64, (area.height - 50) // max(1, len(shown)) * 10 // 17 - 6))
    box = area.inflate(24, 16)
    frame.region("showdown", box)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((10, 20, 16, 225))
    surface.blit(shade, box)
    ui.text(
        surface, f"Showdown, hand {last.get('hand', '')}", (box.left + 12, box.top + 6), 26, ui.WHITE, True
    )
    y = box.top + 36
    for h in shown:
        winner = h.get("won", 0) > 0
        label = f"{view['seats'][h['seat']]['name']}: {h['category']}" + (
            f"  +{h['won']:,}" if winner else ""
        )
        ui.text(surface, label, (box.left + 12, y), 22, GLOW if winner else (220, 225, 220), bold=winner)
        x = box.left + 12
        made = set(h.get("made", ()))
        for card in h["cards"]:  # the category's own cards stand raised above the kickers
            canvas.card(card, (x, y + 22 + width // 4), width, f"showdown:{h['seat']}", raised=card in made)
            x += int(width * 0.8)
            if x > box.right - width:
                break
        y += int(width * 1.4) + width // 4 + 30
    canvas.anim.draw_pot_flight(surface, area, layout.panels())
    ui.text(
        surface,
        "any key: continue",
        (box.right - 10, box.bottom - 24),
        18,
        (190, 200, 195),
        anchor="topright",
    )
