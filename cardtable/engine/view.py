"""The per-seat view: everything one seat may see, and nothing else. The renderer, the curtain,
saves' previews and the bots use only this.

    view(rules, state, seat) -> {
      "variant": id, "seat": seat (None: what everyone sees), "hand_number": n,
      "phase": the current verb ("bet", "reveal"...) or None, "step": its line in the YAML or None,
      "to_move": seat or None, "over": bool, "blind": chips,
      "dealer": seat,
      "seats": [{"name", "kind", "chips", "bet", "total", "folded", "out", "roles", "points"}],
      "pots": [{"amount", "eligible"}],      # chips already in, by pot (bets of this round included)
      "zones": {name: {"owner": "table" | seat, "shape", "visibility", "place", "label", "count",
                       "cards": [card or -1, ...],          # list zones, bottom to top
                       "public": [bool, ...],               # list zones: each card seen by everyone?
                       "cells": [[row, col, card or -1]],   # grid zones
                       "size": [rows, cols] | None, "max_line": n | None}},
                  # a seat zone appears once per seat, keyed "name/seat" (e.g. "hand/2"), and a
                  # stack nobody may look at lists no cards at all, only its "count"
      "declared": [[cards] or None per seat],  # named cards are public
      "legal": [action templates] (only for the seat to move, when it is `seat`),
      "log": [text, ...],                    # the table talk, private lines only for their seat
      "result": None | {"winners", "chips", "points", "hands", "reason"},
      "last_hand": None | {"hand", "winners", "category", "showdown",
                           "shown": [{"seat", "category", "cards", "made", "won"}], "won": {seat: chips}},
      "hands_won": [count per seat],         # hands of this game each seat has won (shares count)
    }

A card is shown when it is face up (`up`), its zone is seen by everyone, or the zone is seen by
its owner and `seat` is that owner. Otherwise it is -1: a hidden card's id never leaves the engine.
"""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING

from .pots import side_pots
from .state import clone
from .talk import hands_won, seat_talk
from .types import SeatView, State, View, Zone, ZoneView

if TYPE_CHECKING:
    from .rules import Rules


def view(rules: Rules, st: State, seat: int | None, revealed: Set[int] = frozenset()) -> View:
    """`revealed`: cards known to have been shown to everyone (a finished game's replay)."""
    zones: dict[str, ZoneView] = {}
    for name, spec in rules.layout.zones.items():
        raw = st["zones"][name]
        owned: list[tuple[int | None, Zone]] = (
            list(enumerate(raw)) if isinstance(raw, list) else [(None, raw)]
        )
        everyone = spec.visibility == "everyone"
        for owner, z in owned:
            # a card is shown when face up, revealed, or its zone is seen by this seat; it is
            # public when face up, revealed, or its zone is seen by everyone
            sees = everyone or (spec.visibility == "owner" and seat is not None and seat == owner)
            out: ZoneView = {
                "owner": "table" if owner is None else owner,
                "shape": spec.shape,
                "visibility": spec.visibility,
                "place": spec.place,
                "label": spec.label,
                "size": list(spec.size) if spec.size else None,
                "max_line": spec.max_line,
                "bound": list(spec.bound) if spec.bound else None,
            }
            if spec.is_grid:
                cells = z["cells"]
                if sees:
                    out["cells"] = [[r, c, card] for r, c, card, _ in cells]
                elif not revealed:
                    out["cells"] = [[r, c, card if up else -1] for r, c, card, up in cells]
                else:
                    out["cells"] = [
                        [r, c, card if up or card in revealed else -1] for r, c, card, up in cells
                    ]
                out["count"] = len(cells)
            else:
                cards, ups = z["cards"], z["up"]
                out["count"] = len(cards)
                # (no card face up: counted in C, a tenth of any()'s time on the 12,000-card deck)
                down = ups.count(0) == len(ups)
                if spec.visibility == "nobody" and spec.shape == "stack" and down:
                    out["cards"] = []
                else:
                    out["cards"], out["public"] = _cards(cards, ups, sees, everyone, down, revealed)
            zones[name if owner is None else f"{name}/{owner}"] = out
    step = rules.program[st["pc"]] if st["step"] is not None and st["pc"] < len(rules.program) else None
    seats: list[SeatView] = [
        {
            "name": s["name"],
            "kind": s["kind"],
            "chips": s["chips"],
            "bet": s["bet"],
            "total": s["total"],
            "folded": s["folded"],
            "out": s["out"],
            "roles": list(s["roles"]),
            "points": s["points"],
        }
        for s in st["seats"]
    ]
    return {
        "variant": st["variant"],
        "seat": seat,
        "hand_number": st["hand"],
        "phase": step["do"] if step else None,
        "step": step.get("line") if step else None,
        "to_move": None if st["over"] else st["turn"],
        "over": st["over"],
        "blind": st["blind"],
        "dealer": st["dealer"],
        "seats": seats,
        "pots": side_pots(st["seats"]) if rules.betting and not st["awarded"] else [],
        "zones": zones,
        "declared": [list(d) if d else None for d in st["declared"]],
        "legal": rules.legal_actions(st, seat) if seat is not None and seat == st["turn"] else [],
        "log": seat_talk(st["events"], seat),
        "result": clone(st["result"]),
        "last_hand": clone(st["history"][-1]) if st["history"] else None,  # public: shown hands, winners
        "hands_won": hands_won(st["history"], len(st["seats"])),
        "ranking": str(st["options"].get("ranking", "published")),
    }


def _cards(
    cards: list[int], ups: list[int], sees: bool, everyone: bool, down: bool, revealed: Set[int]
) -> tuple[list[int], list[bool]]:
    """A list zone's cards as the seat sees them (-1: hidden) and which of them everyone sees (public
    already: a face-up card's id is in every view, so the owner can tell their up cards from the
    ones only they see). The usual cases (nothing revealed, as in play) are made without a test per
    card where none is needed."""
    n = len(cards)
    if len(ups) != n or revealed:  # (the lists are zipped, as ever)
        shown = [card if sees or up or card in revealed else -1 for card, up in zip(cards, ups)]
        return shown, [bool(up) or card in revealed or everyone for card, up in zip(cards, ups)]
    if sees:
        shown = list(cards)
    else:
        shown = [-1] * n if down else [card if up else -1 for card, up in zip(cards, ups)]
    if everyone:
        return shown, [True] * n
    return shown, [False] * n if down else list(map(bool, ups))


def public_among(rules: Rules, st: State, cards: Set[int]) -> set[int]:
    """Which of `cards` everyone sees now (the `public` of a view: face up, in a zone seen by
    everyone, or named in a declaration). Looks only for those cards, so a save can ask after
    every decision of a long game without building views."""
    out = {c for d in st["declared"] if d for c in d if c in cards}
    for name, spec in rules.layout.zones.items():
        if len(out) == len(cards):
            break
        raw = st["zones"][name]
        for z in raw if isinstance(raw, list) else [raw]:
            if spec.is_grid:
                out.update(
                    card
                    for _, _, card, up in z["cells"]
                    if card in cards and (up or spec.visibility == "everyone")
                )
                continue
            held = z["cards"]
            for card in cards - out:
                if card in held and (spec.visibility == "everyone" or z["up"][held.index(card)]):
                    out.add(card)
    return out
