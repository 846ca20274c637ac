"""Join: play a seat at a table hosted on another computer. Paste (Ctrl+V) or type the link its
host sent, or pick a table nearby (listed by zeroconf, net/discovery.py) and give your seat's join
code; the connection's state is said in words until the host's first view is in, then the table
opens on the RemoteSession, as `cardtable join` opens it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from .. import net
from . import frame, ui
from .net_page import Hit, button, click, is_paste, pasted_text, title
from .scene import App, Scene

LINK_CHARS = 400  # protocol.parse_link refuses longer


class JoinScene(Scene):
    manifest_scene = "join"

    def __init__(self, app: App, interfaces: Sequence[str] | None = None) -> None:
        super().__init__(app)
        self.field = ui.TextInput("", LINK_CHARS)
        self.field.focused = True
        self.need = net.missing()  # how to add network play, when it cannot run here
        self.nearby: Any = None
        if self.need is None:
            from ..net.discovery import browse

            self.nearby = browse(interfaces)
        self.picked: Any = None  # a table nearby whose seat's code is asked for
        self.remote: Any = None  # the RemoteSession connecting
        self.message = ""
        self.hit: Hit = []

    # ------------------------------------------------------------------ joining
    def link(self) -> str:
        """The link typed, or made from a table nearby and the code typed."""
        words = self.field.value.strip()
        if self.picked is not None and "://" not in words:
            return str(self.picked.link_for(words.replace(" ", "")))
        return words.removeprefix("cardtable join ").strip()

    def join(self) -> None:
        if self.need:
            self.message = self.need
            return
        if not self.field.value.strip():
            self.message = "Paste the link your host sent you (Ctrl+V), then Enter."
            return
        from ..net.client import connect
        from ..net.protocol import ProtocolError

        self.cancel()
        try:
            self.remote = connect(self.link())
        except ProtocolError as exc:
            self.message = str(exc)[0].upper() + str(exc)[1:] + "."
            return
        self.message = ""

    def cancel(self) -> None:
        if self.remote is not None:
            self.remote.close()
            self.remote = None

    def pick(self, table: Any) -> None:
        self.picked = table
        self.field.value, self.field.focused = "", True
        self.message = ""

    def state_words(self) -> str:
        """The connection's state in words."""
        r = self.remote
        if r is None:
            return ""
        if r.state == "connecting":
            if r.reason:
                return f"The host is not answering ({r.reason}): trying again... Esc stops."
            return "Connecting to the host..."
        if r.state == "connected":
            return "Connected: waiting for the table..."
        return f"Refused: {r.reason}." if r.reason else "The connection closed."

    def leave(self) -> None:
        self.cancel()
        if self.nearby is not None:
            self.nearby.close()
            self.nearby = None
        self.app.pop()

    # ------------------------------------------------------------------ scene
    def handle(self, event: pygame.event.Event) -> None:
        if is_paste(event):
            self.field.value = pasted_text().strip()[:LINK_CHARS]
            self.field.focused = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.remote is not None:
                self.cancel()  # Esc stops connecting; a second one leaves
            elif self.picked is not None:
                self.picked = None
            else:
                self.leave()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and click(self.hit, event.pos):
            return
        self.field.handle(event)
        if event.type == pygame.KEYDOWN:
            self.field.focused = True  # the one field: typing always goes there

    def update(self, dt: float) -> None:
        r = self.remote
        if r is None:
            return
        r.pump()
        if r.ready:
            from .launch import table_for

            self.remote = None  # the table has it now (and closes it when it leaves)
            if self.nearby is not None:
                self.nearby.close()
                self.nearby = None
            self.app.replace(table_for(self.app, r))
        elif r.state in ("refused", "replaced", "closed"):
            self.message = self.state_words()
            self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        self.hit = []
        w, h = surface.get_size()
        y, small = title(surface, "Join a table")
        if self.picked is not None:
            ask = f"{self.picked.game} at {self.picked.host}: type or paste your seat's join code (its host has it)."
        else:
            ask = "Paste the link your host sent you (Ctrl+V) or type it, then Enter."
        ui.text(surface, ask, (40, y), 24, (210, 230, 220), width=w - 80)
        y += ui.line(24) + 8
        bh = 44 if small else 50
        self.field.rect = pygame.Rect(40, y, w - 80 - 150, bh)
        self.field.draw(surface, size=22)
        frame.region("link", self.field.rect)
        button(surface, self.hit, pygame.Rect(w - 40 - 140, y, 140, bh), "Join", self.join, on=True)
        y += bh + 12
        said = self.state_words() or self.message
        if said:
            colour = (255, 230, 160) if self.remote is None else ui.WHITE
            for line in ui.wrap(said, 24, w - 80)[:3]:
                frame.region("status", ui.text(surface, line, (40, y), 24, colour))
                y += ui.line(24)
        y += 10
        foot = h - bh - 28
        self._draw_nearby(surface, pygame.Rect(40, y, w - 80, foot - y))
        back = pygame.Rect(w - 24 - 200, h - bh - 14, 200, bh)
        button(surface, self.hit, back, "Back  [Esc]", self.leave)

    def _draw_nearby(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ui.text(surface, "Tables nearby", area.topleft, 30, ui.WHITE, True)
        y = area.top + ui.line(30) + 4
        if self.need:
            frame.region(
                "nearby",
                ui.text(surface, f"Not here: {self.need}.", (area.left, y), 22, ui.WHITE, width=area.width),
            )
            return
        tables = self.nearby.tables() if self.nearby is not None else []
        if not tables:
            words = "None heard yet on this network (a table across the internet joins by its link)."
            frame.region(
                "nearby", ui.text(surface, words, (area.left, y), 22, (210, 230, 220), width=area.width)
            )
            return
        row_h = ui.line(24) + 14
        for table in tables:
            if y + row_h > area.bottom:
                break
            row = pygame.Rect(area.left, y, area.width, row_h - 6)
            seats = f"{table.free} remote seat{'s' if table.free != 1 else ''}"
            label = f"{table.game} · {seats} · {table.host}:{table.port}"
            button(surface, self.hit, row, label, partial(self.pick, table), on=table == self.picked, size=22)
            frame.region(f"nearby:{table.name}", row)
            y += row_h
