"""How to play a variant, in plain words, generated from its YAML: the steps of a hand in order
(one sentence per step, a repeat as "repeat steps 3-4 until..."), the roles, the special moves
(what only some games have: a showdown call, a card pot, cards named before the deal...), the designer's
`summary:`, and how a hand is made. For the How to play page (app/howto.py) and its tests.

Each verb is put in words by a function of this module keyed by the verb's name; a verb with
none still gets a line ("Step: <verb>."), so a new verb never breaks the page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import wording
from .types import Step

Words = Callable[[Step, "_Reader"], str]


@dataclass
class HowTo:
    name: str
    summary: str
    steps: list[str] = field(default_factory=list)  # one sentence per step of the hand, in order
    roles: dict[str, str] = field(default_factory=dict)  # role name: one sentence on who holds it
    special: list[str] = field(default_factory=list)  # the special moves
    hands: list[str] = field(default_factory=list)  # how a hand is formed and how it wins
    ending: str = ""


class _Reader:
    """What the sentences need of the variant: zone names, role names, option values."""

    def __init__(self, variant: Any) -> None:
        self.variant = variant
        self.layout = variant.sections.get("layout")
        self.options = variant.sections.get("options") or {}
        phases = variant.sections.get("phases")
        self.roles: dict[str, dict[str, Any]] = dict(phases.roles) if phases is not None else {}
        self.complete = bool(getattr(variant.sections.get("betting"), "complete", False))

    def zone(self, name: object) -> str:
        zones = getattr(self.layout, "zones", {})
        z = zones.get(str(name))
        return f"the {z.label}" if z is not None else f"the {str(name).replace('_', ' ')}"

    def owned(self, name: object) -> bool:
        zones = getattr(self.layout, "zones", {})
        z = zones.get(str(name))
        return z is not None and z.per_seat

    def grid(self, name: object) -> tuple[int, int] | None:
        zones = getattr(self.layout, "zones", {})
        z = zones.get(str(name))
        return z.size if z is not None else None

    def role(self, name: object) -> str:
        """'small blind', "the winner's blind" (a label may bring its own article)."""
        r = self.roles.get(str(name), {})
        return str(r.get("label") or str(name).replace("_", " "))

    def the(self, name: object) -> str:
        words = self.role(name)
        return words if words.lower().startswith("the ") else f"the {words}"

    def number(self, raw: object) -> str:
        """A number of the YAML: a literal, or an option's default."""
        if isinstance(raw, dict) and "option" in raw:
            opt = self.options.get(raw["option"])
            return str(opt.default) if opt is not None else "some"
        return str(raw)

    def note(self, raw: object) -> str:
        """' (set at New game: Most cards one player may draw)' for a number that is an option."""
        if isinstance(raw, dict) and raw.get("option") in self.options:
            return f" The number is set at New game ({self.options[raw['option']].label})."
        return ""

    def amount(self, raw: object) -> str:
        x = float(raw) if isinstance(raw, (int, float)) else 1.0
        if x == 1:
            return "the big blind"
        if x == 0.5:
            return "half the big blind"
        if x == 0.25:
            return "a quarter of the big blind"
        return f"{x:g} x the big blind"


def _post(s: Step, r: _Reader) -> str:
    if s.get("role") == "all":
        return f"Everyone antes {r.amount(s.get('amount'))} into the pot."
    what = "posts" if not s.get("dead") else "antes"
    return wording.capital(f"{r.the(s.get('role'))} {what} a blind bet of {r.amount(s.get('amount'))}.")


def _deal(s: Step, r: _Reader) -> str:
    to = s.get("to")
    face = " face up" if s.get("face") == "up" else ""
    if r.owned(to):
        who = f"{r.the(s['role'])} gets" if s.get("role") else "everyone gets"
        n = r.number(s.get("count", 1))
        zone = r.zone(to)
        named = "" if zone == "the hand" else f", {zone.removeprefix('the ')}"
        seen = "everyone sees them" if face else "only they see them"
        return f"Deal: {who} {n} card{'s' * (n != '1')}{face}{named} ({seen}).{r.note(s.get('count'))}"
    grid = r.grid(to)
    if grid is not None and "count" not in s:
        return f"Deal {grid[0] * grid[1]} cards face down into {r.zone(to)}, a {grid[0]}x{grid[1]} grid."
    if "count" not in s:
        return f"The top card of the deck starts {r.zone(to)}."
    n = r.number(s.get("count"))
    return f"Deal {n} card{'s' * (n != '1')} face up to {r.zone(to)}, for everyone to use."


