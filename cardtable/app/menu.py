"""The game menu: every variant (built-in and the user's; broken ones with their errors) and the
ways in: Continue, New game, Load, Deck browser, Rules, Quit."""

from __future__ import annotations

from functools import partial

import pygame

from .. import clock
from ..catalog import Entry, catalog, load_entry, missing_builtins
from . import frame, ui
from .scene import App, Scene
from .screens import Screen, on_menu, screen
from .seating import menu_order

ROW_H = 64
BUTTONS_TOP = 190
ERROR_BOX = 180  # the height of a broken file's problems, drawn over the list's foot
LOAD_BUDGET_S = 0.008  # reading the user's files a frame (one at least) after the first frame


def ordered(entries: list[Entry]) -> list[Entry]:
    """The games most recently played first, then the rest by name (a file not read yet by its
    id)."""
    names = [(e.id, e.variant.name if e.variant is not None else e.id) for e in entries]
    return [entries[i] for i in menu_order(names)]


class MenuScene(Scene):
    manifest_scene = "menu"

    def __init__(self, app: App, entries: list[Entry] | None = None) -> None:
        super().__init__(app)
        # the user's files are read after the first frame, a few ms of them a frame (`update`)
        self.entries = entries if entries is not None else ordered(catalog(defer_user=True))
        self.asking_quit = False  # Esc asked "Quit Cardtable?": Y or Enter quits, N or Esc stays
        self.drawn = False
        self.selected = next((i for i, e in enumerate(self.entries) if e.ok), 0)
        self.scroll = 0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.quit_buttons = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        from .launch import startup_notice

        # e.g. an unreadable autosave set aside (the program starts), or no built-in games found
        self.status = " ".join(filter(None, (missing_builtins(), startup_notice())))
        self.screens = on_menu()
        self.buttons = [
            ui.Button(s.button, partial(self.open, s), s.key, hint=pygame.key.name(s.key).upper())
            for s in self.screens
        ]
        self.buttons.append(ui.Button("Quit", app.quit, pygame.K_q, hint="Q"))
        self.column = ui.ButtonColumn(self.buttons, width=300)
        self.refresh_buttons()

    # ------------------------------------------------------------------ state
    @property
    def entry(self) -> Entry | None:
        return self.entries[self.selected] if self.entries else None

    def refresh_buttons(self) -> None:
        variant = self.entry.variant if self.entry else None
        for offered, button in zip(self.screens, self.buttons):
            button.enabled = offered.opens_for(variant)

    def update(self, dt: float) -> None:
        """After the first frame, read the user's files still unread: one at least, then more
        while LOAD_BUDGET_S lasts (a file is never cut in two: validation bounds each one)."""
        if not self.drawn:
            return
        pending = [e for e in self.entries if e.loading]
        start = clock.now()
        for entry in pending:
            load_entry(entry)
            if clock.now() - start >= LOAD_BUDGET_S:
                break
        if pending:  # (not every frame: Continue's button looks at the saves folder)
            self.refresh_buttons()

    def select(self, index: int) -> None:
        if self.entries:
            self.selected = max(0, min(len(self.entries) - 1, index))
            if self.entries[self.selected].loading:  # chosen: read it now, the person waits on it
                load_entry(self.entries[self.selected])
            height = self.list_rect.height - (ERROR_BOX if self.entries[self.selected].error else 0)
            visible = max(1, height // ROW_H)  # a broken file's row stays above its error box
            if self.selected < self.scroll:
                self.scroll = self.selected
            elif self.selected >= self.scroll + visible:
                self.scroll = self.selected - visible + 1
            self.refresh_buttons()

    # ------------------------------------------------------------------ actions
    def open(self, screen: Screen) -> None:
        variant = self.entry.variant if self.entry else None
        if not screen.opens_for(variant):
            if variant is not None and variant.deck_only:
                self.status = f"{variant.id} is a deck to browse, not a game: open it with Deck browser (D)."
            return
        scene = screen.open(self.app, variant)
        if scene is not None:
            self.app.push(scene)

    def open_new_game(self) -> None:
        self.open(screen("new_game"))

    # ------------------------------------------------------------------ scene
    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        # as many buttons as there are screens, between the tagline and the status line
        count, gap = len(self.buttons), 14 if h >= 700 else 8
        room = h - BUTTONS_TOP - 54
        self.column.gap = gap if (room - gap * (count - 1)) // count >= 36 else 4
        self.column.height = max(28, min(52, (room - self.column.gap * (count - 1)) // count))
        self.column.layout(48, BUTTONS_TOP)
        self.list_rect = pygame.Rect(400, 190, w - 440, h - 250)
        self.refresh_buttons()

    def handle(self, event: pygame.event.Event) -> None:
        if self.asking_quit:
            self._answer_quit(event)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.asking_quit = True
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.select(self.selected + (-1 if event.key == pygame.K_UP else 1))
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_new_game()
                return
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(len(self.entries) - 1, self.scroll - event.y))
            return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.list_rect.collidepoint(event.pos)
        ):
            row = (event.pos[1] - self.list_rect.top) // ROW_H + self.scroll
            if 0 <= row < len(self.entries):
                self.select(row)
            return
        self.column.handle(event)

    def _answer_quit(self, event: pygame.event.Event) -> None:
        """The question Esc asked: Y, Enter or a click on Quit quits; N, Esc or a click elsewhere
        stays."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_q):
                self.app.quit()
            elif event.key in (pygame.K_n, pygame.K_ESCAPE):
                self.asking_quit = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.quit_buttons[0].collidepoint(event.pos):
                self.app.quit()
            else:
                self.asking_quit = False

    def _draw_question(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - 40, 560), 170)
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, ui.FELT_DARK, box, border_radius=14)
        pygame.draw.rect(surface, ui.ACCENT, box, width=3, border_radius=14)
        ui.text(surface, "Quit Cardtable?", (box.centerx, box.top + 22), 34, ui.WHITE, True, "midtop")
        words = "Games are saved after every move: Continue takes them up."
        ui.text(
            surface,
            words,
            (box.centerx, box.top + 70),
            20,
            (200, 220, 210),
            anchor="midtop",
            width=box.width - 24,
        )
        y = box.bottom - 44
        yes = ui.tag(surface, "Quit  [Y]", (box.centerx - 14, y), 24, ui.ACCENT, anchor="midright")
        no = ui.tag(surface, "Stay  [N]", (box.centerx + 14, y), 24, ui.PANEL, anchor="midleft")
        self.quit_buttons = (yes, no)
        frame.region("question", box)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.FELT)
        w, h = surface.get_size()
        title = ui.text(surface, "Cardtable", (48, 40), 84, ui.WHITE, bold=True)
        tagline = ui.text(
            surface,
            "Pick a game, seat your friends and the computer, and play.",
            (52, 118),
            26,
            (220, 235, 225),
        )
        self.column.draw(surface)
        self._draw_list(surface)
        frame.region("title", title.union(tagline))
        frame.region("buttons", self.buttons[0].rect.unionall([b.rect for b in self.buttons]))
        frame.region("list", self.list_rect)
        if self.status:
            status = ui.text(surface, self.status, (48, h - 40), 24, ui.ACCENT)
        else:
            status = ui.text(
                surface,
                "Up/Down choose a game  ·  Enter starts it  ·  Esc: quit (asks first)",
                (48, h - 40),
                22,
                (200, 220, 210),
            )
        frame.region("status", status)
        if self.asking_quit:
            self._draw_question(surface)
        self.drawn = True

    def _draw_list(self, surface: pygame.Surface) -> None:
        ui.draw_rows(
            surface,
            self.list_rect,
            len(self.entries),
            self.scroll,
            self.selected,
            ROW_H,
            lambda i, row, chosen: self._draw_row(surface, self.entries[i], row, chosen),
        )

    def _draw_row(self, surface: pygame.Surface, e: Entry, row: pygame.Rect, chosen: bool) -> None:
        ink = ui.INK if chosen else ui.WHITE
        if e.loading:
            ui.text(surface, f"{e.id}: loading…", (row.left + 14, row.top + 6), 28, ink, bold=True)
            ui.text(surface, "A file of yours, being read.", (row.left + 14, row.top + 34), 20, ink)
        elif e.variant is not None:
            v = e.variant
            mine = "" if e.builtin else "  (yours)"
            counts = f"{v.min_players}-{v.max_players} players"
            # a narrow window gives up a game's card count, then its players, before cutting its
            # name; a deck keeps its words (they say it is a deck to browse, not a game)
            name = v.name + mine
            players = next(
                (
                    words
                    for words in (f"{counts} · {v.deck.size:,} cards", counts)
                    if ui.ellipsize(name, 32, row.width - 38 - ui.font(22).size(words)[0]) == name
                ),
                "",
            )
            if v.deck_only:
                players = f"deck · {v.deck.size:,} cards"
            right = ui.text(surface, players, (row.right - 14, row.top + 8), 22, ink, anchor="topright")
            title = ui.ellipsize(name, 32, right.left - row.left - 24)  # 32: room for bold
            ui.text(surface, title, (row.left + 14, row.top + 6), 30, ink, bold=True)
            about = v.description or (
                "A deck to browse: open it with Deck browser (D)." if v.deck_only else ""
            )
            desc = ui.ellipsize(about, 20, row.width - 28)
            ui.text(surface, desc, (row.left + 14, row.top + 34), 20, ui.MUTED if chosen else (200, 220, 210))
        else:
            problems = e.error.problems if e.error else []
            ui.text(
                surface,
                f"{e.id}: fails to load ({len(problems)} problem{'' if len(problems) == 1 else 's'})",
                (row.left + 14, row.top + 6),
                28,
                ui.ERROR if chosen else (255, 170, 170),
                bold=True,
            )
            first = str(problems[0]) if problems else ""
            ui.text(surface, first[-110:], (row.left + 14, row.top + 34), 20, ink)
        entry = self.entry
        if entry is not None and entry.error is not None:
            self._draw_errors(surface, entry)

    def _draw_errors(self, surface: pygame.Surface, entry: Entry) -> None:
        area = self.list_rect
        box = pygame.Rect(area.left, area.bottom - ERROR_BOX, area.width, ERROR_BOX)
        pygame.draw.rect(surface, (60, 20, 20), box, border_radius=10)
        y = box.top + 10
        for problem in (entry.error.problems if entry.error else [])[:6]:
            ui.text(
                surface,
                f"{problem.line}:{problem.col}: {problem.message}"[:120],
                (box.left + 12, y),
                22,
                (255, 220, 220),
            )
            y += 26
        ui.text(
            surface,
            f"Fix {entry.path} and restart, or run: cardtable validate {entry.path}",
            (box.left + 12, box.bottom - 30),
            20,
            (255, 200, 160),
        )
