"""What painting a table frame writes into the scene, written before the frame is keyed.

A frame notes who it shows (`seen`: who is at the screen, the last decider's grace), forgets one
viewer's choices when another's frame comes, notes the keys held as a curtain rises and the cards
that arrived (they glide in), keeps the bet slider's amount within its ends, puts up the hint of
the decision at hand, and reads the viewer's hand line. Done here, before still.py keys the frame, the paint that follows changes nothing the
key reads: the frame is kept from the next one on, instead of being painted a second time first.
Each step is settled: done again on the same scene, it changes nothing (a kept frame settles too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import frame
from ..controls import verb_of
from .your_hand import HandLine

if TYPE_CHECKING:
    from .scene import TableScene


@dataclass(frozen=True)
class Ready:
    """What the frame now due shows, as settled: a public screen (the showdown, the standings), the
    curtain for a person, or the table with the viewer's hand line (None: public, or not yet read)."""

    public_screen: bool = False
    curtain: int | None = None
    hand: HandLine | None = None


def settle(t: TableScene) -> Ready:
    """Write into `t` what its next frame's painting would, and say what that frame shows."""
    before, now = t.app.last_frame, frame.current()
    if before is not None and now is not None and before.scene != now.scene:
        t.seen(None)  # another screen was up (How to play...): everyone may have gathered round
    if t.showdown is not None or t.finished:
        t.forget_on_new_viewer((None, False))
        t.seen(None, public_screen=True)
        return Ready(public_screen=True)
    who = t.curtain_for()
    t.forget_on_new_viewer(t.privacy_key())
    t.keys_held_at_curtain()  # a curtain rising notes the keys already down (the last person's)
    if who is not None:
        t.seen(None)
        return Ready(curtain=who)
    view = t.view()
    t.seen(view["seat"])
    t.anim.note_arrivals(view)
    actor = t.actor()  # in peek mode it may be somebody not looking: the bar is still theirs
    if actor is not None and actor == t.session.to_move():  # their bar, its slider, their hint
        own = t.view_for(actor)
        verb = verb_of(own)
        span = verb.slider(own.get("legal", [])) if verb is not None else None
        if span is not None:
            lo, hi = span
            t.choices.amount = max(lo, min(hi, t.choices.amount or lo))  # as the bar keeps it
        t.hints.current(actor, verb.hint(own["legal"]) if verb is not None else "")
    return Ready(hand=t.hand_line(view))
