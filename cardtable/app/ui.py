"""A small widget kit for the menus: fonts, text, buttons and a scrolling list, keyboard-friendly."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from ..render.cache import ByteLRU
from . import frame

FELT = (22, 78, 52)
FELT_DARK = (14, 52, 35)
PANEL = (245, 240, 225)
INK = (30, 30, 34)
MUTED = (110, 110, 118)
ACCENT = (214, 170, 60)
ERROR = (190, 40, 40)
WHITE = (250, 250, 250)


UI_FONT = "DejaVuSansCondensed-Bold.ttf"  # shipped in sprites/fonts: it has the suit symbols
MIN_PX = 12  # no text is drawn smaller than this, at any window size

_scale = 1.0  # the window's text scale, times the user's text size (see set_scale)


def window_scale(size: tuple[int, int], grow: bool = True) -> float:
    """How large text and controls are drawn for a window of `size`: 1 at 1280x720, less in a
    smaller window (the 12 px floor keeps it readable), more in a larger one (when `grow`)."""
    w, h = size
    return max(0.8, min(1.6 if grow else 1.0, min(w / 1280, h / 720)))


def set_scale(size: tuple[int, int], text_size: float = 1.0, grow: bool = True) -> None:
    """Scale every text (and the measures derived from it) for a window of `size`, times the
    user's text size setting; screens laid out for one size (`grow` False) only shrink. The app
    sets it for each frame's scene."""
    global _scale
    _scale = window_scale(size, grow) * text_size


def scale() -> float:
    return _scale


def px(size: int) -> int:
    """The font pixel size for a design size (sizes are those of pygame's default font, for
    continuity: about 0.7 of them in the shipped font), scaled, never under MIN_PX."""
    return max(MIN_PX, round(size * 0.7 * _scale))


