"""The rules screen: a variant's description, deck and hand ranking (or points table). Each
category has its own row: its name and the sentence that explains it, a picture of an example
hand (the cards that make it raised), and how often a random hand is that category, beside the
odds the game's author published where the variant gives them. Frequencies are sampled and
examples found a little every frame, so the window never stalls."""

from __future__ import annotations

import pygame

from .. import clock
from ..engine import wording
from ..hands.describe import description
from ..hands.odds_text import column
from ..hands.published import probability
from ..variant import Variant
from . import frame, ui
from .frequency import SAMPLE_BUDGET, FrequencySampler
from .hand_pictures import HandPictures
from .rules_odds import RankingOdds
from .scene import App, Scene

# Seconds of work per frame: looking for the example hands on screen first, then sampling the
# frequencies with what is left; with drawing and the last step's overrun, under 16 ms a frame.
WORK_BUDGET = 0.009
TEXT = (215, 230, 220)
DIM = (175, 195, 185)
NEVER = (255, 190, 90)


class RulesScene(Scene):
    manifest_scene = "rules"

    def __init__(self, app: App, variant: Variant) -> None:
        super().__init__(app)
        self.variant = variant
        self.sampler = FrequencySampler(variant)
        self.hands = self.sampler.hands
        self.pictures = HandPictures(variant)
        self.odds = RankingOdds(variant)  # true odds as played and the frequency ranking
        self.scroll = 0
        self.shown: range = range(0)  # the category rows on screen in the last frame
        self.never = self.hands.never_counts if self.hands else {}
        cats = self.hands.categories if self.hands else ()
        given = [probability(c.published) if c.published else None for c in cats]
        shown = iter(column([p for p in given if p is not None]))
        # the author's odds, read as probabilities and printed to one precision (None: as written)
        self.published_text = [next(shown) if p is not None else None for p in given]
        self.back = pygame.Rect(0, 0, 0, 0)
        self.howto = pygame.Rect(0, 0, 0, 0)

    @property
    def samples(self) -> int:
        return self.sampler.samples

    @property
    def busy(self) -> bool:
        """Example hands of the rows on screen still being looked for."""
        return not all(self.pictures.ready(i) for i in self.shown)

    def update(self, dt: float) -> None:
        start = clock.now()
        if self.pictures.work(self.shown, WORK_BUDGET):
            self.sampler.step(min(SAMPLE_BUDGET, WORK_BUDGET - (clock.now() - start)))

    def open_howto(self) -> None:
        from .howto import HowToScene

        self.app.push(HowToScene(self.app, self.variant))

    def handle(self, event: pygame.event.Event) -> None:
        rows = len(self.hands.categories) if self.hands else 0
        page = max(1, len(self.shown))
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_r, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_F1):
            self.open_howto()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 1 if event.key == pygame.K_DOWN else page
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll -= 1 if event.key == pygame.K_UP else page
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_HOME:
            self.scroll = 0
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_END:
            self.scroll = rows
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back.collidepoint(event.pos):
                self.app.pop()
            elif self.howto.collidepoint(event.pos):
                self.open_howto()
        self.scroll = max(0, min(self.scroll, max(0, rows - page)))

    # ------------------------------------------------------------------ what each row says
    def published(self, index: int) -> str:
        """The odds the author published, in the measured figures' terms when they can be read."""
        cat = self.hands.categories[index]
        if not cat.published:
            return ""
        text = self.published_text[index]
        return f"published: {text}" if text is not None else f"published: {cat.published}"

    def measured(self, index: int) -> str:
        """How often a random hand is this category. (The frequency display of the odds work
        plugs in here.)"""
        if index in self.never:
            return f"never: {self.hands.categories[self.never[index]].name} ranks higher"
        return self.sampler.frequency(index)

    def lines(self) -> list[tuple[str, str, str]]:
        """(name, points, frequency) per category, best first."""
        cats = self.hands.categories if self.hands else ()
        return [(c.name, str(c.points) if c.points else "", self.measured(i)) for i, c in enumerate(cats)]

    # ------------------------------------------------------------------ the frame
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.FELT_DARK)
        w, h = surface.get_size()
        small = w < 1000 or h < 700
        v = self.variant
        ui.text(surface, v.name, (32, 14), 40 if small else 50, ui.WHITE, bold=True)
        y = 60 if small else 70
        for line in ui.wrap(v.description, 20, w - 64)[:2]:
            ui.text(surface, line, (34, y), 20, TEXT)
            y += 22
        parts = [f"{len(a)} {a.label}s" for a in v.deck.attributes.values()]
        facts = f"{v.min_players}-{v.max_players} players · {v.deck.size:,} cards · " + ", ".join(parts)
        ui.text(surface, ui.ellipsize(facts, 20, w - 64), (34, y + 2), 20, ui.ACCENT)
        y += 30
        frame.region("title", pygame.Rect(0, 0, w, y))
        foot = pygame.Rect(0, h - 44, w, 44)
        self._footer(surface, foot)
        if not self.hands:
            ui.text(surface, "This variant declares no hands.", (34, y + 8), 26, ui.WHITE)
            self.shown = range(0)
            return
        self._rows(surface, pygame.Rect(24, y, w - 48, foot.top - y - 4), small)

    def _footer(self, surface: pygame.Surface, foot: pygame.Rect) -> None:
        frame.region("prompt", foot)
        words = "Up/Down, wheel: scroll  ·  H or F1: how to play  ·  Esc: back"
        ui.text(surface, ui.ellipsize(words, 18, foot.width // 2), (34, foot.top + 14), 18, DIM)
        self.back = ui.tag(
            surface, "Back  [Esc]", (foot.right - 24, foot.centery), 20, ui.PANEL, anchor="midright"
        )
        self.howto = ui.tag(
            surface, "How to play  [H]", (self.back.left - 16, foot.centery), 20, ui.ACCENT, anchor="midright"
        )

    def _rows(self, surface: pygame.Surface, area: pygame.Rect, small: bool) -> None:
        cats = self.hands.categories
        points = any(c.points for c in cats)
        order = "lowest wins: the last one listed is best" if self.hands.lowest_wins else "best first"
        head = "Points table" if points else f"Hands, {order} ({self.hands.size} cards)"
        head_rect = ui.text(surface, head, (area.left + 10, area.top + 2), 24, ui.WHITE, bold=True)
        note = (
            f"how often a random hand's best is each, of {self.samples:,} sampled"
            if self.sampler.settled
            else "how often a random hand is each: measuring…"
        )
        if any(c.published for c in cats) and not small:
            note += "  ·  beside the odds the author published"
        top = area.top + 30
        said = ([f"Reading: {self.hands.reading}"] if self.hands.reading else []) + self.odds.notes()
        notes = [line for note in said for line in ui.wrap(note, 15, area.width - 20)]
        for line in notes[: 3 if small else 6]:
            ui.text(surface, line, (area.left + 10, top), 15, ui.ACCENT)
            top += 17
        top += 4 if notes else 0
        base = 76 if small else max(96, min(150, surface.get_height() // 7))  # bigger cards on big screens
        room = max(1, (area.bottom - top) // base)
        row_h = min(base * 4 // 3, (area.bottom - top) // room)  # the rows share the height left
        self.scroll = max(0, min(self.scroll, max(0, len(cats) - room)))
        self.shown = range(self.scroll, min(len(cats), self.scroll + room))
        frame.region("hands", pygame.Rect(area.left, top, area.width, room * row_h))
        text_w = int(area.width * (0.36 if small else 0.34))
        odds_w = 150 if small else 190
        for k, i in enumerate(self.shown):
            row = pygame.Rect(area.left, top + k * row_h, area.width, row_h - 4)
            pygame.draw.rect(surface, (30, 70, 50) if i % 2 else (24, 60, 42), row, border_radius=6)
            self._row(surface, i, row, text_w, odds_w, small)
        where = f"{self.shown.start + 1}-{self.shown.stop} of {len(cats)}" if len(cats) > room else ""
        if where:
            ui.text(surface, where, (head_rect.right + 14, area.top + 6), 16, DIM)
        room_for_note = area.right - 8 - (head_rect.right + 100)
        ui.text(
            surface,
            ui.ellipsize(note, 16, room_for_note),
            (area.right - 8, area.top + 6),
            16,
            DIM,
            anchor="topright",
        )

    def _row(
        self, surface: pygame.Surface, i: int, row: pygame.Rect, text_w: int, odds_w: int, small: bool
    ) -> None:
        cat = self.hands.categories[i]
        x = row.left + 10
        title = f"{i + 1}. {cat.name}"
        ui.text(surface, ui.ellipsize(title, 22, text_w), (x, row.top + 6), 22, ui.WHITE, bold=True)
        size = 16 if small else 18
        said = description(cat, self.variant.deck) + (f" Reading: {cat.reading}" if cat.reading else "")
        lines = ui.wrap(said, size, text_w - 6)
        fit = max(1, (row.height - 30) // (size + 2))
        if len(lines) > fit:
            lines = [*lines[: fit - 1], ui.ellipsize(" ".join(lines[fit - 1 :]), size, text_w - 6)]
        for n, line in enumerate(lines):
            ui.text(surface, line, (x, row.top + 32 + n * (size + 2)), size, TEXT)
        cards = pygame.Rect(
            row.left + text_w + 16, row.top + 4, row.width - text_w - odds_w - 32, row.height - 8
        )
        if not self.pictures.draw(surface, i, cards):
            waiting = "no hand can be this: a higher one always takes it" if i in self.never else "…"
            if self.pictures.ready(i) and i not in self.never:
                waiting = "no example found"
            ui.text(surface, ui.ellipsize(waiting, 16, cards.width), (cards.left, cards.centery - 8), 16, DIM)
        right = row.right - 10
        y = row.top + 8
        if cat.points:
            ui.text(
                surface,
                wording.count(cat.points, "point", False),
                (right, y),
                22,
                ui.ACCENT,
                bold=True,
                anchor="topright",
            )
            y += 26
        measured = self.measured(i)
        colour = NEVER if i in self.never else (225, 238, 228)
        ui.text(surface, ui.ellipsize(measured, 18, odds_w), (right, y), 18, colour, anchor="topright")
        y += 22
        published = self.published(i)
        for line in ui.wrap(published, 15, odds_w)[:2] if published else []:  # none: no blank line
            ui.text(surface, line, (right, y), 15, DIM, anchor="topright")
            y += 17
        room = max(1, (row.bottom - y + 2) // 17)
        lines = _packed(self.odds.parts(i), odds_w)
        if len(lines) > room:  # never a cut phrase ('… · #4 by'): the short forms, whole
            lines = _packed(self.odds.parts(i, short=True), odds_w)[:room]
        for line in lines:
            ui.text(surface, line, (right, y), 15, ui.ACCENT, anchor="topright")
            y += 17


def _packed(parts: list[str], width: int, size: int = 15) -> list[str]:
    """Parts joined by ' · ' into lines no wider than `width`, never splitting a part (one too
    wide alone is shortened with an ellipsis)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and ui.font(size).size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(ui.ellipsize(part, size, width))
    return lines
