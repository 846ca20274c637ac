"""Checks of a hand's steps as a whole, once each step is valid on its own (phases.py): what the
engine needs for a game that always goes on and always ends, and work bounded by counts.

- a game is played with a `hands` section (the showdown and the computer players value hands);
- with betting, some step of a hand asks the players something (else hands play themselves),
  and a hand has a showdown;
- every repeat can end early: one of its `until` conditions can become true inside it;
- the steps one hand may run, each repeat's `max` multiplied by the repeats around it, are at most
  MAX_STEPS_PER_HAND;
- a zone a hand takes `exactly` cards from is dealt at least that many, and valuing one hand tries
  at most MAX_HAND_CHOICES choices of cards (Omaha's 2 of 4 and 3 of 5: 60) from at most MAX_POOL
  (MAX_COMBINED_POOL when sets combine).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..errors import Problem
from ..yamlsrc import Node
from .options import largest
from .verbs import REGISTRY
from .verbs.base import UNBOUNDED

if TYPE_CHECKING:
    from ..variant import Variant
    from .layout import Layout, Zone

MAX_STEPS_PER_HAND = 100_000
MAX_HAND_CHOICES = 500
MAX_POOL = 1_000  # cards a hand is made from (a 1,500-card board: 50 ms a hand valued)
# ...when sets combine (combined.py), whose search over collections of sets grows about fourfold
# with every two cards: on Limbo Hold'em's deck the worst 14 cards take 0.4 s, 16 take 1.8 s
MAX_COMBINED_POOL = 14

UNTIL_WORDS = {
    "showdown_called": "",
    "one_left": "",
    "all_in": " (where chips are put in)",
    "deck_empty": " (which take cards from the deck)",
}


def _ends_words(condition: str) -> str:
    """The steps that may make an `until:` condition true, from the verbs (Verb.can_end)."""
    words = [v.end_words(condition) for v in REGISTRY.values() if condition in v.ends]
    if not words:
        return "a step that can make it true (no verb can)"
    return (
        " or ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " or " + words[-1]
    ) + UNTIL_WORDS.get(condition, "")


def _can_end(condition: str, step: dict[str, Node]) -> bool:
    return REGISTRY[step["do"].value].can_end(condition, step)


def walk(steps: list[Node], rounds: int = 1) -> Iterator[tuple[dict[str, Node], int]]:
    """Every step inside these (repeats opened), with the most times one hand may run it."""
    for snode in steps:
        v = snode.value
        if v["do"].value == "repeat":
            inner = rounds * int(v["max"].value)
            yield v, inner
            yield from walk(v["steps"].value, inner)
        else:
            yield v, rounds


def check_program(hand: Node, variant: Variant, layout: Layout, out: list[Problem]) -> None:
    """The checks of the module's docstring, on the `hand:` steps (each already valid)."""
    steps = hand.value
    if not variant.root.is_map or "hands" not in variant.root.value:  # a broken one was reported
        out.append(
            hand.problem(
                "a game needs a 'hands' section: the showdown and the computer players value hands by it"
            )
        )
    if "betting" in variant.sections and not any(
        v["do"].value != "repeat" and REGISTRY[v["do"].value].asks(v) for v, _ in walk(steps)
    ):
        out.append(
            hand.problem(
                "no step of a hand asks the players anything (a bet, a draw...): with betting, "
                "every hand would play itself until the game ends"
            )
        )
    if "betting" in variant.sections and not any(
        v["do"].value != "repeat" and REGISTRY[v["do"].value].settles for v, _ in walk(steps)
    ):
        out.append(
            hand.problem(
                "with betting, a hand ends in a 'showdown' step (without one, nobody ever wins a "
                "pot that is not folded to them)"
            )
        )
    _check_loops(steps, out)
    total = 0
    for v, rounds in walk(steps):
        total += rounds
        if total > MAX_STEPS_PER_HAND:
            out.append(
                v["do"].problem(
                    f"a hand could run {total:,} steps here and more (each repeat's 'max' times the "
                    f"rounds of the repeats around it); at most {MAX_STEPS_PER_HAND:,}"
                )
            )
            break
    hands = variant.sections.get("hands")
    if hands is not None and total <= MAX_STEPS_PER_HAND:
        _check_hand_choices(variant, layout, steps, hands, out)


def _check_loops(steps: list[Node], out: list[Problem]) -> None:
    for v, _ in walk(steps):
        if v["do"].value != "repeat":
            continue
        body = [s for s, _ in walk(v["steps"].value) if s["do"].value != "repeat"]
        until = [str(c.value) for c in v["until"].value]
        if until and not any(_can_end(c, s) for c in until for s in body):
            needs = "; ".join(f"'{c}' needs {_ends_words(c)}" for c in dict.fromkeys(until))
            out.append(
                v["until"].problem(
                    f"nothing inside this repeat can end it ({needs}): it would always run its "
                    f"{v['max'].value:,} rounds"
                )
            )


