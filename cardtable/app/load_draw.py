"""Drawing the Load screen's list and the box that explains the chosen save (load.py is the scene)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import ui
from .load_list import LoadEntry

if TYPE_CHECKING:
    from .load import LoadScene

ROW_H = 62
WARN, BAD = (60, 50, 20), (60, 20, 20)


def short_error(e: LoadEntry) -> str:
    """The error without the file's path in front (the row already names the save)."""
    return (e.error or "").removeprefix(f"{e.path}: ")


def draw_list(scene: LoadScene, surface: pygame.Surface) -> None:
    area = scene.list_rect
    if not scene.entries:
        pygame.draw.rect(surface, ui.FELT_DARK, area.inflate(16, 16), border_radius=12)
        ui.text(surface, "No saves yet: play a game, or import one (I).", area.move(14, 14).topleft, 24)
        return
    ui.draw_rows(
        surface,
        area,
        len(scene.entries),
        scene.scroll,
        scene.selected,
        ROW_H,
        lambda i, row, chosen: draw_row(surface, scene.entries[i], row, chosen),
    )


def tag(e: LoadEntry) -> str:
    """The short word at the right of a row: what is special about this save."""
    if e.outside is not None:
        return "changed outside Cardtable" if e.game and e.game.trust == "changed" else "not signed here"
    if e.holder is not None:
        return "open in another window"
    return "rules changed" if e.changed else ""


def draw_row(surface: pygame.Surface, e: LoadEntry, row: pygame.Rect, chosen: bool) -> None:
    ink = ui.INK if chosen else ui.WHITE
    bad = e.game is None or e.variant is None
    title_ink = (ui.ERROR if chosen else (255, 170, 170)) if bad else ink
    word = tag(e)
    room = row.width - 28
    if word:
        ink_tag = ui.ERROR if chosen and e.outside else ui.ACCENT
        room -= (
            ui.text(surface, word, (row.right - 14, row.top + 8), 20, ink_tag, anchor="topright").width + 16
        )
    title = ui.ellipsize(e.title(), 28, max(80, room))
    ui.text(surface, title, (row.left + 14, row.top + 6), 28, title_ink, bold=True)
    detail = e.summary() if e.game is not None else f"cannot be read: {short_error(e)}"
    if e.game is not None and e.variant is None:
        detail = f"{e.variant_error}  ·  {detail}"
    ui.text(
        surface,
        ui.ellipsize(detail, 20, row.width - 28),
        (row.left + 14, row.top + 34),
        20,
        ui.MUTED if chosen else (200, 220, 210),
    )


def details(scene: LoadScene, e: LoadEntry) -> tuple[str, tuple[int, int, int]] | None:
    """The whole story of a save that is not simply opened: (the text, the box's colour)."""
    if e.game is None:
        return (
            f"This save cannot be read: {short_error(e)}. It is left as it is: only Delete removes it.",
            BAD,
        )
    if e.variant is None:
        return f"This save cannot be opened: {e.variant_error}.", BAD
    if e.outside is not None:
        return (
            f"This save was {e.outside}: it opens only as a replay (Enter or V).",
            BAD,
        )
    if e.holder is not None:
        return (
            f"Open in another window ({e.holder.describe()}): V watches it, C plays on in a copy.",
            WARN,
        )
    if e.changed:
        check = scene.checked(e)
        if check.ok:
            return (
                f"The rules of {e.variant.name} changed since this save, but every action is still "
                "legal: it can be replayed under the new rules (U).",
                WARN,
            )
        return f"The rules of {e.variant.name} changed since this save: {check.reason}.", BAD
    return None


def draw_details(scene: LoadScene, surface: pygame.Surface) -> None:
    """Under the list: the whole message of a bad, changed, edited or busy save."""
    e = scene.entry
    if e is None or scene.prompt is not None:
        return
    found = details(scene, e)
    if found is None:
        return
    words, colour = found
    box = pygame.Rect(scene.list_rect.left, scene.list_rect.bottom + 16, scene.list_rect.width, 52)
    pygame.draw.rect(surface, colour, box, border_radius=8)
    y = box.top + 6
    for line in ui.wrap(words, 20, box.width - 20)[:2]:
        ui.text(surface, line, (box.left + 10, y), 20, (255, 225, 215))
        y += 22