def _bet(s: Step, r: _Reader) -> str:
    first = s.get("first")
    who = ""
    if isinstance(first, dict):
        who = f", starting left of {r.the(first.get('after'))}"
    elif first == "after_last_bettor":
        who = ", starting left of the last player who bet or raised"
    elif first == "best_showing":
        who = ", starting with the player whose face-up cards make the best hand"
    extra = " It must be opened with the minimum bet: no checking." if s.get("must_open") else ""
    call = s.get("showdown_call")
    if isinstance(call, dict):
        label = call.get("label", "Call the showdown")
        extra += f" On your turn you may also start a {label}: the hands are shown when the round ends."
    return f"A round of betting{who}: check, bet, call, raise or fold.{extra}"


def _bring_in(s: Step, r: _Reader) -> str:
    word = "highest" if s.get("by") == "highest" else "lowest"
    complete = " or complete it to a full bet" if r.complete else ""
    return (
        f"Bring-in: the player showing the {word} face-up card must open with a small forced bet"
        f"{complete}; the betting goes on from their left."
    )


def _declare(s: Step, r: _Reader) -> str:
    n = r.number(s.get("count"))
    opt = " (or not: it is optional)" if s.get("optional") else ""
    return (
        f"Each player may name {n} cards of the deck{opt}: if they end up holding all of them, "
        f"that hand beats every other.{r.note(s.get('count'))}"
    )


def _reveal(s: Step, r: _Reader) -> str:
    zone = r.zone(s.get("zone"))
    if s.get("by") == "players":
        n = r.number(s.get("count"))
        way = " (counterclockwise)" if s.get("direction") == "counterclockwise" else ""
        return (
            f"Flip: the players take turns{way}, each turning one face-down card of {zone} face up, "
            f"until {n} more are up.{r.note(s.get('count'))}"
        )
    if "count" in s:
        return f"Turn {r.number(s['count'])} cards of {zone} face up."
    return f"Turn every card still face down in {zone} face up."


def _draw(s: Step, r: _Reader) -> str:
    top = f"up to {r.number(s['max'])}" if "max" in s else "as many as you like"
    return (
        f"Draw: each player may throw away {top} of their cards and get as many new ones from the "
        f"deck.{r.note(s.get('max'))}"
    )


def _exchange(s: Step, r: _Reader) -> str:
    pot = r.zone(s.get("pot"))
    k = s.get("swap_max", 5)
    return (
        f"Draw round: each player either draws the top card of the deck and then puts one of their cards "
        f"face up into {pot}, or swaps cards with {pot} (taking its newest cards, at most {k}, and giving "
        f"back as many)."
    )


def _place(s: Step, r: _Reader) -> str:
    return (
        f"Place: in turn, each player puts one card of their hand next to a card on {r.zone(s.get('grid'))} "
        f"(above, below, left or right) and scores the hands it completes in its row and column; then draws "
        f"back up to {s.get('refill')} cards. This goes on until the last card is played."
    )


def _showdown(s: Step, r: _Reader) -> str:
    return (
        "Showdown: the players still in show their cards; the best hand wins the pot (equal hands split it)."
    )


WORDS: dict[str, Words] = {
    "post": _post,
    "deal": _deal,
    "bet": _bet,
    "declare": _declare,
    "bring_in": _bring_in,
    "reveal": _reveal,
    "draw": _draw,
    "exchange": _exchange,
    "place": _place,
    "showdown": _showdown,
}

UNTIL = {
    "showdown_called": "someone calls for the showdown",
    "one_left": "only one player is left",
    "deck_empty": "the deck runs out",
    "all_in": "fewer than two players can still bet",
}


def step_sentence(step: Step, r: _Reader) -> str:
    words = WORDS.get(step["do"])
    text = words(step, r) if words else f"Step: {step['do'].replace('_', ' ')}."
    if step.get("when"):
        text += (
            f" (Only with the option '{r.options[step['when']].label}'.)" if step["when"] in r.options else ""
        )
    if step.get("unless"):
        text += (
            f" (Not with the option '{r.options[step['unless']].label}'.)"
            if step["unless"] in r.options
            else ""
        )
    return text


