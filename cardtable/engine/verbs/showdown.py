"""`showdown`: the hands still in are shown and every pot goes to its best eligible hands."""

from __future__ import annotations

from ..context import Ctx
from ..types import Step
from .base import Verb


class Showdown(Verb):
    name = "showdown"

    def start(self, g: Ctx, step: Step) -> bool:
        g.rules.showdown(g)
        return True


VERB = Showdown()
