"""Privacy at one screen, checked on what the frames really drew (the frame manifest).

Hot-seat games of every variant (variants/ and variants/examples/), people with a computer player
among them where the game seats three or more, in both privacy modes, played through the headless
driver as people play them: before each decision the person moves the mouse over their own cards
and clicks some, then decides with a key (or, when cards must be chosen, through the table's own
act path); the curtain is lifted by its person with Enter, a click on its button, or Space after a
pause; in peek mode H is held and let go, and sometimes kept down (the keyboard repeating it)
while the turn passes. Every frame is judged on two rules:

- No private card reaches another viewer. Each seat's private cards are learned from the frames
  where that seat is the viewer (its face-up cards in "hand:SEAT"). Such a card must never show
  face up in a frame of another viewer, or of nobody (a curtain, a public frame), anywhere, unless
  the public view shows it or it was shown at the last showdown ("revealed" comes from the
  engine's public view, never from the frame under test).
- Nobody's cards appear while the table may be looking. A frame may show seat s cards the public
  does not see only if the frame before was s's own view, or s has just confirmed being at the
  screen: lifted the curtain that named them, or (peek mode) freshly pressed H or the mouse on
  their cards while it was their move. Any other frame (the public table while computer players
  move or a round runs by itself, a showdown, the standings, a curtain, another screen) ends
  everyone's privacy.
- What a hand makes is said in its owner's view only: a frame of nobody's view (a curtain, the
  public table, a showdown) has no "your hand" line (no `your_hand` region).

A second test taps Space every 0.3 s (of the table's injected time) after each person's decision,
as somebody hurrying the computer players does, through computer players' turns and across the
curtains that rise meanwhile: no tap may lift a curtain.
"""

import random
from collections import defaultdict

import pygame
import pytest
from conftest import VARIANT_IDS, VARIANTS, builtin
from input_events import Keyboard, key, keyup, mouse

from cardtable.app.headless import start
from cardtable.app.table.input import PEEK_KEY as PEEK
from cardtable.engine.bots.randomly import calm
from cardtable.session import visible_cards

ALL_VARIANTS = VARIANT_IDS + [f"examples/{p.stem}" for p in sorted((VARIANTS / "examples").glob("*.yaml"))]
# A computer player between people, where the game seats three. Easy: every level takes the same
# view and the table shows the same frames while any level thinks; easy only deals out fewer hands.
SEATING = ["Ann", "Bob", "bot-easy", "Cid"]
OPTIONS = {"hands": 2, "called_shot": False}  # two hands: the showdown, then the next deal
FRAMES = 3000
KEYS = {  # the action bar's shortcuts for the decisions that need no cards chosen
    "fold": pygame.K_f,
    "check": pygame.K_k,
    "call": pygame.K_c,
    "bet": pygame.K_b,
    "raise": pygame.K_b,
    "all_in": pygame.K_a,
    "draw": pygame.K_w,
    "pass": pygame.K_p,
    "flip": pygame.K_SPACE,
}
PREFERRED = ("check", "call", "flip", "draw", "pass", "place", "discard", "swap", "bet", "raise")


def press(k, mod=0):
    """A key pressed and let go."""
    return [key(k, mod=mod), keyup(k)]


def revealed(session):
    """Cards everyone may see now: the public view's, and the hands shown at the last showdown
    (worked out again only when the game's state is another: states are never changed)."""
    state = session.full_state_for_tests()
    if _REVEALED.get("state") is not state:
        _REVEALED.update(state=state, cards=_revealed(session))
    return _REVEALED["cards"]


_REVEALED: dict = {}


def _revealed(session):
    public = session.view(None)
    shown = (public.get("last_hand") or {}).get("shown", [])
    # a split pot's low hands too: the table talk says their cards at the showdown (engine/split.py)
    return visible_cards(public) | {
        card for hand in shown for card in hand["cards"] + hand.get("low_cards", [])
    }


def seating(variant):
    return SEATING[: max(2, min(len(SEATING), variant.max_players))]


def describe(m):
    if m["scene"] != "table":
        return f"the {m['scene']} screen"
    if m["curtain"]:
        return "a curtain"
    if any(r["name"] == "showdown" for r in m["regions"]):
        return "the public showdown"
    return "the public table" if m["viewer"] is None else f"seat {m['viewer']}'s view"


