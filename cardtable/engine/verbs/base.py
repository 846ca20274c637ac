"""What every verb is made of, and the helpers verbs share.

A verb is one module of this package: a `Verb` subclass with its YAML fields (`fields`), the
checks of a step that uses it (`check_step`), what it does when play reaches it (`start`) and,
for verbs that ask players, the legal choices (`legal`), why a choice is refused (`check`), what a
choice does (`act`, which also says the log's sentence), how a person makes it at the table
(`controls`, `prompt`, `selects`, `describe`) and how a computer player makes it (`think`), or a
random one (`fill_randomly`); what a step deals in a hand as played (`deals`).
`__init__.py` registers them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ...schema import Field, Map, OneOf, Str
from ...yamlsrc import Node
from .. import wording
from ..context import Ctx
from ..state import active, take_top
from ..types import Action, Card, Step, Template, View

if TYPE_CHECKING:
    from ...hands.value import HandValue
    from ..howto import Reader
    from ..layout import Zone
    from ..rules import Rules

Thought = Generator[None, None, Action]  # a move thought out in pieces: yields after each unit of work

# `first:` of a verb where players act in turn: who starts.
FIRST = OneOf(
    Str(
        ["after_last_bettor", "after_dealer", "best_showing"],
        what="after_last_bettor, after_dealer or best_showing",
    ),
    Map({"after": Field(Str(what="a role"), True)}, "{after: ROLE}"),
    what="who acts first",
)


class StepChecker(Protocol):
    """What a verb may ask when its step is validated (phases.py provides it)."""

    def role(self, node: Node, name: object, allow_all: bool = False) -> None: ...

    def zone(self, node: Node, name: object, want: str | None = None) -> None: ...

    def problem(self, node: Node, message: str) -> None: ...

    def has_section(self, name: str) -> bool: ...

    def largest(self, node: Node) -> int:
        """A number field's value, or for {option: NAME} the largest the players may choose."""
        ...

    def zone_spec(self, name: object) -> Zone | None: ...

    @property
    def max_players(self) -> int: ...


UNBOUNDED = 10**9  # a zone a step may fill with any number of cards (a discard pile, a card pot)


@dataclass(frozen=True)
class Fill:
    """Cards a step puts in a zone in one hand (for a seat's zone: one seat's): `cards` more, or
    with `upto` it holds at most that many after the step (a hand drawn back up to 5)."""

    zone: str
    cards: int
    upto: bool = False


@dataclass(frozen=True)
class Dealt:
    """Cards one step deals in a hand: `cards` to `zone` (a seat's zone: to each seat; a table
    zone: once), or the whole of a fixed grid (`whole`); `role`: only to the seat holding it."""

    zone: str
    cards: int
    whole: bool = False
    role: str = ""


Spot = tuple[int, int]  # (row, col): a place of a grid


@dataclass(frozen=True)
class Turnable:
    """Face-down cards of the table a person may turn by clicking them: places in a row (by
    index) and places of a grid; `turn` makes the action a click on one sends."""

    row: frozenset[int]
    grid: frozenset[Spot]
    turn: Callable[[int | Spot], Action]


@dataclass(frozen=True)
class CardSpots:
    """Places of a grid a card of the hand may go (a click there after choosing the card), the
    cards that may go, and `put`, the action that puts one at a place."""

    spots: tuple[Spot, ...]
    cards: tuple[Card, ...]
    put: Callable[[Card, Spot], Action]


@dataclass(frozen=True)
class Choice:
    """What the person at the table has chosen so far for their coming action."""

    selected: tuple[Card, ...] = ()  # cards of their hand, in the order chosen
    amount: int = 0  # the bet or raise amount the slider shows
    call_showdown: bool = False
    show_cards: bool = False


@dataclass(frozen=True)
class Control:
    """One button of the action bar, as data (the screen draws it and binds its key).

    Pressing it sends `send` (complete as it is), or sets the amount (`set_amount`), or flips one
    of the Choice's flags (`toggle`), or opens the card picker to name `picker` cards and sends
    `send` with them as "cards", or sends `send` with `choose_key` set to a random one of
    `choose_from`, or (`for_me`) lets the computer player's thinking make this decision for the
    person (offered where that thinking is quick)."""

    label: str
    key: str = ""  # a key name as pygame spells it: "f", "return", "space"; "" for none
    tip: str = ""
    send: Action | None = None
    enabled: bool = True
    set_amount: int | None = None
    toggle: str = ""  # "call_showdown" | "show_cards"
    on: bool = False
    picker: int = 0
    choose_key: str = ""
    choose_from: list[int] | list[list[int]] = field(default_factory=list)
    for_me: bool = False


