"""The table's input: keys, clicks, the pointer, the wheel and right-drags, hit-tested against
the click targets the last frame drew. Everything that changes the game goes back to the scene
(`act`, `place`, `undo`...), which asks the engine."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ...engine.types import Action, View
from ..controls import Control, verb_of
from .animation import Animations
from .cards import Hit
from .choices import Choices
from .draw_bar import Slider
from .finale import BUTTONS
from .keys import ARROWS, NUMBER_KEYS, choose_by_number, move_focus, take_focus
from .layout import GridCamera

PEEK_KEY = pygame.K_h  # held to look at one's own hand in peek mode (no verb's control uses H)
SOUND_KEY = pygame.K_v  # the table's sounds off and on (no verb's control, nor the end screen, uses V)
SCROLL_KEYS = {  # the side panel's text: older, newer, the newest
    pygame.K_PAGEUP: lambda back: back + 10,
    pygame.K_PAGEDOWN: lambda back: back - 10,
    pygame.K_END: lambda back: 0,
}


class Table(Protocol):
    """What the input needs of the table scene."""

    choices: Choices
    grid: GridCamera
    anim: Animations
    controls: list[Control]
    slider: Slider | None
    show_rules: bool
    message: str  # shown in the bar: why an action was refused, or why a key did nothing
    fleeting: tuple[str, float] | None  # a message that goes by itself: (its words, until when)
    clock: float
    log_back: int  # lines the side panel is scrolled back
    log_area: pygame.Rect | None
    pointer: tuple[int, int]  # where the pointer was last seen
    showdown: Any  # the public showdown on display, or None
    finished: bool  # the end screen is up
    mouse_look: bool  # peek mode: looking while the mouse button is held on one's own cards

    @property
    def hits(self) -> list[Hit]: ...
    def view(self) -> View: ...
    def curtain_for(self) -> int | None: ...
    def hear(self, event: pygame.event.Event) -> tuple[bool, bool]: ...
    def click_lifts_curtain(self) -> bool: ...
    def lift_curtain(self) -> None: ...
    def peek(self, looking: bool) -> None: ...
    def hurry(self) -> None: ...
    def leave(self) -> None: ...
    def open_help(self) -> None: ...
    def undo(self) -> None: ...
    def continue_game(self) -> None: ...
    def toggle_panel(self) -> None: ...
    def toggle_sound(self) -> None: ...
    def end_choice(self, label: str) -> None: ...
    def act(self, action: Action) -> bool: ...
    def place(self, at: tuple[int, int]) -> None: ...
    def preview_points(self, at: tuple[int, int]) -> str: ...


def handle(t: Table, event: pygame.event.Event) -> None:
    fresh, lifts = t.hear(event)  # every key: a fresh press or a held key repeating; taps timed
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        t.leave()
        return
    if event.type == pygame.KEYDOWN and event.key == SOUND_KEY and fresh:
        t.toggle_sound()  # anywhere at the table, the curtain and the public screens too
        return
    if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
        t.peek(False)  # the page covers the table: nobody keeps looking at a hand behind it
        t.open_help()
        return
    if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == PEEK_KEY:
        if event.type == pygame.KEYUP:
            t.peek(False)  # letting go hides the hand again
        elif fresh:
            t.peek(True)  # a fresh press: never the key held from before, repeating
        return
    if event.type == pygame.WINDOWFOCUSLOST:
        t.peek(False)  # the key's release may never arrive
        t.mouse_look = False
        return
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and t.mouse_look:
        t.peek(False)  # letting go of the mouse hides the hand again (and clicks nothing)
        t.mouse_look = False
        return
    if t.showdown is not None or t.finished:  # the public screens: their buttons and keys only
        _interlude(t, event)
        return
    if t.curtain_for() is not None:
        _curtain(t, event, lifts)
        return
    if event.type == pygame.KEYDOWN:
        _key(t, event)
    elif event.type == pygame.MOUSEMOTION:
        _motion(t, event.pos)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        _click(t, event.pos)
    elif event.type == pygame.MOUSEWHEEL:
        if t.log_area is not None and t.log_area.collidepoint(t.pointer):
            t.log_back = max(0, t.log_back + 3 * event.y)  # up: older lines
        elif t.grid.area is not None and t.grid.area.collidepoint(t.pointer):
            t.grid.zoom_about(1.25 if event.y > 0 else 0.8, t.pointer)
        elif t.slider is not None:
            _nudge(t, event.y)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        hit = _hit_at(t, event.pos)
        if hit is not None and hit.kind == "look":
            t.peek(True)
            t.mouse_look = True
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        t.grid.drag = event.pos
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
        t.grid.drag = None


def _curtain(t: Table, event: pygame.event.Event, lifts: bool) -> None:
    """The curtain: lifted on purpose only (curtain_guard.py: Enter, Space after a pause, a click
    on its button once it has settled), or the last decider's Undo (Ctrl+Z, its button)."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
        t.undo()
    elif lifts:
        t.lift_curtain()
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and t.click_lifts_curtain():
        hit = _hit_at(t, event.pos)
        if hit is not None and hit.kind in ("button", "undo"):
            hit.payload()


