"""Drawing the action bar: what is happening (or why an action was refused), the result at the
end, the viewer's controls with their keys in as many rows as they need (the layout makes the
bar tall enough: `button_rows`), and the bet slider at the end of the status line."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pygame

from ...engine.types import View
from .. import frame, ui
from ..controls import Control, verb_of
from .cards import Canvas
from .choices import Choices
from .layout import button_height
from .palette import BEST, GLOW
from .your_hand import HandLine

Slider = tuple[pygame.Rect, int, int]  # the track, and the amounts at its ends
HELP_ROOM = 54  # kept free at the bar's right end for the "?" (How to play) when the panel is folded


def _label(control: Control) -> str:
    return control.label + (f" [{control.keyname}]" if control.keyname else "")


def _button_rects(controls: list[Control], bar: pygame.Rect) -> list[pygame.Rect]:
    """The buttons laid left to right, wrapping to a new row when one would pass the bar's end."""
    s = ui.scale()
    pad, h = int(14 * s), button_height(s)
    x, y = bar.left + pad, bar.top + int(44 * s)
    rects = []
    for control in controls:
        w = min(bar.width - pad - int(HELP_ROOM * s), ui.measure(_label(control), 22, True)[0] + int(22 * s))
        rect = pygame.Rect(x, y, w, h)
        if rect.right > bar.right - int(HELP_ROOM * s) and x > bar.left + pad:
            x, y = bar.left + pad, y + int(40 * s)
            rect.topleft = (x, y)
        rects.append(rect)
        x = rect.right + int(8 * s)
    return rects


def button_rows(controls: list[Control], width: int) -> int:
    """How many rows the controls take in a bar `width` wide."""
    rects = _button_rects(controls, pygame.Rect(0, 0, width, 0))
    return len({r.top for r in rects}) or 1


