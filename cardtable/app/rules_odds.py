"""What the rules screen says about true odds: per category, how often a seat can make it as the
game is really played and where it ranks by true frequency (beside the published rank), and which
categories won simulated showdowns under each ranking. Only measurements already made are shown
(shipped with the built-in variants, or cached by `cardtable odds VARIANT --ranking`): the screen
never measures, so it never stalls."""

from __future__ import annotations

from typing import Any

from ..hands.published import rounded
from ..hands.ranking import Frequency, cached, ranked
from ..hands.showdowns import cached_winners


class RankingOdds:
    def __init__(self, variant: Any) -> None:
        self.freq: Frequency | None = None
        self.winners: dict[str, Any] | None = None
        self.position: dict[int, int] = {}
        if ranked(variant):
            try:
                self.freq = cached(variant)
                self.winners = cached_winners(variant)
            except ValueError:  # no hand is dealt as the variant is written: nothing to say
                self.freq = None
        if self.freq is not None:
            self.position = {i: k for k, i in enumerate(self.freq.order)}

    def line(self, index: int, short: bool = False) -> str:
        """'as played 4.2% · #7 by frequency' for one category (published index); `short` leaves
        out 'by frequency' (for a row with room for one line only)."""
        f = self.freq
        if f is None or index not in self.position:
            return ""
        rank = f"#{self.position[index] + 1}" + ("" if short else " by frequency")
        if not f.measured(index):
            return f"as played: too rare · {rank}"
        return f"as played {rounded(f.share(index))} · {rank}"

    def summary(self, top: int = 3) -> str:
        """The winners of simulated showdowns under each ranking, in one line."""
        w = self.winners
        if not w:
            return ""
        parts = []
        for ranking, words in (("published", "as published"), ("frequency", "by frequency")):
            won: dict[str, int] = w.get(ranking, {})
            total = sum(won.values()) or 1
            best = sorted(won.items(), key=lambda kv: -kv[1])[:top]
            spread = ", ".join(f"{name} {n / total:.0%}" for name, n in best)
            kinds = f"{len(won)} categor{'y' if len(won) == 1 else 'ies'}"
            parts.append(f"{words}: {kinds} won ({spread})")
        return f"Winners of {w['showdowns']:,} showdowns at {w['seats']} seats, " + "; ".join(parts)
