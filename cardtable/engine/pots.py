"""Pots from each seat's contribution to the hand: a main pot and side pots for all-ins, and the
split of a pot among tied winners with a declared rule for odd chips.

A seat's `total` is what it put in this hand. A pot is `{"amount", "eligible"}`: the seats that
have not folded and put in at least the pot's level. A seat with `covers` set (it showed cards
for double stakes: its stake counts for all) is eligible for every pot.
"""

from __future__ import annotations

from .types import Pot, Seat


def side_pots(seats: list[Seat]) -> list[Pot]:
    totals = [s["total"] for s in seats]
    live = [i for i, s in enumerate(seats) if not s["folded"] and not s["out"]]
    levels = sorted({totals[i] for i in live if totals[i] > 0})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(t, level) - min(t, prev) for t in totals)
        eligible = [i for i in live if totals[i] >= level or seats[i].get("covers")]
        if pots and pots[-1]["eligible"] == eligible:
            pots[-1]["amount"] += amount
        elif amount:
            pots.append({"amount": amount, "eligible": eligible})
        prev = level
    rest = sum(t - min(t, prev) for t in totals)  # folded seats' chips above every live level
    if rest:
        if pots:
            pots[-1]["amount"] += rest
        else:
            pots.append({"amount": rest, "eligible": live})
    return pots


def split(amount: int, winners_in_order: list[int], odd_chip: str) -> dict[int, int]:
    """Shares of one pot; `winners_in_order` starts with the winner first after the dealer."""
    n = len(winners_in_order)
    share, odd = divmod(amount, n)
    out = {w: share for w in winners_in_order}
    if odd_chip == "first_winner":
        out[winners_in_order[0]] += odd
    else:  # one odd chip each, going round from the dealer's left
        for w in winners_in_order[:odd]:
            out[w] += 1
    return out
