"""Drawing the side panel: the game and hand, the keys, a large picture of the card pointed at,
and the table talk (or, with Tab, the rules with how often each hand comes up). When the panel
is folded (a small window), the card pointed at shows large in a corner of the felt instead."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine import wording
from .. import ui
from ..geometry import card_h
from .cards import Canvas
from .palette import PANEL_GROUND
from .view_layout import TableLayout

# The keys line, said shorter while it does not fit (the "?" lists every key)
KEYS = (
    "Tab: rules · L: log · F11: full screen · Esc: menu",
    "Tab: rules · L: log · Esc: menu",
    "Tab: rules · Esc: menu",
)


# Seconds of sampling per frame with the rules panel open: beside a computer player's thinking
# (about 5 ms a frame) and the drawing, a frame stays well under 16 ms.
PANEL_SAMPLE_S = 0.002


def draw_panel(
    canvas: Canvas,
    layout: TableLayout,
    title: str,
    hover: int | None,
    lines: list[str],
    rules: bool,
    pointer: tuple[int, int] = (0, 0),
    back: int = 0,
) -> tuple[pygame.Rect | None, int]:
    """The panel, its text scrolled `back` lines from the newest; where the text is (None: the
    panel is folded), and how far back it is scrolled (no further than its first line)."""
    plan = layout.plan
    if plan.side is None or plan.header is None or plan.preview is None or plan.log is None:
        return None, 0  # the card pointed at shows on the felt (draw_popup), over everything else
    surface = canvas.surface
    header, big, rest = plan.header, plan.preview, plan.log
    pad = 14
    x, room = header.left + pad, header.width - 2 * pad
    # the "?" (How to play) sits at the header's top right
    titled = ui.wrap(title, 22, room - 36, bold=True)
    if len(titled) == 1:
        ui.text(surface, title, (x, header.top + 8), 22, ui.WHITE, True, width=room - 36)
        keys = ui.fit(KEYS, 16, room - 36)
        line = ui.text(surface, keys, (x, header.top + 8 + ui.line(22)), 16, (170, 190, 180), width=room - 36)
        if keys != KEYS[0]:
            canvas.tip(line, KEYS[0])
    else:  # a long name wraps over both lines, as large as two lines fit (the keys: its tooltip)
        size = next((n for n in (20, 18, 16, 14) if 6 + 2 * ui.line(n) <= header.height), 12)
        words = ui.wrap(title, size, room - 36, bold=True)
        two = [words[0].removesuffix("·").rstrip(), " ".join(words[1:])]  # no dangling separator
        shown = pygame.Rect(x, header.top + 4, 0, 0)
        for i, words_line in enumerate(two):
            at = (x, header.top + 4 + i * ui.line(size))
            shown.union_ip(ui.text(surface, words_line, at, size, ui.WHITE, True, width=room - 36))
        canvas.tip(shown, f"{title} · {KEYS[0]}")
    width = min(big.width - 2 * pad, int((big.height - ui.line(20) - 8) / 1.4))
    if hover is not None and hover >= 0:
        canvas.card(hover, (big.centerx - width // 2, big.top + 2), width, "preview", kind=None)
        name = canvas.faces.painter.deck.name(hover)
        ui.text(
            surface,
            name,
            (big.centerx, big.top + card_h(width) + 6),
            20,
            ui.WHITE,
            anchor="midtop",
            width=room,
        )
    else:
        frame_rect = pygame.Rect(big.centerx - width // 2, big.top + 2, width, card_h(width))
        pygame.draw.rect(surface, (44, 54, 50), frame_rect, width=2, border_radius=10)
        ui.text(surface, "Point at a card", frame_rect.center, 18, (120, 140, 130), anchor="center")
    area = rest.inflate(-2 * pad, -8)
    return area, _lines(surface, area, lines, back)


def _lines(surface: pygame.Surface, area: pygame.Rect, lines: list[str], back: int) -> int:
    """The lines that fit `area`, wrapped to its width, ending `back` lines before the newest
    (only those are wrapped); how far back that was, at most to the first line."""
    step = ui.line(20)
    room = max(1, area.height // step)
    wrapped: list[str] = []
    for line in reversed(lines):
        wrapped[:0] = ui.wrap(line, 20, area.width)
        if len(wrapped) >= room + back:
            break
    back = max(0, min(back, len(wrapped) - room))
    end = len(wrapped) - back
    for i, line in enumerate(wrapped[max(0, end - room) : end]):
        ui.text(surface, line, (area.left, area.top + i * step), 20, (225, 230, 225), width=area.width)
    if back:
        tip = "newer lines below: wheel or End"
        ui.tag(surface, tip, (area.centerx, area.bottom), 16, (60, 70, 66), ui.WHITE, (8, 3), 6, "midbottom")
    return back


def draw_popup(
    canvas: Canvas, layout: TableLayout, card: int, pointer: tuple[int, int], hint: pygame.Rect | None
) -> None:
    """The card pointed at, large, in a top corner of the felt (the panel is folded): away from
    the pointer, and from the hint box on show where a corner allows; drawn over the table and
    the hint, like a tooltip."""
    plan = layout.plan
    surface = canvas.surface
    width = min(int(plan.table.height * 0.6 / 1.4), int(190 * ui.scale()))
    box = pygame.Rect(0, 0, width + 16, card_h(width) + 16 + ui.line(18))
    right, left = box.copy(), box.copy()
    right.topright = (plan.table.right - 8, plan.table.top + 8)
    left.topleft = (plan.table.left + 8, plan.table.top + 8)
    free = [b for b in (right, left) if not b.collidepoint(pointer)]
    clear = [b for b in free if hint is None or not b.colliderect(hint)]
    box = (clear or free or [right])[0]
    pygame.draw.rect(surface, PANEL_GROUND, box, border_radius=12)
    canvas.card(card, (box.left + 8, box.top + 8), width, "preview", kind=None)
    name = canvas.faces.painter.deck.name(card)
    ui.text(
        surface, name, (box.centerx, box.bottom - 4), 18, ui.WHITE, anchor="midbottom", width=box.width - 8
    )


def rules_lines(variant: Any, sampler: Any) -> list[str]:
    """The rules in a few lines: the game, and its hands best first with how often each comes
    up, `sampler` sampling a few more random hands each time it is asked."""
    out = [variant.name, variant.description, ""]
    hands = variant.sections.get("hands")
    if hands is None or sampler is None:
        return out
    sampler.step(PANEL_SAMPLE_S)
    order = "lowest wins, the last is best" if getattr(hands, "lowest_wins", False) else "best first"
    how = f"how often, of {sampler.samples:,} random hands" if sampler.settled else "how often: measuring…"
    out.append(f"Hands, {order} ({how}):")
    for i, cat in enumerate(hands.categories):
        points = f" · {wording.count(cat.points, 'point', False)}" if cat.points else ""
        out.append(f"{i + 1}. {cat.name}{points}  {sampler.frequency(i)}")
    return out