class Watcher:
    """Learns each seat's private cards from its own frames and fails on any frame that shows
    one of them face up to somebody else, or that shows a seat's private cards while the table
    may be looking (see the module's docstring)."""

    def __init__(self, app, vid, keyboard):
        self.app, self.vid, self.keyboard = app, vid, keyboard
        self.table = app.scene
        self.learned = defaultdict(set)
        self.frames = 0
        self.curtains = 0  # curtains shown, each once however many frames it stays up
        self.private_views = 0  # frames that showed a seat its private cards
        self._curtain_up = False
        self.owner = None  # the seat whose private view the last frame was (None: anybody may look)
        self.before = "the start"

    def step(self, events=(), dt=0.05, confirm=None):
        """Send `events`, advance `dt`; `confirm`: the seat these events come from, confirming that
        it is at the screen (lifting its curtain, a fresh press of the peek key)."""
        events = list(events)
        self.keyboard.feel(events)
        self.app.step(events, dt)
        self.check(self.app.manifest(), confirm)
        if self.app.scene is not self.table:  # a click opened another screen (How to play): back
            self.app.step(press(pygame.K_ESCAPE), dt)
            self.check(self.app.manifest())

    def check(self, m, confirm=None):
        self.last = m  # the manifest of the last frame drawn (the loops read it rather than ask again)
        self.frames += 1
        self.curtains += m["curtain"] and not self._curtain_up
        self._curtain_up = m["curtain"]
        viewer = m["viewer"]
        assert not (m["curtain"] and viewer is not None)
        hand_line = [r for r in m["regions"] if r["name"] == "your_hand"]
        assert viewer is not None or not hand_line, (  # what somebody holds is said in their view only
            f"{self.vid}: a 'your hand' line in {describe(m)}"
        )
        session = self.table.session
        up = [c for c in m["cards"] if c["face_up"]]
        own = {c["id"] for c in up if viewer is not None and c["where"] == f"hand:{viewer}"}
        if viewer is not None:
            self.learned[viewer] |= own
        public = revealed(session)
        for c in up:
            for seat, cards in self.learned.items():
                if seat == viewer or c["id"] not in cards or c["id"] in own:
                    continue
                assert c["id"] in public, (
                    f"{self.vid}: seat {seat}'s card {c['id']} shown face up at {c['where']} "
                    f"{c['rect']} in a frame of {'the curtain' if m['curtain'] else f'viewer {viewer}'}"
                )
        if m["curtain"]:  # never for the person already at the screen
            assert self.owner is None or self.owner != session.to_move(), (
                f"{self.vid}: a curtain for seat {self.owner}, who was at the screen"
            )
        secret = sorted({c["id"] for c in up if c["id"] not in public})
        here = viewer is not None and viewer in (self.owner, confirm) and m["scene"] == "table"
        if viewer is not None and secret:
            self.private_views += 1
            assert here, (
                f"{self.vid}: seat {viewer}'s private cards {secret} shown right after "
                f"{self.before}, with no curtain confirmed by them (nor a fresh hold of the peek key)"
            )
        self.owner = viewer if here else None
        self.before = describe(m)


def fiddle(w, rng, m, seat):
    """Point at, click, press and hold, drag and wheel over the person's own cards and anywhere
    above the action bar, as a restless person at the screen does (the decisions themselves are
    made by `decide`)."""
    own = [c for c in m["cards"] if c["where"] == f"hand:{seat}"]
    width, height = w.app.surface.get_size()
    height = min([height] + [r["rect"][1] for r in m["regions"] if r["name"] == "actions"])
    for _ in range(rng.randint(1, 3)):
        if own and rng.random() < 0.6:
            x, y, cw, ch = rng.choice(own)["rect"]
            pos = (x + rng.randrange(max(1, cw)), y + rng.randrange(max(1, ch)))
        else:
            pos = (rng.randrange(width), rng.randrange(height))
        gesture = rng.random()
        if gesture < 0.4:
            w.step([mouse(pygame.MOUSEMOTION, pos)])
        elif gesture < 0.7:
            w.step([mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONUP, pos)])
        elif gesture < 0.85:  # press, hold while moving (a peek by mouse, a drag), let go
            button = rng.choice((1, 3))
            w.step([mouse(pygame.MOUSEBUTTONDOWN, pos, button)], confirm=seat if button == 1 else None)
            there = (rng.randrange(width), rng.randrange(height))
            w.step([mouse(pygame.MOUSEMOTION, there)])
            w.step([mouse(pygame.MOUSEBUTTONUP, there, button)])
        else:
            w.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)))])


