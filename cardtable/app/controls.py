"""The action bar's buttons, bound: each verb of the rules says which controls its decision offers
(as data, in cardtable/engine/verbs/), and this module turns them into buttons with keys that
act on the viewer's current choices (`scene.choices`: amount, chosen cards, the showdown call)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..engine.types import Action, View
from ..engine.verbs import REGISTRY, Verb
from ..engine.verbs.base import CardSpots, Choice, Turnable
from ..engine.verbs.base import Control as Spec

if TYPE_CHECKING:
    from .table.scene import TableScene

KEY_NAMES = {"return": "Enter", "space": "Space"}


@dataclass
class Control:
    label: str
    action: Callable[[], None]
    key: int | None = None
    keyname: str = ""
    on: bool = False
    enabled: bool = True
    tip: str = ""


def verb_of(view: View) -> Verb | None:
    """The verb whose decision the view is waiting for."""
    return REGISTRY.get(view["phase"] or "")


def turnable(view: View) -> Turnable | None:
    """The table's cards the view's seat may turn by clicking them now."""
    verb = verb_of(view)
    return verb.turnable(view.get("legal", [])) if verb is not None else None


def card_spots(view: View) -> CardSpots | None:
    """The grid's places a card of the view's seat's hand may go now."""
    verb = verb_of(view)
    return verb.card_spots(view.get("legal", [])) if verb is not None else None


def build_controls(scene: TableScene, view: View) -> list[Control]:
    """The buttons of the decision at hand, for the viewer whose turn it is."""
    verb = verb_of(view)
    if verb is None:
        return []
    c = scene.choices
    choice = Choice(tuple(c.selected), c.amount, c.call_showdown, c.show_cards)
    return [_bind(scene, spec) for spec in verb.controls(view["legal"], choice)]


def _bind(scene: TableScene, spec: Spec) -> Control:
    def press() -> None:
        c = scene.choices
        if spec.set_amount is not None:
            c.amount = spec.set_amount
        elif spec.toggle == "call_showdown":
            c.call_showdown = not c.call_showdown
        elif spec.toggle == "show_cards":
            c.show_cards = not c.show_cards
            c.call_showdown = c.call_showdown or c.show_cards
        elif spec.for_me:
            scene.decide_for_viewer()
        elif spec.send is not None and spec.picker:
            scene.open_picker(spec.send, spec.picker)
        elif spec.send is not None:
            action: Action = dict(spec.send)  # type: ignore[assignment]
            if spec.choose_key:
                action[spec.choose_key] = scene.rng.choice(spec.choose_from)  # type: ignore[literal-required]
            scene.act(action)

    key = pygame.key.key_code(spec.key) if spec.key else None
    keyname = KEY_NAMES.get(spec.key, spec.key.upper())
    return Control(spec.label, press, key, keyname, spec.on, spec.enabled, spec.tip)


def role_badge(role: str) -> str:
    """A short badge for a role: 'dealer' -> 'D', 'small_blind' -> 'SB', other roles spelt out."""
    short = {"dealer": "D", "small_blind": "SB", "big_blind": "BB"}
    return short.get(role, role.replace("_", " ").capitalize())
