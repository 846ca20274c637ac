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

import asyncio
import hmac
import queue
import secrets
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from ..engine.bots.think import Thinker
from ..engine.types import Action, View
from ..saves import seal
from ..session import GameSession, store_key
from .protocol import (
    CLOSE_REFUSED,
    CLOSE_REPLACED,
    FROM_PLAYER,
    MAX_FROM_PLAYER,
    Link,
    ProtocolError,
    decode,
    encode,
    new_token,
)
from .wire import welcome_variant

HELLO_WAIT_S = 10.0  # a connection that says nothing for this long is closed
THINK_S = 0.005  # an away seat's computer player thinks this long per pump
START_WAIT_S = 10.0
SEALED_INDEX = -1  # the tokens' sealed box in the save (seal_fields' entry index: no log entry)
Observer = Callable[[int, str], None]


class HostedTable:
    """A GameSession with remote seats; see the module's docstring."""

    def __init__(
        self,
        session: GameSession,
        remote_seats: Sequence[int],
        tokens: Mapping[int, str],
        away_wait: float,
        away_level: str,
        clock: Callable[[], float],
    ) -> None:
        self.session = session
        self.remote = tuple(sorted(remote_seats))
        self.elsewhere = frozenset(self.remote)  # for the table: seats played on other screens
        self._tokens = dict(tokens)
        self.away_wait, self.away_level, self.clock = away_wait, away_level, clock
        self.run = secrets.token_hex(8)  # this host's run: an update number means nothing in another
        self.links: dict[int, str] = {}
        self.observe: Observer | None = None  # sees every message sent (seat, text): tests, bench
        self.port = 0
        self._inbox: queue.Queue[tuple[str, int, int, dict[str, Any]]] = queue.Queue()
        self._lock = threading.Lock()  # the connections, shared with the server's thread
        self._conns: dict[int, tuple[int, Any, asyncio.Queue[str | None]]] = {}  # seat: (gen, ws, outbox)
        self._gen = 0
        self._here: dict[int, int] = {}  # seat: generation of its live connection
        self._away_since: dict[int, float] = {s: clock() for s in self.remote}
        self._acked: dict[int, int] = dict.fromkeys(self.remote, 0)  # last act seq taken, per seat
        self._seq = 0  # numbers every update sent
        self._talk_at: dict[int, dict[int, int]] = {s: {} for s in self.remote}  # seat: {seq: talk length}
        self._talk_has: dict[int, int] = dict.fromkeys(self.remote, 0)  # talk lines the seat holds
        self._sent: dict[int, tuple[int, int]] = {}  # seat: (game version, seq) last sent
        self._version = 0  # bumped by every change of the game
        self._presence_sent: list[str] = []
        self._thinker: tuple[int, Thinker] | None = None
        self._welcome: dict[int, str] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Future[None] | None = None
        self.problem: str | None = None  # why an away seat's computer player could not play
        self.messages_sent = 0
        self.bytes_sent = 0

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
        host:port (0: any free port); returns once listening (OSError if it cannot). A game that
        was hosted before keeps its seats' tokens (the same links work); new seats get new ones.
        `advertise`: the host name the links give (default: this machine's address)."""
        kept = hosted_seats(session)
        seats = sorted(kept) if remote_seats is None else sorted(set(remote_seats))
        n = len(session.seats)
        if not seats or any(not 0 <= s < n for s in seats):
            raise ValueError(f"remote seats must be 1 to {n}, each once")
        if any(session.seats[s].get("kind") == "bot" for s in seats):
            raise ValueError("a computer player's seat cannot be remote")
        tokens = {s: kept.get(s) or new_token() for s in seats}
        keep_tokens(session, tokens)
        table = cls(session, seats, tokens, away_wait, away_level, clock)
        table._welcome = {s: encode(welcome_variant(session.variant, s, table.run)) for s in seats}
        table._serve(host, port)
        name = advertise or (host if host not in ("0.0.0.0", "::", "") else _this_machine())
        table.links = {s: str(Link(name, table.port, tokens[s])) for s in seats}
        return table

    def _serve(self, host: str, port: int) -> None:
        ready = threading.Event()
        failed: list[BaseException] = []

        def main() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._server(host, port, ready))
            except BaseException as exc:  # noqa: BLE001 (said to the starting thread)
                failed.append(exc)
                ready.set()
            finally:
                loop.close()

        self._thread = threading.Thread(target=main, name="cardtable-host", daemon=True)
        self._thread.start()
        ready.wait(START_WAIT_S)
        if failed:
            raise failed[0]
        if not self.port:
            raise OSError("the table's server did not start")

    async def _server(self, host: str, port: int, ready: threading.Event) -> None:
        from websockets.asyncio.server import serve

        self._stop = asyncio.get_running_loop().create_future()
        async with serve(self._connection, host, port, max_size=MAX_FROM_PLAYER, ping_interval=20) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            ready.set()
            await self._stop

    def stop(self) -> None:
        """Close every connection and the server (the game is left as it is)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():

            def done() -> None:
                if not stop.done():
                    stop.set_result(None)

            loop.call_soon_threadsafe(done)
        if self._thread is not None:
            self._thread.join(START_WAIT_S)

    # ------------------------------------------------------------------ the server's thread
    async def _connection(self, ws: Any) -> None:
        """One player's connection: the hello (a wrong token is refused), then their messages."""
        try:
            hello = decode(await asyncio.wait_for(ws.recv(), HELLO_WAIT_S), FROM_PLAYER, MAX_FROM_PLAYER)
            if hello["type"] != "hello":
                raise ProtocolError("the first message must be a hello")
        except (ProtocolError, asyncio.TimeoutError) as exc:
            why = str(exc) if isinstance(exc, ProtocolError) else "no hello came"
            await self._refuse(ws, why)
            return
        except Exception:  # the connection went before saying anything
            return
        seat = self._seat_of(hello["token"])
        if seat is None:
            await self._refuse(ws, "this join link is not for this table (the code is wrong or old)")
            return
        outbox: asyncio.Queue[str | None] = asyncio.Queue()
        with self._lock:
            self._gen += 1
            gen = self._gen
            old = self._conns.get(seat)
            self._conns[seat] = (gen, ws, outbox)
        if old is not None:  # a second connection for the seat replaces the first
            old[2].put_nowait(None)
            await old[1].close(CLOSE_REPLACED, "replaced by a newer connection for this seat")
        writer = asyncio.ensure_future(self._writer(ws, outbox))
        outbox.put_nowait(self._welcome[seat])
        self._inbox.put(("join", seat, gen, hello))
        try:
            async for raw in ws:
                try:
                    msg = decode(raw, FROM_PLAYER, MAX_FROM_PLAYER)
                except ProtocolError as exc:
                    outbox.put_nowait(encode({"type": "error", "text": str(exc), "fatal": False}))
                    continue
                self._inbox.put(("msg", seat, gen, msg))
        except Exception:  # the connection dropped: the seat is away (below)
            pass
        finally:
            with self._lock:
                if self._conns.get(seat, (0,))[0] == gen:
                    del self._conns[seat]
            outbox.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)
            self._inbox.put(("leave", seat, gen, {}))

    async def _writer(self, ws: Any, outbox: asyncio.Queue[str | None]) -> None:
        while (text := await outbox.get()) is not None:
            await ws.send(text)

    async def _refuse(self, ws: Any, why: str) -> None:
        try:
            await ws.send(encode({"type": "error", "text": why, "fatal": True}))
            await ws.close(CLOSE_REFUSED, "refused")
        except Exception:  # gone already
            pass

    def _seat_of(self, token: str) -> int | None:
        found = None
        for seat, known in self._tokens.items():  # every token compared, in constant time
            if hmac.compare_digest(known.encode(), token.encode()):
                found = seat
        return found

    # ------------------------------------------------------------------ the game's thread
    def pump(self, wait: float = 0.0) -> bool:
        """Apply what the players sent (waiting up to `wait` seconds for the first message: tests),
        let away seats' computer player think, and send every connected seat what changed. True
        when the game changed."""
        before = self._version
        first = True
        while True:
            try:
                event = self._inbox.get(timeout=wait) if first and wait > 0 else self._inbox.get_nowait()
            except queue.Empty:
                break
            first = False
            self._take(*event)
        self._play_away()
        self._publish()
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
        public: dict[str, Any] = dict(self.session.view(None))
        del public["log"]
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
            "public": public,
            "talk_at": talk_at,
            "talk": talk[talk_at:],
            "to_move": self.session.to_move(),
            "over": self.session.is_over(),
            "undo": self.session.undo_refusal(seat),
            "presence": presence,
        }

    def _send(self, seat: int, msg: dict[str, Any]) -> None:
        text = encode(msg)
        self.messages_sent += 1
        self.bytes_sent += len(text.encode("utf-8"))
        if self.observe is not None:
            self.observe(seat, text)
        with self._lock:
            conn = self._conns.get(seat)
        if conn is not None and self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(conn[2].put_nowait, text)

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
    def save_problem(self) -> str | None:
        """What the table's banner says: a save that failed, else who is away."""
        away = [self.session.seats[s]["name"] for s, p in enumerate(self.presence()) if p == "away"]
        return self.session.save_problem or self.problem or (f"Away: {', '.join(away)}" if away else None)

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
                self._talk_has[s] = min(self._talk_has[s], len(self.session.view(s)["log"]))
        return done

    def undo_refusal(self, seat: int) -> str | None:
        return self.session.undo_refusal(seat)

    def bot_seed(self) -> int:
        return self.session.bot_seed()

    def close(self) -> None:
        self.stop()
        self.session.close()


