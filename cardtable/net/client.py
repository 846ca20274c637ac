"""A remote seat: a `TableSession` (app/table/game.py) read from the host's updates.

    remote = connect("ws://HOST:PORT/#TOKEN")   # returns at once; connects in the background
    remote.state     # "connecting", "connected", "refused" (remote.reason says why), "replaced", "closed"
    each frame: remote.pump()   # True when a new update arrived (the views changed)

The network thread (asyncio, its own) never touches pygame nor the views the table reads: it
queues what arrives, and `pump`, on the frame thread, takes it in. `rules` are built from the
variant text the host sends (wire.py) once connected. After a drop it connects again with the same
token, saying the last update it saw, and the host sends the current view and the missed lines.
"""

from __future__ import annotations

import asyncio
import hashlib
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from ..engine import Rules
from ..engine.types import Action, View
from .protocol import (
    CLOSE_REFUSED,
    CLOSE_REPLACED,
    FROM_HOST,
    MAX_FROM_HOST,
    ProtocolError,
    decode,
    encode,
    parse_link,
)
from .wire import load_sent

Observer = Callable[[str], None]


def connect(
    link: str, retry: Callable[[int], float] | None = None, observe: Observer | None = None
) -> RemoteSession:
    """A RemoteSession for the seat of `link`, connecting in the background (ProtocolError at once
    for a link that is not one). `retry(n)`: seconds before the n-th attempt to connect again."""
    session = RemoteSession(link, retry or _backoff, observe)
    session.start()
    return session


def _backoff(attempt: int) -> float:
    return min(0.25 * 2**attempt, 5.0)


