""" "Your hand": what the viewer's cards make now, read off their own view only.

The matcher's best hand of the seat's zones (as the showdown would value them, under the game's
ranking) in words (hand_words.py), the cards that make it, and in a game whose hand is one row or
column of a grid, which line. In a game that scores placements (a card laid on a growing grid)
it is the points each place a card may go would score, with the best of the viewer's cards (or
with the card chosen). Worked out once per change of the view (`HandReader`), never per frame.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import clock
from ...engine.types import View
from ...hands import api
from ...hands.beats import comparers
from ...hands.ranking import hand_rules
from ...hands.rules import Rules
from ...hands.value import HandValue
from ..controls import card_spots
from .hand_words import hand_words

Place = tuple[int, int]


NO_CARDS = "no cards yet"  # the line of a seat holding none (before the deal)


@dataclass(frozen=True)
class HandLine:
    """What the bar's hand line says and what it marks on the table."""

    words: str  # "Two Pair, Queens and Eights"
    cards: frozenset[int] = frozenset()  # the cards that make it (outlined where they lie)
    line: str = ""  # the grid's row or column that makes it ("row 3"), else ""
    spots: Mapping[Place, int] = field(default_factory=dict)  # a place -> the most it would score
    best_card: dict[Place, int] = field(default_factory=dict)  # a place -> the card scoring that


def seat_zones(rules: Rules, view: View, seat: int) -> dict[str, api.ZoneCards]:
    """The zones the hand's form names, as the viewer sees them (hidden cards left out): the
    seat's own zones and the table's."""
    names = {u.zone for u in rules.form.uses} | ({rules.form.runs_zone} if rules.form.runs_zone else set())
    zones = view["zones"]
    out: dict[str, api.ZoneCards] = {}
    for name in names:
        z = zones.get(f"{name}/{seat}", zones.get(name))
        if z is None:
            continue
        if "cells" in z:
            out[name] = {(r, c): card for r, c, card in z["cells"] if card >= 0}
        else:
            out[name] = [c for c in z.get("cards", []) if c >= 0]
    return out


def own_cards(view: View, seat: int) -> list[int]:
    """The cards of the seat's own zones the viewer sees, left to right."""
    return [c for z in view["zones"].values() if z["owner"] == seat for c in z.get("cards", []) if c >= 0]


def read_hand(variant: Any, view: View, chosen: tuple[int, ...] = ()) -> HandLine | None:
    """The hand line of the view's seat, worked out at once (`reading` a step at a time)."""
    work = reading(variant, view, chosen)
    while True:
        try:
            next(work)
        except StopIteration as done:
            line: HandLine | None = done.value
            return line


def reading(variant: Any, view: View, chosen: tuple[int, ...] = ()) -> Generator[None, None, HandLine | None]:
    """The hand line of the view's seat, a unit of work (a hand valued, a placement scored) per
    step; None for a public view or a game without ranked hands."""
    seat = view["seat"]
    if seat is None or "hands" not in variant.sections:
        return None
    rules = hand_rules(variant, view.get("ranking", "published"))
    mine = own_cards(view, seat)
    if not mine:  # said, not left at "…" as if still being read
        return HandLine(NO_CARDS)
    if rules.form.runs_zone is not None:
        return (yield from _placements(variant, view, mine, chosen))
    zones = seat_zones(rules, view, seat)
    declared = (view.get("declared") or [None] * (seat + 1))[seat] or ()
    value = yield from _best(rules, zones, declared)
    words = hand_words(rules, variant.deck, value)
    if rules.split is not None:
        yield
        low = api.evaluate_rules(rules.split.rules, zones, declared)
        low_words = hand_words(rules.split.rules, variant.deck, low) if low.made or low.cards else "none"
        words = f"{rules.split.first_name}: {words} · {rules.split.name}: {low_words}"
    made = value.made or value.cards
    line = _line_of(rules, zones, made)
    return HandLine(words + (f" ({line})" if line else ""), frozenset(made), line)


def _best(
    rules: Rules, zones: Mapping[str, api.ZoneCards], declared: Sequence[int]
) -> Generator[None, None, HandValue]:
    """The matcher's best hand. A hand of one grid line: its key first, by the quickest comparer
    (hands/beats.py), then the lines valued one a step until one makes that key."""
    use = next((u for u in rules.form.uses if u.line), None)
    grid = zones.get(use.zone) if use is not None else None
    if use is None or not isinstance(grid, Mapping) or not grid:
        return api.evaluate_rules(rules, zones, declared)
    strength, _ = comparers(rules)
    best = strength(zones, declared)
    for line in _grid_lines(grid):
        yield
        value = api.evaluate_rules(rules, {**zones, use.zone: line}, declared)
        if value.key == best:
            return value
    return api.evaluate_rules(rules, zones, declared)  # (never: some line makes the best key)