def decide(w, rng, seat):
    """One decision: a key when the bar has one for it, else the table's own act path."""
    table = w.app.scene
    view = table.session.view(seat)
    legal = {t["type"]: t for t in view["legal"]}
    kind = next((k for k in PREFERRED if k in legal), None)
    everyone_seen = len(w.learned) == len(view["seats"])  # folds only once every hand has been looked at
    if kind is None or ("fold" in legal and everyone_seen and rng.random() < 0.1):
        kind = "fold" if "fold" in legal else rng.choice(sorted(legal))
    t = legal[kind]
    if kind in KEYS:
        w.step(press(KEYS[kind]))
        return
    hand = sorted(
        c for z in view["zones"].values() if z["owner"] == seat for c in z.get("cards", []) if c >= 0
    )
    action = {"seat": seat, "type": kind}
    if kind == "discard":
        action["cards"] = rng.sample(hand, rng.randint(t["min"], min(t["max"], len(hand))))
    elif kind == "swap":
        action["give"] = rng.sample(hand, t["count"])
    elif kind == "place":
        action["card"], action["at"] = rng.choice(t["cards"]), list(rng.choice(t["spots"]))
    elif kind == "declare":
        action["cards"] = rng.sample(range(table.session.rules.variant.deck.size), t["count"])
    assert table.act(action), table.message
    w.step()


def open_game(vid, privacy, monkeypatch, auto_flip=False, size=(960, 600)):
    """The game of `vid` at the headless table, people and a computer player, the keyboard faked."""
    variant = builtin(vid)
    options = {k: v for k, v in OPTIONS.items() if k in variant.sections.get("options", {})}
    keyboard = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", keyboard)
    app = start(
        variant, players=seating(variant), seed=3, size=size, options=options, privacy=privacy, autosave=False
    )
    app.scene.auto_flip = auto_flip  # (the bar's toggle) rounds of flips run by themselves, in public
    w = Watcher(app, vid, keyboard)
    w.check(app.manifest())
    return app, w


