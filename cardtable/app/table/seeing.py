"""Who sees what at a hot-seat table: whose view is drawn, who is at the screen, and the curtain.

The rule, here and nowhere else: a frame may show a person the cards only they may see when the
last frame the whole table could see belonged to them: a curtain they lifted (Curtain mode), a
fresh press of the peek key or of the mouse on their cards while it was their move (Peek mode), or
their own view, drawn without a break since. Every other frame the table draws (the public table
while computer players move or a round runs by itself, a showdown, the standings, a curtain not
yet lifted, another person's view) and every other screen (How to play, the menu; a resumed game
starts afresh) ends the privacy of everyone: `seen` is told of each frame drawn, and `may_see`
asks the rule. With one person at the table there is nobody to hide from.

Privacy in hot-seat play, in one of two ways (`privacy`, chosen at New game):
- "curtain": before a person's view with private cards is drawn, unless the rule already allows
  it, a curtain covers the whole screen and names who is next (never for computer players); it
  lifts only on purpose, for that person (curtain_guard.py);
- "peek": no curtain; the table is drawn as everyone sees it, and the person to move looks at
  their own view only while holding the peek key (H), pressed afresh on their move (a key held
  from before, repeating, does nothing). Their choices are kept while they let go and forgotten
  when the turn passes.
While a computer player acts, or a person's flip is made for them (autoplay.py: nobody can bet any
more, or the table lets flipping rounds run by themselves), the screen shows what everyone may see
(or, with a single person at the table, that person's view), with no curtain. What the person
points at and chooses belongs to them: it is forgotten when the viewer changes.

Undo's grace: the person who decided last may take the decision back (`undo_seat`) until the
screen shows anybody else their view (the next person lifts their curtain, or peeks), another
person decides, or a public screen comes up; the session refuses it when a computer player has
replied since, or cards were revealed.

`WhoSees` is the table scene's part that decides this (scene.py mixes it in): it reads the game
through the session's views only, cached per change of the game.
"""

from __future__ import annotations

import pygame