def draw_bar(
    canvas: Canvas,
    bar: pygame.Rect,
    view: View,
    message: str,
    controls: list[Control],
    choices: Choices,
    shorter: Sequence[str] = (),
) -> Slider | None:
    """The bar; the slider when the decision's verb offers one (the amount kept within it).
    `shorter`: the message said in fewer words, longest first, for when it does not fit whole."""
    surface = canvas.surface
    s = ui.scale()
    pad = int(14 * s)
    pygame.draw.rect(surface, (30, 34, 40), bar)
    verb = verb_of(view)
    span = verb.slider(view.get("legal", [])) if verb is not None else None
    slider_w = min(int(420 * s), bar.width // 2) if span is not None and controls else 0
    status = _status(surface, bar, view)
    words = message or status
    free = bar.width - 2 * pad - int(HELP_ROOM * s)  # the slider and "?" sit at the top right
    if slider_w:  # the slider gives up width (to a short one) before the words are cut
        need = ui.measure(words + " …", 18)[0] + pad  # as ui.ellipsize measures it
        slider_w = max(min(slider_w, int(180 * s)), min(slider_w, free - need))
    room = free - slider_w
    if not message:
        shorter = shorter_status(status)
    if ui.measure(words, 18)[0] > room:  # a shorter form said whole, before a cut one
        words = next((w for w in shorter if ui.measure(w, 18)[0] <= room), words)
    size = next((px for px in (22, 20, 18) if ui.measure(words, px)[0] <= room), 18)
    shown = ui.ellipsize(words, size, room)
    rect = ui.text(
        surface,
        shown,
        (bar.left + pad, bar.top + int(10 * s)),
        size,
        (255, 200, 140) if message else ui.WHITE,
    )
    if shown != (message or status):
        canvas.tip(rect, message or status)  # the whole sentence when the pointer rests on it
    if not controls:
        return None
    for control, rect in zip(controls, _button_rects(controls, bar)):
        colour = ui.ACCENT if control.on else (ui.PANEL if control.enabled else (120, 120, 120))
        pygame.draw.rect(surface, colour, rect, border_radius=8)
        ink = ui.INK if control.enabled else ui.MUTED
        ui.text(surface, _label(control), rect.center, 22, ink, True, "center", width=rect.width - 8)
        if control.enabled:
            canvas.hit(rect, "button", control.action)
        canvas.tip(rect, control.tip + (f" [{control.keyname}]" if control.keyname else ""))
    if span is None:
        return None
    lo, hi = span
    choices.amount = max(lo, min(hi, choices.amount or lo))
    ends = ui.measure(f"{hi:,}", 16)[0] + 8
    mid_y = bar.top + int(10 * s) + ui.line(22) // 2
    right = bar.right - int(HELP_ROOM * s)
    track = pygame.Rect(right - slider_w + ends, mid_y - 5, slider_w - 2 * ends, 10)
    pygame.draw.rect(surface, (90, 90, 100), track, border_radius=5)
    frac = 0 if hi == lo else (choices.amount - lo) / (hi - lo)
    pygame.draw.circle(surface, ui.ACCENT, (int(track.left + frac * track.width), track.centery), 10)
    ui.text(surface, f"{lo:,}", (track.left - 6, track.centery), 16, ui.WHITE, anchor="midright")
    ui.text(surface, f"{hi:,}", (track.right + 6, track.centery), 16, ui.WHITE, anchor="midleft")
    canvas.hit(track.inflate(0, 20), "slider")
    return track, lo, hi


def shorter_status(status: str) -> list[str]:
    """The status line in fewer whole words, longest first: without whose move it is (the hand
    line and the glow say it), without its bracketed asides, then its first clause."""
    head, sep, prompt = status.partition(": ")
    if not sep or not head.startswith("Your move"):
        return []
    prompt = prompt[:1].upper() + prompt[1:]
    bare = re.sub(r"\s*\([^()]*\)", "", prompt).strip()
    first = re.split(r"(?<=[.:;])\s", bare, maxsplit=1)[0].rstrip(":;")
    return list(dict.fromkeys(w for w in (prompt, bare, first) if w))


def _status(surface: pygame.Surface, bar: pygame.Rect, view: View) -> str:
    """Whose move it is; at the end, the winners (drawn large) and why the game ended."""
    seat, to_move = view["seat"], view["to_move"]
    result = view["result"]
    if view["over"] and result is not None:
        names = [view["seats"][w]["name"] for w in result["winners"]]
        verb = "wins" if len(names) == 1 else "win"
        s = ui.scale()
        at = (bar.left + int(14 * s), bar.top + int(40 * s))
        ui.text(surface, f"{' and '.join(names)} {verb}!", at, 36, GLOW, True, width=bar.width - int(28 * s))
        return f"The game is over: {result['reason']}. Esc returns to the menu."
    if to_move is None:
        return ""
    if seat != to_move:
        return f"{view['seats'][to_move]['name']} is thinking…"
    deciding = verb_of(view)
    prompt = deciding.prompt(view["legal"]) if deciding is not None and view["legal"] else ""
    return f"Your move, {view['seats'][seat]['name']}" + (f": {prompt}" if prompt else ".")


def draw_hand_line(canvas: Canvas, strip: pygame.Rect, hand: HandLine | None, private: bool) -> None:
    """The strip above the bar: in the viewer's own view, what their cards make ("Your hand:
    Two Pair, Queens and Eights"), named `your_hand` in the manifest; in a public frame, empty."""
    surface = canvas.surface
    pygame.draw.rect(surface, (24, 28, 34), strip)
    if not private:
        return
    frame.region("your_hand", strip)
    words = "Your hand: " + (hand.words if hand is not None else "…")
    s = ui.scale()
    room = strip.width - int(28 * s) - int(HELP_ROOM * s)
    size = next((px for px in (22, 20, 18) if ui.measure(words, px)[0] <= room), 18)
    at = (strip.left + int(14 * s), strip.centery)
    rect = ui.text(surface, words, at, size, BEST, anchor="midleft", width=room)
    if rect.width < ui.measure(words, size)[0]:
        canvas.tip(rect, words)  # cut: the whole line when the pointer rests on it
