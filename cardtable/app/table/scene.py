"""The table scene: one game in play, who sees what, time passing, and the frame put together.

The scene never decides rules: it draws `session.view(seat)`, offers exactly the view's legal
action templates, and sends filled-in actions to the engine, which says why when it refuses one.
It reads the game only through the session's API (`TableSession` below: view, to_move, is_over,
check, act, undo, undo_refusal, bot_seed) and the fixed rules; the full state stays in the session.

Who sees what (the curtain or peek mode, the viewer and the person at the screen) is seeing.py's.

Between hands and at the end the table steps aside for public screens (viewer None): a hand that
ended with hands shown puts up the showdown (showdown.py) until someone presses Continue (nobody
acts meanwhile, computer players included, and the next curtain comes after it); a game that ends
at this table shows the standings and what next (finale.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from ...engine import Rules, scoring
from ...engine.howto import howto
from ...engine.types import Action, View
from ..controls import Control, card_spots, verb_of
from ..save_banner import draw_save_banner
from ..scene import App, Scene
from . import input as table_input
from .animation import Animations
from .autoplay import DELAYS, Autoplay
from .cards import Canvas, Faces, Hit
from .choices import Choices, placement_preview
from .cues import Cues
from .draw_bar import Slider
from .game import BOT_LEVEL, TableSession, cannot_go_on, computer_action, elsewhere, seat_player
from .hints import Hints
from .layout import GridCamera
from .paint import paint
from .seeing import WhoSees
from .settle import Ready
from .showdown import Showdown, holdings
from .still import StillFrame
from .your_hand import HandLine, HandReader

BOT_DELAY = DELAYS["normal"]  # seconds a computer player "thinks" visibly before acting


class TableScene(WhoSees, Scene):
    manifest_scene = "table"
    scales_text = True  # the table lays itself out for the window (layout.py)

    def __init__(
        self,
        app: App,
        session: TableSession,
        bot_delay: float = BOT_DELAY,
        privacy: str = "curtain",
        auto_flip: bool = False,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.start_seeing(privacy)
        # the hand tables, read or built before the first frame (a build mid-game stalled a frame)
        scoring.prepare(session.rules, session.view(None).get("ranking", "published"))
        self.deck = session.rules.variant.deck
        self.anim = Animations()
        self.canvas = Canvas(Faces(self.deck), self.anim)
        self.choices = Choices()  # the viewer's: forgotten when the viewer changes
        self.grid = GridCamera()
        self.autoplay = Autoplay(session.rules)
        self.autoplay.delay = bot_delay
        self.auto_flip = auto_flip  # flipping rounds run by themselves (the bar's toggle)
        self.bot_level = (
            BOT_LEVEL  # of a computer seat given none at New game, and of a person's turn played for them
        )
        self._undo_why: tuple[tuple[int, int] | None, str | None] = (None, None)  # ((version, seat), why)
        self.message = ""  # why the last action was refused, or what undo did
        self.broken = ""  # why the game cannot go on (its rules failed in play), else ""
        self.fleeting: tuple[str, float] | None = None  # a message that goes by itself (input.py)
        self.show_rules = False
        self.log_back = 0  # how many lines the side panel is scrolled back from the newest
        self.log_area: pygame.Rect | None = None  # where the side panel's text was last drawn
        self.panel_open: bool | None = (
            None  # the side panel, as the person set it (None: as the window suits)
        )
        self.panel_shown = True  # whether the last frame showed it
        self.controls: list[Control] = []
        self.slider: Slider | None = None
        self.pointer = pygame.mouse.get_pos() if pygame.display.get_init() else (0, 0)
        self.sampler: Any = None  # the rules panel's frequency sampler, made when first shown
        self._version = 0  # bumped by every change of the game: views are cached per version
        self._network_changes = 0  # network play: the session's count of changes from elsewhere
        self._last_hand_seen = self._hand_key()
        self.showdown: Showdown | None = None  # the public showdown, up until Continue
        self.hints = Hints()  # first-game hints, per person and kind of decision
        self.role_notes = howto(self.rules.variant).roles  # the seat badges' tooltips
        self.finished = False  # the game ended at this table: the end screen is up
        # the end screen's ways on ("Play again", "New game"), given by whoever started the game
        self.next_games: dict[str, Callable[[], Scene | None]] = {}
        self._held = self._holdings()  # (hand number, what each seat held when it started)
        self.hand_reader = HandReader()  # the viewer's "your hand" line, read once per change
        self.cues = Cues()  # what the table heard happen, for its sounds (app/sound.py)
        # people who passed an optional naming of cards: not asked again this game,
        # unless the table asks every hand (the bar's toggle, E)
        self.named_pass: set[int] = set()
        self.ask_every_hand = False
        self.still = StillFrame()  # the last frame, kept while nothing it shows changes (still.py)

    # ------------------------------------------------------------------ what other parts read
    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def clock(self) -> float:
        return self.anim.clock

    @clock.setter
    def clock(self, value: float) -> None:
        self.anim.clock = value

    @property
    def bot_delay(self) -> float:
        return self.autoplay.delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self.autoplay.delay = seconds

    @property
    def hits(self) -> list[Hit]:
        """The click targets of the last frame."""
        return self.canvas.hits

    @property
    def drawn_cards(self) -> list[int]:
        """Every card id drawn face up in the last frame."""
        return self.canvas.drawn

    @property
    def rng(self) -> random.Random:
        """For a person's "at random" choices: fixed by the game and the decisions so far."""
        return random.Random(self.session.bot_seed())

    # ------------------------------------------------------------------ acting
    def act(self, action: Action, asked: bool = True) -> bool:
        """Send a decision to the engine; False (and the reason, shown) when it refuses it.
        `asked`: a person at the screen made it (not a computer player, nor autoplay for them)."""
        reason = self.session.check(action)
        if reason is not None:
            self.message = reason[0].upper() + reason[1:]
            return False
        verb = verb_of(self.view_for(None))  # the decision's verb, before the game moves on
        try:
            self.session.act(action)
        except Exception as exc:  # rules that fail in play: said with the file's line, game kept
            self.broken = self.message = cannot_go_on(self.session, exc)
            return False
        self._version += 1
        if asked and action["seat"] is not None and action["seat"] in self.humans():
            self.grace = action["seat"]  # theirs to take back until anybody else sees anything new
            if verb is not None and verb.standing_pass and action["type"] == verb.standing_pass:
                self.named_pass.add(action["seat"])  # once per game: the pass holds
        self._note_hand_end()
        if verb is not None and action["seat"] is not None:
            self.anim.say(action["seat"], verb.describe(action, self.deck.short))
        self.choices.decided()
        if asked and self.hints.showing is not None and self.hints.showing[0] == action["seat"]:
            self.hints.decided()
        self.message = ""
        self.canvas.hits = []  # the places clicked on belonged to the game before this action
        return True

    def leave(self) -> None:
        close = getattr(self.session, "close", None)  # another window may now have this game
        if close is not None:
            close()
        self.app.pop()  # the game is autosaved after every action

    def open_help(self) -> None:
        """How to play this game (F1, or the ? button); the game waits meanwhile."""
        from ..howto import HowToScene
        from ..rules_view import RulesScene

        variant = self.rules.variant
        self.app.push(HowToScene(self.app, variant, lambda: RulesScene(self.app, variant)))

    def continue_game(self) -> None:
        """Take the showdown down: the game goes on (or, when it is over, the end screen)."""
        self.showdown = None

    def end_choice(self, label: str) -> None:
        """The end screen's button `label`: "Menu" leaves, the others put their scene here."""
        if label == "Menu":
            self.leave()
        elif label in self.next_games:
            scene = self.next_games[label]()
            if scene is not None:
                self.app.replace(scene)

    def undo(self) -> None:
        """Take back the last decision of the person at the screen, or of the person who decided
        last while in their grace (the next person's curtain is up, or they have not looked yet):
        or say in a few words why that is not fair. It goes back to that person, behind a curtain
        when the screen has moved on."""
        seat = self.undo_seat()
        if seat is None:
            return
        why = self.undo_refusal(seat)
        if why is None and self.session.undo(seat):
            self.named_pass.discard(seat)  # a pass taken back is asked again
            self._version += 1
            self.grace = None
            self.message = "Your last decision was taken back."
            self.choices.decided()  # the decision comes back as first offered: no cards, no amount
        else:
            self.message = f"Undo is not possible: {why or 'not fair now'}."

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not undo now (None: it may), asked once per change of the game."""
        if self._undo_why[0] != (self._version, seat):
            self._undo_why = ((self._version, seat), self.session.undo_refusal(seat))
        return self._undo_why[1]

    def undo_control(self, seat: int) -> Control:
        """The bar's Undo, for `seat` (in peek mode, before the next person looks, the last
        decider's)."""
        why = self.undo_refusal(seat)
        name = self.view_for(None)["seats"][seat]["name"]
        tip = f"take back {name}'s last decision" if why is None else f"not now: {why}"
        label = "Undo" if seat == self.actor() else "Undo last move"
        return Control(label, self.undo, None, "Ctrl+Z", enabled=why is None, tip=tip)

    def place(self, at: tuple[int, int]) -> None:
        """Put the one chosen card of the hand at a place of the grid."""
        seat = self.actor()
        spots = card_spots(self.view_for(seat)) if seat is not None else None
        if spots is None:
            return
        if len(self.choices.selected) != 1:
            self.message = "Choose a card of your hand first, then a green square."
            return
        self.act(spots.put(self.choices.selected[0], at))

    def has_hand_line(self) -> bool:
        """Whether the table keeps a strip for the viewer's hand line: a game of ranked hands
        with people at it."""
        return "hands" in self.rules.variant.sections and bool(self.humans())

    def hand_line(self, view: View) -> HandLine | None:
        """What the cards of the view's seat make now (None in a public view, or until read):
        read again when the game changes, the viewer changes, or (a placement game) the card
        chosen does."""
        seat = view["seat"]
        if seat is None or not self.has_hand_line():
            self.hand_reader.forget()
            return None
        form = self.rules.variant.sections["hands"].form
        chosen = tuple(self.choices.selected) if form.runs_zone is not None else ()
        return self.hand_reader.current((self._version, seat, chosen), self.rules.variant, view, chosen)

    def preview_points(self, at: tuple[int, int]) -> str:
        card = self.choices.selected[0] if len(self.choices.selected) == 1 else None
        return placement_preview(self.rules.variant, self.view(), card, at)

    def decide_for_viewer(self) -> None:
        """The person lets the computer player's thinking make this decision for them (a control
        offers it only where that thinking is quick)."""
        seat = self.actor()
        if seat is not None and seat == self.session.to_move():
            self.act(computer_action(self.session, seat, self.bot_level))

    def open_picker(self, send: Action, count: int) -> None:
        """The card picker, to name `count` cards; then `send` goes with them as its "cards"."""
        from ..picker import PickerScene

        def done(cards: list[int]) -> None:
            self.act({**send, "cards": cards})

        self.app.push(PickerScene(self.app, self.deck, count, done, self.canvas.faces.painter))

    # ------------------------------------------------------------------ time
    def _hand_key(self) -> Any:
        last = self.view_for(None)["last_hand"]
        return (last["hand"], len(last.get("shown") or ())) if last else None

    def _holdings(self) -> tuple[int, list[int]]:
        view = self.view_for(None)
        return view["hand_number"], holdings(view, bool(self.rules.betting))

    def _note_hand_end(self) -> None:
        """A hand just ended with hands shown: put the showdown up, with what each seat held when
        the hand started and holds now. A new hand: note what each seat holds as it starts."""
        key = self._hand_key()
        if key != self._last_hand_seen:
            self._last_hand_seen = key
            last = self.view_for(None)["last_hand"]
            if last and last["showdown"] and last["shown"]:
                after = self._holdings()[1]
                self.showdown = Showdown(last, self._held[1], after, self.clock)
        if self._held[0] != self.view_for(None)["hand_number"]:
            self._held = self._holdings()
        self.finished = self.finished or self.session.is_over()

    def update(self, dt: float) -> None:
        self._take_from_network()
        self._advance(dt)
        self._sound()

    def _take_from_network(self) -> None:
        """Network play (cardtable/net): what arrived since the last frame, on this thread."""
        pump = getattr(self.session, "pump", None)
        if pump is not None:
            pump()
            changes = self.session.changes  # type: ignore[attr-defined]  # (a session that pumps counts them)
            if changes != self._network_changes:  # taken in here or by whoever pumped it last
                self._network_changes = changes
                self._version += 1
        take_notice = getattr(self.session, "take_notice", None)
        said = take_notice() if take_notice is not None else ""
        if said:
            self.message = said

    def _sound(self) -> None:
        """The sounds of what happened at the table since the last frame (public things only)."""
        sound = self.app.sound
        if sound.state != "open":
            return  # no mixer (headless, no device): nothing to hear for
        asked = None if self.showdown is not None or self.finished else self.asked()
        peek_many = self.privacy == "peek" and len(self.humans()) > 1
        heard = self.cues.hear(self._version, self.view_for(None), asked, self.curtain_for(), peek_many)
        sound.play(heard)  # muted: heard, so unmuting plays nothing from before

    def toggle_sound(self) -> None:
        """V: the table's sounds off, or on again (remembered); said in the bar for a while."""
        on = self.app.sound.toggle()
        self.message = "Sound on (V turns it off)." if on else "Sound off (V turns it on)."
        self.fleeting = (self.message, self.clock + 3.0)

    def _advance(self, dt: float) -> None:
        self.anim.tick(dt)
        if self.fleeting is not None and (self.message != self.fleeting[0] or self.clock >= self.fleeting[1]):
            if self.message == self.fleeting[0]:
                self.message = ""  # said long enough: the bar's instruction again
            self.fleeting = None
        self._note_hand_end()
        if self.showdown is not None:
            return  # everyone looks at the showdown; nobody acts until someone presses Continue
        to_move = self.session.to_move()
        if to_move is None or self.asked() is not None or self.broken or to_move in elsewhere(self.session):
            self.autoplay.wait()
            return

        def begin() -> tuple[View, int]:  # that seat's own view, for its thinking: never drawn
            return self.session.view(to_move), self.session.bot_seed()

        verb = verb_of(self.view_for(None))
        if verb is not None and self.passes_naming(to_move):  # they passed once this game: it holds
            self.act({"seat": to_move, "type": verb.standing_pass}, asked=False)
            return
        run = to_move in self.humans()
        try:
            level, style = seat_player(self.session, to_move, self.bot_level)
            action = self.autoplay.step(dt, self._version, begin, level, run, style)
        except Exception as exc:  # a computer player that cannot think under these rules
            self.broken = self.message = cannot_go_on(self.session, exc)
            return
        if action is not None:
            self.act(action, asked=False)

    def passes_naming(self, seat: int) -> bool:
        """Whether `seat`'s decision now is an optional one whose pass they already chose this
        game (`Verb.standing_pass`; asked once per game unless the table asks every hand): the
        table passes for them."""
        if self.ask_every_hand or seat not in self.named_pass:
            return False
        public = self.view_for(None)
        verb = verb_of(public)
        return verb is not None and bool(verb.standing_pass) and public["to_move"] == seat

    def toggle_ask_every_hand(self) -> None:
        self.ask_every_hand = not self.ask_every_hand

    def hurry(self) -> None:
        """Space while nobody is asked: no more waiting until a person must decide."""
        if self.session.to_move() is not None and self.asked() is None and self.showdown is None:
            self.autoplay.hurry = True

    def toggle_auto_flip(self) -> None:
        """Flipping rounds run by themselves (each person's card is the computer's choice for
        them), or ask each person again; remembered for the next game."""
        from ..settings import save

        self.auto_flip = not self.auto_flip
        save(auto_flip=self.auto_flip)

    def handle(self, event: pygame.event.Event) -> None:
        table_input.handle(self, event)

    # ------------------------------------------------------------------ the frame
    def draw(self, surface: pygame.Surface) -> None:
        """The frame: kept as it was when nothing it shows changed (still.py), else painted."""
        self.still.draw(self, surface)

    def resized(self, size: tuple[int, int]) -> None:
        self.still.forget()  # the window's surface was made again: it holds no kept frame

    def paint(self, surface: pygame.Surface, ready: Ready | None = None) -> None:
        """The frame painted afresh (`ready`: the scene settled for it, settle.py)."""
        paint(self, surface, ready)
        # "Not saved: ...", else a networked game's notice ("Connection to the host lost: ...")
        draw_save_banner(
            surface, getattr(self.session, "save_problem", None), getattr(self.session, "table_notice", None)
        )

    def toggle_panel(self) -> None:
        """L: fold the side panel away, or bring it back (the table makes room either way)."""
        self.panel_open = not self.panel_shown
        self.show_rules = self.show_rules and self.panel_open