class RemoteSession:
    """The table's session for a seat played on this screen, its game kept by the host."""

    def __init__(self, link: str, retry: Callable[[int], float], observe: Observer | None) -> None:
        self.link = parse_link(link)
        self.retry, self.observe = retry, observe
        self.state = "connecting"
        self.reason = ""  # why refused, or why the connection is down
        self.seat = -1
        self.rules: Rules = cast(Rules, None)  # set once connected
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._outbox: asyncio.Queue[str] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ws: Any = None
        self._stopping = False
        self._paused = threading.Event()  # set: not connecting again (after `disconnect`)
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[Any] | None = None  # the network thread's work (cancelled by `close`)
        self._run = ""  # the host run the last update came from
        self._last_seq = 0
        self._seq = 0  # this seat's decisions sent
        self._acked = 0
        self._acked_seen = 0  # (the network thread's: the last `acked` an update carried)
        self._last_sent: tuple[int, str] | None = None  # the last decision sent (seq, text)
        # what the table reads (the frame thread's)
        self._view: dict[str, Any] | None = None
        self._public: dict[str, Any] | None = None
        self._talk: list[str] = []
        self._to_move: int | None = None
        self._over = False
        self._undo: str | None = "nothing to take back yet"
        self.presence: list[str] = []
        self.notices: list[str] = []  # the host's refusals, for the table to say
        self.welcomes = 0  # connections the host accepted
        self.updates = 0  # updates taken in
        self.changes = (
            0  # updates and presence changes taken in (the table's views are cached until it moves)
        )
        self.seq_taken = 0  # the number of the last update taken in
        self.run_taken = ""  # and the host's run it came from
        self.connected = threading.Event()  # set while connected (welcome received)
        self.ended = threading.Event()  # set once refused, replaced or closed: it tries no more

    # ------------------------------------------------------------------ the network thread
    def start(self) -> None:
        self._thread = threading.Thread(target=self._main, name="cardtable-join", daemon=True)
        self._thread.start()

    def _main(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._connect_loop())
        except asyncio.CancelledError:  # closed (`close`): whatever it was doing stops at once
            pass
        finally:
            loop.close()
            if self.state not in ("refused", "replaced"):
                self.state = "closed"
            self.ended.set()

    async def _connect_loop(self) -> None:
        from websockets.asyncio.client import connect as ws_connect
        from websockets.exceptions import ConnectionClosed

        self._wake = asyncio.Event()
        self._task = asyncio.current_task()
        attempt = 0
        while not self._stopping:
            if self._paused.is_set():
                self._wake.clear()
                await self._wake.wait()
                continue
            closed: int | None = None  # how the host closed the connection
            try:
                async with ws_connect(
                    self.link.uri, max_size=MAX_FROM_HOST, proxy=None, open_timeout=10
                ) as ws:
                    self._ws = ws
                    attempt = 0
                    hello = {"token": self.link.token, "last_seq": self._last_seq, "run": self._run}
                    await ws.send(encode({"type": "hello", **hello}))
                    await self._session(ws)
                    closed = ws.close_code
            except ConnectionClosed as exc:
                closed = exc.rcvd.code if exc.rcvd is not None else None
            except (
                ProtocolError
            ) as exc:  # the host sent what this program cannot read: trying again won't help
                self._end("refused", str(exc)[:300])
            except (OSError, asyncio.TimeoutError):
                self.reason = "the host cannot be reached"
            except Exception as exc:  # anything else the connection raised: try again
                self.reason = f"{type(exc).__name__}: {exc}"[:200]
            finally:
                self._ws = None
                self.connected.clear()
            if closed == CLOSE_REPLACED:
                self._end("replaced", "this seat was taken up by a newer connection")
            elif closed == CLOSE_REFUSED and self.state != "refused":
                self._end("refused", "the host refused this link")
            if self.state in ("refused", "replaced") or self._stopping:
                return
            if self.state == "connected":
                self.state = "connecting"  # (a drop: the table says it, and it connects again)
            await asyncio.sleep(self.retry(attempt))  # (`close` cancels it)
            attempt += 1

    async def _session(self, ws: Any) -> None:
        outbox: asyncio.Queue[str] = asyncio.Queue()
        self._outbox = outbox

        async def writer() -> None:
            while True:
                await ws.send(await outbox.get())

        task = asyncio.ensure_future(writer())
        try:
            async for raw in ws:
                if self.observe is not None:
                    self.observe(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
                msg = decode(raw, FROM_HOST, MAX_FROM_HOST)
                self._take(msg)
                if self.state == "refused":
                    await ws.close()
                    return
        finally:
            self._outbox = None
            task.cancel()

    def _take(self, msg: dict[str, Any]) -> None:
        """A message from the host, on the network thread: the welcome sets the rules up; the
        rest waits in the queue for the frame thread."""
        if msg["type"] == "welcome":
            # a rejoin to the same game keeps the rules it has (the digest names every text the
            # variant was loaded from); a host playing another variant sends it, loaded anew
            if self.rules is None or self.rules.variant.digest != msg["variant"]["digest"]:
                variant = load_sent(msg["variant"])
                self.rules = Rules(variant)
            if msg["run"] != self._run:
                self._last_seq = 0  # another run of the host: its numbers start again
                self._inbox.put({"type": "run", "run": msg["run"]})  # nothing of ours waits there
            elif (
                self._last_sent is not None
                and self._last_sent[0] > self._acked_seen
                and self._outbox is not None
            ):
                self._outbox.put_nowait(self._last_sent[1])  # lost in the drop? (taken once by its number)
            self._run = msg["run"]
            self.seat = msg["seat"]
            self.state, self.reason = "connected", ""
            self.welcomes += 1
            self.connected.set()
            return
        if msg["type"] == "error" and msg.get("fatal"):
            self._end("refused", msg["text"])
            return
        if msg["type"] == "update":
            self._last_seq = msg["seq"]
            self._acked_seen = max(self._acked_seen, msg["acked"])
        self._inbox.put(msg)

    def _end(self, state: str, reason: str) -> None:
        self.state, self.reason = state, reason
        self._stopping = True
        self.connected.clear()
        self.ended.set()

    def _call(self, fn: Callable[[], Any]) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn)

    def _send(self, msg: dict[str, Any]) -> None:
        text = encode(msg)
        self._last_sent = (msg["seq"], text)

        def put() -> None:
            if self._outbox is not None:
                self._outbox.put_nowait(text)

        self._call(put)

    def drop(self) -> None:
        """Cut the connection abruptly, as a network failure would (it connects again by itself)."""

        def cut() -> None:
            if self._ws is not None:
                self._ws.transport.abort()

        self._call(cut)

    def disconnect(self) -> None:
        """Leave the table for now (the seat shows away); `reconnect` comes back."""
        self._paused.set()
        self.drop()

    def reconnect(self) -> None:
        self._paused.clear()

        def wake() -> None:
            if self._wake is not None:
                self._wake.set()

        self._call(wake)

    def close(self) -> None:
        """Leave for good: the connection closes and is not made again (at once, whatever the
        network thread was waiting for)."""
        self._stopping = True

        def shut() -> None:
            if self._task is not None:
                self._task.cancel()  # (leaving `async with` closes the connection)

        self._call(shut)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(10)

    # ------------------------------------------------------------------ the frame thread
    def pump(self, wait: float = 0.0) -> bool:
        """Take in what arrived (waiting up to `wait` seconds for the first message: tests). True
        when the game as the table sees it changed."""
        changed = False
        first = True
        while True:
            try:
                msg = self._inbox.get(timeout=wait) if first and wait > 0 else self._inbox.get_nowait()
            except queue.Empty:
                return changed
            first = False
            if msg["type"] == "update":
                view, differences = msg["view"], msg["public"]  # the public view, as it differs
                self._view = view
                self._public = {**view, **differences, "zones": {**view["zones"], **differences["zones"]}}
                self._talk[msg["talk_at"] :] = msg["talk"]
                self._to_move, self._over, self._undo = msg["to_move"], msg["over"], msg["undo"]
                self._acked = max(self._acked, msg["acked"])
                self.presence = msg["presence"]
                self.seq_taken = msg["seq"]
                self.updates += 1
                self.changes += 1
                changed = True
            elif msg["type"] == "presence":
                self.presence = msg["presence"]
                self.changes += 1
                changed = True
            elif msg["type"] == "error":
                self.notices.append(msg["text"])
                self._acked = self._seq  # refused: the decision is no longer waiting
            elif msg["type"] == "run":  # another run of the host: nothing sent to the last one waits
                self._acked, self.seq_taken, self.run_taken = self._seq, 0, msg["run"]

    def take_notice(self) -> str:
        """The host's latest refusal, once ("" when none)."""
        return self.notices.pop() if self.notices else ""

    @property
    def elsewhere(self) -> frozenset[int]:
        """Every seat but this one: played on other screens (the host's computer players too)."""
        return frozenset(range(len(self.seats))) - {self.seat}

    @property
    def ready(self) -> bool:
        """Connected and holding a view (the table can open)."""
        return self.rules is not None and self._view is not None

    @property
    def last_seq(self) -> int:
        return self._last_seq

    @property
    def seats(self) -> Sequence[Mapping[str, str]]:
        view = self._public or {"seats": []}
        return [{"name": s["name"], "kind": s["kind"]} for s in view["seats"]]

    @property
    def table_notice(self) -> str | None:
        """What the table's banner says of the connection (None: all well; who is away is said on
        the seats' plates, app/table/presence.py)."""
        if self.state == "connected":
            return None
        if self.state == "connecting":
            return "Connection to the host lost: connecting again..."
        return f"Not connected: {self.reason}" if self.reason else "Not connected"

    def view(self, seat: int | None) -> View:
        """This seat's view (its talk in full), or for any other seat the public view (the host
        sends no other); with the talk this seat reads, as only its person sits at this screen."""
        source = self._view if seat == self.seat else self._public
        if source is None:
            raise RuntimeError("no view yet: wait for `ready`")
        out = dict(source)
        out["log"] = list(self._talk)
        if seat != self.seat:
            out["seat"] = None
        return cast(View, out)

    def to_move(self) -> int | None:
        return self._to_move

    def is_over(self) -> bool:
        return self._over

    def pending(self) -> bool:
        """A decision sent that the host has not answered yet."""
        return self._acked < self._seq

    def check(self, action: object) -> str | None:
        """What this screen can tell without the game: whose turn, and the choices offered (the
        host's rules say the rest, in an error)."""
        if not isinstance(action, dict) or action.get("seat") != self.seat:
            return "you can only decide for your own seat"
        if self.state != "connected":
            return "not connected to the host"
        if self.pending():
            return "waiting for the host to take your last decision"
        if self._to_move != self.seat:
            return "it is not your turn"
        legal = [
            t
            for t in (self._view["legal"] if self._view is not None else [])
            if t.get("type") == action.get("type")
        ]
        if not legal:
            return "that is not one of your choices now"
        amount, low, high = action.get("amount"), legal[0].get("min"), legal[0].get("max")
        if (
            isinstance(amount, int)
            and isinstance(low, int)
            and isinstance(high, int)
            and not low <= amount <= high
        ):
            return f"the amount must be from {low} to {high}"
        return None  # the host's rules say the rest (an error, in the engine's words)

    def act(self, action: Action) -> None:
        self._seq += 1
        self._send({"type": "act", "seq": self._seq, "action": dict(action)})

    def undo(self, seat: int) -> bool:
        if seat != self.seat or self._undo is not None:
            return False
        self._seq += 1
        self._send({"type": "undo", "seq": self._seq})
        return True

    def undo_refusal(self, seat: int) -> str | None:
        return self._undo if seat == self.seat else "only the host takes back others' decisions"

    def bot_seed(self) -> int:
        """A seed for this screen's "at random" choices: from what the seat has seen."""
        digest = hashlib.sha256(f"remote:{self.seat}:{len(self._talk)}:{self.updates}".encode()).digest()
        return int.from_bytes(digest[:8], "big")
