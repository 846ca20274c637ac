"""Invite: each remote seat's join link, to copy (Copy, Ctrl+C) or read aloud, and whether its
player is here yet. Opened over the table when a hosted game starts, and by its Invite button (I)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ..net.protocol import parse_link
from . import frame, ui
from .net_page import Hit, button, click, copy_text, is_copy, title
from .scene import App, Scene

CLOSING = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_i)


class InviteScene(Scene):
    manifest_scene = "invite"

    def __init__(self, app: App, hosted: Any) -> None:
        super().__init__(app)
        self.hosted = hosted
        self.seats = sorted(hosted.links)
        self.chosen = 0
        self.message = ""
        self.hit: Hit = []
        # keys down as it opens (the Enter that started the game, the I that opened it) close it
        # only once let go and pressed again: the keyboard repeating them is not an answer
        pressed = pygame.key.get_pressed()
        self.held = {k for k in CLOSING if pressed[k]}

    def copy(self, i: int) -> None:
        self.chosen = i
        seat = self.seats[i]
        name = self.hosted.seats[seat]["name"]
        ok = copy_text(f"cardtable join {self.hosted.links[seat]}")
        self.message = (
            f"{name}'s link is copied: send it to them." if ok else "The clipboard cannot be used here."
        )

    def handle(self, event: pygame.event.Event) -> None:
        if is_copy(event):
            self.copy(self.chosen)
        elif event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            if event.key in CLOSING and event.key not in self.held:
                self.app.pop()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.chosen = (self.chosen + (1 if event.key == pygame.K_DOWN else -1)) % len(self.seats)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            click(self.hit, event.pos)

    def update(self, dt: float) -> None:
        pump = getattr(self.hosted, "pump", None)
        if pump is not None:  # players join while the links are read: the host answers them
            pump()

    def draw(self, surface: pygame.Surface) -> None:
        self.hit = []
        w, h = surface.get_size()
        y, small = title(surface, "Invite your friends")
        intro = (
            "Send each friend their seat's link (Copy, or Ctrl+C for the one outlined). They play it "
            "with the Join screen or: cardtable join LINK. Each link is secret: one seat each."
        )
        for line in ui.wrap(intro, 22, w - 80):
            ui.text(surface, line, (40, y), 22, (210, 230, 220))
            y += ui.line(22)
        y += 10
        presence = self.hosted.presence()
        row_h = ui.line(24) + ui.line(20) + 18
        copy_w = 120
        for i, seat in enumerate(self.seats):
            link = self.hosted.links[seat]
            row = pygame.Rect(40, y, w - 80, row_h - 8)
            pygame.draw.rect(surface, ui.PANEL if i == self.chosen else (34, 96, 66), row, border_radius=8)
            if i == self.chosen:
                pygame.draw.rect(surface, ui.ACCENT, row, 3, border_radius=8)
            ink = ui.INK if i == self.chosen else ui.WHITE
            here = "here" if presence[seat] == "here" else "not here yet"
            name = self.hosted.seats[seat]["name"]
            ui.text(
                surface,
                f"{name} ({here})",
                (row.left + 12, row.top + 6),
                24,
                ink,
                True,
                width=row.width - copy_w - 30,
            )
            ui.text(
                surface,
                link,
                (row.left + 12, row.top + 6 + ui.line(24)),
                20,
                ink,
                width=row.width - copy_w - 30,
            )
            frame.region(f"link:{seat}", row)
            copy = pygame.Rect(row.right - copy_w - 8, row.centery - 20, copy_w, 40)
            button(surface, self.hit, copy, "Copy", partial(self.copy, i), size=22)
            y += row_h
        link = parse_link(self.hosted.links[self.seats[self.chosen]])
        aloud = f"To read aloud: address {link.host}, port {link.port}, code {' '.join(_groups(link.token))}"
        for line in ui.wrap(aloud, 22, w - 80):
            ui.text(surface, line, (40, y), 22, ui.WHITE)
            y += ui.line(22)
        ui.text(
            surface,
            "Across the internet: forward this port on your router and give your public address.",
            (40, y + 4),
            20,
            (200, 220, 210),
            width=w - 80,
        )
        bh = 48 if small else 56
        go = pygame.Rect(w - 24 - 300, h - bh - 14, 300, bh)
        button(surface, self.hit, go, "To the table  [Enter]", self.app.pop, on=True)
        if self.message:
            ui.text(surface, self.message, (40, go.top - ui.line(24) - 6), 24, (255, 230, 160), width=w - 80)


def _groups(code: str) -> list[str]:
    """The join code in groups of four (easier to read out and type)."""
    return [code[i : i + 4] for i in range(0, len(code), 4)]


def open_invite(app: App, session: Any) -> None:
    """The Invite page over the table of a hosted `session` (nothing for any other session)."""
    if getattr(session, "links", None):
        app.push(InviteScene(app, session))