_RENDERED: ByteLRU[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = ByteLRU(name="ui text")


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The interface font at a design size, scaled for the window (see px)."""
    return _font(px(size), bold)


def line(size: int) -> int:
    """The height of a line of text at a design size."""
    return font(size).get_linesize()


@lru_cache(maxsize=64)
def _font(pixels: int, bold: bool) -> pygame.font.Font:
    from ..paths import shipped

    path = shipped("sprites") / "fonts" / UI_FONT
    if path.exists():
        return pygame.font.Font(str(path), pixels)
    f = pygame.font.Font(None, int(pixels / 0.7))
    f.set_bold(bold)
    return f


def clear_fonts() -> None:
    """Forget the loaded fonts (they die with pygame's font module) and what they measured."""
    _font.cache_clear()
    clear_measures()


def text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int = 24,
    colour: tuple[int, int, int] = INK,
    bold: bool = False,
    anchor: str = "topleft",
    width: int | None = None,
) -> pygame.Rect:
    """Draw one line of text anchored at `pos` (and note it in the frame being recorded); with
    `width`, shortened with an ellipsis to fit it rather than cut."""
    pixels = px(size)
    f = _font(pixels, bold)
    if width is None:
        words = cut(words, MAX_LINE)
    elif not _fits(words[: max(0, width) + 1], pixels, bold, width):
        words = ellipsize(words, size, width, bold)
    key = (words, pixels, bold, colour if type(colour) is tuple else tuple(colour))
    image = _RENDERED.get(key)
    if image is None:  # rendering text is most of a frame's cost: each line is rendered once
        image = _RENDERED.put(key, f.render(words, True, colour))
    rect = pygame.Rect(pos, image.get_size()) if anchor == "topleft" else image.get_rect(**{anchor: pos})
    frame.note_text(surface, words, surface.blit(image, rect), f.point_size)
    return rect


def tag(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int,
    fill: tuple[int, int, int],
    colour: tuple[int, int, int] = INK,
    pad: tuple[int, int] = (12, 6),
    radius: int = 8,
    anchor: str = "center",
) -> pygame.Rect:
    """A bold label on a rounded box (a badge, a speech bubble, the pot); the text is anchored at
    `pos` and the box grows `pad` around it. Returns the box."""
    words = cut(words, MAX_LINE)
    box = pygame.Rect((0, 0), measure(words, size, True))
    setattr(box, anchor, pos)
    box = box.inflate(pad)
    pygame.draw.rect(surface, fill, box, border_radius=radius)
    text(surface, words, box.center, size, colour, True, "center")
    return box


# What text costs does not grow with its length: a text is cut to what could be shown before it
# is measured (no glyph is narrower than a pixel, so a line of more characters than pixels never
# fits), a cut is found by halving (a few measurements, not one per character), and the answers
# are kept, so a frame drawing the same texts as the last measures nothing.
MAX_LINE = 1_000  # characters in one drawn line (8192 pixels at the 12 px floor hold fewer)
MAX_WRAPPED = 10_000  # characters of one text wrapped into lines: the rest is cut


def cut(words: str, limit: int) -> str:
    """`words` in at most `limit` characters, an ellipsis standing for what was cut."""
    return words if len(words) <= limit else words[: max(0, limit - 1)] + "…"


def largest_where(lo: int, hi: int, fits: Callable[[int], bool]) -> int:
    """The largest n in lo..hi with fits(n), fits(lo) taken as given (fits is monotonic)."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap for a given pixel width (a word longer than the width has a line of its
    own); texts longer than MAX_WRAPPED characters are cut."""
    return list(_wrap(cut(words, MAX_WRAPPED), px(size), bold, width))


@lru_cache(maxsize=1024)
def _wrap(words: str, pixels: int, bold: bool, width: int) -> tuple[str, ...]:
    f = _font(pixels, bold)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        ws = _words(paragraph)
        if not ws:
            lines.append("")
        i, guess = 0, 1
        while i < len(ws):
            end = _line_end(f, ws, i, width, guess)
            lines.append(" ".join(ws[i:end]).strip())
            i, guess = end, end - i
    return tuple(lines)


def _words(paragraph: str) -> list[str]:
    """The words of a line of text (runs of spaces and blank words say nothing more)."""
    return [w for w in paragraph.split(" ") if w.strip()]


def _line_end(f: pygame.font.Font, ws: list[str], i: int, width: int, guess: int = 1) -> int:
    """Where the line starting at word `i` ends: the most words that fit `width` (one at least).
    Searched from `guess` words (the last line's count: lines of one text are alike, so two
    measurements usually settle it), then by doubling and halving."""
    most, chars = i + 1, len(ws[i])
    while most < len(ws) and chars + 1 + len(ws[most]) <= width:  # no more characters than pixels
        chars += 1 + len(ws[most])
        most += 1

    def fits(k: int) -> bool:
        return bool(f.size(" ".join(ws[i:k]).strip())[0] <= width)

    lo = min(max(i + guess, i + 1), most)
    if lo > i + 1 and not fits(lo):  # shorter than the last line
        return largest_where(i + 1, lo - 1, fits)
    step = 1
    while lo < most:
        probe = min(most, lo + step)
        if not fits(probe):
            return largest_where(lo, probe - 1, fits)
        lo, step = probe, step * 2
    return lo


def fit(forms: Sequence[str], size: int, width: int, bold: bool = False) -> str:
    """The first of `forms` (the same said in fewer and fewer words) that fits `width` whole;
    the last shortened with an ellipsis when none does."""
    for words in forms:
        if _fits(words[: max(0, width) + 1], px(size), bold, width):
            return words
    return ellipsize(forms[-1], size, width, bold) if forms else ""


def measure(words: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The size `words` take at a design size (as `font(size, bold).size`), measured once: a
    table frame measures its bar's and plates' words again each time it is painted."""
    return _measure(words, px(size), bold)


@lru_cache(maxsize=4096)
def _measure(words: str, pixels: int, bold: bool) -> tuple[int, int]:
    width, height = _font(pixels, bold).size(words)
    return width, height


@lru_cache(maxsize=4096)
def _fits(words: str, pixels: int, bold: bool, width: int) -> bool:
    return len(words) <= max(0, width) and _font(pixels, bold).size(words)[0] <= width


def ellipsize(words: str, size: int, width: int, bold: bool = False) -> str:
    """The first line of `words` that fits `width`, with an ellipsis when something was cut (a
    single long word is cut letter by letter)."""
    # past width + 1 characters the answer is the same (the text does not fit): not kept
    return _ellipsize(words[: max(1, width) + 2], px(size), bold, width)


@lru_cache(maxsize=2048)
def _ellipsize(words: str, pixels: int, bold: bool, width: int) -> str:
    if "\n" not in words and _fits(words, pixels, bold, width):  # never cut for the "…"'s room
        return words
    f = _font(pixels, bold)
    head = cut(words.partition("\n")[0], max(1, width) + 1)
    ws = _words(head)
    end = _line_end(f, ws, 0, width - f.size(" …")[0]) if ws else 0
    first = " ".join(ws[:end]).strip()
    if end == len(ws) and head == words and f.size(first)[0] <= width:
        return first
    keep = largest_where(0, len(first), lambda k: f.size(first[:k] + "…")[0] <= width)
    return first[:keep].rstrip() + "…"


def clear_measures() -> None:
    """Forget the measured texts (after the fonts change)."""
    for cached in (_wrap, _fits, _ellipsize, _measure):
        cached.cache_clear()


@dataclass
class Button:
    label: str
    action: Callable[[], None]
    key: int | None = None  # keyboard shortcut
    enabled: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hint: str = ""

    def draw(self, surface: pygame.Surface, focused: bool = False, hovered: bool = False) -> None:
        base = ACCENT if (focused or hovered) and self.enabled else PANEL
        if not self.enabled:
            base = (170, 170, 165)
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, base, self.rect, border_radius=10)
        label = self.label + (f"  [{self.hint}]" if self.hint else "")
        text(surface, label, self.rect.center, 28, INK if self.enabled else MUTED, anchor="center")

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            self.action()
            return True
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.action()
            return True
        return False


class ButtonColumn:
    """Buttons stacked vertically; Up/Down move the focus and Enter presses."""

    def __init__(self, buttons: list[Button], width: int = 320, height: int = 52, gap: int = 14) -> None:
        self.buttons, self.width, self.height, self.gap = buttons, width, height, gap
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)

    def layout(self, left: int, top: int) -> None:
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left, top + i * (self.height + self.gap), self.width, self.height)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if event.key == pygame.K_UP else 1
            for _ in self.buttons:
                self.focus = (self.focus + step) % len(self.buttons)
                if self.buttons[self.focus].enabled:
                    break
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            b = self.buttons[self.focus]
            if b.enabled:
                b.action()
            return True
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(self.buttons):
            b.draw(surface, focused=i == self.focus, hovered=b.rect.collidepoint(mouse))


class TextInput:
    """A one-line text field: click or Tab to focus, type, Backspace, Enter confirms."""

    def __init__(self, value: str = "", max_len: int = 24, allowed: str | None = None) -> None:
        self.value, self.max_len, self.allowed = value, max_len, allowed
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            self.focused = False
            return event.key != pygame.K_ESCAPE
        char = getattr(event, "unicode", "")
        if (
            char
            and char.isprintable()
            and len(self.value) < self.max_len
            and (self.allowed is None or char in self.allowed)
        ):
            self.value += char
            return True
        return False

    def draw(self, surface: pygame.Surface, size: int = 26) -> None:
        pygame.draw.rect(surface, WHITE if self.focused else PANEL, self.rect, border_radius=6)
        pygame.draw.rect(surface, ACCENT if self.focused else MUTED, self.rect, width=2, border_radius=6)
        shown = self.value + ("|" if self.focused else "")
        f, room = font(size), self.rect.width - 16
        shown = shown[-max(1, room + 1) :]  # no more characters than pixels could show
        # the end, where one types, stays in view: the longest end that fits (one character at least)
        keep = largest_where(1, len(shown), lambda k: f.size(shown[-k:])[0] <= room) if shown else 0
        shown = shown[len(shown) - keep :]
        text(surface, shown, (self.rect.left + 8, self.rect.centery), size, INK, anchor="midleft")


def draw_rows(
    surface: pygame.Surface,
    area: pygame.Rect,
    count: int,
    scroll: int,
    selected: int,
    row_height: int,
    draw_row: Callable[[int, pygame.Rect, bool], None],
) -> None:
    """A scrolling list of selectable rows: the panel, the visible rows (the chosen one lit), and
    `draw_row(index, rect, chosen)` for each row's contents, clipped to the area."""
    pygame.draw.rect(surface, FELT_DARK, area.inflate(16, 16), border_radius=12)
    clip = surface.get_clip()
    surface.set_clip(area)
    y = area.top
    for i in range(scroll, count):
        if y > area.bottom:
            break
        row = pygame.Rect(area.left, y, area.width, row_height - 6)
        chosen = i == selected
        pygame.draw.rect(surface, PANEL if chosen else (34, 96, 66), row, border_radius=8)
        draw_row(i, row, chosen)
        y += row_height
    surface.set_clip(clip)
