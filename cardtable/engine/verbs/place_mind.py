"""How a computer player places a card on an open grid (the place verb's `think`), by how many turns
past this one its level weighs (`Mind.foresight`), all under the game's own points table:

    0  the card and place that score most now (easy);
    1  that, less what the next player is expected to score on its turn: the best play its hand
       has, the hand dealt at random from the cards the seat has not seen (normal);
    2  that, plus part of what the seat is expected to score on its own next turn with the cards
       it keeps and one drawn (hard).

The expectations are exact, not sampled: every unseen card's best score anywhere on the grid is
worked out, and the best of a random hand of h of those n cards is the i-th highest with chance
C(n-i, h-1) / C(n, h). A new card changes the scores of only the places whose row or column runs
through it (and the places it opens), so a placement re-scores those alone.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from math import comb
from typing import TYPE_CHECKING

from ...memo import PerObject
from ..scoring import both_ways, run_lengths, window_points
from ..types import Card, View
from .base import Mind, Thought
from .place_grid import Spot, open_spots

if TYPE_CHECKING:
    from ..rules import Rules

OWN_SHARE = 0.5  # the part of its next turn's expected score a placement is credited (foresight 2)
MOST_RUNS = 200_000  # runs' points remembered per rules before the memory is cleared

Grid = dict[Spot, Card]
_runs: PerObject[Rules, dict[tuple[Card, ...], int]] = PerObject()


Around = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


class Scorer:
    """What a card placed on a grid scores, as the rules' `score_placement` totals it, with each
    run's points remembered (the same runs of cards recur from place to place and play to play)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.memory = _runs.get(rules, lambda _: {})
        self.shortest, self.longest = run_lengths(rules)

    def points(self, grid: Grid, at: Spot, card: Card) -> int:
        """The points `card` scores placed at the empty place `at`."""
        return self.total(*self.lines(around(grid, at), card))

    def total(self, row: int, col: int) -> int:
        """A placement's points, its row's hand scoring `row` and its column's `col`."""
        return both_ways(self.rules, row + col) if row and col else row + col

    def lines(self, near: Around, card: Card) -> tuple[int, int]:
        """The points of the row's and the column's hands `card` makes at a place with `near` around."""
        left, right, up, down = near
        return self.line((*left, card, *right), len(left)), self.line((*up, card, *down), len(up))

    def line(self, seg: tuple[Card, ...], at: int) -> int:
        """The points of the best run through index `at` of a line's cards `seg` (the runs are
        `line_windows`', the rules' own)."""
        memory = self.memory
        best = 0
        n = len(seg)
        for length in range(self.shortest, min(self.longest, n) + 1):
            for start in range(max(0, at - length + 1), min(at, n - length) + 1):
                w = seg[start : start + length]
                got = memory.get(w)
                if got is None:
                    if len(memory) >= MOST_RUNS:
                        memory.clear()
                    got = memory[w] = window_points(self.rules, w)
                if got > best:
                    best = got
        return best


def around(grid: Grid, at: Spot) -> Around:
    """The cards side by side with the place `at`: left of it, right, above and below, in line order."""
    return (
        _run(grid, at, 0, -1)[::-1],
        _run(grid, at, 0, 1),
        _run(grid, at, -1, 0)[::-1],
        _run(grid, at, 1, 0),
    )


def _run(grid: Grid, at: Spot, dr: int, dc: int) -> tuple[Card, ...]:
    out = []
    r, c = at[0] + dr, at[1] + dc
    while (r, c) in grid:
        out.append(grid[(r, c)])
        r, c = r + dr, c + dc
    return tuple(out)


def best_of_hand(values: Sequence[float], size: int) -> float:
    """The expected highest of `size` of `values` taken at random (all of them if fewer)."""
    n = len(values)
    if n == 0 or size <= 0:
        return 0.0
    if size >= n:
        return float(max(values))
    ordered = sorted(values, reverse=True)
    ways = comb(n, size)
    return sum(v * comb(n - 1 - i, size - 1) for i, v in enumerate(ordered)) / ways


def think(mind: Mind) -> Thought:
    """The place action: the card of the hand and the place on the open grid worth most at the
    mind's foresight (ties broken at random)."""
    t = mind.legal["place"]
    zone = next(z for z in mind.view["zones"].values() if z["shape"] == "open_grid")
    grid: Grid = {(r, c): card for r, c, card in zone["cells"]}
    limit, span = zone.get("max_line"), zone.get("bound")
    bound = (span[0], span[1]) if span else None
    hand: list[Card] = list(t["cards"])
    spots: list[Spot] = [(s[0], s[1]) for s in t["spots"]]
    scorer = Scorer(mind.rules)
    ahead = mind.foresight if all(c >= 0 for c in grid.values()) else 0
    lookout = _Lookout(mind, scorer, grid, spots, hand) if ahead else None
    if lookout is not None:
        yield from lookout.score()
    best: tuple[float, float] | None = None
    choice: tuple[Card, Spot] | None = None
    for card in hand:
        for at in spots:
            worth = float(scorer.points(grid, at, card))
            if lookout is not None:
                worth += lookout.after(card, at, limit, bound, ahead)
            k = (worth, mind.rng.random())
            if best is None or k > best:
                best, choice = k, (card, at)
            yield
    assert choice is not None
    return {"seat": mind.seat, "type": "place", "card": choice[0], "at": list(choice[1])}


