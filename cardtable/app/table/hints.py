"""First-game hints: the first time a person meets a kind of decision in a game (each verb's
`hint`, one text per kind), a short hint appears at the top of the side panel until they decide or
close it. With the panel folded it stands on the felt only where it hides no seat, pot, pile,
speech bubble or card on the board (`clear_place`, trying narrower boxes; its title and buttons
share the top row so it fits the narrow felt beside a board; once placed it stays while its place
stays clear); where there is no such place it waits behind a "Hint" button in the action bar,
whose tip says it whole and which opens it. "Hide hints" switches them off for good (remembered
in settings); the How to play page switches them back on. The hints are the same for everyone:
no card of anybody is in them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from .. import settings, ui
from .cards import Canvas
from .palette import PANEL_GROUND

HINT_PX = 18
FILL = (250, 246, 228)
EDGE = (214, 170, 60)
WIDTHS = (320, 270, 230, 210, 190)  # the box's widths on the felt, widest (fewest lines) first
MARGIN = 10  # kept free around the box on the felt
BUTTONS = ("Got it", "Hide hints")

RectTuple = tuple[int, int, int, int]


class Hints:
    """Which hints each person has seen in this game, and the one on show."""

    def __init__(self, enabled: bool | None = None) -> None:
        self.enabled = bool(settings.load()["hints"]) if enabled is None else enabled
        self.seen: set[tuple[int, str]] = set()
        self.showing: tuple[int, str] | None = None
        self.opened = False  # the bar's "Hint" button opened a hint that had no free place
        # where the hint on show stood on the felt, and for what (hint, felt, sizes)
        self.placed: tuple[tuple[object, ...], pygame.Rect] | None = None

    def current(self, seat: int | None, text: str) -> str:
        """The hint to show `seat` for a decision whose hint is `text` ("" for none)."""
        if not self.enabled or seat is None or not text or (seat, text) in self.seen:
            self.showing, self.opened = None, False
            return ""
        if self.showing != (seat, text):
            self.showing, self.opened = (seat, text), False
        return text

    def decided(self) -> None:
        """The person decided: the hint on show has done its work."""
        if self.showing is not None:
            self.seen.add(self.showing)
            self.showing, self.opened = None, False

    def switch_off(self) -> None:
        self.enabled = False
        self.showing, self.opened = None, False
        settings.save(hints=False)

    def toggle_open(self) -> None:
        """The bar's "Hint" button: show the hint over the felt, or put it away again."""
        self.opened = not self.opened

    def box_size(self, width: int) -> tuple[int, int]:
        """The size of the box of the hint on show, `width` wide."""
        words = self.showing[1] if self.showing is not None else ""
        g = _Box()
        width = max(width, g.least)
        return width, g.height(len(ui.wrap(words, HINT_PX, width - 2 * g.pad)))

    def draw(self, canvas: Canvas, box: pygame.Rect, panel: pygame.Rect | None = None) -> None:
        """The box of the hint on show at `box` (sized by `box_size`), with its two buttons.
        `panel`: the box stands on that side panel's log (whose lines behind it are cleared)."""
        if self.showing is None:
            return
        surface = canvas.surface
        g = _Box()
        lines = ui.wrap(self.showing[1], HINT_PX, box.width - 2 * g.pad)
        if panel is not None:  # the log's lines behind the box and just below it go, none cut in half
            pygame.draw.rect(surface, PANEL_GROUND, (panel.left, box.top - 4, panel.width, box.height + 26))
        pygame.draw.rect(surface, FILL, box, border_radius=8)
        pygame.draw.rect(surface, EDGE, box, width=2, border_radius=8)
        row = box.top + g.pad + g.head // 2  # the title and the two buttons share the top row
        ui.text(surface, "Hint", (box.left + g.pad, row), 20, (150, 110, 20), True, anchor="midleft")
        y = box.top + g.pad + g.head + g.pad // 2
        for line in lines:
            ui.text(surface, line, (box.left + g.pad, y), HINT_PX, ui.INK)
            y += g.line
        # ui.tag's box stands 6 px beyond its text
        off = ui.tag(
            surface, "Hide hints", (box.right - g.pad - 6, row), 18, (225, 220, 205), anchor="midright"
        )
        got = ui.tag(surface, "Got it", (off.left - g.pad - 6, row), 18, EDGE, anchor="midright")
        canvas.hit(got, "button", self.decided)
        canvas.hit(off, "button", self.switch_off)
        canvas.tip(got, "close the hint: you have read it")
        canvas.tip(off, "no more hints, in any game (How to play switches them back on)")

    def draw_in_panel(self, canvas: Canvas, panel: pygame.Rect, top: int) -> None:
        """The box in the side panel, from `top` (under its header) down."""
        w, h = self.box_size(panel.width - 20)
        self.draw(canvas, pygame.Rect(panel.left + 10, top, w, h), panel)

    def place_on_felt(
        self, felt: pygame.Rect, vital: Sequence[pygame.Rect], others: Sequence[pygame.Rect]
    ) -> pygame.Rect | None:
        """Where the box of the hint on show stands on the felt, clear of `vital` (the seats, the
        pot, the piles, a board holding cards) and hiding as little of `others` as it can; None
        when no box fits clear of them (the bar's "Hint" button then holds it)."""
        sizes = tuple(self.box_size(min(w, felt.width - 2 * MARGIN)) for w in WIDTHS)
        key = (self.showing, tuple(felt), sizes)
        walls = [pygame.Rect(r).inflate(2 * MARGIN, 2 * MARGIN) for r in vital]
        if self.placed is not None and self.placed[0] == key and self.placed[1].collidelist(walls) == -1:
            return self.placed[1].copy()  # the box stays while its place stays clear (a bubble fades)
        box = clear_place(felt, sizes, vital, others)
        self.placed = (key, box.copy()) if box is not None else None
        return box