def _interlude(t: Table, event: pygame.event.Event) -> None:
    """The showdown goes on with Space or Enter; the end screen's buttons have their keys."""
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        _click(t, event.pos)
    elif event.type == pygame.MOUSEWHEEL and t.showdown is not None:
        t.showdown.scroll = max(0, t.showdown.scroll - event.y)
    elif event.type == pygame.MOUSEMOTION:
        t.pointer = event.pos  # a hand pointed at says what it is (a tooltip)
    elif event.type != pygame.KEYDOWN:
        return
    elif t.showdown is not None:
        if event.key in (pygame.K_SPACE, pygame.K_RETURN):
            t.continue_game()
        elif event.key in (pygame.K_UP, pygame.K_DOWN):  # more hands than fit: the grid scrolls
            t.showdown.scroll = max(0, t.showdown.scroll + (1 if event.key == pygame.K_DOWN else -1))
    else:
        label = next((label for label, key in BUTTONS.items() if key == event.key), None)
        if label is not None:
            t.end_choice(label)


def _key(t: Table, event: pygame.event.Event) -> None:
    if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
        t.undo()
    elif event.key == pygame.K_TAB:
        t.show_rules = not t.show_rules
    elif event.key in SCROLL_KEYS:
        t.log_back = max(0, SCROLL_KEYS[event.key](t.log_back))
    elif event.key == pygame.K_HOME:
        t.grid.fit()
    elif event.key == pygame.K_l:
        t.toggle_panel()
    elif event.key in NUMBER_KEYS and t.controls:
        why = choose_by_number(t, NUMBER_KEYS[event.key])
        if why:
            t.message, t.fleeting = why, (why, t.clock + FLEETING_S)
    elif event.key in ARROWS and move_focus(t, event.key):
        pass  # among the grid's places or the cards to flip
    elif event.key in (pygame.K_UP, pygame.K_RIGHT):
        _nudge(t, 1)
    elif event.key in (pygame.K_DOWN, pygame.K_LEFT):
        _nudge(t, -1)
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and take_focus(t):
        pass  # the outlined place takes the chosen card, or the outlined card flips
    else:
        for control in t.controls:
            if control.enabled and control.key == event.key:
                control.action()
                return
        why = _why_not(t.controls, event.key) if t.controls else ""
        if why:  # a decision is asked: a key that does nothing says so, not silence, for a while
            t.message, t.fleeting = why, (why, t.clock + FLEETING_S)
        if event.key in (pygame.K_SPACE, pygame.K_RETURN):
            t.hurry()  # nobody is asked: no more waiting until somebody is


FLEETING_S = 3.0  # how long the bar says why a key did nothing, before the instruction comes back


def _why_not(controls: list[Control], key: int) -> str:
    """Why `key` did nothing: its button waits for cards to be chosen (the only buttons shown
    disabled with a key), or no button has that key (a letter only: other keys are the table's
    own, or nobody's)."""
    off = next((c for c in controls if c.key == key), None)
    if off is not None:
        return f"{off.label}: not yet; choose its cards first: their number keys, or click them."
    name = pygame.key.name(key)
    if len(name) == 1 and name.isalpha():
        return f"{name.upper()} does nothing now: each button shows its key in brackets."
    return ""


def _nudge(t: Table, direction: int) -> None:
    """Move the bet a blind up or down, within the slider."""
    if t.slider is None:
        return
    _, lo, hi = t.slider
    step = max(1, t.view()["blind"] or 1)
    t.choices.amount = max(lo, min(hi, t.choices.amount + direction * step))


def _motion(t: Table, pos: tuple[int, int]) -> None:
    t.pointer = pos
    t.grid.drag_to(pos)
    t.choices.hover, t.choices.spot = None, None
    hit = _hit_at(t, pos)
    if hit is not None and hit.kind in ("hand", "card") and hit.payload >= 0:
        t.choices.hover = hit.payload
    elif hit is not None and hit.kind == "spot":
        t.choices.spot = (hit.payload, t.preview_points(hit.payload))


def _click(t: Table, pos: tuple[int, int]) -> None:
    hit = _hit_at(t, pos)
    if hit is None:
        return
    if hit.kind == "button":
        hit.payload()
    elif hit.kind == "slider" and t.slider is not None:
        rect, lo, hi = t.slider
        frac = (pos[0] - rect.left) / max(1, rect.width)
        t.choices.amount = int(lo + round(frac * (hi - lo)))
    elif hit.kind == "hand":
        view = t.view()
        verb = verb_of(view)
        t.choices.toggle(hit.payload, verb.selects(view["legal"]) if verb is not None else None)
    elif hit.kind == "flip":
        t.act(hit.payload)
    elif hit.kind == "spot":
        t.place(hit.payload)


def _hit_at(t: Table, pos: tuple[int, int]) -> Hit | None:
    """The topmost click target of the last frame under `pos`."""
    return next((hit for hit in reversed(t.hits) if hit.rect.collidepoint(pos)), None)