class Mind(Protocol):
    """What a computer player's move may use (cardtable/engine/bots provides it): the fixed rules,
    its seat's view, the legal templates by type, its own random generator, and estimates made
    from the view alone. Never the state."""

    rules: Rules
    view: View
    seat: int
    legal: dict[str, Template]
    rng: random.Random
    reads: float  # how sharply its level weighs opponents' hands by their betting (0: not at all)
    bluff: float  # how often its level bets a hand that does not merit it when nobody showed strength
    probe: float  # how often its level bets small in a round nobody has bet after a bet earlier in the hand
    foresight: int  # turns past this one its level weighs a placement over (0: what scores now)
    entry: float  # its style: what a hand must be worth to be played (1 balanced, above 1 tight)
    aggression: float  # its style: how readily it bets and raises (1 balanced, above 1 aggressive)

    def hand(self) -> list[Card]:
        """The seat's own hand, as its view shows it."""
        ...

    def own_value(self, hand: list[Card]) -> HandValue:
        """What the seat's known cards would be worth holding `hand`."""
        ...

    def win_chance(self) -> Generator[None, None, float]:
        """The chance its hand is the best still in, dealing the unseen cards (yields per hand)."""
        ...

    def best_discard(self, least: int, most: int) -> Generator[None, None, list[Card]]:
        """The cards of its hand to trade in (`least` to `most`) that make the hand that wins most
        often under the variant's own ranking (a low one, both halves of a split pot); yields per
        hand valued."""
        ...

    def pressure(self) -> float:
        """The most an opponent still in has bet this hand beyond one big blind, in doublings."""
        ...

    def fill(self, t: Template) -> Action:
        """An action from the template with random choices (amount, cards, place)."""
        ...


class Verb:
    """One verb of `phases: hand:`. Subclasses name it, list its fields and override what applies."""

    name = ""
    fields: dict[str, Field] = {}
    # the fields of an action this verb reads, beside "seat" and "type": any other is refused
    action_fields: tuple[str, ...] = ()
    # a betting decision's action types and what each does: "fold", "check", "call", "raise" (a bet
    # or raise, its template giving min and max), "all_in". The baseline players, `match`'s
    # statistics and the bench's calm players read these; a verb without them is no betting to them.
    stances: dict[str, str] = {}
    # the `until:` conditions of a repeat a step of this verb may make true (program.py)
    ends: frozenset[str] = frozenset()
    # a step that shares the pot out by the hands shown: a hand with betting needs one
    settles = False
    # Its decision only picks which face-down card comes out: a table may let the computer make it
    # for a person when nobody can bet any more, or when the players ask for it.
    may_run_itself = False
    # The action type of an optional decision that, once a person chooses it, may hold for the
    # rest of the game: the table then makes it for them unasked ("" for none).
    standing_pass = ""

    def check_step(self, c: StepChecker, node: Node) -> None:
        """Meaning checks of one step (the zones and roles it names exist...)."""

    def asks(self, step: Mapping[str, Node]) -> bool:
        """Whether a step of this verb (its fields, as written) asks players to decide: False for
        one that runs by itself (phases are checked for a hand that asks nothing)."""
        return False

    def cards_dealt(self, c: StepChecker, node: Node) -> tuple[int, str] | None:
        """The cards a step of this verb takes from the deck in a hand, at the most players, and
        how to say it ("dealing 2 to each of 9 players"); None when it takes none. Validation adds
        them up against the deck's size (phases.py). A step inside a repeat counts once."""
        return None

    def deals(
        self, step: Step, number: Callable[[object], int], zone: Callable[[str], Zone | None]
    ) -> Dealt | None:
        """The cards a step of this verb deals in a hand, as played (hands/asplayed.py, the odds as
        played; bench): `number` reads a number field (an option at its default), `zone` finds a
        layout zone. None when it deals none."""
        return None

    def can_end(self, condition: str, step: Mapping[str, Node]) -> bool:
        """Whether a step of this verb (its fields, as written) may make a repeat's `until:`
        condition true."""
        return condition in self.ends

    def end_words(self, condition: str) -> str:
        """What `can_end` asks of a step, for a message: "a 'bet' with 'showdown_call'"."""
        return f"a '{self.name}'"

    def fills(self, c: StepChecker, step: Mapping[str, Node], rounds: int) -> list[Fill]:
        """The zones a step of this verb (its fields, as written) puts cards in, run `rounds`
        times in a hand, and how many (program.py bounds the choices of a hand from them)."""
        return []

    def howto(self, step: Step, r: Reader) -> str:
        """The step in one or two sentences for How to play (engine/howto.py)."""
        return f"Step: {self.name.replace('_', ' ')}."

    def special(self, step: Step, r: Reader) -> list[str]:
        """Its special moves for How to play, if any (a key to press, a call to make)."""
        return []

    def start(self, g: Ctx, step: Step) -> bool:
        """Begin the step; True when it finished at once (no decision needed)."""
        raise NotImplementedError

    def legal(self, g: Ctx, step: Step, seat: int) -> list[Template]:
        return []

    def check(self, g: Ctx, step: Step, action: Action) -> str | None:
        return "no decision is asked now"

    def act(self, g: Ctx, step: Step, action: Action) -> None:
        raise NotImplementedError(self.name)

    # ---- how a person makes the decision at the table (pure data: the app draws it) ----------
    def controls(self, legal: list[Template], choice: Choice) -> list[Control]:
        """The action bar's buttons for this verb's legal templates, given the person's choice."""
        return []

    def prompt(self, legal: list[Template]) -> str:
        """One sentence: what to do now."""
        return ""

    def hint(self, legal: list[Template]) -> str:
        """A first-game hint: two or three sentences on how this kind of decision works, shown
        the first time a person meets it ("" for none)."""
        return ""

    def selects(self, legal: list[Template]) -> int | None:
        """How many cards of the hand the person may choose for this decision (None: none)."""
        return None

    def slider(self, legal: list[Template]) -> tuple[int, int] | None:
        """The amounts the bar's slider offers for this decision, lowest and highest (None: none)."""
        return None

    def turnable(self, legal: list[Template]) -> Turnable | None:
        """The table's cards a person may turn by clicking them for this decision (None: none)."""
        return None

    def card_spots(self, legal: list[Template]) -> CardSpots | None:
        """The grid's places a card of the hand may go for this decision (None: none)."""
        return None

    def describe(self, action: Action, short: Callable[[Card], str]) -> str:
        """A few words for a speech bubble: 'raise to 60', 'discard 2' (`short` names a card)."""
        return str(action.get("type", "")).replace("_", " ")

    def fill_randomly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        """Make the choices of `a`, an action of the legal template `t` (its seat and type set), at
        random: a random player's move, a test's (engine/bots/randomly.py). `hand()` is the seat's
        own hand. The goldens record games played so: the order `rng` is used in is part of them."""

    def fill_calmly(
        self, a: Action, t: Template, hand: Callable[[], list[Card]], rng: random.Random, rules: Rules
    ) -> None:
        """As `fill_randomly`, for scripted play that must last (the bench's long games, network
        measurements): a verb leaves out here any choice that would end a hand at once, and keeps
        amounts small."""
        self.fill_randomly(a, t, hand, rng, rules)

    # ---- how a computer player decides (from its seat's view only) ---------------------------
    def plain(self, legal: list[Template]) -> Action | None:
        """The move of a player who does not weigh this decision at all (the `call` baseline plays
        it: a card put at the first place there is); None where the easy computer player's move
        stands in for such a player (a draw, a flip)."""
        return None

    def think(self, mind: Mind) -> Action | Thought:
        """The computer player's move: an action, or a generator that yields after each unit of work
        and returns the action (so thinking can be spread over frames). Default: any legal action."""
        return mind.fill(mind.rng.choice(list(mind.legal.values())))


