"""`showdown`: the hands still in are shown and every pot goes to its best eligible hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..context import Ctx
from ..types import Step
from .base import Verb

if TYPE_CHECKING:
    from ..howto import Reader


class Showdown(Verb):
    name = "showdown"
    settles = True

    def start(self, g: Ctx, step: Step) -> bool:
        g.rules.showdown(g)
        return True

    def howto(self, s: Step, r: Reader) -> str:
        return "Showdown: the players still in show their cards; the best hand wins the pot (equal hands split it)."


VERB = Showdown()