class _Box:
    """The hint box's measures at the interface's text scale: its padding, the top row's height
    (the title, and the buttons: ui.tag's text and 6 px above and below) and a line of the hint's.
    The buttons share the title's row, so a box fits the narrow bare felt beside a board."""

    def __init__(self) -> None:
        self.pad = max(8, round(10 * ui.scale()))
        self.head = max(ui.line(20), ui.line(18) + 12)
        self.line = ui.line(HINT_PX) + 2
        words = ui.font(20, True).size("Hint")[0] + sum(ui.font(18, True).size(b)[0] for b in BUTTONS)
        self.least = 4 * self.pad + words + 24  # the top row: title, two buttons, gaps between

    def height(self, lines: int) -> int:
        return self.pad + self.head + self.pad // 2 + lines * self.line + self.pad


def clear_place(
    felt: pygame.Rect,
    sizes: Sequence[tuple[int, int]],
    vital: Sequence[pygame.Rect],
    others: Sequence[pygame.Rect] = (),
) -> pygame.Rect | None:
    """A box of one of `sizes` inside `felt` (MARGIN in from its edges) touching none of `vital`
    (nor within MARGIN of one), hiding the least of `others`, then the first size that does so,
    then nearest the felt's top right corner; None when no size fits anywhere."""
    found = _clear_place(
        tuple(felt), tuple(sizes), tuple(tuple(r) for r in vital), tuple(tuple(r) for r in others)
    )
    return pygame.Rect(found) if found is not None else None


@lru_cache(maxsize=64)
def _clear_place(
    felt_t: RectTuple,
    sizes: tuple[tuple[int, int], ...],
    vital_t: tuple[RectTuple, ...],
    others_t: tuple[RectTuple, ...],
) -> RectTuple | None:
    # A box that fits somewhere still fits when slid left and then up until it meets the felt's
    # edge or an obstacle: so the left edges worth trying are the felt's and the obstacles' right
    # edges, and the top edges likewise. (Right and bottom edges too, for a better choice.)
    felt = pygame.Rect(felt_t).inflate(-2 * MARGIN, -2 * MARGIN)
    vital = [pygame.Rect(r).inflate(2 * MARGIN, 2 * MARGIN) for r in vital_t]
    others = [pygame.Rect(r) for r in others_t]
    best: tuple[tuple[int, int, int], RectTuple] | None = None
    for rank, (w, h) in enumerate(sizes):
        if w > felt.width or h > felt.height:
            continue
        xs = {felt.left, felt.right - w, *(r.right for r in vital), *(r.left - w for r in vital)}
        ys = {felt.top, felt.bottom - h, *(r.bottom for r in vital), *(r.top - h for r in vital)}
        for x in xs:
            if not felt.left <= x <= felt.right - w:
                continue
            for y in ys:
                if not felt.top <= y <= felt.bottom - h:
                    continue
                box = pygame.Rect(x, y, w, h)
                if box.collidelist(vital) != -1:
                    continue
                hidden = sum(c.width * c.height for c in (box.clip(r) for r in others))
                corner = abs(felt.right - box.right) + abs(box.top - felt.top)
                key = (hidden, rank, corner)
                if best is None or key < best[0]:
                    best = (key, (x, y, w, h))
    return best[1] if best is not None else None


def least_in_the_way(
    felt: pygame.Rect, width: int, height: int, vital: list[pygame.Rect], others: list[pygame.Rect]
) -> pygame.Rect:
    """Where on the felt a box hides least: none of `vital` (the pot, the person's own seat) if any
    place can, then as little of `others` as may be; the top right corner when all else is equal.
    For a hint the person opened from the bar, where no place was clear of everything."""
    m = MARGIN
    xs = (felt.right - m - width, felt.left + m, felt.centerx - width // 2)
    ys = (felt.top + m, felt.bottom - m - height, felt.centery - height // 2)
    places = [pygame.Rect(x, y, width, height) for y in ys for x in xs]

    def hidden(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
        return sum(c.width * c.height for c in (box.clip(r) for r in rects))

    return min(places, key=lambda box: (hidden(box, vital), hidden(box, others)))
