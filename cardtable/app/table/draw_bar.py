"""Drawing the action bar: what is happening (or why an action was refused), the result at the
end, the viewer's controls with their keys, and the bet slider."""

from __future__ import annotations

import pygame

from ...engine.types import View
from .. import ui
from ..controls import Control, verb_of
from .cards import Canvas
from .choices import Choices
from .palette import GLOW

Slider = tuple[pygame.Rect, int, int]  # the track, and the amounts at its ends


def draw_bar(
    canvas: Canvas,
    bar: pygame.Rect,
    view: View,
    message: str,
    controls: list[Control],
    choices: Choices,
) -> Slider | None:
    """The bar; the slider when a bet or raise is offered (the amount kept within it)."""
    surface = canvas.surface
    pygame.draw.rect(surface, (30, 34, 40), bar)
    status = _status(surface, bar, view)
    words = message or status
    slider = controls and any(t["type"] in ("bet", "raise") for t in view.get("legal", []))
    room = bar.width - 28 - (340 if slider else 0)  # the slider sits at the bar's top right
    size = next((px for px in (22, 20, 18) if ui.font(px).size(words)[0] <= room), 18)
    shown = ui.ellipsize(words, size, room)
    rect = ui.text(
        surface, shown, (bar.left + 14, bar.top + 8), size, (255, 200, 140) if message else ui.WHITE
    )
    if shown != words:
        canvas.tip(rect, words)  # the whole sentence when the pointer rests on it
    if not controls:
        return None
    x, y = bar.left + 14, bar.top + 40
    for control in controls:
        label = control.label + (f" [{control.keyname}]" if control.keyname else "")
        rect = pygame.Rect(x, y, ui.font(22, True).size(label)[0] + 22, 34)
        if rect.right > bar.right - 10:
            x, y = bar.left + 14, y + 40
            rect.topleft = (x, y)
        colour = ui.ACCENT if control.on else (ui.PANEL if control.enabled else (120, 120, 120))
        pygame.draw.rect(surface, colour, rect, border_radius=8)
        ui.text(surface, label, rect.center, 22, ui.INK if control.enabled else ui.MUTED, True, "center")
        if control.enabled:
            canvas.hit(rect, "button", control.action)
        canvas.tip(rect, control.tip + (f" [{control.keyname}]" if control.keyname else ""))
        x = rect.right + 8
    raise_t = next((t for t in view.get("legal", []) if t["type"] in ("bet", "raise")), None)
    if raise_t is None:
        return None
    lo, hi = raise_t["min"], raise_t["max"]
    choices.amount = max(lo, min(hi, choices.amount or lo))
    track = pygame.Rect(bar.right - 330, bar.top + 14, 300, 10)
    pygame.draw.rect(surface, (90, 90, 100), track, border_radius=5)
    frac = 0 if hi == lo else (choices.amount - lo) / (hi - lo)
    pygame.draw.circle(surface, ui.ACCENT, (int(track.left + frac * track.width), track.centery), 10)
    ui.text(surface, f"{lo:,}", (track.left, track.bottom + 4), 16, ui.WHITE)
    ui.text(surface, f"{hi:,}", (track.right, track.bottom + 4), 16, ui.WHITE, anchor="topright")
    canvas.hit(track.inflate(0, 20), "slider")
    return track, lo, hi


def _status(surface: pygame.Surface, bar: pygame.Rect, view: View) -> str:
    """Whose move it is; at the end, the winners (drawn large) and why the game ended."""
    seat, to_move = view["seat"], view["to_move"]
    result = view["result"]
    if view["over"] and result is not None:
        names = [view["seats"][w]["name"] for w in result["winners"]]
        verb = "wins" if len(names) == 1 else "win"
        ui.text(surface, f"{' and '.join(names)} {verb}!", (bar.left + 14, bar.top + 34), 44, GLOW, bold=True)
        return f"The game is over: {result['reason']}. Esc returns to the menu."
    if to_move is None:
        return ""
    if seat != to_move:
        return f"{view['seats'][to_move]['name']} is thinking…"
    deciding = verb_of(view)
    prompt = deciding.prompt(view["legal"]) if deciding is not None and view["legal"] else ""
    return f"Your move, {view['seats'][seat]['name']}" + (f": {prompt}" if prompt else ".")
