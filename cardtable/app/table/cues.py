"""What the table heard happen, for its sounds (app/sound.py): read from the public view (what
everyone at the table may know) and who is asked, once per change; never from a private view, so
a sound tells nobody anything the table does not show.

- "deal": a place that held no card holds one;
- "flip": a card shows its face where none showed (turned up, or dealt face up);
- "chips": chips went into the pot (the seats' stakes this hand grew);
- "win": a seat's chips grew (a pot paid out);
- "pass": the screen passes to another person (their curtain rises; in peek mode, another person
  is asked);
- "turn": a person is asked to decide (not behind a curtain).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.types import View

Places = dict[tuple[str, object], int]  # (zone, place) -> card (-1: face down)


def places(view: View) -> Places:
    """Every card place of the view's list and grid zones (stacks are counts, not places)."""
    out: Places = {}
    for name, zone in view["zones"].items():
        if zone["shape"] == "stack":
            continue
        if "cells" in zone:
            out.update(((name, (r, c)), card) for r, c, card in zone["cells"])
        else:
            out.update(((name, i), card) for i, card in enumerate(zone.get("cards", ())))
    return out


@dataclass(frozen=True)
class Seen:
    """What the cues compare from one change to the next."""

    hand: int
    places: Places
    piles: dict[str, int]  # the stacks' counts (a draw takes from one)
    staked: int  # chips in the pot this hand, every seat's
    chips: tuple[int, ...]
    asked: int | None
    curtain: int | None


def seen(public: View, asked: int | None, curtain: int | None) -> Seen:
    seats = public["seats"]
    piles = {name: z.get("count", 0) for name, z in public["zones"].items() if z["shape"] == "stack"}
    return Seen(
        public["hand_number"],
        places(public),
        piles,
        sum(s["total"] for s in seats),
        tuple(s["chips"] for s in seats),
        asked,
        curtain,
    )


def cues(before: Seen, now: Seen, last_person: int | None, peek_many: bool) -> list[str]:
    """The cues for the change from `before` to `now`. `last_person`: the person asked before
    (None: nobody yet); `peek_many`: peek mode with several people (no curtain: another person
    asked is the screen passing)."""
    out: list[str] = []
    new_hand = now.hand != before.hand and bool(now.places)
    taken = any(n < before.piles.get(name, 0) for name, n in now.piles.items())
    if new_hand or taken or any(p not in before.places for p in now.places):
        out.append("deal")
    if any(card >= 0 and before.places.get(p, -1) < 0 for p, card in now.places.items()):
        out.append("flip")
    if now.staked > before.staked:
        out.append("chips")
    if any(c > b for c, b in zip(now.chips, before.chips)):
        out.append("win")
    if now.curtain is not None and now.curtain != before.curtain:
        out.append("pass")
    elif now.curtain is None and now.asked is not None and now.asked != before.asked:
        passed = peek_many and last_person not in (None, now.asked)
        out.append("pass" if passed else "turn")
    return out


class Cues:
    """Fed once a frame with what the table knows; says the cues of what changed since."""

    def __init__(self) -> None:
        self._before: Seen | None = None
        self._key: object = None
        self._last_person: int | None = None

    def hear(
        self, key: object, public: View, asked: int | None, curtain: int | None, peek_many: bool
    ) -> list[str]:
        """The cues since the last call; `key` changes whenever the game does (the table's
        version), so a frame where nothing happened costs a comparison of three numbers."""
        if self._before is not None and (key, asked, curtain) == self._key:
            return []
        self._key = (key, asked, curtain)
        now = seen(public, asked, curtain)
        # the first time, against a bare table: the cards dealt, the blinds in, the first turn
        before = self._before or Seen(now.hand, {}, {}, 0, now.chips, None, None)
        self._before = now
        out = cues(before, now, self._last_person, peek_many)
        self._last_person = asked if asked is not None else self._last_person
        return out
