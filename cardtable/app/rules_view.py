"""The rules screen: a variant's description, a legend of its deck's symbols, its readings and
notes on the odds, and its hand ranking (or points table). Each category has its own row: its
name and the sentence that explains it, a picture of an example hand (the cards that make it
raised and outlined), and how often a random hand is that category, beside the odds the game's
author published where the variant gives them. The page is blocks drawn whole, each as tall as
its words, scrolled a block at a time: no sentence is cut. Frequencies are sampled and examples
found a little every frame, so the window never stalls."""

from __future__ import annotations

from dataclasses import dataclass, field

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
from .rules_legend import Legend
from .rules_odds import RankingOdds
from .scene import App, Scene

# Seconds of work per frame: looking for the example hands on screen first, then sampling the
# frequencies with what is left; with drawing and the last step's overrun, under 16 ms a frame.
WORK_BUDGET = 0.009
TEXT = (215, 230, 220)
DIM = (175, 195, 185)
NEVER = (255, 190, 90)


@dataclass(frozen=True)
class Block:
    """One piece of the page, drawn whole: its kind, height and wrapped lines (a row: its
    category's sentence) and, for a row, the category's index."""

    kind: str  # about, legend, notes, head, row
    height: int
    lines: list[str] = field(default_factory=list)
    index: int = -1


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
        self.legend = Legend(variant.deck)
        self.last_start = 0  # the scroll that shows the page's end (worked out as drawn)
        self.drawn_blocks = 0  # blocks on screen in the last frame
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
        rows = self.last_start  # the last block at the page's foot: scrolling stops there
        page = max(1, self.drawn_blocks - 1)  # a page down keeps the last block in view
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
        self.scroll = max(0, min(self.scroll, rows))

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
        ui.text(surface, v.name, (32, 14), 40 if small else 50, ui.WHITE, bold=True, width=w - 64)
        y = 60 if small else 70
        parts = [f"{len(a)} {a.label}s" for a in v.deck.attributes.values()]
        facts = f"{v.min_players}-{v.max_players} players · {v.deck.size:,} cards · " + ", ".join(parts)
        for line in ui.wrap(facts, 20, w - 64)[:2]:
            ui.text(surface, line, (34, y), 20, ui.ACCENT, width=w - 64)
            y += ui.line(20)
        y += 6
        frame.region("title", pygame.Rect(0, 0, w, y))
        foot = pygame.Rect(0, h - 44, w, 44)
        page = pygame.Rect(24, y, w - 48, foot.top - y - 4)
        blocks = self._blocks(page.width, small, h)
        self._page(surface, page, blocks)
        self._footer(surface, foot, blocks)

    def _blocks(self, width: int, small: bool, height: int) -> list[Block]:
        """The page from top to bottom: the game's description, the legend of the deck's symbols,
        the readings and notes on the odds, the hands' heading, then one row per category."""
        inner = width - 20
        out: list[Block] = []
        about = ui.wrap(self.variant.description, 20, inner)
        if about:
            out.append(Block("about", len(about) * (ui.line(20) + 2) + 8, about))
        if self.legend.groups:
            out.append(Block("legend", self.legend.height(inner) + 8))
        if not self.hands:
            return [*out, Block("notes", ui.line(15) + 12, ["This variant declares no hands."])]
        said = ([f"Reading: {self.hands.reading}"] if self.hands.reading else []) + self.odds.notes()
        notes = [line for note in said for line in [*ui.wrap(note, 15, inner), ""]][:-1]
        if notes:
            out.append(Block("notes", len(notes) * (ui.line(15) + 2) + 10, notes))
        note = self._sample_note(small)
        out.append(Block("head", ui.line(24) + 6 + len(ui.wrap(note, 16, inner)) * ui.line(16) + 8, [note]))
        base = 76 if small else max(96, min(150, height // 7))  # bigger cards on big screens
        text_w = int(width * (0.36 if small else 0.34))
        size = 16 if small else 18
        for i in range(len(self.hands.categories)):
            lines = self._said(i, size, text_w - 6) + ui.wrap(self.pictures.caption(i), size, text_w - 6)
            need = max(32 + len(lines) * (size + 2) + 10, self._odds_height(i, 150 if small else 190))
            out.append(Block("row", max(base, need), lines, i))
        return out

    def _odds_height(self, i: int, odds_w: int) -> int:
        """The height the right-hand column needs at most: points, the measured figure, the
        published odds, and the parts on odds as played, each on a line of its own."""
        cat = self.hands.categories[i]
        published = self.published(i)
        lines = len(ui.wrap(published, 15, odds_w)[:2]) if published else 0
        return 8 + (26 if cat.points else 0) + 22 + (lines + len(self.odds.parts(i))) * 17 + 6

    def _sample_note(self, small: bool) -> str:
        cats = self.hands.categories
        note = (
            f"How often a random hand's best is each, of {self.samples:,} sampled"
            if self.sampler.settled
            else "How often a random hand is each: measuring…"
        )
        if any(c.published for c in cats):
            note += ", beside the odds the author published"
        return note if note.endswith("…") else note + "."

    def _said(self, i: int, size: int, width: int) -> list[str]:
        """A category's sentence and reading, wrapped whole."""
        cat = self.hands.categories[i]
        said = description(cat, self.variant.deck) + (f" Reading: {cat.reading}" if cat.reading else "")
        return ui.wrap(said, size, width)

    def _page(self, surface: pygame.Surface, area: pygame.Rect, blocks: list[Block]) -> None:
        """The blocks from the scroll position down, each whole (one taller than the page shows
        what fits: only a 10,000-character text does that)."""
        heights = [b.height for b in blocks]
        last, room = len(blocks), area.height
        while last > 0 and room - heights[last - 1] >= 0:
            room -= heights[last - 1]
            last -= 1
        self.last_start = last  # the scroll that shows the last block at the bottom
        self.scroll = max(0, min(self.scroll, self.last_start))
        y, shown, drawn, rows_top = area.top, [], 0, None
        for k in range(self.scroll, len(blocks)):
            block = blocks[k]
            if drawn and y + block.height > area.bottom:
                break
            box = pygame.Rect(area.left, y, area.width, min(block.height, area.bottom - y))
            self._block(surface, block, box)
            if block.kind == "row":
                shown.append(block.index)
                rows_top = y if rows_top is None else rows_top
            y += block.height
            drawn += 1
        self.drawn_blocks = drawn
        self.shown = range(shown[0], shown[-1] + 1) if shown else range(0)
        if rows_top is not None:
            frame.region("hands", pygame.Rect(area.left, rows_top, area.width, y - rows_top))

    def _block(self, surface: pygame.Surface, block: Block, box: pygame.Rect) -> None:
        x = box.left + 10
        if block.kind == "about":
            for n, line in enumerate(block.lines):
                if box.top + (n + 1) * (ui.line(20) + 2) > box.bottom:
                    break
                ui.text(surface, line, (x, box.top + n * (ui.line(20) + 2)), 20, TEXT)
        elif block.kind == "legend":
            self.legend.draw(surface, (x, box.top + 2), box.width - 20, box.bottom)
        elif block.kind == "notes":
            for n, line in enumerate(block.lines):
                if box.top + 4 + (n + 1) * (ui.line(15) + 2) > box.bottom:
                    break
                if line:
                    ui.text(surface, line, (x, box.top + 4 + n * (ui.line(15) + 2)), 15, ui.ACCENT)
        elif block.kind == "head":
            cats = self.hands.categories
            points = any(c.points for c in cats)
            order = "lowest wins: the last one listed is best" if self.hands.lowest_wins else "best first"
            head = "Points table" if points else f"Hands, {order} ({self.hands.size} cards)"
            ui.text(surface, head, (x, box.top + 2), 24, ui.WHITE, bold=True, width=box.width - 20)
            y = box.top + ui.line(24) + 6
            for line in ui.wrap(block.lines[0], 16, box.width - 20):
                ui.text(surface, line, (x, y), 16, DIM)
                y += ui.line(16)
        else:
            small = surface.get_width() < 1000 or surface.get_height() < 700
            row = box.inflate(0, -4).move(0, -2)
            i = block.index
            pygame.draw.rect(surface, (30, 70, 50) if i % 2 else (24, 60, 42), row, border_radius=6)
            text_w = int(box.width * (0.36 if small else 0.34))
            self._row(surface, i, row, text_w, 150 if small else 190, small, block.lines)

    def _footer(self, surface: pygame.Surface, foot: pygame.Rect, blocks: list[Block]) -> None:
        frame.region("prompt", foot)
        self.back = ui.tag(
            surface, "Back  [Esc]", (foot.right - 24, foot.centery), 20, ui.PANEL, anchor="midright"
        )
        self.howto = ui.tag(
            surface, "How to play  [H]", (self.back.left - 16, foot.centery), 20, ui.ACCENT, anchor="midright"
        )
        cats = len(self.hands.categories) if self.hands else 0
        shown = self.shown
        where = f"hands {shown.start + 1}-{shown.stop} of {cats}  ·  " if shown and len(shown) < cats else ""
        if cats and not shown:
            where = "the hands are below  ·  " if self.scroll < self.last_start else ""
        words = where + "Up/Down, wheel: scroll  ·  H or F1: how to play  ·  Esc: back"
        room = self.howto.left - 16 - 34
        ui.text(surface, ui.ellipsize(words, 18, room), (34, foot.top + 14), 18, DIM)

    def _row(
        self,
        surface: pygame.Surface,
        i: int,
        row: pygame.Rect,
        text_w: int,
        odds_w: int,
        small: bool,
        lines: list[str],
    ) -> None:
        cat = self.hands.categories[i]
        x = row.left + 10
        title = f"{i + 1}. {cat.name}"
        ui.text(surface, ui.ellipsize(title, 22, text_w), (x, row.top + 6), 22, ui.WHITE, bold=True)
        size = 16 if small else 18
        for n, line in enumerate(lines):  # the row is as tall as its sentence: every line whole
            if row.top + 32 + (n + 1) * (size + 2) > row.bottom + 4:
                break
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
