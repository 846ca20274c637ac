"""Procedural card faces and backs, painted at an exact pixel size.

Four levels of detail by width: dots (only the suit's colour and shape, for far zoom), small
(rank and glyph), normal (corner indexes, a centre glyph, the colour's name) and large (the card's
names too). A painter's `min_text` (the table sets it for its window) is the smallest text a
face may carry: a name too long for the card at that size wraps, and one that cannot fit even so
is left to the large preview, never shrunk below it nor cut; `text_px` says the smallest text the
last face rendered carries (the frame manifest's, for the tests). Parts that repeat (the blank card, glyphs, text) are cached within the shared memory budget
(render/cache.py), so a face is a handful of
blits: about 20-60 us at 100 px.
"""

from __future__ import annotations

import pygame

from ..deck import Deck
from ..paths import shipped
from .art import INK, CardArt, Suit, deck_art, luminance, readable
from .cache import Budget, ByteLRU
from .glyphs import GlyphBook

IVORY = (250, 247, 238)
SUITLESS = (224, 220, 234)
DEAD = (196, 196, 196)
EDGE = (70, 70, 84)
GOLD = (212, 168, 40)
WILD_BANDS = ((220, 40, 60), (240, 150, 20), (230, 210, 40), (40, 170, 80), (40, 120, 220), (140, 60, 200))
FLAG_COLOURS = {"trump": GOLD, "wild": (200, 60, 170), "dead": (90, 90, 90)}

FONT_FILE = "DejaVuSansCondensed-Bold.ttf"
DOT_MAX = 15  # widths up to this are dots
SMALL_MAX = 44  # up to this: rank and one glyph, large enough to read on a 10x10 grid
LARGE_MIN = 154  # from this: names written out
TAG_MIN = 72  # from this: the colour's name printed


def card_height(width: int) -> int:
    return round(width * 1.4)


def style_of(width: int) -> str:
    if width <= DOT_MAX:
        return "dot"
    if width <= SMALL_MAX:
        return "small"
    return "large" if width >= LARGE_MIN else "normal"


