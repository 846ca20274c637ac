"""The websockets side of a hosted table: an asyncio loop in a thread of its own that checks each
connection's token, queues what players send (`inbox`: the game's thread takes it) and writes what
the game's thread hands it (`send`). It never touches the game.

Events in `inbox`: ("join", seat, generation, hello), ("msg", seat, generation, message),
("leave", seat, generation, {}); a generation numbers connections, so a replaced one's late
messages are told apart.
"""

from __future__ import annotations

import asyncio
import hmac
import queue
import socket
import threading
from collections.abc import Mapping
from typing import Any

from .protocol import (
    CLOSE_REFUSED,
    CLOSE_REPLACED,
    FROM_PLAYER,
    MAX_FROM_PLAYER,
    ProtocolError,
    decode,
    encode,
)

HELLO_WAIT_S = 10.0  # a connection that says nothing for this long is closed
START_WAIT_S = 10.0
Event = tuple[str, int, int, dict[str, Any]]


class Server:
    """Serves the seats of `tokens` ({seat: token}); `welcome[seat]` is the hello's reply."""

    def __init__(self, tokens: Mapping[int, str], welcome: Mapping[int, str]) -> None:
        self._tokens = dict(tokens)
        self._welcome = dict(welcome)
        self.inbox: queue.Queue[Event] = queue.Queue()
        self.port = 0
        self._lock = threading.Lock()  # the connections, shared with the game's thread
        self._conns: dict[int, tuple[int, Any, asyncio.Queue[str | None]]] = {}  # seat: (gen, ws, outbox)
        self._gen = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Future[None] | None = None

    def start(self, host: str, port: int) -> int:
        """Listen on host:port (0: any free port); the port, once listening (OSError if it cannot)."""
        ready = threading.Event()
        failed: list[BaseException] = []

        def main() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._server(host, port, ready))
            except BaseException as exc:  # (said to the starting thread)
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
        return self.port

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
        self.inbox.put(("join", seat, gen, hello))
        try:
            async for raw in ws:
                try:
                    msg = decode(raw, FROM_PLAYER, MAX_FROM_PLAYER)
                except ProtocolError as exc:
                    outbox.put_nowait(encode({"type": "error", "text": str(exc), "fatal": False}))
                    continue
                self.inbox.put(("msg", seat, gen, msg))
        except Exception:  # the connection dropped: the seat is away (below)
            pass
        finally:
            with self._lock:
                if self._conns.get(seat, (0,))[0] == gen:
                    del self._conns[seat]
            outbox.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)
            self.inbox.put(("leave", seat, gen, {}))

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

    def send(self, seat: int, text: str) -> None:
        """Write `text` to `seat`'s connection, if it has one (from any thread; in order)."""
        self.send_all([(seat, text)])

    def send_all(self, messages: list[tuple[int, str]]) -> None:
        """`send` each (seat, text) in order, waking the server's thread once for them all."""
        with self._lock:
            puts = [(conn[2], text) for seat, text in messages if (conn := self._conns.get(seat)) is not None]
        if puts and self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(_put_all, puts)


def _put_all(puts: list[tuple[asyncio.Queue[str | None], str]]) -> None:
    for outbox, text in puts:
        outbox.put_nowait(text)


def this_machine() -> str:
    """This machine's address on its network, as a link's host (127.0.0.1 when there is none)."""
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
    return address or "127.0.0.1"
