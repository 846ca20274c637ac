"""pygame input events for tests that drive a window: one place to make them."""

from __future__ import annotations

import pygame


def key(k: int, char: str = "", mod: int = 0, kind: int = pygame.KEYDOWN) -> pygame.event.Event:
    """A key press (or, with `kind`, a release), typing `char`."""
    return pygame.event.Event(kind, key=k, mod=mod, unicode=char)


def keyup(k: int) -> pygame.event.Event:
    return key(k, kind=pygame.KEYUP)


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    """A mouse event at `pos`: a move (no button held) or a button press or release."""
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def click(pos: tuple[int, int]) -> pygame.event.Event:
    """A left click, as the table reads it: the button let go at `pos`."""
    return mouse(pygame.MOUSEBUTTONUP, pos)


def lift_curtain(app) -> None:
    """The next person takes the screen (nothing lifts a curtain in its first moment: that is the
    tail of what raised it) and presses Enter."""
    app.step([])  # (the curtain is drawn: it has risen)
    app.step([], dt=0.5)
    app.step([key(pygame.K_RETURN), keyup(pygame.K_RETURN)])


class Keyboard:
    """The keys physically down, as pygame.key.get_pressed answers (the dummy driver's says none):
    `feel` puts a key down with its KEYDOWN and up with its KEYUP; tests may also hold keys by hand.
    Use: `monkeypatch.setattr(pygame.key, "get_pressed", keyboard)`."""

    def __init__(self) -> None:
        self.down: set[int] = set()

    def __call__(self) -> Keyboard:
        return self

    def __getitem__(self, k: int) -> bool:
        return k in self.down

    def feel(self, events) -> None:
        for e in events:
            if e.type == pygame.KEYDOWN:
                self.down.add(e.key)
            elif e.type == pygame.KEYUP:
                self.down.discard(e.key)
