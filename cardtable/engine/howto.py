"""How to play a variant, in plain words, generated from its YAML: the steps of a hand in order
(one sentence per step, a repeat as "repeat steps 3-4 until..."), the roles, the special moves
(what only some games have: a showdown call, a card pot, cards named before the deal...), the designer's
`summary:`, and how a hand is made. For the How to play page (app/howto.py) and its tests.

Each verb puts its own steps in words (`Verb.howto`, `Verb.special` in engine/verbs/); a verb
that says nothing still gets a line ("Step: <verb>."), so a new verb never breaks the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import wording
from .types import Step
from .verbs import REGISTRY


@dataclass
class HowTo:
    name: str
    summary: str
    steps: list[str] = field(default_factory=list)  # one sentence per step of the hand, in order
    roles: dict[str, str] = field(default_factory=dict)  # role name: one sentence on who holds it
    special: list[str] = field(default_factory=list)  # the special moves
    hands: list[str] = field(default_factory=list)  # how a hand is formed and how it wins
    ending: str = ""


class Reader:
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


UNTIL = {
    "showdown_called": "someone calls for the showdown",
    "one_left": "only one player is left",
    "deck_empty": "the deck runs out",
    "all_in": "fewer than two players can still bet",
}


def step_sentence(step: Step, r: Reader) -> str:
    verb = REGISTRY.get(step["do"])
    text = verb.howto(step, r) if verb is not None else f"Step: {step['do'].replace('_', ' ')}."
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
    if step.get("reading"):  # where the rule's text is silent or loose, how it is played
        text += f" Reading: {' '.join(str(step['reading']).split())}"
    return text


def _roles(r: Reader, betting: bool) -> dict[str, str]:
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


def _special(variant: Any, program: list[Step], r: Reader) -> list[str]:
    out = []
    for s in program:
        verb = REGISTRY.get(s["do"])
        if verb is not None:
            out += verb.special(s, r)
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


def _hands(variant: Any, r: Reader) -> list[str]:
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
    return out + readings(hands)


def readings(hands: Any) -> list[str]:
    """How the hands' rules are read where their text is silent or loose (the `reading:` notes)."""
    out = [f"Reading: {hands.reading}"] if hands.reading else []
    return out + [f"Reading ({c.name}): {c.reading}" for c in hands.categories if c.reading]


def howto(variant: Any) -> HowTo:
    """How to play the variant, from its sections."""
    r = Reader(variant)
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