def _grid_lines(grid: Mapping[Place, int]) -> list[list[int]]:
    """Every row and column of the grid's cards, in order along it."""
    rows: dict[int, list[tuple[int, int]]] = {}
    cols: dict[int, list[tuple[int, int]]] = {}
    for (r, c), card in grid.items():
        rows.setdefault(r, []).append((c, card))
        cols.setdefault(c, []).append((r, card))
    return [[card for _, card in sorted(line)] for line in (*rows.values(), *cols.values())]


def _line_of(rules: Rules, zones: Mapping[str, api.ZoneCards], made: tuple[int, ...]) -> str:
    """The row or column of the form's grid whose cards make the hand with the free cards."""
    use = next((u for u in rules.form.uses if u.line), None)
    grid = zones.get(use.zone) if use is not None else None
    if not isinstance(grid, Mapping) or not grid:
        return ""
    on_grid = {c for c in made if c in set(grid.values())}
    if not on_grid:
        return ""
    where = {card: at for at, card in grid.items()}
    rows = {where[c][0] for c in on_grid}
    cols = {where[c][1] for c in on_grid}
    if len(rows) == 1:
        return f"row {next(iter(rows)) + 1}"
    if len(cols) == 1:
        return f"column {next(iter(cols)) + 1}"
    return ""


def _placements(
    variant: Any, view: View, mine: list[int], chosen: tuple[int, ...]
) -> Generator[None, None, HandLine]:
    """A placement game: per place a card may go, the most the viewer's cards (the card chosen,
    when one is) would score there, and the best of all."""
    place = card_spots(view)
    if place is None:
        return HandLine("Your cards' points show on the green squares on your move")
    cards = [c for c in place.cards if c in chosen] if len(chosen) == 1 else list(place.cards)
    grid: dict[Place, int] = {}
    for z in view["zones"].values():
        grid.update({(r, c): cell for r, c, cell in z.get("cells", ()) if cell >= 0})
    spots: dict[Place, int] = {}
    best_card: dict[Place, int] = {}
    top: tuple[int, Place, int, str] | None = None
    for at in place.spots:
        for card in cards:
            yield
            grid[at] = card
            scored = api.score_placement(variant, grid, at)
            if at not in spots or scored.total > spots[at]:
                spots[at], best_card[at] = scored.total, card
            if top is None or scored.total > top[0]:
                named = ", ".join(cat for _, cat, _ in scored.lines)
                top = (scored.total, at, card, named)
        grid.pop(at, None)
    if top is None or top[0] <= 0:
        return HandLine("No green square scores with your cards", spots=spots, best_card=best_card)
    points, at, card, named = top
    deck = variant.deck
    unit = "point" if points == 1 else "points"
    words = f"Best: {deck.short(card)} for {points} {unit}" + (f" ({named})" if named else "")
    return HandLine(words, frozenset({card}), spots=spots, best_card=best_card)


READ_BUDGET_S = 0.003  # of a frame, for reading the viewer's hand (the rest comes next frame)


KEPT_LINES = 8  # lines read lately, kept by their key: people taking turns at the screen


class HandReader:
    """The viewer's hand line, read once per change of what it depends on (the game, the seat,
    the card chosen), a few milliseconds a frame: `current` answers None until it is read. The
    last few lines read are kept by their key (`_read`): a person looking again at an unchanged
    game (a curtain lifted, the peek key pressed again) is not read again."""

    def __init__(self) -> None:
        self._key: object = None
        self._work: Generator[None, None, HandLine | None] | None = None
        self.line: HandLine | None = None
        self.steps = 0  # units of work done, all told (tests count them)
        self._read: dict[object, HandLine | None] = {}  # key -> its line, the last read last

    def current(self, key: object, variant: Any, view: View, chosen: tuple[int, ...]) -> HandLine | None:
        """The line for `view` (its seat's), `key` saying when it must be read again."""
        if key != self._key:
            self._key, self.line, self._work = key, None, None
            if key in self._read:
                self.line = self._read[key]
            else:
                self._work = reading(variant, view, chosen)
        if self._work is not None:
            end = clock.now() + READ_BUDGET_S
            try:
                while True:
                    self.steps += 1
                    next(self._work)
                    if clock.now() >= end:
                        break
            except StopIteration as done:
                self.line, self._work = done.value, None
                self._read[key] = self.line
                while len(self._read) > KEPT_LINES:
                    del self._read[next(iter(self._read))]
        return self.line

    def reading(self) -> bool:
        """Whether a line is being read (a little more each frame)."""
        return self._work is not None

    def forget(self) -> None:
        """No line up (a public frame, a curtain): the next view's is looked up or read afresh.
        (The lines kept are each keyed by its seat and the game's version: never shown to
        another seat, nor after the game moved on.)"""
        self._key, self._work, self.line = None, None, None