def _converted(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


class FacePainter:
    """Paints the faces of one deck; `paint(target, x, y, width, card)` draws in place."""

    def __init__(
        self,
        deck: Deck,
        glyphs: GlyphBook | None = None,
        art: list[CardArt] | None = None,
        budget: Budget | None = None,
    ) -> None:
        self.deck = deck
        self.glyphs = glyphs or GlyphBook(budget=budget)
        self.art = art if art is not None else deck_art(deck)
        self._fonts: dict[int, pygame.font.Font] = {}
        # Parts kept while the shared memory budget allows (bounded by bytes, not entries).
        self._text: ByteLRU[tuple, pygame.Surface] = ByteLRU(budget, "text")
        self._bases: ByteLRU[tuple, pygame.Surface] = ByteLRU(budget, "bases")
        self._dots: ByteLRU[tuple, pygame.Surface] = ByteLRU(budget, "dots")
        self.min_text = 0  # the smallest text a face may carry (0: shrink as needed, the browser)
        self._sizes: list[int] = []  # the text sizes the face being painted carries
        self.text_px: int | None = None  # the smallest text of the last face rendered (None: none)
        self._back_px: dict[tuple, int | None] = {}  # per back made: its label's size

    # ------------------------------------------------------------------ parts

    def font(self, size: int) -> pygame.font.Font:
        size = max(6, int(size))
        f = self._fonts.get(size)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = shipped("sprites") / "fonts" / FONT_FILE
            # The shipped font has the symbols card labels use (such as the infinity sign).
            f = self._fonts[size] = pygame.font.Font(str(path) if path.is_file() else None, size)
        return f

    def text(self, text: str, size: int, colour: tuple[int, int, int], flip: bool = False) -> pygame.Surface:
        key = (text, int(size), colour, flip)
        surf = self._text.get(key)
        if surf is None:
            surf = self.font(size).render(text, True, colour)
            if flip:
                surf = pygame.transform.rotate(surf, 180)
            surf = self._text.put(key, _converted(surf))
        return surf

    def fit_text(self, text: str, size: int, colour, max_width: int) -> pygame.Surface:
        """Text at `size`, or smaller until it fits `max_width` (never below `min_text`)."""
        size = max(size, self.min_text)
        surf = self.text(text, size, colour)
        while surf.get_width() > max_width and size > max(7, self.min_text):
            size = max(self.min_text, int(size * 0.85))
            surf = self.text(text, size, colour)
        self._sizes.append(size)
        return surf

    def fit_lines(
        self, words: list[str], sep: str, size: int, colour, max_width: int, most: int
    ) -> list[pygame.Surface]:
        """`words` joined by `sep` on one line (shrunk, not below `min_text`), else wrapped at
        `min_text` over at most `most` lines; [] when even that does not fit (never cut)."""
        one = sep.join(words)
        small = max(7, self.min_text)
        if (
            self.font(max(size, self.min_text)).size(one)[0] <= max_width
            or self.font(small).size(one)[0] <= max_width
        ):
            return [self.fit_text(one, size, colour, max_width)]
        if not self.min_text:
            return [self.fit_text(one, size, colour, max_width)]
        font, lines = self.font(self.min_text), [""]
        for word in words:
            joined = f"{lines[-1]}{sep.rstrip()} {word}".strip() if lines[-1] else word
            if font.size(joined)[0] <= max_width:
                lines[-1] = joined
            elif font.size(word)[0] <= max_width and len(lines) < most:
                lines[-1] = lines[-1] + sep.rstrip()
                lines.append(word)
            else:
                return []
        self._sizes.extend([self.min_text] * len(lines))
        return [self.text(line, self.min_text, colour) for line in lines]

    def base(
        self, w: int, h: int, fill: tuple[int, int, int], edge: tuple[int, int, int] = EDGE
    ) -> pygame.Surface:
        """A blank rounded card with a border."""
        key = (w, h, fill, edge)
        surf = self._bases.get(key)
        if surf is None:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(1, min(w, h) // 12)
            rect = surf.get_rect()
            pygame.draw.rect(surf, edge, rect, border_radius=radius)
            pygame.draw.rect(surf, fill, rect.inflate(-2, -2), border_radius=max(0, radius - 1))
            surf = self._bases.put(key, _converted(surf))
        return surf

    def sign(self, suit: Suit, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        """The suit's glyph in `colour`, or for a value without one its label, fitted in the same square."""
        if suit.glyph is not None:
            return self.glyphs.render(suit.glyph, size, colour)
        key = ("sign", suit.label, size, colour)
        surf = self._text.get(key)
        if surf is None:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            t = self.fit_text(suit.label, max(7, round(size * 0.9)), colour, size)
            surf.blit(t, ((size - t.get_width()) // 2, (size - t.get_height()) // 2))
            surf = self._text.put(key, _converted(surf))
        return surf

    def glyph(self, suit: Suit, size: int) -> pygame.Surface:
        """The suit's glyph (or label); pale colours get a dark rim so they read on ivory."""
        if suit.glyph is None:
            return self.sign(suit, size, readable(suit.rgb))
        if luminance(suit.rgb) <= 0.62 or size < 12:
            return self.glyphs.render(suit.glyph, size, suit.rgb)
        key = ("rim", suit.glyph, size, suit.rgb)
        surf = self._text.get(key)
        if surf is None:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            rim = self.glyphs.render(suit.glyph, size, readable(suit.rgb))
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surf.blit(rim, (dx, dy))
            inner = self.glyphs.render(suit.glyph, max(1, size - 2), suit.rgb)
            surf.blit(inner, (1, 1))
            surf = self._text.put(key, _converted(surf))
        return surf

    # ------------------------------------------------------------------ faces

    def render(self, card: int, width: int) -> pygame.Surface:
        """A new surface with the card's face (for the large view and tests); `text_px` then
        says its smallest text."""
        surf = pygame.Surface((width, card_height(width)), pygame.SRCALPHA)
        self._sizes = []
        self.paint(surf, 0, 0, width, card)
        self.text_px = min(self._sizes) if self._sizes else None
        return _converted(surf)

    def paint(self, target: pygame.Surface, x: int, y: int, width: int, card: int) -> None:
        style = style_of(width)
        if style == "dot":
            target.blit(self.dot(card, width), (x, y))
        elif style == "small":
            self._paint_small(target, x, y, width, self.art[card])
        else:
            self._paint_full(target, x, y, width, self.art[card], style == "large")

    def dot(self, card: int, width: int) -> pygame.Surface:
        """A far-zoom face: the card in its suit's colour with the glyph in white."""
        art = self.art[card]
        key = (art.dot_key, width)
        surf = self._dots.get(key)
        if surf is not None:
            return surf
        h = card_height(width)
        suits = art.suits
        edge = GOLD if "trump" in art.flags else EDGE
        if not suits:
            surf = self.base(width, h, DEAD if "dead" in art.flags else SUITLESS, edge).copy()
        else:
            surf = self.base(width, h, suits[0].rgb, edge).copy()
            if len(suits) > 1:
                half = self.base(width, h, suits[1].rgb, edge)
                surf.blit(half, (width // 2, 0), pygame.Rect(width // 2, 0, width - width // 2, h))
            g = max(3, round(width * 0.7))
            tint = (255, 255, 255) if luminance(suits[0].rgb) < 0.7 else (40, 40, 40)
            surf.blit(self.sign(suits[0], g, tint), ((width - g) // 2, (h - g) // 2))
        if "wild" in art.flags:
            pygame.draw.rect(surf, FLAG_COLOURS["wild"], surf.get_rect(), 2)
        return self._dots.put(key, _converted(surf))

    def _fill_for(self, art: CardArt) -> tuple[int, int, int]:
        if "dead" in art.flags:
            return DEAD
        return IVORY if art.suits else SUITLESS

    def _paint_small(self, target: pygame.Surface, x: int, y: int, w: int, art: CardArt) -> None:
        h = card_height(w)
        edge = GOLD if "trump" in art.flags else FLAG_COLOURS.get(next(iter(art.flags), ""), EDGE)
        target.blit(self.base(w, h, self._fill_for(art), edge), (x, y))
        label = art.mark
        t = self.fit_text(label, round(h * 0.27), art.ink, w - 3)
        target.blit(t, (x + 2, y + 2))
        suits = art.suits
        if suits:
            g = round(w * (0.62 if len(suits) == 1 else 0.45))
            for i, s in enumerate(suits):
                gx = x + w - g - 2 - i * (g // 2 + 1)
                gy = y + h - g - 2 - i * (g // 3)
                target.blit(self.glyph(s, g), (gx, gy))

    def _paint_full(self, target: pygame.Surface, x: int, y: int, w: int, art: CardArt, large: bool) -> None:
        h = card_height(w)
        fill = self._fill_for(art)
        target.blit(self.base(w, h, fill), (x, y))
        pad = max(3, round(w * 0.06))
        flags = art.flags
        if "trump" in flags:
            pygame.draw.rect(
                target,
                GOLD,
                (x + pad // 2, y + pad // 2, w - pad, h - pad),
                max(1, w // 60),
                border_radius=max(1, w // 16),
            )
        if "wild" in flags:
            band = max(2, w // 40)
            for i, c in enumerate(WILD_BANDS):
                seg = (h - 2 * band) // len(WILD_BANDS)
                pygame.draw.rect(target, c, (x + 1, y + band + i * seg, band, seg))
                pygame.draw.rect(target, c, (x + w - 1 - band, y + band + i * seg, band, seg))
        if "dead" in flags:
            step = max(4, w // 8)
            clip = target.get_clip()
            target.set_clip(pygame.Rect(x + 2, y + 2, w - 4, h - 4).clip(clip))
            for k in range(-h, w, step):
                pygame.draw.line(target, (172, 172, 172), (x + k, y), (x + k + h, y + h), 1)
            target.set_clip(clip)
        ink = art.ink
        suits = art.suits
        # Corner indexes: the rank, the suits' glyphs below it; the same turned over bottom right.
        fs = max(9, round(h * 0.105))
        label = art.mark
        t = self.fit_text(label, fs, ink, round(w * 0.34))
        tf = pygame.transform.rotate(t, 180)
        cx = x + pad
        cy = y + pad
        target.blit(t, (cx, cy))
        target.blit(tf, (x + w - pad - tf.get_width(), y + h - pad - tf.get_height()))
        gs = max(6, round(fs * 0.8))
        for i, s in enumerate(suits):
            g = self.glyph(s, gs)
            gx = cx + (t.get_width() - gs) // 2
            target.blit(g, (gx, cy + t.get_height() + i * (gs + 1)))
            gr = pygame.transform.rotate(g, 180)
            target.blit(
                gr,
                (x + w - pad - (t.get_width() + gs) // 2, y + h - pad - tf.get_height() - (i + 1) * (gs + 1)),
            )
        # Flag ribbons along the top edge.
        top = y + pad
        shown = [f for f in sorted(flags)]
        if shown:
            fsz = max(8, round(h * 0.05))
            colour = FLAG_COLOURS.get(shown[0], INK)
            for ribbon in self.fit_lines([f.upper() for f in shown], " ", fsz, colour, round(w * 0.5), 1):
                target.blit(ribbon, (x + (w - ribbon.get_width()) // 2, top))
        # Centre: the glyphs large, or for suitless cards the rank large.
        lines: list[pygame.Surface] = []
        tsz = max(8, round(h * 0.056))
        room = w - 2 * pad
        most = 3 if large else 2
        if art.title and (large or w >= 86):
            lines += self.fit_lines(art.title.split(), " ", round(tsz * 1.2), INK, room, most)
        elif art.rank_name and (large or w >= 86):
            lines += self.fit_lines(art.rank_name.split(), " ", round(tsz * 1.2), ink, room, most)
        tags = [s.tag.upper() for s in suits if s.tag]
        if tags and w >= TAG_MIN:
            lines += self.fit_lines(tags, " · ", tsz, INK, room, most)
        if large:
            detail = [s.name for s in suits]
            if detail and not art.title:
                lines += self.fit_lines(detail, ", ", tsz, (90, 90, 100), room, most)
        big = None if suits else self.fit_text(art.mark, round(h * 0.22), INK, w - 2 * pad)
        below = round(w * 0.28) if big is None else big.get_height() // 2 + 2  # centre to the lines
        if self.min_text:  # above the bottom corner's index: lines that do not fit are left out
            room_h = 2 * (h // 2 - pad - t.get_height() - below)
            while lines and sum(s.get_height() for s in lines) > room_h:
                lines.pop()
        text_h = sum(s.get_height() for s in lines)
        mid_y = y + h // 2 - text_h // 2
        if suits:
            if len(suits) == 1:
                gw = round(w * 0.5)
                target.blit(self.glyph(suits[0], gw), (x + (w - gw) // 2, mid_y - gw // 2))
            else:
                gw = round(w * 0.36)
                for i, s in enumerate(suits[:4]):
                    off = round(w * 0.11) * (1 if i % 2 else -1)
                    target.blit(self.glyph(s, gw), (x + (w - gw) // 2 + off, mid_y - gw // 2 + off))
        elif big is not None:
            target.blit(big, (x + (w - big.get_width()) // 2, mid_y - big.get_height() // 2))
        ty = mid_y + below
        for line in lines:
            target.blit(line, (x + (w - line.get_width()) // 2, ty))
            ty += line.get_height()

    # ------------------------------------------------------------------ backs

    def back(self, width: int) -> pygame.Surface:
        """The deck's back: its colour, a pattern and an optional label (`text_px` its size)."""
        key = ("back", width, self.min_text)
        surf = self._bases.get(key)
        self.text_px = self._back_px.get(key)
        if surf is not None:
            return surf
        self._sizes = []
        back = self.deck.back or {}
        raw = back.get("rgb")
        rgb = tuple(raw) if isinstance(raw, (list, tuple)) else (40, 60, 120)
        light = tuple(min(255, c + 60) for c in rgb)
        h = card_height(width)
        surf = self.base(width, h, rgb).copy()
        inner = surf.get_rect().inflate(-max(4, width // 8), -max(4, width // 8))
        pattern = str(back.get("pattern", "lattice"))
        step = max(4, width // 8)
        clip = surf.get_clip()
        surf.set_clip(inner)
        if pattern == "circle" or pattern == "rings":
            c = inner.center
            for r in range(step // 2, max(inner.w, inner.h), step):
                pygame.draw.circle(surf, light, c, r, 1 if pattern == "circle" else max(1, step // 4))
        elif pattern == "diamonds":
            for k in range(-inner.h, inner.w + inner.h, step):
                pygame.draw.line(surf, light, (inner.x + k, inner.y), (inner.x + k + inner.h, inner.bottom))
                pygame.draw.line(surf, light, (inner.x + k, inner.bottom), (inner.x + k + inner.h, inner.y))
        elif pattern == "swords":
            for k in range(inner.x, inner.right, step):
                pygame.draw.line(surf, light, (k, inner.y), (k, inner.bottom))
            for k in range(inner.y, inner.bottom, step):
                pygame.draw.line(surf, light, (inner.x, k), (inner.right, k))
        else:  # lattice, and any pattern we do not know
            for k in range(-inner.h, inner.w + inner.h, step):
                pygame.draw.line(
                    surf, light, (inner.x + k, inner.y), (inner.x + k + inner.h // 2, inner.bottom), 2
                )
                pygame.draw.line(
                    surf, light, (inner.x + k, inner.bottom), (inner.x + k + inner.h // 2, inner.y), 2
                )
        surf.set_clip(clip)
        pygame.draw.rect(surf, light, inner, max(1, width // 40), border_radius=max(1, width // 16))
        label = back.get("label")
        if label and width >= 40:
            words = str(label).split()
            lines = self.fit_lines(words, " ", round(h * 0.07), (250, 245, 230), inner.w - 4, 2)
            block = pygame.Rect(
                0, 0, max((t.get_width() for t in lines), default=0), sum(t.get_height() for t in lines)
            )
            block.center = inner.center
            if lines:
                pygame.draw.rect(surf, rgb, block.inflate(8, 4), border_radius=4)
            for t in lines:
                surf.blit(t, t.get_rect(midtop=(block.centerx, block.top)))
                block.top += t.get_height()
        self.text_px = self._back_px[key] = min(self._sizes) if self._sizes else None
        return self._bases.put(key, _converted(surf))
