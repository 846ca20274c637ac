"""The public showdown: a screen that belongs to no seat, up until someone presses Continue.

Everything on it is public: the hands the engine's hand record shows (each seat's cards, the
category's own cards raised), why the winner won, the pot going to the winners, and what each
seat held before and after the hand (public chips, or points). Nothing of anyone's view is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ...engine.types import HandRecord, ShownHand, View
from ...hands.api import evaluate_pool
from ...hands.describe import description
from ...hands.explain import why
from ...hands.rules import Rules
from .. import ui
from .cards import Canvas
from .draw_overlays import public_screen
from .palette import GLOW
from .showdown_layout import ShowdownGrid, showdown_grid

POT_FLIGHT = 0.9  # seconds for the pot to slide to its winners
LOW = (120, 190, 255)  # the outline of a split pot's low hand's cards


def holdings(view: View, betting: bool) -> list[int]:
    """What each seat holds at the start of a hand or after it: chips (with what it has put in the
    pot this hand, which is still its own until the pot is awarded) or, without betting, points."""
    if betting:
        return [s["chips"] + s["total"] for s in view["seats"]]
    return [s["points"] for s in view["seats"]]


@dataclass
class Showdown:
    """One hand's showdown on display: its record and the seats' holdings before and after it."""

    record: HandRecord
    before: list[int]
    after: list[int]
    since: float  # the table clock when it appeared (the pot's flight)
    scroll: int = 0  # rows of hands scrolled past, when they do not all fit
    why: str = ""  # why the winner won, worked out once (explain)


def reason(record: HandRecord, categories: Sequence[str]) -> str:
    """Why the winner won, in one line: "Flush beats Straight", or when the categories tie,
    "Flush against Flush: same category, better cards". `categories` are the variant's, best first."""
    shown = record["shown"]
    winners = [h for h in shown if h["won"] > 0]
    losers = [h for h in shown if h["won"] <= 0]
    if not winners:
        return ""
    lows = [h["low"] for h in shown if h.get("low")]
    if any("low" in h for h in shown):  # a split pot: high and low halves
        if not lows:
            return "No qualifying low: the high hand takes the pot"
        if len(winners) == 1:
            return f"{winners[0]['category']} and {winners[0]['low']} scoop the pot: best high and best low"
        return "High and low split the pot"

    def rank(category: str) -> int:
        return categories.index(category) if category in categories else len(categories)

    best = min(winners, key=lambda h: rank(h["category"]))["category"]
    if not losers:
        return f"Split pot: {' and '.join(h['category'] for h in winners)}"
    beaten = min(losers, key=lambda h: rank(h["category"]))["category"]
    if rank(best) < rank(beaten):
        return f"{best} beats {beaten}"
    return f"{best} against {beaten}: same category, better cards"


def category_meaning(variant: Any) -> Callable[[str], str]:
    """A category's sentence by its name (the variant's `describe:`, or one derived)."""
    hands = variant.sections.get("hands")
    cats = {c.name: c for c in hands.categories} if hands is not None else {}

    def meaning(name: str) -> str:
        return description(cats[name], variant.deck) if name in cats else ""

    return meaning


def explain(show: Showdown, hands: Rules | None) -> str:
    """Why the winner won, in one line (kept on `show`)."""
    show.why = _explain(show.record, hands) or " "
    return show.why


def _explain(record: HandRecord, hands: Rules | None) -> str:
    """The line, with the tie layer that decided when the categories are the same ("Pair against
    Pair: the kickers decided"): the hands shown are valued again from their public cards. Falls
    back to `reason` when that does not give the recorded categories (a hand that needed cards
    declared before the deal)."""
    shown = record["shown"]
    if hands is None or not shown:
        return ""
    names = [c.name for c in hands.categories]
    if any("low" in h for h in shown):  # a split pot: the halves' line (reason)
        return reason(record, names)
    values = {h["seat"]: evaluate_pool(hands, h["cards"], len(h["cards"])) for h in shown}
    if any(values[h["seat"]].category != h["category"] for h in shown):
        return reason(record, names)
    winners = [h for h in shown if h["won"] > 0]
    losers = [h for h in shown if h["won"] <= 0]
    if not winners:
        return ""
    best = max((values[h["seat"]] for h in winners), key=lambda v: v.key)
    if not losers:
        if len(winners) < 2:
            return ""
        return f"Split pot: {' and '.join(values[h['seat']].detail or h['category'] for h in winners)}, equal"
    beaten = max((values[h["seat"]] for h in losers), key=lambda v: v.key)
    if beaten.key > best.key:  # a side pot's winner shown beside a better hand not eligible for it
        return reason(record, names)
    return why(hands, best, beaten)