def _roles(r: _Reader, betting: bool) -> dict[str, str]:
    out = {}
    for name, spec in r.roles.items():
        if name == "dealer" and not betting:
            continue  # only the first player to act: nothing to explain
        label = wording.capital(r.role(name))
        if spec.get("rotate"):
            out[name] = f"{label}: moves one seat on every hand."
        elif spec.get("last_hand") == "winner":
            first = f" ({r.the(spec['first_hand'])} on the first hand)" if spec.get("first_hand") else ""
            out[name] = f"{label}: whoever won the last hand{first}."
        elif spec.get("last_hand") == "weakest":
            out[name] = (
                f"{label}: whoever did worst last hand (the first to fold, else the weakest hand shown)."
            )
        elif "after" in spec:
            n = spec.get("seats", 1)
            out[name] = f"{label}: {wording.count(n, 'seat')} to the left of {r.the(spec['after'])}."
    return out


def _special(variant: Any, program: list[Step], r: _Reader) -> list[str]:
    out = []
    for s in program:
        call = s.get("showdown_call")
        if isinstance(call, dict):
            label = call.get("label", "Call the showdown")
            out.append(
                f"{label} (key X): during your own betting turn, switch it on before you call, check or "
                f"raise; the round then ends with the hands shown."
            )
            if call.get("reveal"):
                rl = call.get("reveal_label", "Show cards")
                out.append(
                    f"{rl} (key D): with it, choose {call['reveal']} of your cards to show everyone; the "
                    f"others may then only call twice your bet of this round, or fold."
                )
        if s["do"] == "declare":
            out.append(
                "Called cards: the cards named before the deal are public; holding all of them is the best hand."
            )
        if s["do"] == "reveal" and s.get("by") == "players":
            out.append("Flipping: click any face-down card to turn it up (Space: one at random).")
    hands = variant.sections.get("hands")
    deck = variant.deck
    for flag, doc in getattr(deck, "flag_docs", {}).items():
        if doc:
            out.append(f"{flag.capitalize()} cards: {doc}.")
    if hands is not None and getattr(hands, "trump", None) is not None and any(hands.trump):
        out.append(
            "Trumps: between equal hands, a hand with a trump card beats one without, then more trumps win."
        )
    return out


def _hands(variant: Any, r: _Reader) -> list[str]:
    hands = variant.sections.get("hands")
    if hands is None:
        return []
    form = hands.form
    out = []
    if form.runs_zone is not None:
        out.append(
            f"A scoring hand is {form.runs_min} to {form.runs_max} cards side by side in one row or column, "
            f"using the card just placed; each line scores its best hand from the points table."
        )
        if hands.both_ways_multiply > 1 or hands.both_ways_add:
            out.append("A card that scores across and down at once scores more (see the rules screen).")
    else:
        parts = []
        owned = {r.zone(u.zone) for u in form.uses if r.owned(u.zone) and u.exactly is None}
        for use in form.uses:
            if use.line:
                parts.append(f"any ONE row or column of {r.zone(use.zone)}")
            elif use.exactly is not None:
                zone = r.zone(use.zone)
                zone = zone.replace("the ", "your ", 1) if r.owned(use.zone) else zone
                parts.append(f"exactly {use.exactly} cards of {zone}")
            else:
                parts.append(r.zone(use.zone))
        parts = [p.replace("the ", "your ", 1) if p in owned else p for p in parts]
        out.append(f"Your hand is the best {form.size} cards from {wording.joined(parts)}.")
        out.append(
            f"There are {len(hands.categories)} kinds of hand; the rules screen (R) shows each with an example."
        )
    return out


def howto(variant: Any) -> HowTo:
    """How to play the variant, from its sections."""
    r = _Reader(variant)
    phases = variant.sections.get("phases")
    program: list[Step] = list(phases.program) if phases is not None else []
    steps: list[str] = []
    for i, s in enumerate(program):
        if s["do"] == "_loop":
            until = " or ".join(UNTIL.get(u, u) for u in s.get("until", ()))
            steps.append(f"Repeat steps {s['back'] + 1}-{i} until {until}.")
        else:
            steps.append(step_sentence(s, r))
    betting = variant.sections.get("betting") is not None
    ending = (
        "A hand also ends at once when everyone but one player has folded: they take the pot. "
        "The game goes on until one player has every chip (or the hand limit)."
        if betting
        else "The player with the most points at the end wins."
    )
    return HowTo(
        name=variant.name,
        summary=variant.summary or variant.description,
        steps=steps,
        roles=_roles(r, betting),
        special=list(dict.fromkeys(_special(variant, program, r))),
        hands=_hands(variant, r),
        ending=ending,
    )
