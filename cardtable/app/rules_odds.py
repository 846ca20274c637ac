"""What the rules screen says about true odds: per category, how often a seat can make it as the
game is really played and where it ranks by true frequency (beside the published rank), and which
categories won simulated showdowns under each ranking; and the exact-odds ranking, when its counts
are at hand. Only measurements already made are shown
(shipped with the built-in variants, or cached by `cardtable odds VARIANT --ranking`): the screen
never measures, so it never stalls."""

from __future__ import annotations

from typing import Any

from ..hands.odds_text import column, many
from ..hands.ranking import Frequency, cached, ranked
from ..hands.ranking_exact import Exact, ready
from ..hands.showdowns import cached_winners

RANKING_WORDS = (("published", "as published"), ("frequency", "by frequency"), ("exact", "by exact odds"))
MEANINGS = (
    '"As played": how often one seat can make the hand when every card of a hand has been dealt '
    'and nobody folds, measured by dealing many hands. "Published": the odds the game\'s author printed.'
)


class RankingOdds:
    def __init__(self, variant: Any) -> None:
        self.freq: Frequency | None = None
        self.winners: dict[str, Any] | None = None
        self.position: dict[int, int] = {}
        self.exact: Exact | None = None
        self.exact_position: dict[int, int] = {}
        if ranked(variant):
            self.exact = ready(variant)  # counted earlier or shipped: the screen never counts
            try:
                self.freq = cached(variant)
                self.winners = cached_winners(variant)
            except ValueError:  # no hand is dealt as the variant is written: nothing to say
                self.freq = None
        self.shares: list[str] = []
        if self.freq is not None:
            self.position = {i: k for k, i in enumerate(self.freq.order)}
            self.shares = column([self.freq.share(i) for i in range(len(self.freq.names))])
        if self.exact is not None:
            self.exact_position = {i: k for k, i in enumerate(self.exact.order)}

    def parts(self, index: int, short: bool = False) -> list[str]:
        """['as played 4.2%', '#7 by frequency', '#12 by exact odds'] for one category (published
        index), each part whole; `short` says 'freq' and 'exact' (a row with little room)."""
        out = []
        f = self.freq
        if f is not None and index in self.position:
            out.append(f"as played {self.shares[index]}" if f.measured(index) else "as played: too rare")
            out.append(f"#{self.position[index] + 1}" + (" freq" if short else " by frequency"))
        if index in self.exact_position:
            out.append(f"#{self.exact_position[index] + 1}" + (" exact" if short else " by exact odds"))
        return out

    def line(self, index: int, short: bool = False) -> str:
        """The parts in one line: 'as played 4.2% · #7 by frequency · #12 by exact odds'."""
        return " · ".join(self.parts(index, short))

    def derivation(self) -> str:
        """How the exact-odds ranking is made, in one sentence ("" when it is not known here)."""
        e = self.exact
        if e is None:
            return ""
        return (
            f"By exact odds: every category ordered by how many of the {many(e.hands)} possible {e.size}-card "
            "hands from the whole deck hold it, fewer ranking higher; equal counts keep the published order."
        )

    def notes(self) -> list[str]:
        """What the page says above the hands: the showdowns' winners, the exact ranking's
        derivation, and what "as played" and "published" mean."""
        return [s for s in (self.summary(), self.derivation(), MEANINGS if self.freq else "") if s]

    def summary(self, top: int = 3) -> str:
        """The winners of simulated showdowns under each ranking, in one line."""
        w = self.winners
        if not w:
            return ""
        parts = []
        for ranking, words in RANKING_WORDS:
            if ranking not in w:
                continue
            won: dict[str, int] = w[ranking]
            total = sum(won.values()) or 1
            best = sorted(won.items(), key=lambda kv: -kv[1])[:top]
            spread = ", ".join(f"{name} {n / total:.0%}" for name, n in best)
            kinds = f"{len(won)} categor{'y' if len(won) == 1 else 'ies'}"
            parts.append(f"{words}: {kinds} won ({spread})")
        return f"Winners of {w['showdowns']:,} showdowns at {w['seats']} seats, " + "; ".join(parts)