def draw_showdown_screen(
    canvas: Canvas,
    names: list[str],
    show: Showdown,
    why: str,
    unit: str,
    on_continue: Callable[[], None],
    meaning: Callable[[str], str] | None = None,
) -> None:
    """The whole screen: the shown hands, the reason, the pot flying to the winners, the holdings
    before and after, and the Continue button (a click target). `meaning` gives a category's
    sentence, shown when the pointer rests on a hand's category or cards."""
    surface = canvas.surface
    box = public_screen(canvas, "showdown")
    record = show.record
    ui.text(
        surface,
        f"Showdown · hand {record['hand']}",
        (box.centerx, box.top + 14),
        34,
        ui.WHITE,
        True,
        "midtop",
    )
    said = pygame.Rect(box.centerx, box.top + 58, 0, 0)
    lines = ui.wrap(why, 26, box.width - 32, bold=True) or [""]
    if len(lines) > 2:  # a third line would take the hands' room: the second says the rest, shortened
        lines = [lines[0], " ".join(lines[1:])]
    for n, words in enumerate(lines):  # whole where it fits two lines ("9 cards in several sets...")
        at = (box.centerx, box.top + 58 + n * ui.line(26))
        said = said.union(ui.text(surface, words, at, 26, GLOW, True, "midtop", width=box.width - 32))
    shown = sorted(record["shown"], key=lambda s: -s["won"])
    s = ui.scale()
    button = pygame.Rect(0, 0, int(280 * s), int(52 * s))
    button.midbottom = (box.centerx, box.bottom - int(14 * s))
    others = [seat for seat in range(len(names)) if seat not in {h["seat"] for h in shown}]
    foot = button.top - (ui.line(20) + 8 if others else 8)
    area = pygame.Rect(box.left + 20, said.bottom + 14, box.width - 40, foot - said.bottom - 20)
    most = max((_width_in_cards(hand) for hand in shown), default=1)
    size = surface.get_size()
    grid = showdown_grid(area, len(shown), most, ui.line(22), size, show.scroll)
    show.scroll = grid.first // grid.cols  # within range again
    targets: dict[int, tuple[int, int]] = {}
    for hand, cell in zip(shown[grid.first :], grid.cells):
        _draw_hand(canvas, cell, grid, hand, names[hand["seat"]], show, unit, meaning)
        targets[hand["seat"]] = (cell.left + 40, cell.top + grid.line)
    if grid.scrolls:
        last = grid.first + len(grid.cells)
        words = f"Hands {grid.first + 1}-{last} of {len(shown)} · wheel or Up/Down for the others"
        ui.text(surface, words, (area.right, said.bottom + 2), 18, (200, 212, 204), anchor="topright")
    if others:  # the seats whose hands were not shown: what they held, before and after
        words = "   ".join(f"{names[s]}: {show.before[s]:,} → {show.after[s]:,}" for s in others)
        ui.text(
            surface, words, (box.centerx, foot), 20, (200, 212, 204), anchor="midtop", width=box.width - 32
        )
    _pot_flight(surface, show, (box.centerx, box.top + 90), targets, canvas.anim.clock)
    pygame.draw.rect(surface, ui.ACCENT, button, border_radius=12)
    ui.text(surface, "Continue  [Space]", button.center, 26, ui.INK, True, "center")
    canvas.hit(button, "button", on_continue)


def _draw_hand(
    canvas: Canvas,
    cell: pygame.Rect,
    grid: ShowdownGrid,
    hand: ShownHand,
    name: str,
    show: Showdown,
    unit: str,
    meaning: Callable[[str], str] | None,
) -> None:
    """One hand's cell: who and what (the winners lit), the money, and the cards, the category's
    own cards raised above the kickers; pointing at the cell says what the category is."""
    surface, seat, won = canvas.surface, hand["seat"], hand["won"]
    colour = GLOW if won > 0 else (225, 232, 225)
    pygame.draw.rect(surface, (22, 74, 50), cell, border_radius=10)
    x, room = cell.left + 8, cell.width - 16
    low_cards = hand.get("low_cards", [])
    low = f" · low: {hand['low'] or 'none'}" if "low" in hand else ""  # a split pot's other half
    low += ", the cards on the right" if low_cards else ""
    ui.text(surface, f"{name} · {hand['category']}{low}", (x, cell.top + 2), 22, colour, True, width=room)
    money = f"{show.before[seat]:,} → {show.after[seat]:,} {unit}"
    if won > 0:
        money = f"wins {won:,} · " + money
    ui.text(surface, money, (x, cell.top + 2 + grid.line), 18, colour, width=room)
    width, made = grid.card_width, set(hand["made"])
    step = int(width * grid.spread)
    for i, card in enumerate(hand["cards"]):
        at = (x + i * step, grid.card_top(cell))
        canvas.card(card, at, width, f"showdown:{seat}", kind=None, raised=card in made)
    # the low half's own cards beside them, after a gap, outlined in its colour (a pool's card may
    # make both hands: it is drawn in each)
    x += len(hand["cards"]) * step + width // 2 if hand["cards"] else 0
    for i, card in enumerate(low_cards):
        at = (x + i * step, grid.card_top(cell))
        canvas.card(card, at, width, f"showdown_low:{seat}", kind=None, raised=True, outline=LOW)
    if meaning is not None:
        canvas.tip(cell, f"{hand['category']}: {meaning(hand['category'])}")


def _width_in_cards(hand: ShownHand) -> int:
    """How many cards wide a hand's row is: its cards, and a split pot's low hand after a gap."""
    low = len(hand.get("low_cards", []))
    return len(hand["cards"]) + (low + 1 if low else 0)


def _pot_flight(
    surface: pygame.Surface,
    show: Showdown,
    start: tuple[int, int],
    targets: dict[int, tuple[int, int]],
    clock: float,
) -> None:
    """The pot sliding from the middle to each winner's row."""
    t = (clock - show.since) / POT_FLIGHT
    if t >= 1:
        return
    for hand in show.record["shown"]:
        end = targets.get(hand["seat"])
        if hand["won"] > 0 and end is not None:
            x = int(start[0] + (end[0] - start[0]) * t)
            y = int(start[1] + (end[1] - start[1]) * t)
            pygame.draw.circle(surface, GLOW, (x, y), 16)
            pygame.draw.circle(surface, (150, 110, 20), (x, y), 16, 3)