from ...engine.types import View
from ...session import visible_cards
from .animation import Animations
from .autoplay import runs_itself
from .choices import Choices
from .curtain_guard import CurtainGuard
from .game import TableSession, elsewhere
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
        # The person whose privacy holds: they confirmed being at the screen (lifted their
        # curtain, pressed the peek key afresh) and nothing anybody else may see was drawn since.
        self.at_screen: int | None = None
        self.mouse_look = False  # peek mode: looking while the mouse button is held on one's cards
        self.grace: int | None = None  # the person whose last decision Undo may still take back
        self.curtain_guard = CurtainGuard()  # the curtain lifts on purpose only
        self._views: dict[int | None, View] = {}
        self._views_version = -1
        self._private: dict[int, bool] = {}  # per seat, whether its view shows what the public's does not
        self._humans: tuple[View, frozenset[int], list[int]] | None = None  # (public view, away, people)
        self._shown_for: tuple[int | None, bool] | None = None  # (viewer, curtain) of the last frame

    def view_for(self, seat: int | None) -> View:
        if self._views_version != self._version:
            self._views, self._views_version, self._private = {}, self._version, {}
        if seat not in self._views:
            self._views[seat] = self.session.view(seat)
        return self._views[seat]

    def humans(self) -> list[int]:
        """The people at this screen: seats not played by the computer nor on other screens.
        Asked many times a frame: worked out again only for another public view (the game
        changed) or another set of remote seats."""
        public, away = self.view_for(None), elsewhere(self.session)  # away: network play
        known = self._humans
        if known is None or known[0] is not public or known[1] != away:
            seats = [i for i, s in enumerate(public["seats"]) if s["kind"] != "bot" and i not in away]
            known = self._humans = (public, away, seats)
        return list(known[2])

    def asked(self) -> int | None:
        """The person asked to decide now: None while a computer player moves, while a person's
        decision is made for them (autoplay.runs_itself), or when nobody can move."""
        to_move = self.session.to_move()
        if to_move not in self.humans():
            return None
        if runs_itself(self.view_for(None), bool(self.session.rules.betting), self.auto_flip):
            return None
        if self.passes_naming(to_move):  # a naming decision they passed this game: not asked again
            return None
        return to_move

    def passes_naming(self, seat: int) -> bool:
        """Whether the table passes for `seat` now, unasked (scene.py: a naming decision they passed)."""
        return False

    def may_see(self, seat: int) -> bool:
        """The rule: whether a frame may show `seat` their own view now. Yes when it shows nothing
        the public view does not, or when nobody else is at the table; else only when the last
        frame the whole table could see was theirs (`at_screen`)."""
        if len(self.humans()) < 2 or self.at_screen == seat:
            return True
        view = self.view_for(seat)  # (first: a new game's version forgets what was worked out)
        private = self._private.get(seat)
        if private is None:  # asked several times a frame: once per change of the game
            private = self._private[seat] = bool(visible_cards(view) - visible_cards(self.view_for(None)))
        return not private

    def curtain_for(self) -> int | None:
        """The person the curtain is waiting for, if it is up: in curtain mode, when the person
        asked may not see their view yet (`may_see`)."""
        if self.showdown is not None or self.privacy != "curtain":
            return None
        to_move = self.asked()
        if to_move is None or self.may_see(to_move):
            return None
        return to_move

    def keys_held_at_curtain(self) -> set[int]:
        """The lift keys already down when the curtain now up rose (curtain_guard.py)."""
        return self.curtain_guard.note(self.curtain_for(), self.anim.clock)

    def hear(self, event: pygame.event.Event) -> tuple[bool, bool]:
        """Every event, first: (a fresh key press, not a held key repeating; whether it lifts the
        curtain now up, on purpose) (curtain_guard.py)."""
        self.keys_held_at_curtain()
        return self.curtain_guard.hear(event, self.anim.clock)

    def click_lifts_curtain(self) -> bool:
        """Whether a click now lifts the curtain (not the tail of a double-click)."""
        self.keys_held_at_curtain()
        return self.curtain_guard.click_lifts(self.anim.clock)

    def viewer(self) -> int | None:
        """Whose view is drawn: the person acting (in peek mode only while they look), the only
        person, or (None) the public table."""
        if self.session.is_over() or self.showdown is not None:
            return None
        to_move = self.asked()
        humans = self.humans()
        if to_move is not None:
            if self.privacy == "peek" and len(humans) > 1:
                return to_move if self.at_screen == to_move else None
            return to_move if self.may_see(to_move) else None
        if len(humans) == 1:
            return humans[0]
        return None

    def actor(self) -> int | None:
        """The person at the screen (their bar, undo, choices): the viewer; in peek mode with
        several people, the person to move, looking or not."""
        if self.privacy == "peek" and len(self.humans()) > 1 and not self.session.is_over():
            return self.asked()
        return self.viewer()

    def undo_seat(self) -> int | None:
        """Whose decision Undo takes back now: the person who decided last, in their grace (the
        next person's curtain is up, or in peek mode they have not looked yet, or a computer
        player is thinking); else the person at the screen."""
        return self.grace if self.grace is not None else self.actor()

    def peek(self, looking: bool) -> None:
        """Peek mode: the person to move starts looking (a fresh press of the peek key, or of the
        mouse on their cards), or whoever looked lets go (False)."""
        if self.privacy != "peek":
            return
        seat = self.asked() if looking else None
        self.at_screen = seat if seat is not None and len(self.humans()) > 1 else None

    def privacy_key(self) -> tuple[int | None, bool]:
        """What the screen shows, as far as privacy goes: (viewer, curtain up); in peek mode
        (person to move, looking)."""
        if self.privacy == "peek":
            return (self.actor(), self.viewer() is not None)
        who = self.curtain_for()
        return (None, True) if who is not None else (self.viewer(), False)

    def view(self) -> View:
        return self.view_for(self.viewer())

    def seen(self, viewer: int | None, public_screen: bool = False) -> None:
        """A frame was drawn showing `viewer`'s view (None: a curtain, or what everyone may see):
        everybody else's privacy ends, and with a public screen (showdown, standings) or another
        person's view, the last decider's grace for undo."""
        if viewer is None or viewer != self.at_screen:
            self.at_screen = None
        if public_screen or (viewer is not None and viewer != self.grace):
            self.grace = None

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
            self.at_screen = who
