"""The deck browser: every card of a deck spread on the table, zoomed, sorted and searched.

Far levels draw from cached tiles (at the farthest they form the deck's overview); nearer levels
blit each visible card from the face atlas, found by grid arithmetic. Matches of a search are
haloed and the rest dimmed. A click shows the card large; in picker mode a click picks it instead
(a later screen names cards with it).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from .. import clock
from ..deck import Deck
from .atlas import FaceAtlas, group_size
from .cache import ByteLRU
from .cache import shared as shared_budget
from .camera import Camera
from .faces import FacePainter, card_height
from .ladder import LEVELS, TILE_MAX, cell, nearest
from .layout import GridLayout, make_layout, sort_keys
from .prefetch import Heading, ahead
from .search import DeckSearch
from .stand_in import StandIns
from .tiles import TileCache, tile_cells

FELT = (22, 74, 52)
BAR = (16, 40, 30)
BAR_H = 40
HALO = (255, 214, 64)
PICKED = (80, 200, 255)
TEXT = (236, 236, 228)
DIM_ALPHA = 170
GEN_BUDGET = 0.004  # seconds of face and tile painting per frame
COLD_BUDGET = 0.010  # ... after a jump that left most of the screen blank: fill it quickly
COLD_SHARE = 0.25  # the share of visible slots blank that makes a frame cold


class DeckBrowser:
    def __init__(
        self,
        deck: Deck,
        size: tuple[int, int],
        painter: FacePainter | None = None,
        face_budget: int | None = None,
        tile_budget: int | None = None,
        on_pick: Callable[[int], None] | None = None,
        max_picks: int = 0,
    ) -> None:
        self.deck = deck
        self.size = size
        self.painter = painter or FacePainter(deck)
        self.keys = sort_keys(deck)
        self.layout: GridLayout = make_layout(deck, self.keys[0] if self.keys else None)
        # Strips, tiles, glyphs and text share one memory budget sized from the window (a number
        # of bytes given here gives the atlas or the tiles a budget of their own, for tests).
        self.memory = shared_budget()
        self.memory.fit_window(size)
        self.atlas = FaceAtlas(self.painter, self.layout.order, face_budget)
        self.tiles = TileCache(FELT, tile_budget)
        self.search = DeckSearch(deck)
        _ = self.search.texts  # built now, so the first keystroke is as quick as the rest
        self.camera = Camera(self.layout.cols, self.layout.rows, size, top=BAR_H)
        self.camera.jump(self.camera.fit_level())
        self.version = 0  # bumps on a new sort or search: tiles repaint
        self.selected: int | None = None  # the card shown large
        self.cursor = -1  # position of the current match (jump to next)
        self.picks: list[int] = []
        self.on_pick = on_pick
        self.max_picks = max_picks
        self._drag: tuple[int, int] | None = None
        self._dragged = False
        self._hud: tuple[object, pygame.Surface] | None = None
        self._big: tuple[tuple[int, int], pygame.Surface] | None = None
        self._shades: ByteLRU[int, pygame.Surface] = ByteLRU(self.memory, "shades")
        self._halos: ByteLRU[tuple[int, tuple[int, int, int]], pygame.Surface] = ByteLRU(self.memory, "halos")
        self.last_search_ms = 0.0
        # Grid positions on screen left undrawn by the last frame, as (first, end) ranges: a face
        # not made yet (a placeholder card shows) or a tile row not painted yet (bare felt).
        self.blank: list[tuple[int, int]] = []
        self.heading = Heading()  # which way the view moves: faces are made ahead of it
        # Right after a zoom step, faces made at another size stand in, scaled, for those of the
        # new size not made yet (not blank: counted apart, in `stand_ins`).
        self.stand = StandIns(self.atlas, self.tiles, self.memory)

    # ------------------------------------------------------------------ state changes

    def sort_by(self, key: str) -> None:
        anchor_card = self.card_at_center()
        self.layout = make_layout(self.deck, key)
        self.atlas.set_order(self.layout.order)
        self.tiles.clear()
        self.camera.cols, self.camera.rows = self.layout.cols, self.layout.rows
        self.version += 1
        self.cursor = -1
        if anchor_card is not None:
            c, r = self.layout.cell_of(anchor_card)
            self.camera.center_on(c + 0.5, r + 0.5)

    def cycle_sort(self) -> None:
        if self.keys:
            i = self.keys.index(self.layout.key) if self.layout.key in self.keys else -1
            self.sort_by(self.keys[(i + 1) % len(self.keys)])

    def set_query(self, query: str) -> int:
        t0 = time.perf_counter()
        n = self.search.set(query)
        self.version += 1
        self.cursor = -1
        self.last_search_ms = (time.perf_counter() - t0) * 1000
        return n

    def next_match(self, step: int = 1) -> int | None:
        """Centre the next match (in display order) and return its card."""
        if not self.search.active or not self.search.matches:
            return None
        order, mask, n = self.layout.order, self.search.mask, self.layout.size
        p = self.cursor
        for _ in range(n):
            p = (p + step) % n
            if mask[order[p]]:
                self.cursor = p
                cols = self.layout.cols
                self.camera.center_on(p % cols + 0.5, p // cols + 0.5)
                if self.camera.width < 48:
                    self.camera.zoom_to(LEVELS.index(86))
                return order[p]
        return None

    def card_at(self, px: float, py: float) -> int | None:
        """The card under a screen point, or None (gaps and empty table included)."""
        if py < BAR_H:
            return None
        fx, fy = self.camera.cell_at(px, py)
        c, r = int(fx // 1), int(fy // 1)
        if not (0 <= c < self.layout.cols and 0 <= r < self.layout.rows):
            return None
        w = self.camera.width
        cw, ch = cell(w)
        if (fx - c) * cw > w or (fy - r) * ch > card_height(w):
            return None
        p = r * self.layout.cols + c
        return self.layout.order[p] if p < self.layout.size else None

    def card_at_center(self) -> int | None:
        c, r = int(self.camera.cx), int(self.camera.cy)
        p = min(self.layout.size - 1, max(0, r * self.layout.cols + c))
        return self.layout.order[p] if self.layout.size else None

    def click(self, px: float, py: float) -> None:
        if self.selected is not None:
            self.selected = None
            return
        card = self.card_at(px, py)
        if card is None:
            return
        if self.on_pick is not None:
            if card in self.picks:
                self.picks.remove(card)
            elif not self.max_picks or len(self.picks) < self.max_picks:
                self.picks.append(card)
                self.on_pick(card)
            self.version += 1
        else:
            self.selected = card

    # ------------------------------------------------------------------ events

    def handle_event(self, ev: pygame.event.Event) -> None:
        from .browser_input import handle_event

        handle_event(self, ev)

    def update(self, dt: float) -> None:
        self.camera.update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: the camera's view and the memory budget follow it."""
        self.size = size
        self.camera.view_w, self.camera.view_h = size
        self.camera.clamp()
        self.memory.fit_window(size)
        self._hud = None

    # ------------------------------------------------------------------ drawing

    def draw(self, screen: pygame.Surface, budget: float = GEN_BUDGET) -> None:
        """Draw one frame; face and tile painting stops `budget` seconds after the frame began."""
        start = clock.now()
        cam = self.camera
        c0, c1, r0, r1 = cam.visible()
        waiting = self.blank_count + self.stand.shown  # last frame's
        if waiting > COLD_SHARE * (c1 - c0) * (r1 - r0):
            budget = max(budget, COLD_BUDGET)  # a cold jump: most of the screen still to make
        deadline = start + budget
        self.memory.new_frame()  # what this frame shows is not dropped while it is drawn
        self.heading.update(cam.cx, cam.cy, cam.level)
        self.blank = []
        self.stand.new_frame(cam.width)
        try:
            screen.fill(FELT)
            w = self.camera.width
            if w <= TILE_MAX:
                self._draw_tiles(screen, w, deadline)
            else:
                self._draw_cards(screen, w, deadline)
        finally:
            self.memory.end_frames()
        self.memory.trim_if_due()  # pictures dropped: their memory goes back to the system
        self._draw_hud(screen)
        if self.selected is not None:
            self._draw_large(screen, self.selected)

    @property
    def blank_count(self) -> int:
        """Visible slots the last frame left undrawn."""
        return sum(hi - lo for lo, hi in self.blank)

    @property
    def stand_ins(self) -> int:
        """Visible slots the last frame drew with a face scaled from another size (not blank)."""
        return self.stand.shown

    @property
    def busy(self) -> bool:
        """True while faces or tiles asked for are still unpainted (or a zoom is under way)."""
        return bool(self.atlas.wanted or self.tiles.pending or self.camera.animating)

    def _paint_cell(self, surface: pygame.Surface, x: int, y: int, width: int, pos: int) -> None:
        card = self.layout.order[pos]
        self.painter.paint(surface, x, y, width, card)
        if self.search.active:
            if self.search.mask[card]:
                pygame.draw.rect(
                    surface,
                    HALO,
                    (x, y, width, card_height(width)),
                    1 if width < 16 else 2,
                    border_radius=max(1, width // 12),
                )
            else:
                surface.blit(self._shade(width), (x, y))
        if card in self.picks:
            pygame.draw.rect(surface, PICKED, (x, y, width, card_height(width)), 2)

    def _draw_tiles(self, screen: pygame.Surface, w: int, deadline: float) -> None:
        cam = self.camera
        cw, ch = cell(w)
        tc, tr = tile_cells(w)
        ox, oy = cam.origin()
        c0, c1, r0, r1 = cam.visible()
        self.tiles.forget_pending()
        version = self.version
        seq = []
        tiles = []
        for ty in range(r0 // tr, (max(r0, r1 - 1)) // tr + 1):
            for tx in range(c0 // tc, (max(c0, c1 - 1)) // tc + 1):
                tile = self.tiles.get(w, tx, ty, version)
                tiles.append((tile, tx, ty))
                seq.append((tile.surface, (ox + tx * tc * cw, oy + ty * tr * ch)))
        screen.fblits(seq)
        cols, total = self.layout.cols, self.layout.size
        # Rows not painted yet show bare felt (painting comes after the blit), unless tiles of a
        # neighbouring far size, scaled, stand in.
        cover, blank = self.stand.over_tiles(w, tiles, (c0, c1, r0, r1), (ox, oy), (cols, total))
        self.blank.extend(blank)
        if cover:
            screen.blits(cover, doreturn=False)
        grid = (cols, self.layout.rows)
        heading = (self.heading.dx, self.heading.dy)
        for r, a, b in ahead((c0, c1, r0, r1), heading, grid, (tc, tr)):
            for tx in range(a // tc, (b - 1) // tc + 1):
                self.tiles.get(w, tx, r // tr, version, ahead=True)
        self.tiles.paint(cols, total, self._paint_cell, deadline)

    def _shade(self, w: int) -> pygame.Surface:
        s = self._shades.get(w)
        if s is None:
            s = pygame.Surface((w, card_height(w)), pygame.SRCALPHA)
            s.fill((0, 0, 0, 0))
            pygame.draw.rect(s, (14, 30, 24, DIM_ALPHA), s.get_rect(), border_radius=max(1, w // 12))
            s = self._shades.put(w, s.convert_alpha() if pygame.display.get_surface() else s)
        return s

    def _halo(self, w: int, colour: tuple[int, int, int]) -> pygame.Surface:
        s = self._halos.get((w, colour))
        if s is None:
            b = max(2, w // 24)
            s = pygame.Surface((w + 2 * b, card_height(w) + 2 * b), pygame.SRCALPHA)
            s.fill((0, 0, 0, 0))
            pygame.draw.rect(s, colour, s.get_rect(), border_radius=max(2, w // 10))
            s = self._halos.put((w, colour), s.convert_alpha() if pygame.display.get_surface() else s)
        return s

    def _draw_cards(self, screen: pygame.Surface, w: int, deadline: float) -> None:
        cam = self.camera
        cw, ch = cell(w)
        ox, oy = cam.origin()
        c0, c1, r0, r1 = cam.visible()
        cols, total = self.layout.cols, self.layout.size
        g = group_size(w)
        atlas = self.atlas
        atlas.forget_wanted()
        strip = atlas.strip
        blank = self.painter.base(w, card_height(w), (205, 205, 198))
        searching = self.search.active
        mask = self.search.mask
        order = self.layout.order
        Blit = tuple[pygame.Surface, tuple[int, int]]
        faces: list[Blit] = []
        under: list[Blit] = []
        over: list[Blit] = []
        shade = self._shade(w)  # both cached per width: cheap when not searching
        halo = self._halo(w, HALO)
        hb = max(2, w // 24)
        picks = set(self.picks)
        for r in range(r0, r1):
            y = oy + r * ch
            p0 = r * cols + c0
            p1 = min(r * cols + c1, total)
            if p0 >= p1:
                continue
            x0 = ox - r * cols * cw
            for gid in range(p0 // g, (p1 - 1) // g + 1):
                s = strip(w, gid)
                lo, hi = max(p0, gid * g), min(p1, gid * g + g)
                if s is None:
                    for p in range(lo, hi):
                        face = self.stand.face(w, p, cols)
                        if face is None:
                            faces.append((blank, (x0 + p * cw, y)))
                            self.blank.append((p, p + 1))
                        else:
                            faces.append((face, (x0 + p * cw, y)))
                else:
                    fl = s.faces
                    base = gid * g
                    faces.extend((fl[p - base], (x0 + p * cw, y)) for p in range(lo, hi))
            if searching or picks:
                for p in range(p0, p1):
                    card = order[p]
                    x = x0 + p * cw
                    if card in picks:
                        under.append((self._halo(w, PICKED), (x - hb, y - hb)))
                    elif searching:
                        if mask[card]:
                            under.append((halo, (x - hb, y - hb)))
                        else:
                            over.append((shade, (x, y)))
        if under:
            screen.fblits(under)
        screen.fblits(faces)
        if over:
            screen.fblits(over)
        heading = (self.heading.dx, self.heading.dy)
        for r, a, b in ahead((c0, c1, r0, r1), heading, (cols, self.layout.rows), (g, 2)):
            p0, p1 = r * cols + a, min(r * cols + b, total)
            for gid in range(p0 // g, (p1 - 1) // g + 1) if p0 < p1 else ():
                atlas.want_ahead(w, gid)
        atlas.generate(deadline)

    def _hud_text(self, width: int | None = None) -> str:
        """The bar's line; in a narrow window (`width`) the hints shortened, then the zoom left out."""
        text = self._hud_parts(True, True)
        if width is not None and self.painter.font(20).size(text)[0] > width - 28:
            text = self._hud_parts(False, True)
            if self.painter.font(20).size(text)[0] > width - 28:
                text = self._hud_parts(False, False)
        return text

    def _hud_parts(self, long: bool, zoom: bool) -> str:
        total = self.deck.size
        q = self.search.query
        hint = "Type to search (rank, suit, colour, trump, name)" if long else "Type to search"
        parts = [f"Search: {q}_" if q else hint]
        if self.search.active:
            parts.append(f"{self.search.count:,} of {total:,} match   Enter: next")
        else:
            parts.append(f"{total:,} cards")
        parts.append(f"sorted by {self.layout.key} (Tab)")
        if zoom:
            parts.append(f"zoom {self.camera.width}px")
        if self.on_pick is not None:
            parts.append(f"picked {len(self.picks)}" + (f"/{self.max_picks}" if self.max_picks else ""))
        return ("     " if long else "   ").join(parts)

    def _draw_hud(self, screen: pygame.Surface) -> None:
        text = self._hud_text(screen.get_width())
        if self._hud is None or self._hud[0] != (text, screen.get_width()):
            bar = pygame.Surface((screen.get_width(), BAR_H))
            bar.fill(BAR)
            t = self.painter.text(text, 20, TEXT)
            bar.blit(t, (14, (BAR_H - t.get_height()) // 2))
            self._hud = ((text, screen.get_width()), bar.convert() if pygame.display.get_surface() else bar)
        screen.blit(self._hud[1], (0, 0))

    def _draw_large(self, screen: pygame.Surface, card: int) -> None:
        sw, sh = screen.get_size()
        width = LEVELS[nearest(min(sw * 0.45, (sh - BAR_H) * 0.8 / 1.4))]
        if self._big is None or self._big[0] != (card, width):
            self._big = ((card, width), self.painter.render(card, width))
        face = self._big[1]
        veil = pygame.Surface((sw, sh - BAR_H), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        screen.blit(veil, (0, BAR_H))
        rect = face.get_rect(center=(sw // 2, BAR_H + (sh - BAR_H) // 2))
        screen.blit(face, rect)
        t = self.painter.text(self.deck.name(card), 26, TEXT)
        screen.blit(t, t.get_rect(midtop=(sw // 2, rect.bottom + 8)))
