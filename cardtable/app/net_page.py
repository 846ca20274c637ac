"""What the network play screens (Join, Invite) share: their buttons and the clipboard."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import ui

Hit = list[tuple[pygame.Rect, Callable[[], None]]]


def button(
    surface: pygame.Surface,
    hit: Hit,
    rect: pygame.Rect,
    label: str,
    action: Callable[[], None],
    on: bool = False,
    size: int = 24,
) -> None:
    """A button drawn and noted as clickable in `hit`."""
    pygame.draw.rect(surface, ui.ACCENT if on else ui.PANEL, rect, border_radius=8)
    ui.text(surface, label, rect.center, size, ui.INK, anchor="center", width=rect.width - 8)
    hit.append((rect, action))


def title(surface: pygame.Surface, words: str) -> tuple[int, bool]:
    """The page cleared and its title drawn: (the y below the title, whether the window is small)."""
    surface.fill(ui.FELT)
    w, h = surface.get_size()
    small = w < 1100 or h < 700
    ui.text(surface, words, (40, 24), 44 if small else 54, ui.WHITE, True, width=w - 80)
    return 24 + ui.line(44 if small else 54), small


def click(hit: Hit, pos: tuple[int, int]) -> bool:
    """Run the action of the button at `pos`; whether there was one."""
    for rect, action in hit:
        if rect.collidepoint(pos):
            action()
            return True
    return False


def copy_text(words: str) -> bool:
    """Put `words` on the system clipboard (pygame-ce's); whether it could."""
    try:
        pygame.scrap.put_text(words)
    except (pygame.error, AttributeError):
        return False
    return True


def pasted_text() -> str:
    """The clipboard's text ("" when there is none or it cannot be read)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def is_paste(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == pygame.K_v and bool(event.mod & pygame.KMOD_CTRL)


def is_copy(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == pygame.K_c and bool(event.mod & pygame.KMOD_CTRL)
