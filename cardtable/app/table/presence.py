"""Network play at the table: each remote seat's presence on its plate ("here" / "away"), and the
Invite button of a hosted table (its seats' links, app/invite.py)."""

from __future__ import annotations

from typing import Any

import pygame

from .. import ui
from ..controls import Control

HERE, AWAY = (40, 120, 70), (150, 90, 30)


def presence_of(session: Any) -> list[str]:
    """Per seat "here", "away" or "local" (a session without remote seats: none)."""
    said = getattr(session, "presence", None)
    words = said() if callable(said) else said
    return list(words) if isinstance(words, list) else []


def draw_presence(surface: pygame.Surface, plate: pygame.Rect, word: str) -> pygame.Rect | None:
    """A remote seat's "here" or "away" on its plate's lower right corner."""
    if word not in ("here", "away"):
        return None
    pad = max(4, plate.height // 10)
    fill = HERE if word == "here" else AWAY
    at = (plate.right - pad, plate.bottom - pad)
    return ui.tag(surface, word, at, 16, fill, ui.WHITE, (6, 1), 6, "bottomright")


def invite_controls(t: Any) -> list[Control]:
    """The Invite button (I) of a hosted table."""
    if not getattr(t.session, "links", None):
        return []
    from ..invite import open_invite

    tip = "each remote seat's link, to copy or read aloud, and who is here"
    return [Control("Invite", lambda: open_invite(t.app, t.session), pygame.K_i, "I", tip=tip)]
