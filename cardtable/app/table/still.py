"""A still table keeps its frame: when nothing the frame is drawn from changed since the last
frame, the table does not paint it again (the window keeps its pixels, the manifest is the last
one's), which spares a second of a waiting player's CPU every few hundred frames.

`still_key` is everything a table frame is painted from: the game's version, who sees what, the
window, what the pointer points at (its tooltip), what is chosen, the message, the hints, the
panel, the scene's own settings (every plain field of the scene, so a new one is seen without
being listed here), and what time shows (the glow's breadth, the speech bubbles up). It is None (never kept)
while anything moves by time alone: a card gliding in, the hand line being read, the public
screens (the pot's flight), the rules panel's frequencies being sampled.

What painting writes into the scene (who saw the frame, one viewer's choices forgotten, the
slider's amount, the hand line...) is written first, before the key (settle.py), so a frame is
kept from the next one on. A frame is kept only when painting it changed nothing of its key (but
what the pointer points at, and the panel's scroll, see still_key), and only as the next frame
of the same window with no other frame between (another screen drawn).
tests/test_still_frames.py paints every kept frame afresh too and compares pixels and manifests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import frame, ui
from .animation import DEAL_TIME
from .presence import presence_of
from .settle import settle

if TYPE_CHECKING:
    from .scene import TableScene

# The scene's fields that paint writes (its output: rebuilt the same from the same key), that hold
# no drawing state (the game itself is in the key as its version, the computer players' thinking
# and the sounds are never drawn, the curtain's watch on the keys only decides lifting), or that
# are keyed below by what they show.
_NOT_KEYED = frozenset(
    {
        "app",
        "session",
        "canvas",
        "controls",
        "slider",
        "log_area",
        "sampler",
        "autoplay",
        "cues",
        "curtain_guard",
        "deck",
        "next_games",
        "role_notes",
        "_views",
        "anim",
        "hand_reader",
        "still",
        "panel_shown",  # (whether the last frame showed the side panel: what the layout made of the key)
        "grid",  # keyed below by its zoom and pan: where it was drawn last is paint's output
        "log_back",  # keyed below, with the pointer: paint keeps it within the panel's lines
        "hints",  # keyed below but for where the box was placed on the felt (see there)
        "pointer",  # keyed below by what it points at
        # memos of what the game's version gives (views, undo's refusal): the version is keyed
        "_views_version",
        "_humans",
        "_private",
        "_undo_why",
        # whose view the last frame showed, noted by paint to forget one viewer's choices when
        # another's comes: what it decides (the choices, the log's scroll) is keyed
        "_shown_for",
    }
)


# (the places that held a card are noted before the frame is keyed, settle.py: a card new to its
# place is an arrival, and then no frame is kept; paint never reads them)
_DRAWN_ONLY_WHILE_MOVING = frozenset({"clock", "_arrivals", "deck_pos", "_slots_seen"})


def still_key(t: TableScene, surface: pygame.Surface, hold: list[Any]) -> tuple[Any, Any] | None:
    """What the table frame on `surface` is painted from, or None while something in it moves:
    (everything else, (what the pointer points at, how far the panel is scrolled back)); the
    objects it names by identity go into `hold` (to be kept alive as long as the key). The second
    part is read again after a paint and kept as that frame's: the pointer's places are the
    frame's own, and a scroll past the first line is drawn (and kept) as the first line's."""
    if t.showdown is not None or t.finished or t.show_rules or t.hand_reader.reading():
        return None
    anim = t.anim
    if any(anim.clock - start < DEAL_TIME for start in anim.arrivals()):
        return None
    curtain = t.curtain_for()
    shown: tuple[Any, ...] = ()
    if curtain is None:  # what time shows on the table: the glow of the seat to move, the bubbles
        view = t.view()
        seats = range(len(view["seats"]))
        shown = (anim.pulse() if view["to_move"] is not None else None, tuple(anim.saying(s) for s in seats))
    fields = {name: value for name, value in vars(t).items() if name not in _NOT_KEYED}
    # (the arrivals and the deck's place move cards only while one glides in, and then no frame
    # is kept; paint forgets the arrivals that have landed and notes the deck's place)
    timeless = {name: value for name, value in vars(anim).items() if name not in _DRAWN_ONLY_WHILE_MOVING}
    session = t.session
    outside = (
        session.to_move(),
        session.is_over(),
        t.humans(),
        presence_of(session),
        getattr(session, "save_problem", None),
        getattr(session, "table_notice", None),
        getattr(session, "seats", None),  # (the plates say a computer player's level and style)
        getattr(session, "links", None),  # (a hosted table's Invite button)
    )
    window = (surface.get_size(), ui.scale())
    # (the pan moves a grid only zoomed in; a right-drag under way is never drawn)
    grid = (t.grid.zoom, tuple(t.grid.pan) if t.grid.zoom > 1 else None)
    # Where paint placed the hint's box is kept for the next frames (it stays while its place stays
    # clear): painted again from the same key, the box comes out where it was drawn, so the place
    # is paint's output here (keyed, a frame that placed the box first was painted twice).
    hints = {name: value for name, value in vars(t.hints).items() if name != "placed"}
    # (the lines read lately are kept by their key: the key and the line up are the reader's state)
    reader = {name: value for name, value in vars(t.hand_reader).items() if name != "_read"}
    return (
        freeze((curtain, shown, fields, timeless, reader, outside, window, grid, hints), hold),
        (pointed(t), t.log_back),
    )


def pointed(t: TableScene) -> Any:
    """What the pointer shows in the frame: with no card pointed at, only the tooltip of the
    place under it (the topmost of the last frame's, which a frame painted from the same key
    lays out the same), so a pointer moving over bare felt or within one button is not painted
    again; with a card pointed at, the pointer itself (the large card stands away from it)."""
    if t.choices.hover is not None:
        return ("at", t.pointer)
    tips = t.canvas.tips
    return next((i for i in range(len(tips) - 1, -1, -1) if tips[i][0].collidepoint(t.pointer)), None)


_PLAIN = frozenset({type(None), bool, int, float, str, bytes})


def freeze(value: Any, hold: list[Any], depth: int = 4) -> Any:
    """`value` as it is now, compared by equality: containers copied into tuples (a list changed
    later is another key), rectangles by their numbers, dataclasses and other objects by their
    fields (`depth` levels down; below that, by identity, the object put in `hold`). (Plain
    values are tested inline: a key is a few hundred of them, every frame.)"""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        for v in value:
            if type(v) not in _PLAIN:
                return tuple([v if type(v) in _PLAIN else freeze(v, hold, depth) for v in value])
        return value if kind is tuple else tuple(value)  # (plain values only: a tuple is as it is)
    if kind is dict:
        return (
            "dict",
            tuple(
                [
                    (
                        k if type(k) in _PLAIN else freeze(k, hold, depth),
                        v if type(v) in _PLAIN else freeze(v, hold, depth),
                    )
                    for k, v in value.items()
                ]
            ),
        )
    if kind is set or kind is frozenset:
        return ("set", frozenset([v if type(v) in _PLAIN else freeze(v, hold, depth) for v in value]))
    if kind is pygame.Rect:
        return ("rect", value.x, value.y, value.w, value.h)
    if isinstance(value, (list, tuple)):  # subclasses of the containers (a named tuple, say)
        return (kind.__name__, tuple(freeze(v, hold, depth) for v in value))
    if isinstance(value, dict):
        return (
            kind.__name__,
            tuple((freeze(k, hold, depth), freeze(v, hold, depth)) for k, v in value.items()),
        )
    if isinstance(value, (set, frozenset)):
        return (kind.__name__, frozenset(freeze(v, hold, depth) for v in value))
    if isinstance(value, pygame.Rect):
        return ("rect", value.x, value.y, value.w, value.h)
    hold.append(value)
    inside = getattr(value, "__dict__", None)
    if depth <= 0 or inside is None or isinstance(value, type):
        return ("object", id(value))
    return ("object", id(value), kind.__name__, freeze(inside, hold, depth - 1))


class StillFrame:
    """The last table frame painted while nothing moved, and what it was painted from."""

    def __init__(self) -> None:
        self.enabled = True  # (tests paint every frame afresh to compare)
        self.kept = 0  # frames not painted again, all told
        self._key: Any = None
        self._surface: pygame.Surface | None = None
        self._record: object = None
        self._hold: list[Any] = []  # the objects the key names by identity, kept alive with it

    def draw(self, t: TableScene, surface: pygame.Surface) -> None:
        """The table's frame on `surface`: the kept one when it fits, else painted afresh (and
        kept when painting it changed nothing it was painted from)."""
        last = t.app.last_frame
        hold: list[Any] = []
        whole = surface is t.app.surface  # (the replay viewer draws the table into a part)
        ready = settle(t) if whole and self.enabled else None  # what paint would write, first
        key = still_key(t, surface, hold) if ready is not None else None
        if last is not None and self.fits(key, surface, last):
            frame.repeat(last)  # nothing changed: the window keeps its pixels
            self.kept += 1
            self.keep(key, surface, frame.current(), hold)
            return
        t.paint(surface, ready)
        if key is not None:  # kept with what the pointer points at in this frame, its scroll as drawn
            hold = []
            after = still_key(t, surface, hold)
            key = after if after is not None and after[0] == key[0] else None
        self.keep(key, surface, frame.current(), hold)

    def fits(self, key: Any, surface: pygame.Surface, last: object) -> bool:
        """Whether the frame now due is the kept one: the same key, the same window, and the last
        frame drawn (`last`, the app's record of it) is the kept one's."""
        return (
            self.enabled
            and key is not None
            and surface is self._surface
            and last is not None
            and last is self._record
            and key == self._key
        )

    def keep(self, key: Any, surface: pygame.Surface, record: object, hold: list[Any]) -> None:
        """The frame just drawn onto `surface` and recorded as `record` was painted from `key`
        (None: it is not kept)."""
        kept = key is not None and record is not None
        self._key = key if kept else None
        self._surface = surface if kept else None
        self._record = record if kept else None
        self._hold = hold if kept else []

    def forget(self) -> None:
        """Keep nothing: the window's surface was made again (a resize, full screen), and what it
        holds now is not the kept frame."""
        self.keep(None, pygame.Surface((1, 1)), None, [])