def lift(w, rng, m, seat):
    """The person the curtain names takes the screen and lifts it on purpose: Enter, a click on
    its button, or Space after a moment with no key tapped."""
    how = rng.random()
    w.step([], dt=0.5 if how < 0.7 else 1.5)  # the screen changes hands
    if how < 0.35:
        w.step(press(pygame.K_RETURN), confirm=seat)
    elif how < 0.7:
        button = next((t["rect"] for t in m["texts"] if t["text"].startswith("I am")), None)
        assert button is not None, m["texts"]
        at = (button[0] + button[2] // 2, button[1] + button[3] // 2)
        w.step([mouse(pygame.MOUSEBUTTONDOWN, at), mouse(pygame.MOUSEBUTTONUP, at)], confirm=seat)
    else:
        w.step(press(pygame.K_SPACE), confirm=seat)


def play(vid, privacy, monkeypatch, frames=FRAMES):
    """A hot-seat game of `vid`, people and a computer player, in `privacy` mode, every frame
    checked. In peek mode the peek key is held and let go at random, and sometimes kept down while
    the turn passes (the keyboard repeating it); the view drawn must be the person to move's
    exactly while they hold it. Returns the watcher and the decisions made."""
    app, w = open_game(vid, privacy, monkeypatch, auto_flip=privacy == "curtain")
    session = app.scene.session
    people = set(app.scene.humans())
    rng = random.Random(vid + privacy)
    decisions = second = 0  # second: people's decisions in the second hand (once they are a few, enough)
    held_by = None  # peek mode: the person to move when the peek key went down (None: it is up)
    stale = False  # ... and a public screen (the showdown) came up since: it shows nothing now
    for _ in range(frames):
        if session.is_over() or second >= 2:
            break
        m = w.last
        seat = session.to_move()
        if any(r["name"] == "showdown" for r in m["regions"]):  # public: look at it, then Continue
            w.step(press(pygame.K_SPACE), dt=0.5)
            stale = held_by is not None
            continue
        if privacy == "peek":
            assert not m["curtain"], f"{vid}: a curtain in peek mode"
            assert m["viewer"] == (
                seat if held_by == seat and not stale and app.scene.asked() == seat else None
            ), (
                vid,
                m["viewer"],
                seat,
            )
            if held_by is not None and (held_by != seat or stale or rng.random() < 0.3):
                for _ in range(
                    rng.randrange(12) if held_by != seat or stale else 0
                ):  # still down: it repeats
                    w.step([key(PEEK)], dt=0.035)
                w.step([keyup(PEEK)])  # let go (and maybe look again later)
                held_by, stale = None, False
                continue
            if seat not in people or app.scene.asked() is None:  # the computer's move, or a run-out
                w.step([], dt=0.5)
                continue
            if held_by is None and (seat not in w.learned or rng.random() < 0.7):  # each looks at least once
                w.step([key(PEEK)], confirm=seat)
                held_by = seat
                continue
        else:
            if m["curtain"]:  # the next person lifts it
                lift(w, rng, m, seat)
                continue
            if m["viewer"] != seat:  # another public frame: let time pass
                w.step([], dt=0.5)
                continue
        if rng.random() < 0.6:
            fiddle(w, rng, m, seat)
        if session.to_move() == seat and app.scene.asked() == seat:
            decide(w, rng, seat)
            decisions += 1
            second += session.view(None)["hand_number"] > 1
    for _ in range(3):  # the end: the showdown and the result, public
        w.step([], dt=1.0)
    pygame.display.quit()
    assert session.is_over() or second >= 2, f"{vid}: the game did not reach its second hand"
    assert decisions >= 2 and set(w.learned) == people, (decisions, dict(w.learned))
    return w, decisions


@pytest.mark.parametrize("privacy", ["curtain", "peek"])
@pytest.mark.parametrize("vid", ALL_VARIANTS)
def test_no_private_card_reaches_another_viewer_nor_a_watching_table(vid, privacy, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    w, _ = play(vid, privacy, monkeypatch)
    assert w.private_views > 0
    assert (w.curtains > 0) == (privacy == "curtain"), (vid, w.curtains)


TAP_EVERY = 0.3  # seconds between the hurrying person's taps on Space
TAPPING = 4.0  # for this long after each of their decisions
TAPPED_DECISIONS = 6  # decisions followed by tapping, per game


@pytest.mark.parametrize("privacy", ["curtain", "peek"])
@pytest.mark.parametrize("vid", ALL_VARIANTS)
def test_space_tapped_to_hurry_never_lifts_a_curtain(vid, privacy, tmp_path, monkeypatch):
    """After each person's decision they tap Space every 0.3 s for 4 s, through the computer
    players' turns and whatever comes up: no tap shows anybody's cards (in curtain mode, no curtain
    that rose meanwhile lifts; in peek mode, nobody's view). Then, after a pause with no tap, the
    next person's own Space lifts their curtain."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app, w = open_game(vid, privacy, monkeypatch, auto_flip=vid.endswith("infinite_poker"), size=(800, 600))
    table, session = app.scene, app.scene.session
    rng = random.Random(vid + privacy)
    risen = tapped_turns = tapped = 0
    for _ in range(400):
        if session.is_over() or tapped == TAPPED_DECISIONS:
            break
        m = w.last
        if privacy == "curtain" and m["curtain"]:  # after a pause, the person named lifts it with Space
            seat = session.to_move()
            w.step([], dt=1.5)
            w.step(press(pygame.K_SPACE), confirm=seat)
            assert w.last["viewer"] == seat, f"{vid}: Space after a pause did not lift the curtain"
            continue
        seat = table.asked()
        if seat is None or (privacy == "curtain" and m["viewer"] != seat):
            w.step([], dt=0.5)  # the computer's move, a run-out, a showdown: wait (or Continue)
            if any(r["name"] == "showdown" for r in m["regions"]):
                w.step(press(pygame.K_RETURN))
            continue
        w.step([], dt=1.5)  # the person thinks a moment, then decides (and taps Space at once)
        # (what they decide is not what this test is about: a calm random choice, no thinking)
        assert table.act(calm(session.rules, session.view(seat), rng)), table.message
        w.step()
        tapped += 1
        curtain_seen, others = False, False
        clock = 0.0
        while clock < TAPPING and not session.is_over():  # frames of 0.1 s, a tap every third
            taps = round(clock / 0.1) % round(TAP_EVERY / 0.1) == 0
            w.step(press(pygame.K_SPACE) if taps else [], dt=0.1)
            clock += 0.1
            m = w.last
            if m["curtain"] and not curtain_seen:
                curtain_seen, risen = True, risen + 1
            others = others or session.to_move() not in (seat, None)
            if privacy == "peek" or curtain_seen:
                assert m["viewer"] is None, (
                    f"{vid}: Space tapped every {TAP_EVERY} s showed seat {m['viewer']}'s view "
                    f"{'after a curtain rose' if curtain_seen else 'in peek mode'}"
                )
        tapped_turns += others
    pygame.display.quit()
    assert tapped_turns >= 2, (vid, tapped_turns)
    if privacy == "curtain":
        assert risen >= 1, (vid, risen)
