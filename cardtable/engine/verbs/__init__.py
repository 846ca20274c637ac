"""The verb registry: every verb a variant's `phases:` can use, one module each.

To add a verb: write its module here (a `Verb` subclass from base.py and `VERB = ...`), add it
to `REGISTRY` below, and test it. Phases validation, the rules interpreter and the players'
choices all find it here.
"""

from __future__ import annotations

from . import bet, bring_in, deal, declare, draw, exchange, place, post, reveal, showdown
from .base import Verb

REGISTRY: dict[str, Verb] = {
    m.VERB.name: m.VERB for m in (post, deal, declare, bet, reveal, draw, exchange, place, showdown, bring_in)
}

__all__ = ["REGISTRY", "Verb"]
