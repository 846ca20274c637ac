"""Drawing the side panel: the game and hand, the keys, a large picture of the card pointed at,
and the table talk (or, with Tab, the rules with how often each hand comes up)."""

from __future__ import annotations

from typing import Any

import pygame

from .. import frame, ui
from .cards import Canvas
from .layout import PREVIEW_W, TableLayout

LINE_H = 21


def draw_panel(
    canvas: Canvas,
    layout: TableLayout,
    title: str,
    hover: int | None,
    lines: list[str],
    rules: bool,
    back: int = 0,
) -> tuple[pygame.Rect, int]:
    """The panel, its text scrolled `back` lines from the newest; the text's area, and how far back
    it may scroll."""
    surface = canvas.surface
    header, big, rest = layout.panel_parts(preview=hover is not None and hover >= 0)
    pygame.draw.rect(surface, (24, 30, 28), layout.geo.panel)
    x = header.left + 14
    ui.text(surface, title, (x, 12), 22, ui.WHITE, bold=True)
    ui.text(surface, "Tab: rules  ·  Ctrl+Z: undo  ·  Esc: menu", (x, 38), 18, (170, 190, 180))
    frame.region("header", header)
    if big is not None and hover is not None:
        frame.region("preview", big)
        canvas.card(hover, (x + (big.width - 28 - PREVIEW_W) // 2, big.top), PREVIEW_W, "preview", kind=None)
        name = canvas.faces.painter.deck.name(hover)
        ui.text(surface, name, (big.centerx, big.top + 256), 20, ui.WHITE, anchor="midtop")
    frame.region("rules" if rules else "log", rest)
    room = max(1, (rest.height - 10) // LINE_H)
    wrapped: list[str] = []  # the newest lines wrapped, only as many as can be shown
    for line in reversed(lines):
        wrapped[:0] = ui.wrap(line, 20, rest.width - 28)
        if len(wrapped) >= room + back:
            break
    back = max(0, min(back, len(wrapped) - room))
    shown = wrapped[len(wrapped) - room - back : len(wrapped) - back] if len(wrapped) > room else wrapped
    for i, line in enumerate(shown):
        ui.text(surface, line, (x, rest.top + i * LINE_H), 20, (225, 230, 225))
    if back:
        tag = "newer lines below: wheel or End"
        ui.tag(
            surface, tag, (rest.centerx, rest.bottom - 6), 16, (60, 70, 66), ui.WHITE, (8, 3), 6, "midbottom"
        )
    return rest, back


def rules_lines(variant: Any, sampler: Any) -> list[str]:
    """The rules in a few lines: the game, and its hands best first with how often each comes
    up, `sampler` sampling a few more random hands each time it is asked."""
    out = [variant.name, variant.description, ""]
    hands = variant.sections.get("hands")
    if hands is None or sampler is None:
        return out
    sampler.step(0.004)
    order = "lowest wins, the last is best" if getattr(hands, "lowest_wins", False) else "best first"
    out.append(f"Hands, {order} (how often, of {sampler.samples:,} random hands):")
    for i, cat in enumerate(hands.categories):
        points = f" · {cat.points} points" if cat.points else ""
        out.append(f"{i + 1}. {cat.name}{points}  {sampler.frequency(i)}")
    return out
