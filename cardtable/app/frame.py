"""What a frame showed, written down while it is drawn: the frame manifest (see interfaces.md).

`App.step` opens a record before the scene draws and closes it after; `ui.text` and the table's
card blit write into the open record, and scenes name their regions, viewer and curtain. So the
manifest says what was drawn, never what a layout computed separately would have drawn.

Only drawing onto the frame's own surface (or a subsurface of it) counts: text painted onto an
off-screen surface is not on screen until that surface is, and then at another place.

A card's id is the engine's (an int). A card drawn face down carries the id its view had, which
is -1: the engine never gives the screen a hidden card's id, so a back never says which card it is.
A card's `private` says it is one of the viewer's cards the others do not see (the view's `public`
flags; stud's up cards are public, its hole cards are not). The table draws the only-you-see mark
on such a card only where the viewer's hand also holds cards the others see (stud), not on a hand
all hidden (hold'em's, a draw hand), where it would only add noise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

Box = tuple[int, int, int, int]


@dataclass
class FrameRecord:
    """One frame: the scene, whose private view it shows, and every card, text and region drawn."""

    size: tuple[int, int]
    scene: str
    viewer: int | None = None  # the seat whose private view this is; None for a curtain or public frame
    curtain: bool = False
    cards: list[tuple[int, bool, Box, str]] = field(default_factory=list)  # (id, face up, rect, where)
    private: set[int] = field(
        default_factory=set
    )  # indices into `cards` of the viewer's cards others do not see
    best: set[int] = field(default_factory=set)  # indices into `cards` outlined as the viewer's best hand
    card_text: dict[int, int] = field(
        default_factory=dict
    )  # index into `cards` -> its face's smallest text px
    texts: list[tuple[str, Box, int]] = field(default_factory=list)  # (text, rect, font pixel size)
    regions: list[tuple[str, Box]] = field(default_factory=list)
    pending: list[Callable[[FrameRecord], None]] = field(default_factory=list)

    def region(self, name: str, rect: pygame.Rect) -> None:
        """A top-level area of the layout. The contract is that regions never overlap and lie
        inside the window; today's table breaks it when crowded (issue 14 redoes the layout)."""
        self.regions.append((name, (rect.x, rect.y, rect.width, rect.height)))

    def later(self, fill: Callable[[FrameRecord], None]) -> None:
        """Fill in more of the record only when the manifest is asked for: for what is costly to
        list every frame (the deck browser's thousands of cards). `fill` must capture what it
        needs at draw time."""
        self.pending.append(fill)

    def as_dict(self) -> dict[str, Any]:
        """The manifest: plain lists and numbers, ready for JSON."""
        while self.pending:
            self.pending.pop(0)(self)
        private, best, text_px = self.private, self.best, self.card_text.get  # (asked every frame)
        return {
            "size": list(self.size),
            "scene": self.scene,
            "viewer": self.viewer,
            "curtain": self.curtain,
            "cards": [
                {
                    "id": card,
                    "face_up": up,
                    "rect": [*rect],
                    "where": where,
                    "private": i in private,
                    "best": i in best,
                    "text_px": text_px(i),
                }
                for i, (card, up, rect, where) in enumerate(self.cards)
            ],
            "regions": [{"name": name, "rect": [*rect]} for name, rect in self.regions],
            "texts": [{"text": words, "rect": [*rect], "px": px} for words, rect, px in self.texts],
        }


_target: pygame.Surface | None = None
_record: FrameRecord | None = None


def begin(target: pygame.Surface, scene: str) -> FrameRecord:
    """Start recording the frame about to be drawn onto `target`."""
    global _target, _record
    _target, _record = target, FrameRecord(target.get_size(), scene)
    return _record


def end() -> FrameRecord | None:
    """Stop recording; the finished record."""
    global _target, _record
    done, _target, _record = _record, None, None
    return done


def current() -> FrameRecord | None:
    """The record of the frame being drawn, if one is open."""
    return _record


def repeat(shown: FrameRecord) -> None:
    """The frame being drawn is `shown` again, unchanged (a still table keeps its frame): its
    record says what `shown`'s said."""
    if _record is not None:
        while shown.pending:
            shown.pending.pop(0)(shown)
        _record.viewer, _record.curtain = shown.viewer, shown.curtain
        _record.cards, _record.private, _record.best = list(shown.cards), set(shown.private), set(shown.best)
        _record.card_text, _record.texts = dict(shown.card_text), list(shown.texts)
        _record.regions = list(shown.regions)


@contextmanager
def aside(target: pygame.Surface) -> Iterator[FrameRecord]:
    """Record what is drawn onto `target` (a picture made off the frame, to be blitted onto it
    later) in a record of its own, the frame's record left as it was: the texts it notes are the
    picture's, at its coordinates, for the frame to note where the picture goes."""
    global _target, _record
    saved = _target, _record
    _target, _record = target, FrameRecord(target.get_size(), "aside")
    try:
        yield _record
    finally:
        _target, _record = saved


def region(name: str, rect: pygame.Rect) -> None:
    """Name a top-level area of the frame being drawn (nothing when no frame is recorded)."""
    if _record is not None:
        _record.region(name, rect)


def shows(viewer: int | None, curtain: bool = False) -> None:
    """Say whose private view the frame being drawn shows (None: public), or that it is a curtain."""
    if _record is not None:
        _record.viewer, _record.curtain = (None, True) if curtain else (viewer, False)


def _on_frame(surface: pygame.Surface, rect: pygame.Rect) -> Box | None:
    """`rect` (drawn on `surface`) in the frame's coordinates, or None when it is not on the frame."""
    if _record is None:
        return None
    if surface is not _target:
        if surface.get_abs_parent() is not _target:
            return None
        rect = rect.move(surface.get_abs_offset())
    return rect.x, rect.y, rect.width, rect.height


def note_text(surface: pygame.Surface, words: str, rect: pygame.Rect, px: int) -> None:
    """A text drawn at `rect` (as blitted: clipped) in a font of `px` pixels."""
    where = _on_frame(surface, rect)
    if where is not None and _record is not None and words and rect.width and rect.height:
        _record.texts.append((words, where, px))


def note_card(
    surface: pygame.Surface,
    card: int,
    rect: pygame.Rect,
    where: str,
    private: bool = False,
    best: bool = False,
    text_px: int | None = None,
) -> None:
    """A card drawn at `rect` (as blitted: clipped): its face when `card` >= 0, else a back (-1);
    `private`: one of the viewer's cards the others do not see; `best`: outlined as one of the
    cards of the viewer's best hand ("your hand"), or of an example hand's pattern (the rules page); `text_px`: the smallest text on it (None: no
    text, or not known)."""
    spot = _on_frame(surface, rect)
    if spot is not None and _record is not None and rect.width and rect.height:
        if private:
            _record.private.add(len(_record.cards))
        if best:
            _record.best.add(len(_record.cards))
        if text_px is not None:
            _record.card_text[len(_record.cards)] = text_px
        _record.cards.append((card, card >= 0, spot, where))
