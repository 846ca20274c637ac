"""Who sees what at a hot-seat table: whose view is drawn, who is at the screen, and the curtain.

Privacy in hot-seat play, in one of two ways (`privacy`, chosen at New game):
- "curtain": before a person acts, a curtain covers the whole screen and names who is next, but
  only when their view would show cards hidden from others and somebody else was at the screen
  (never between one person's consecutive decisions, never for computer players); it lifts for
  the next person only (curtain_guard.py);
- "peek": no curtain; the table is drawn as everyone sees it, and the person to move looks at
  their own view only while holding the peek key (H). Their choices are kept while they let go
  and forgotten when the turn passes.
While a computer player acts, or a person's flip is made for them (autoplay.py: nobody can bet any
more, or the table lets flipping rounds run by themselves), the screen shows what everyone may see
(or, with a single person at the table, that person's view), with no curtain. What the person
points at and chooses belongs to them: it is forgotten when the viewer changes.

`WhoSees` is the table scene's part that decides this (scene.py mixes it in): it reads the game
through the session's views only, cached per change of the game.
"""

from __future__ import annotations

from ...engine.types import View
from ...session import visible_cards
from .animation import Animations
from .autoplay import runs_itself
from .choices import Choices
from .curtain_guard import CurtainGuard
from .game import TableSession
from .showdown import Showdown


class WhoSees:
    """Who sees what, for the table scene: the views, the viewer, the actor and the curtain."""

    # the scene's, read here
    session: TableSession
    showdown: Showdown | None
    choices: Choices
    anim: Animations
    auto_flip: bool
    log_back: int
    _version: int  # bumped by every change of the game: views are cached per version

    def start_seeing(self, privacy: str) -> None:
        """Nobody at the screen yet, in `privacy` mode ("curtain" or "peek")."""
        if privacy not in ("curtain", "peek"):
            raise ValueError(f"privacy must be 'curtain' or 'peek', not {privacy!r}")
        self.privacy = privacy
        self.peeking: int | None = None  # peek mode: the person holding the peek key
        self.mouse_look = False  # ... or the mouse button on their cards
        self.confirmed: int | None = None  # the person at the screen: who last lifted the curtain or decided
        self.curtain_guard = CurtainGuard()  # the curtain lifts for the next person only
        self._views: dict[int | None, View] = {}
        self._views_version = -1
        self._shown_for: tuple[int | None, bool] | None = None  # (viewer, curtain) of the last frame

    def view_for(self, seat: int | None) -> View:
        if self._views_version != self._version:
            self._views, self._views_version = {}, self._version
        if seat not in self._views:
            self._views[seat] = self.session.view(seat)
        return self._views[seat]

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.view_for(None)["seats"]) if s["kind"] != "bot"]

    def asked(self) -> int | None:
        """The person asked to decide now: None while a computer player moves, while a person's
        decision is made for them (autoplay.runs_itself), or when nobody can move."""
        to_move = self.session.to_move()
        if to_move not in self.humans():
            return None
        if runs_itself(self.view_for(None), bool(self.session.rules.betting), self.auto_flip):
            return None
        return to_move

    def curtain_for(self) -> int | None:
        """The person the curtain is waiting for, if it is up: only in curtain mode, when another
        person was at the screen and the view of the person to move shows cards the public view
        does not (without private cards their view shows nothing anybody may not see)."""
        to_move = self.asked()
        humans = self.humans()
        if self.showdown is not None or self.privacy != "curtain":
            return None
        if to_move is None or len(humans) < 2 or self.confirmed == to_move:
            return None
        if not visible_cards(self.view_for(to_move)) - visible_cards(self.view_for(None)):
            return None
        return to_move

    def keys_held_at_curtain(self) -> set[int]:
        """The lift keys already down when the curtain now up rose (curtain_guard.py)."""
        return self.curtain_guard.note(self.curtain_for(), self.anim.clock)

    def curtain_settled(self, by_key: bool = False) -> bool:
        """Whether a fresh key press or a click may lift the curtain now up (curtain_guard.py)."""
        self.keys_held_at_curtain()
        return self.curtain_guard.settled(self.anim.clock, by_key)

    def viewer(self) -> int | None:
        """Whose view is drawn: the person acting (in peek mode only while they hold the peek
        key), the only person, or (None) the public table."""
        if self.session.is_over() or self.showdown is not None:
            return None
        to_move = self.asked()
        humans = self.humans()
        if to_move is not None:
            if self.privacy == "peek" and len(humans) > 1:
                return to_move if self.peeking == to_move else None
            return to_move if self.curtain_for() is None else None
        if len(humans) == 1:
            return humans[0]
        return None

    def actor(self) -> int | None:
        """The person at the screen (their bar, undo, choices): the viewer; in peek mode with
        several people, the person to move, looking or not."""
        if self.privacy == "peek" and len(self.humans()) > 1 and not self.session.is_over():
            return self.asked()
        return self.viewer()

    def peek(self, looking: bool) -> None:
        """Peek mode: the person to move holds (True) or lets go of (False) the peek key."""
        self.peeking = self.actor() if looking and self.privacy == "peek" else None

    def privacy_key(self) -> tuple[int | None, bool]:
        """What the screen shows, as far as privacy goes: (viewer, curtain up); in peek mode
        (person to move, looking)."""
        if self.privacy == "peek":
            return (self.actor(), self.viewer() is not None)
        who = self.curtain_for()
        return (None, True) if who is not None else (self.viewer(), False)

    def view(self) -> View:
        return self.view_for(self.viewer())

    def forget_on_new_viewer(self, shown: tuple[int | None, bool]) -> None:
        """The card pointed at (and its large preview, or the score of a place), the cards chosen
        and the bet belong to the person who was looking: a frame for anybody else (or the
        curtain) starts without them, so nothing of one person's hand reaches the next."""
        if shown != self._shown_for:
            # Peek mode, the same person letting go or looking again: keep what they chose (no
            # card of it is drawn while they do not look), forget what is pointed at.
            keep = self.privacy == "peek" and self._shown_for is not None and self._shown_for[0] == shown[0]
            self._shown_for = shown
            self.log_back = 0
            if keep:
                self.choices.hover, self.choices.spot = None, None
            else:
                self.choices.clear()

    def lift_curtain(self) -> None:
        """The person the curtain waits for is at the screen."""
        who = self.curtain_for()
        if who is not None:
            self.confirmed = who
