"""The `betting:` section: chips, the blind every amount is measured in, the limit and the pot
rules; and the betting round itself (pure functions on the game state).

    betting:
      chips: {option: chips}     # each seat's starting stack
      blind: {option: blind}     # the unit: amounts elsewhere are written in blinds (0.5 = half)
      limit: no_limit            # no_limit | pot_limit | fixed
      bet_sizes: [1, 1, 2, 2]    # fixed limit: the bet of each betting round, in blinds
      max_raises: 4              # fixed limit: bets and raises per round
      min_bet: 1                 # the smallest opening bet, in blinds
      complete: true             # a bring-in may be completed to a full bet (stud; see below)
      odd_chip: after_dealer     # who gets an odd chip of a split pot: after_dealer | first_winner
      max_hands: {option: hands} # 0: play until one seat has every chip

A round's state lives in `state["step"]`: `pending` (seats still to act, in order), `current`
(the highest bet this round), `min_raise`, `raises`, `closed` (seats that may only call or fold
after an all-in that was not a full raise) and `last_bettor`. Amounts in actions are the seat's
TOTAL bet for this round after the action ("raise to").

`complete: true`: a bet below the round's full bet (a fixed limit's bet size, else `min_bet`),
such as a stud bring-in, is incomplete. The bring-in seat may bring it in or complete it to a full
bet (bring_in.py); in the round, the first bet or raise over an incomplete bet goes to one full
bet, counts as the round's first bet (for `max_raises`) and as a full raise; raises after it are
as usual.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import Problem
from ..schema import Bool, Field, Int, ListOf, Map, Num, Str
from ..yamlsrc import Node
from .options import NUMBER, number_problem, number_value
from .types import Number, OptionValue, Round, State

if TYPE_CHECKING:
    from ..variant import Variant

LIMITS = ("no_limit", "pot_limit", "fixed")
MAX_BLINDS = 1_000_000  # an amount in blinds: beyond any game, and its chips stay finite
ODD_CHIP = ("after_dealer", "first_winner")

SPEC = Map(
    {
        "chips": Field(NUMBER, True, "each seat's starting chips"),
        "blind": Field(NUMBER, True, "the unit every amount is measured in"),
        "limit": Str(LIMITS),
        "bet_sizes": ListOf(Num(0, MAX_BLINDS), min_len=1),
        "max_raises": Int(1, 100),
        "min_bet": Num(0, MAX_BLINDS),
        "odd_chip": Str(ODD_CHIP),
        "complete": Field(Bool(), doc="a bet below a full bet (a bring-in) may be completed to one"),
        "max_hands": NUMBER,
    },
    "betting rules",
)


@dataclass(frozen=True)
class Betting:
    chips: Number
    blind: Number
    limit: str = "no_limit"
    bet_sizes: tuple[float, ...] = (1.0,)
    max_raises: int | None = None
    min_bet: float = 1.0
    odd_chip: str = "after_dealer"
    max_hands: Number = 0
    complete: bool = False

    def full_bet(self, st: State, round_index: int) -> int:
        """A full bet of betting round `round_index` (0: the hand's first), in chips."""
        if self.limit == "fixed":
            return in_blinds(self.bet_sizes[min(max(round_index, 0), len(self.bet_sizes) - 1)], st["blind"])
        return in_blinds(self.min_bet, st["blind"])

    def incomplete(self, st: State, current: int) -> bool:
        """Whether the round's highest bet, `current`, is a bet that may still be completed."""
        return self.complete and 0 < current < self.full_bet(st, st["bet_round"])

    def limits(self, st: State, rs: Round, seat: int) -> dict[str, int]:
        """The smallest and largest total bet of the round for an opening bet or a raise by `seat`
        (and its whole stack), under this limit."""
        s = st["seats"][seat]
        cur = rs["current"]
        stack = s["bet"] + s["chips"]
        if self.incomplete(st, cur):  # completing: to one full bet (no limit: or more)
            lo = self.full_bet(st, st["bet_round"])
            hi = lo if self.limit == "fixed" else stack
            if self.limit == "pot_limit":
                pot = sum(x["total"] for x in st["seats"])
                hi = min(stack, max(lo, cur + pot + (cur - s["bet"])))
        elif self.limit == "fixed":
            lo = hi = cur + self.full_bet(st, st["bet_round"])
        else:
            lo = in_blinds(self.min_bet, st["blind"]) if cur == 0 else cur + rs["min_raise"]
            hi = stack
            if self.limit == "pot_limit":
                pot = sum(x["total"] for x in st["seats"])
                hi = min(stack, cur + pot + (cur - s["bet"]))
        return {"min": lo, "max": min(hi, stack), "stack": stack}

    def values(self, options: dict[str, OptionValue]) -> dict[str, int]:
        return {
            "chips": int(number_value(self.chips, options)),
            "blind": int(number_value(self.blind, options)),
            "max_hands": int(number_value(self.max_hands, options)),
        }


def build(node: Node, variant: Variant, problems: list[Problem]) -> Betting:
    d = node.value
    for key, lo in (("chips", 1), ("blind", 1), ("max_hands", 0)):
        if key in d:
            p = number_problem(d[key], variant, lo)
            if p:
                problems.append(p)
    limit = d["limit"].value if "limit" in d else "no_limit"
    if limit == "fixed" and "bet_sizes" not in d:
        problems.append(node.problem("a fixed limit needs bet_sizes (the bet of each round, in blinds)"))
    return Betting(
        chips=d["chips"].plain(),
        blind=d["blind"].plain(),
        limit=limit,
        bet_sizes=tuple(float(n.value) for n in d["bet_sizes"].value) if "bet_sizes" in d else (1.0,),
        max_raises=d["max_raises"].value if "max_raises" in d else (4 if limit == "fixed" else None),
        min_bet=float(d["min_bet"].value) if "min_bet" in d else 1.0,
        odd_chip=d["odd_chip"].value if "odd_chip" in d else "after_dealer",
        max_hands=d["max_hands"].plain() if "max_hands" in d else 0,
        complete=bool(d["complete"].value) if "complete" in d else False,
    )


def in_blinds(amount: float, blind: int) -> int:
    """An amount written in blinds, in chips (at least one chip when not zero)."""
    chips = int(amount * blind)
    return max(chips, 1) if amount > 0 else 0
