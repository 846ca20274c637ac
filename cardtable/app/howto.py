"""The How to play page of one game: the designer's summary, then the steps of a hand in order,
the roles, the special moves and how a hand is made, all generated from the variant
(engine/howto.py). Opened from the menu (H), from New game and at the table (F1 or the ? button).
The text is laid out once per window width; the page scrolls."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..engine.howto import HowTo, howto
from ..variant import Variant
from . import frame, settings, ui
from .scene import App, Scene

STEP_INDENT = 34  # the steps' text, right of their numbers
TEXT = (220, 232, 224)
DIM = (175, 195, 185)
Line = tuple[str, int, tuple[int, int, int], bool, int]  # words, size, colour, bold, indent


def page_lines(h: HowTo, width: int, small: bool) -> list[Line]:
    """The page as lines of text wrapped to `width` pixels."""
    body = 18 if small else 21
    head = 24 if small else 28
    out: list[Line] = []

    def para(words: str, size: int = body, colour: tuple[int, int, int] = TEXT, indent: int = 0) -> None:
        for line in ui.wrap(words, size, width - indent):
            out.append((line, size, colour, False, indent))

    def title(words: str) -> None:
        out.append(("", body // 2, TEXT, False, 0))
        out.append((words, head, ui.ACCENT, True, 0))

    para(h.summary)
    title("A hand, step by step")
    for i, step in enumerate(h.steps, start=1):
        for k, line in enumerate(ui.wrap(step, body, width - STEP_INDENT)):
            out.append((f"{i}.\t{line}" if k == 0 else line, body, TEXT, False, 0 if k == 0 else STEP_INDENT))
    if h.roles:
        title("Roles")
        for role in h.roles.values():
            para("• " + role, indent=12)
    if h.special:
        title("Special moves")
        for move in h.special:
            para("• " + move, indent=12)
    if h.hands:
        title("Your hand")
        for words in h.hands:
            para(words)
    if h.ending:
        title("Winning")
        para(h.ending)
    return out


class HowToScene(Scene):
    manifest_scene = "howto"

    def __init__(self, app: App, variant: Variant, rules: Callable[[], Scene] | None = None) -> None:
        super().__init__(app)
        self.variant = variant
        self.make_rules = rules  # the rules screen, when the page is not opened from it
        self.howto = howto(variant)
        self.scroll = 0
        self._laid: tuple[int, list[Line]] | None = None
        self.back = pygame.Rect(0, 0, 0, 0)
        self.rules = pygame.Rect(0, 0, 0, 0)
        self.hints_button = pygame.Rect(0, 0, 0, 0)
        self.sound_button = pygame.Rect(0, 0, 0, 0)
        self.hints_on = bool(settings.load()["hints"])  # read once: never a file read per frame
        self.room = 1

    def text(self) -> str:
        """Everything the page says, as one text (for tests and the curious)."""
        h = self.howto
        return "\n".join([h.summary, *h.steps, *h.roles.values(), *h.special, *h.hands, h.ending])

    def toggle_hints(self) -> None:
        """First-game hints at the table on or off (remembered; a table open below follows)."""
        on = self.hints_on = not self.hints_on
        settings.save(hints=on)
        for scene in self.app.scenes:
            hints = getattr(scene, "hints", None)
            if hints is not None:
                hints.enabled = on

    def open_rules(self) -> None:
        below = self.app.scenes[-2] if len(self.app.scenes) > 1 else None
        if below is not None and below.manifest_scene == "rules":
            self.app.pop()  # it came from the rules screen: go back to it
        elif self.make_rules is not None:
            self.app.push(self.make_rules())

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_F1, pygame.K_h):
                self.app.pop()
            elif event.key == pygame.K_r:
                self.open_rules()
            elif event.key == pygame.K_t:
                self.toggle_hints()
            elif event.key == pygame.K_v:
                self.app.sound.toggle()  # the table's sounds (V there too), remembered
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += 1 if event.key == pygame.K_DOWN else self.room
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll -= 1 if event.key == pygame.K_UP else self.room
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * 3
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back.collidepoint(event.pos):
                self.app.pop()
            elif self.rules.collidepoint(event.pos):
                self.open_rules()
            elif self.hints_button.collidepoint(event.pos):
                self.toggle_hints()
            elif self.sound_button.collidepoint(event.pos):
                self.app.sound.toggle()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.FELT_DARK)
        w, h = surface.get_size()
        small = w < 1000 or h < 700
        ui.text(surface, f"How to play {self.variant.name}", (32, 14), 36 if small else 46, ui.WHITE, True)
        top = 58 if small else 70
        frame.region("title", pygame.Rect(0, 0, w, top))
        width = min(w - 64, 1100)
        if self._laid is None or self._laid[0] != width:
            self._laid = (width, page_lines(self.howto, width, small))
        lines = self._laid[1]
        foot = pygame.Rect(0, h - 44, w, 44)
        line_h = (18 if small else 21) + 6
        self.room = max(1, (foot.top - top - 8) // line_h)
        self.scroll = max(0, min(self.scroll, max(0, len(lines) - self.room)))
        area = pygame.Rect(24, top, w - 48, foot.top - top - 4)
        frame.region("howto", area)
        y = top + 4
        x0 = (w - width) // 2
        for words, size, colour, bold, indent in lines[self.scroll :]:
            if y + size > area.bottom:
                break
            if "\t" in words:  # a numbered step: the number in its own column
                num, rest = words.split("\t", 1)
                ui.text(surface, num, (x0, y), size, ui.WHITE, True)
                ui.text(surface, rest, (x0 + STEP_INDENT, y), size, colour)
            elif words:
                ui.text(surface, words, (x0 + indent, y), size, colour, bold)
            y += size + 6 if size > 12 else size
        frame.region("prompt", foot)
        more = "  ·  Up/Down: scroll" if len(lines) > self.room else ""
        self.back = ui.tag(
            surface, "Back  [Esc]", (foot.right - 24, foot.centery), 20, ui.PANEL, anchor="midright"
        )
        self.rules = ui.tag(
            surface, "Hands  [R]", (self.back.left - 12, foot.centery), 20, ui.ACCENT, anchor="midright"
        )
        state = "on" if self.hints_on else "off"
        self.hints_button = ui.tag(
            surface,
            f"Hints: {state}  [T]",
            (self.rules.left - 12, foot.centery),
            20,
            ui.PANEL,
            anchor="midright",
        )
        self.sound_button = ui.tag(
            surface,
            f"Sound: {'off' if self.app.sound.muted else 'on'}  [V]",
            (self.hints_button.left - 12, foot.centery),
            20,
            ui.PANEL,
            anchor="midright",
        )
        words = f"Esc: back  ·  R: every hand, with pictures{more}"
        room = self.sound_button.left - 50
        if room > 80:
            ui.text(surface, ui.ellipsize(words, 18, room), (34, foot.top + 14), 18, DIM)
