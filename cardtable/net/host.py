"""A hosted table: a GameSession served to remote seats over websockets.

    hosted = HostedTable.start(session, remote_seats=[1, 2], port=0)
    hosted.links          # {seat: "ws://HOST:PORT/#TOKEN"}: give each player theirs
    each frame: hosted.pump()   # applies remote decisions, plays away seats, sends updates
    hosted.stop()

The game stays on the thread that calls `pump` (the frame thread, or a test): the server runs an
asyncio loop in a background thread of its own, which only checks tokens, reads messages into a
queue and writes what `pump` hands it. Each update carries exactly `rules.view(state, seat)` for
its seat (and the public view), and only the talk lines new to it. A HostedTable is itself a
`TableSession` (app/table/game.py) for the host's own window: its remote seats are `elsewhere`.

A dropped seat is away (presence to everyone); once it has been away `away_wait` seconds (on the
injected clock) a computer player of `away_level` plays its turns until it is back. The seats'
tokens are kept in the game's save, sealed with the installation's key (`extra["net"]`), so the
game resumed (`GameSession.resume`) and hosted again accepts the same links.
"""

from __future__ import annotations

import queue
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from ..engine.bots.think import Thinker
from ..engine.types import Action, View
from ..session import GameSession
from .protocol import Link, encode, new_token
from .server import Server, this_machine
from .tokens import hosted_port, hosted_seats, keep_tokens
from .wire import welcome_variant

THINK_S = 0.005  # an away seat's computer player thinks this long per pump
Observer = Callable[[int, str], None]