def zone_cards(variant: Variant, layout: Layout, steps: list[Node]) -> dict[str, int]:
    """The most cards each zone may hold in one hand (for a seat's zone: one seat's), from what
    each step's verb says it puts there (Verb.fills), at the largest option values; a zone other
    steps fill without bound counts as unbounded."""
    checker = QuietChecker(variant, layout)
    held: dict[str, int] = {}
    for v, rounds in walk(steps):
        if v["do"].value == "repeat":
            continue
        for fill in REGISTRY[v["do"].value].fills(checker, v, rounds):
            now = held.get(fill.zone, 0)
            held[fill.zone] = max(now, fill.cards) if fill.upto else now + fill.cards
    size = variant.deck.size
    return {name: min(n, size) for name, n in held.items()}


class QuietChecker:
    """A verbs.base.StepChecker that reports nothing: what a verb's `fills` may ask. The checker
    that compiles the steps (phases.py) is one that reports."""

    def __init__(self, variant: Variant, layout: Layout) -> None:
        self.variant, self.layout = variant, layout

    def role(self, node: Node, name: object, allow_all: bool = False) -> None:
        pass

    def zone(self, node: Node, name: object, want: str | None = None) -> None:
        pass

    def problem(self, node: Node, message: str) -> None:
        pass

    def has_section(self, name: str) -> bool:
        return name in self.variant.sections

    def largest(self, node: Node) -> int:
        """A number field's value, or for {option: NAME} the largest the players may choose."""
        return largest(node, self.variant)

    def zone_spec(self, name: object) -> Zone | None:
        return self.layout.zones.get(str(name))

    @property
    def max_players(self) -> int:
        return self.variant.max_players


def _form_node(variant: Variant, index: int) -> Node | None:
    hands = variant.root.get("hands")
    form = hands.get("form") if hands is not None else None
    uses = form.get("from") if form is not None else None
    if uses is None or not uses.is_list or index >= len(uses.value):
        return form
    node: Node = uses.value[index]
    return node


def _check_hand_choices(
    variant: Variant, layout: Layout, steps: list[Node], hands: Any, out: list[Problem]
) -> None:
    form = getattr(hands, "form", None)
    if form is None or form.runs_zone is not None or not form.uses:
        return
    held = zone_cards(variant, layout, steps)
    choices = 1
    free = 0
    lines = 1
    for i, use in enumerate(form.uses):
        zone = layout.zones.get(use.zone)
        if zone is None:
            return  # the hands section reported it
        n = held.get(use.zone, 0)
        if use.line:
            rows, cols = zone.size or zone.bound or (0, 0)
            lines = max(1, rows + cols) if zone.size or zone.bound else max(1, 2 * n)
            free += max(rows, cols) if zone.size or zone.bound else n
        elif use.exactly is not None:
            node = _form_node(variant, i)
            if n < use.exactly and node is not None:
                where = node.get("exactly") or node
                out.append(
                    where.problem(
                        f"a hand takes exactly {use.exactly} of '{use.zone}', but at most {n} "
                        f"{'is' if n == 1 else 'are'} dealt there"
                    )
                )
                return
            choices *= math.comb(n, use.exactly)
        else:
            free += n
    rest = form.size - sum(u.exactly or 0 for u in form.uses)
    if any(u.exactly is not None for u in form.uses) and not getattr(hands, "combine", False):
        choices *= math.comb(free, max(0, min(rest, free)))
    elif getattr(hands, "lowest_wins", False) and free > form.size:
        choices *= math.comb(free, form.size)
    split = getattr(hands, "split", None)
    if split is not None and getattr(split.rules, "lowest_wins", False) and free > form.size:
        choices += math.comb(free, form.size)
    choices *= lines
    pool = free + sum(min(held.get(u.zone, 0), UNBOUNDED) for u in form.uses if u.exactly is not None)
    combine = bool(getattr(hands, "combine", False))
    most = MAX_COMBINED_POOL if combine else MAX_POOL
    if pool > most:
        node = _form_node(variant, len(form.uses)) or variant.root
        out.append(
            node.problem(
                f"a hand is made from up to {pool:,} cards here (at most {most:,}"
                f"{' when sets combine' if combine else ''}): every hand valued searches them all"
            )
        )
        return
    if choices > MAX_HAND_CHOICES:
        node = _form_node(variant, len(form.uses)) or variant.root
        out.append(
            node.problem(
                f"valuing one hand would try {choices:,} choices of cards (at most "
                f"{MAX_HAND_CHOICES:,}): fewer cards in these zones, or smaller 'exactly' counts"
            )
        )
