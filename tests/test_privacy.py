"""Privacy at one screen, checked on what the frames really drew (the frame manifest).

Hot-seat games of every variant with only people, played through the headless driver as people
play them: before each decision the person moves the mouse over their own cards and clicks some,
then decides with a key (or, when cards must be chosen, through the table's own act path); the
curtain is lifted with Space or a click. Each seat's private cards are learned from the frames
where that seat is the viewer (its face-up cards in "hand:SEAT"). Such a card must never show face
up in a frame of another viewer, or of nobody (a curtain, a public frame), anywhere (hands, the
large preview, the showdown, an animation), unless the public view shows it (turned up on the
table, shown for double stakes) or it was shown at the last showdown: "revealed" comes from the
engine's public view, never from the frame under test.
"""

import random
from collections import defaultdict

import pygame
import pytest
from conftest import VARIANT_IDS, builtin
from input_events import key, keyup, mouse

from cardtable.app.headless import start
from cardtable.app.table.input import PEEK_KEY as PEEK
from cardtable.session import visible_cards

PEOPLE = ["Ann", "Bob", "Cid"]
SMALL = {"hands": 1, "called_shot": False}  # one hand; nobody names cards before the deal
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


def revealed(session):
    """Cards everyone may see now: the public view's, and the hands shown at the last showdown."""
    public = session.view(None)
    shown = (public.get("last_hand") or {}).get("shown", [])
    return visible_cards(public) | {card for hand in shown for card in hand["cards"]}


class Watcher:
    """Learns each seat's private cards from its own frames and fails on any frame that shows
    one of them face up to somebody else."""

    def __init__(self, app, vid):
        self.app, self.vid = app, vid
        self.table = app.scene
        self.learned = defaultdict(set)
        self.frames = 0
        self.curtains = 0  # curtains shown, each once however many frames it stays up
        self._curtain_up = False

    def step(self, events=(), dt=0.05):
        self.app.step(list(events), dt)
        self.check(self.app.manifest())
        if self.app.scene is not self.table:  # a click opened another screen (How to play): back
            self.app.step([key(pygame.K_ESCAPE)], dt)
            self.check(self.app.manifest())

    def check(self, m):
        self.frames += 1
        self.curtains += m["curtain"] and not self._curtain_up
        self._curtain_up = m["curtain"]
        viewer = m["viewer"]
        assert not (m["curtain"] and viewer is not None)
        up = [c for c in m["cards"] if c["face_up"]]
        own = {c["id"] for c in up if viewer is not None and c["where"] == f"hand:{viewer}"}
        if viewer is not None:
            self.learned[viewer] |= own
        public = None
        for c in up:
            for seat, cards in self.learned.items():
                if seat == viewer or c["id"] not in cards or c["id"] in own:
                    continue
                public = revealed(self.table.session) if public is None else public
                assert c["id"] in public, (
                    f"{self.vid}: seat {seat}'s card {c['id']} shown face up at {c['where']} "
                    f"{c['rect']} in a frame of {'the curtain' if m['curtain'] else f'viewer {viewer}'}"
                )


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
            w.step([mouse(pygame.MOUSEBUTTONDOWN, pos, button)])
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
        w.step([key(KEYS[kind])])
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


def private(session, seat):
    """Cards the seat's own view shows and the public view does not."""
    return visible_cards(session.view(seat)) - visible_cards(session.view(None))


def play(vid, privacy, frames=FRAMES):
    """A hot-seat game of `vid` with only people, in `privacy` mode, every frame checked. In
    curtain mode every change of the person at the screen is judged: a curtain exactly when the
    new person's view shows private cards. In peek mode the peek key is held and let go at random
    and the view drawn is the person to move's exactly while they hold it. Returns the watcher
    (with the curtains shown, each counted once), the changes of person that needed a curtain,
    and the decisions made."""
    variant = builtin(vid)
    options = {k: v for k, v in SMALL.items() if k in variant.sections.get("options", {})}
    people = PEOPLE[: max(2, min(3, variant.max_players))]
    app = start(vid, players=people, seed=3, size=(1280, 720), options=options, privacy=privacy)
    session = app.scene.session
    rng = random.Random(vid)
    w = Watcher(app, vid)
    w.check(app.manifest())
    decisions = changes = 0
    at_screen = None  # curtain mode: the person who last lifted the curtain or decided
    held_by = None  # peek mode: the person to move when the peek key went down (None: it is up)
    for _ in range(frames):
        if session.is_over():
            break
        m = app.manifest()
        seat = session.to_move()
        if any(r["name"] == "showdown" for r in m["regions"]):  # public: look at it, then Continue
            w.step([key(pygame.K_SPACE)], dt=0.5)
            continue
        if privacy == "peek":
            assert not m["curtain"], f"{vid}: a curtain in peek mode"
            assert m["viewer"] == (seat if held_by == seat else None), (vid, m["viewer"], seat, held_by)
            if held_by is not None and (held_by != seat or rng.random() < 0.3):
                w.step([keyup(PEEK)])  # let go (and maybe look again later)
                held_by = None
                continue
            if held_by is None and (seat not in w.learned or rng.random() < 0.7):  # each looks at least once
                w.step([key(PEEK)])
                held_by = seat
                continue
        else:
            if (m["curtain"] or m["viewer"] == seat) and seat != at_screen:
                changes += bool(private(session, seat))
                at_screen = seat
            if m["curtain"]:  # the next person lifts it: Space, or a click anywhere
                w.step(
                    [key(pygame.K_SPACE)] if rng.random() < 0.5 else [mouse(pygame.MOUSEBUTTONUP, (400, 300))]
                )
                continue
            if m["viewer"] != seat:  # another public frame: let time pass
                w.step([], dt=0.5)
                continue
        if m["viewer"] == seat or privacy == "peek":  # peek: maybe by holding the mouse on them
            fiddle(w, rng, m, seat)
        if session.to_move() == seat:
            decide(w, rng, seat)
            decisions += 1
    for _ in range(3):  # the end: the showdown and the result, public
        w.step([], dt=1.0)
    pygame.display.quit()
    assert session.is_over(), f"{vid}: the game did not end"
    assert decisions >= 2 and len(w.learned) == len(people), (decisions, dict(w.learned))
    return w, changes, decisions


@pytest.mark.parametrize("privacy", ["curtain", "peek"])
@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_no_private_card_reaches_another_viewer(vid, privacy, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    w, changes, _ = play(vid, privacy)
    if privacy == "curtain":  # a curtain exactly once per change of person with private cards
        assert w.curtains == changes, (vid, w.curtains, changes)
    else:
        assert w.curtains == 0