class HostedTable:
    """A GameSession with remote seats; see the module's docstring."""

    def __init__(
        self,
        session: GameSession,
        remote_seats: Sequence[int],
        away_wait: float,
        away_level: str,
        clock: Callable[[], float],
    ) -> None:
        self.session = session
        self.remote = tuple(sorted(remote_seats))
        self.elsewhere = frozenset(self.remote)  # for the table: seats played on other screens
        self.away_wait, self.away_level, self.clock = away_wait, away_level, clock
        self.run = secrets.token_hex(8)  # this host's run: an update number means nothing in another
        self.links: dict[int, str] = {}
        self.observe: Observer | None = None  # sees every message sent (seat, text): tests, bench
        self.port = 0
        self._server: Server | None = None
        self._here: dict[int, int] = {}  # seat: generation of its live connection
        self._away_since: dict[int, float] = {s: clock() for s in self.remote}
        self._acked: dict[int, int] = dict.fromkeys(self.remote, 0)  # last act seq taken, per seat
        self._seq = 0  # numbers every update sent
        self._talk_at: dict[int, dict[int, int]] = {s: {} for s in self.remote}  # seat: {seq: talk length}
        self._talk_has: dict[int, int] = dict.fromkeys(self.remote, 0)  # talk lines the seat holds
        self._sent: dict[int, tuple[int, int]] = {}  # seat: (game version, seq) last sent
        self._version = 0  # bumped by every change of the game
        self._presence_sent: list[str] = []
        self._public: tuple[int, dict[str, Any]] | None = None  # (game version, its public view)
        self._thinker: tuple[int, Thinker] | None = None
        self.problem: str | None = None  # why an away seat's computer player could not play
        self.messages_sent = 0
        self.bytes_sent = 0
        self._outgoing: list[tuple[int, str]] | None = None  # during `pump`: sent together at its end

    # ------------------------------------------------------------------ starting
    @classmethod
    def start(
        cls,
        session: GameSession,
        remote_seats: Sequence[int] | None = None,
        host: str = "0.0.0.0",
        port: int = 0,
        advertise: str | None = None,
        away_wait: float = 60.0,
        away_level: str = "normal",
        clock: Callable[[], float] = time.monotonic,
    ) -> HostedTable:
        """Serve `session` with `remote_seats` (None: the seats its save hosted before) on
        host:port (0: the port it was hosted on before if that is free, else any free port);
        returns once listening (OSError if it cannot). A game that was hosted before keeps its
        seats' tokens and its port (the same links work); new seats get new tokens.
        `advertise`: the host name the links give (default: this machine's address)."""
        kept = hosted_seats(session)
        seats = sorted(kept) if remote_seats is None else sorted(set(remote_seats))
        n = len(session.seats)
        if remote_seats is None and not seats:
            raise ValueError("this game was not hosted before: say which seats are remote")
        if not seats or any(not 0 <= s < n for s in seats):
            raise ValueError(f"remote seats must be 1 to {n}, each once")
        if any(session.seats[s].get("kind") == "bot" for s in seats):
            raise ValueError("a computer player's seat cannot be remote")
        tokens = {s: kept.get(s) or new_token() for s in seats}
        table = cls(session, seats, away_wait, away_level, clock)
        sent = welcome_variant(session.variant, seats[0], table.run)  # the files read once for all seats
        welcome = {s: encode({**sent, "seat": s}) for s in seats}
        table._server = Server(tokens, welcome)
        before = 0 if port else hosted_port(session)
        try:
            table.port = table._server.start(host, port or before)
        except OSError:
            if not before:
                raise
            table.port = table._server.start(host, 0)  # the old port is taken: new links
        keep_tokens(session, tokens, table.port)
        name = advertise or (host if host not in ("0.0.0.0", "::", "") else this_machine())
        table.links = {s: str(Link(name, table.port, tokens[s])) for s in seats}
        return table

    # ------------------------------------------------------------------ the game's thread
    def pump(self, wait: float = 0.0) -> bool:
        """Apply what the players sent (waiting up to `wait` seconds for the first message: tests),
        let away seats' computer player think, and send every connected seat what changed. True
        when the game changed."""
        before = self._version
        first = True
        inbox = self._server.inbox if self._server is not None else None
        self._outgoing = []
        try:
            while inbox is not None:
                try:
                    event = inbox.get(timeout=wait) if first and wait > 0 else inbox.get_nowait()
                except queue.Empty:
                    break
                first = False
                self._take(*event)
            self._play_away()
            self._publish()
        finally:  # what the pump sends goes in one wake-up of the server's thread
            outgoing, self._outgoing = self._outgoing, None
            if outgoing and self._server is not None:
                self._server.send_all(outgoing)
        return self._version != before

    def _take(self, kind: str, seat: int, gen: int, msg: dict[str, Any]) -> None:
        if kind == "join":
            self._here[seat] = gen
            self._away_since.pop(seat, None)
            # the talk it holds: as of the last update it saw, if that was this run's
            last = msg["last_seq"] if msg["run"] == self.run else -1
            self._talk_has[seat] = self._talk_at[seat].get(last, 0)
            self._sent.pop(seat, None)  # a full update follows: the view, and the talk it missed
            return
        if self._here.get(seat) != gen:
            return  # from a connection already replaced
        if kind == "leave":
            del self._here[seat]
            self._away_since[seat] = self.clock()
            return
        if msg["type"] in ("act", "undo") and msg["seq"] <= self._acked[seat]:
            self._sent.pop(seat, None)  # already taken (a message sent again): the update says so again
            return
        if msg["type"] == "act":
            self._remote_act(seat, msg["seq"], msg["action"])
        elif msg["type"] == "undo":
            self._acked[seat] = msg["seq"]
            why = self.session.undo_refusal(seat)
            if why is None and self.undo(seat):
                self._sent.pop(seat, None)
            else:
                self._send(seat, {"type": "error", "text": f"Undo: {why or 'not now'}", "fatal": False})
                self._sent.pop(seat, None)

    def _remote_act(self, seat: int, seq: int, action: dict[str, Any]) -> None:
        """A remote seat's decision: taken once per sequence number, checked by the host's rules."""
        self._acked[seat] = seq
        if action.get("seat") != seat:
            self._send(
                seat, {"type": "error", "text": "You can only decide for your own seat.", "fatal": False}
            )
            self._sent.pop(seat, None)
            return
        reason = self.session.check(action)
        if reason is None:
            try:
                self.act(cast(Action, action))  # checked by the rules just now
                return
            except Exception as exc:  # the rules failed in play: said, the game kept as it was
                reason = f"the rules cannot go on here ({type(exc).__name__}: {exc})"
        self._send(seat, {"type": "error", "text": reason[:1].upper() + reason[1:], "fatal": False})
        self._sent.pop(seat, None)

    def _play_away(self) -> None:
        """An away seat's turn, once it has been away `away_wait`: its computer player thinks."""
        seat = self.session.to_move()
        since = self._away_since.get(seat) if seat is not None else None
        if seat is None or since is None or self.clock() - since < self.away_wait:
            self._thinker = None
            return
        try:
            if self._thinker is None or self._thinker[0] != self._version:
                view, seed = self.session.view(seat), self.session.bot_seed()
                self._thinker = (self._version, Thinker(self.session.rules, view, seed, self.away_level))
            thinker = self._thinker[1]
            if thinker.step(THINK_S) and thinker.action is not None:
                self._thinker = None
                self.act(thinker.action)
        except Exception as exc:  # rules a computer player cannot play here: the seat waits for its person
            self.problem = f"The computer player cannot play seat {seat + 1}: {type(exc).__name__}: {exc}"[
                :300
            ]

    def presence(self) -> list[str]:
        """Per seat: "here", "away" (a remote seat not connected) or "local"."""
        here = self._here
        return [
            ("here" if s in here else "away") if s in self.elsewhere else "local"
            for s in range(len(self.session.seats))
        ]

    def _publish(self) -> None:
        presence = self.presence()
        for seat in self.remote:
            if seat not in self._here or self._sent.get(seat, (-1,))[0] == self._version:
                continue
            self._send(seat, self.update_for(seat, presence))
        if presence != self._presence_sent:
            self._presence_sent = presence
            for seat in self.remote:
                if seat in self._here:
                    self._send(seat, {"type": "presence", "presence": presence})

    def update_for(self, seat: int, presence: list[str]) -> dict[str, Any]:
        """The update `seat` is sent now: its view and the public view (talk apart), its new talk."""
        view: dict[str, Any] = dict(self.session.view(seat))
        talk = view.pop("log")  # sent apart: only the new lines
        public = self._public_view()
        talk_at = min(self._talk_has[seat], len(talk))
        self._seq += 1
        self._talk_has[seat] = len(talk)
        marks = self._talk_at[seat]
        marks[self._seq] = len(talk)
        while len(marks) > 8:  # a player rejoining says the last update it saw: one of the last few
            del marks[min(marks)]
        self._sent[seat] = (self._version, self._seq)
        return {
            "type": "update",
            "seq": self._seq,
            "acked": self._acked[seat],
            "view": view,
            "public": _differences(public, view),
            "talk_at": talk_at,
            "talk": talk[talk_at:],
            "to_move": self.session.to_move(),
            "over": self.session.is_over(),
            "undo": self.session.undo_refusal(seat),
            "presence": presence,
        }

    def _public_view(self) -> dict[str, Any]:
        """The public view without its talk, made once per change of the game: every seat's
        update of the same game lays it (read only)."""
        if self._public is None or self._public[0] != self._version:
            public: dict[str, Any] = dict(self.session.view(None))
            del public["log"]
            self._public = (self._version, public)
        return self._public[1]

    def _send(self, seat: int, msg: dict[str, Any]) -> None:
        text = encode(msg)
        self.messages_sent += 1
        self.bytes_sent += len(text.encode("utf-8"))
        if self.observe is not None:
            self.observe(seat, text)
        if self._outgoing is not None:
            self._outgoing.append((seat, text))
        elif self._server is not None:
            self._server.send(seat, text)

    @property
    def changes(self) -> int:
        """Changes of the game so far (the table's views are cached until it moves)."""
        return self._version

    def last_seq(self, seat: int) -> int:
        """The number of the last update sent to `seat` (0: none yet)."""
        return self._sent.get(seat, (0, 0))[1]

    def is_here(self, seat: int) -> bool:
        return seat in self._here

    # ------------------------------------------------------------------ TableSession for the host's window
    @property
    def rules(self) -> Any:
        return self.session.rules

    @property
    def seats(self) -> Sequence[Mapping[str, str]]:
        return self.session.seats

    @property
    def log(self) -> Any:
        """The game's record (shared/interfaces.md: outside checks read `app.scene.session.log`)."""
        return self.session.log

    @property
    def save_problem(self) -> str | None:
        """Why the hosted game is not being saved (the table's red banner), as GameSession says."""
        return self.session.save_problem

    @property
    def table_notice(self) -> str | None:
        """What the table's banner says when the game is saved: why an away seat's computer player
        cannot play (who is away is said on the seats' plates, app/table/presence.py)."""
        return self.problem

    def view(self, seat: int | None) -> View:
        return self.session.view(seat)

    def to_move(self) -> int | None:
        return self.session.to_move()

    def is_over(self) -> bool:
        return self.session.is_over()

    def check(self, action: object) -> str | None:
        return self.session.check(action)

    def act(self, action: Action) -> None:
        self.session.act(action)
        self._version += 1

    def undo(self, seat: int) -> bool:
        done = self.session.undo(seat)
        if done:
            self._version += 1
            for s in self.remote:  # lines taken back: each seat's talk is laid again from where it now ends
                kept = len(self.session.view(s)["log"])
                self._talk_has[s] = min(self._talk_has[s], kept)
                self._talk_at[s] = {seq: min(length, kept) for seq, length in self._talk_at[s].items()}
        return done

    def undo_refusal(self, seat: int) -> str | None:
        return self.session.undo_refusal(seat)

    def bot_seed(self) -> int:
        return self.session.bot_seed()

    def stop(self) -> None:
        """Close every connection and the server (the game is left as it is)."""
        if self._server is not None:
            self._server.stop()

    def close(self) -> None:
        self.stop()
        self.session.close()


def _differences(public: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """What the public view has that the seat's view has not (its top-level fields and zones that
    differ): the player lays it over the seat's view (most of the two is the same)."""
    out = {k: v for k, v in public.items() if k != "zones" and view.get(k) != v}
    out["zones"] = {name: z for name, z in public["zones"].items() if view["zones"].get(name) != z}
    return out