class _Lookout:
    """What the turns after a placement are worth to the seat: the cards it has not seen (any of
    them may be in the next player's hand or drawn) and its own, scored at every open place."""

    def __init__(self, mind: Mind, scorer: Scorer, grid: Grid, spots: list[Spot], hand: list[Card]) -> None:
        view = mind.view
        seen = {c for z in view["zones"].values() for c in z.get("cards", ())} | set(grid.values())
        self.unseen = [c for c in range(mind.rules.variant.deck.size) if c not in seen]
        self.hand, self.grid, self.scorer, self.spots = hand, grid, scorer, set(spots)
        self.theirs = _next_hand_size(view, mind.seat)
        deck = view["zones"].get(mind.rules.layout.deck)
        self.draws = bool(deck and deck.get("count", 0) > 0)  # the seat draws back up after placing
        self.lines: dict[tuple[Spot, Card], tuple[int, int]] = {}
        self.ranked: dict[Card, list[tuple[int, Spot]]] = {c: [] for c in (*self.unseen, *hand)}
        self._open = spots

    def score(self) -> Generator[None, None, None]:
        """Score every card's row and column at every open place, and rank each card's places best
        first (yielding after each place)."""
        scorer = self.scorer
        for s in self._open:
            near = around(self.grid, s)
            for c, ranked in self.ranked.items():
                row, col = self.lines[(s, c)] = scorer.lines(near, c)
                if row or col:
                    ranked.append((scorer.total(row, col), s))
            yield
        for ranked in self.ranked.values():
            ranked.sort(reverse=True)

    def after(
        self, card: Card, at: Spot, limit: int | None, bound: tuple[int, int] | None, ahead: int
    ) -> float:
        """What the turns after placing `card` at `at` add: less the next player's expected best
        play, plus (ahead 2) part of the seat's own next one."""
        grid, scorer = self.grid, self.scorer
        grid[at] = card
        try:
            now = open_spots(set(grid), limit, bound)
            changed = [s for s in now if s not in self.spots or _in_line(grid, s, at)]
            unchanged = set(now).difference(changed)
            kept = [c for c in self.hand if c != card]
            cards = [*self.unseen, *kept]
            best = {c: next((p for p, s in self.ranked[c] if s in unchanged), 0) for c in cards}
            for s in changed:
                near = around(grid, s)
                left, right, up, down = near
                if s not in self.spots:  # a new place: both its lines are new
                    for c in cards:
                        best[c] = max(best[c], scorer.total(*scorer.lines(near, c)))
                elif s[0] == at[0]:  # its row runs through the new card; its column is as it was
                    for c in cards:
                        row = scorer.line((*left, c, *right), len(left))
                        best[c] = max(best[c], scorer.total(row, self.lines[(s, c)][1]))
                else:
                    for c in cards:
                        col = scorer.line((*up, c, *down), len(up))
                        best[c] = max(best[c], scorer.total(self.lines[(s, c)][0], col))
            theirs = [best[c] for c in self.unseen]
            worth = -best_of_hand(theirs, self.theirs)
            if ahead >= 2 and (kept or self.draws):
                mine = max((best[c] for c in kept), default=0)
                drawn = sum(max(mine, v) for v in theirs) / len(theirs) if self.draws and theirs else mine
                worth += OWN_SHARE * drawn
            return worth
        finally:
            del grid[at]


def _in_line(grid: Grid, s: Spot, at: Spot) -> bool:
    """Whether the cards side by side from the empty place `s` along its row or column reach `at`."""
    if s[0] != at[0] and s[1] != at[1]:
        return False
    dr = (at[0] > s[0]) - (at[0] < s[0])
    dc = (at[1] > s[1]) - (at[1] < s[1])
    r, c = s[0] + dr, s[1] + dc
    while (r, c) in grid:
        if (r, c) == at:
            return True
        r, c = r + dr, c + dc
    return False


def _next_hand_size(view: View, seat: int) -> int:
    """The cards in the hand of the next seat with any (the player who places after this one)."""
    n = len(view["seats"])
    for k in range(1, n):
        o = (seat + k) % n
        sizes = [
            len(z.get("cards", ()))
            for z in view["zones"].values()
            if z["owner"] == o and z["shape"] != "stack"
        ]
        if sizes and sizes[0] > 0:
            return sizes[0]
    return 0