def is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def cards_of(action: Action, key: str) -> list[Card] | None:
    """`action[key]` when it is a list of different card numbers, else None."""
    cards = action.get(key)
    if not isinstance(cards, list) or not all(is_int(c) for c in cards) or len(set(cards)) != len(cards):
        return None
    return cards


def is_place(at: object) -> bool:
    """[row, col] of whole numbers."""
    return isinstance(at, list) and len(at) == 2 and all(is_int(x) for x in at)


def draw_cards(g: Ctx, n: int, recycle: str | None = None) -> list[Card]:
    """The top n cards of the deck; an empty deck is refilled from `recycle` (shuffled) first."""
    deck = g.deck_zone()
    if len(deck["cards"]) < n and recycle:
        pile = g.zone(recycle)
        if pile["cards"]:
            cards = take_top(pile, len(pile["cards"]))
            g.rng("recycle").shuffle(cards)
            deck["cards"][:0] = cards
            deck["up"][:0] = [0] * len(cards)
            g.say(f"{wording.capital(g.zone_name(recycle))} pile is shuffled back under the deck.")
    return take_top(deck, min(n, len(deck["cards"])))


def first_after(g: Ctx, first: object) -> int | None:
    """The seat that `first:` (after_dealer, after_last_bettor, {after: ROLE}) starts after."""
    from ..state import holder

    st = g.st
    if first == "after_last_bettor" and st["last_bettor"] is not None:
        return st["last_bettor"]
    if isinstance(first, dict):
        after = holder(st, first["after"])
        return g.dealer() if after is None else after
    if first == "best_showing":  # stud: the best hand showing acts first (showing.py)
        from ..showing import best_showing

        seat = best_showing(g)
        if seat is not None:
            return (seat - g.direction) % len(st["seats"])
    return g.dealer()


class Turns(Verb):
    """A verb where the seats still in the hand act one after another (each once, in turn order)."""

    def asks(self, step: Mapping[str, Node]) -> bool:
        return True

    def start(self, g: Ctx, step: Step) -> bool:
        st = g.st
        seats = active(st)
        if len(seats) <= 1:
            return True
        after = first_after(g, step.get("first", "after_dealer"))
        st["step"] = {"verb": step["do"], "pending": g.order(after, seats)}
        return self.advance(g, step)

    def advance(self, g: Ctx, step: Step) -> bool:
        rs = g.round()
        if not rs["pending"]:
            g.st["turn"] = None
            rs["done"] = True
            return True
        g.st["turn"] = rs["pending"][0]
        return False

    def finish_turn(self, g: Ctx, step: Step) -> None:
        g.round()["pending"].pop(0)
        self.advance(g, step)