# ---------------------------------------------------------------------------- tokens in the save
def keep_tokens(session: GameSession, tokens: Mapping[int, str]) -> None:
    """Note the seats' tokens in the game's save, sealed with the installation's key (the save's
    other fields say only which seats are remote). Without a save folder they live in memory."""
    if session.store is None:
        return
    sealed = seal.seal_fields(
        store_key(), session.game_id, SEALED_INDEX, {"tokens": {str(s): t for s, t in tokens.items()}}
    )
    session.extra["net"] = {"remote": sorted(tokens), "sealed": sealed}
    session.write_whole()
    session.autosave()


def hosted_seats(session: GameSession) -> dict[int, str]:
    """The seats and tokens a resumed game was hosted with ({} when none, or they cannot be opened)."""
    net = session.extra.get("net")
    if not isinstance(net, dict) or not isinstance(net.get("sealed"), str) or session.store is None:
        return {}
    try:
        fields = seal.unseal_fields(store_key(), session.game_id, SEALED_INDEX, net["sealed"])
        tokens = fields["tokens"]
        out = {int(s): t for s, t in tokens.items() if isinstance(t, str)}
    except (ValueError, KeyError, TypeError, AttributeError, seal.SaveKeyError):
        return {}
    return {s: t for s, t in out.items() if 0 <= s < len(session.seats)}


def _this_machine() -> str:
    """This machine's address on its network, as a link's host (127.0.0.1 when there is none)."""
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
    return address or "127.0.0.1"
