"""Tables on the local network, by zeroconf (`_cardtable._tcp.local.`).

    advert = register(game=variant.name, variant=variant.id, free=2, port=port)
    advert.close()                      # the table is no longer listed
    nearby = browse()                   # listening at once; .tables() each frame: plain data

Neither blocks a frame: a registration announces itself (a second or two) on a thread of its own,
and the browser hears and resolves tables on zeroconf's own threads, keeping a list the frame
thread reads under a lock. A token is secret: only the game, its seats free and the port are
advertised, never a link. Without zeroconf installed nothing is registered nor listed
(`available()` says so; `net.missing()` says how to add it).
"""

from __future__ import annotations

import importlib.util
import ipaddress
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

SERVICE = "_cardtable._tcp.local."
RESOLVE_MS = 3000  # how long a table heard of is asked for its address and port
TTL_S = 120  # a host killed without its goodbye drops from lists after this (zeroconf's default: 75 min)
MAX_TABLES = 64  # listed at most (a network of many hosts lists the first heard)


def available() -> bool:
    """Whether zeroconf is installed here."""
    try:
        return importlib.util.find_spec("zeroconf") is not None
    except (ImportError, ValueError):
        return False


@dataclass(frozen=True)
class Nearby:
    """A table heard on the local network."""

    name: str  # the advertised name ("Texas Hold'em at Ann's computer")
    host: str  # its address
    port: int
    game: str
    variant: str
    free: int  # remote seats it offers

    def link_for(self, code: str) -> str:
        """The join link for one of its seats, from the seat's join code (the part after #)."""
        return f"ws://{self.host}:{self.port}/#{code.strip()}"


def _instance(game: str, port: int) -> str:
    """A service instance name, unique per host and port; zeroconf names are at most 63 bytes."""
    machine = socket.gethostname().split(".")[0][:20] or "host"
    label = f"{game[:28]} on {machine} {port}"
    return f"{label.encode('utf-8')[:63].decode('utf-8', 'ignore')}.{SERVICE}"


class Advert:
    """A table registered (in the background) until `close`."""

    def __init__(self, zeroconf: Any, info: Any, probe: bool = True) -> None:
        self._zc, self._info, self._probe = zeroconf, info, probe
        self.registered = threading.Event()  # set once announced
        self.problem = ""  # why it could not be (the table is hosted all the same)
        self._closing = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._register, name="cardtable-advert", daemon=True)
        self._thread.start()

    def _register(self) -> None:
        try:
            # probing first asks whether the name is taken (about a second); without it the
            # table is announced at once as a "cooperating responder"
            self._zc.register_service(
                self._info, allow_name_change=True, cooperating_responders=not self._probe
            )
            self.registered.set()
        except Exception as exc:  # a network without multicast: the table is simply not listed
            self.problem = f"tables nearby cannot see this one ({type(exc).__name__}: {exc})"[:200]

    def close(self) -> None:
        """Say goodbye on the network and stop (in the background: never blocks a frame)."""
        with self._closing:
            if self._closed:
                return
            self._closed = True

        def leave() -> None:
            self._thread.join(10)
            try:
                if self.registered.is_set():
                    self._zc.unregister_service(self._info)
            finally:
                self._zc.close()

        threading.Thread(target=leave, name="cardtable-advert-close", daemon=True).start()


def register(
    game: str,
    variant: str,
    free: int,
    port: int,
    address: str | None = None,
    interfaces: Sequence[str] | None = None,
    probe: bool = True,
) -> Advert | None:
    """Advertise a hosted table on the local network (None without zeroconf). `address`: the
    address players connect to (default this machine's); `interfaces`: where to announce it
    (default every one; tests give ["127.0.0.1"]); `probe`: first make sure no other table on the
    network has its name, as mDNS asks (a name taken gets a number), which takes about a second
    (tests skip it: their tables' names, with their ports, are their own)."""
    if not available():
        return None
    from zeroconf import ServiceInfo, Zeroconf

    from .server import this_machine

    try:
        packed = _packed(address or this_machine())
        props = {"game": game[:60], "variant": variant[:60], "free": str(max(0, free))}
        info = ServiceInfo(
            SERVICE,
            _instance(game, port),
            port=port,
            addresses=[packed],
            properties=props,
            host_ttl=TTL_S,
            other_ttl=TTL_S,
        )
        zc = Zeroconf(interfaces=list(interfaces)) if interfaces else Zeroconf()
    except (OSError, ValueError):  # no address, no multicast here: the table is simply not listed
        return None
    return Advert(zc, info, probe)


def _packed(where: str) -> bytes:
    """An address (or a host name, looked up) as zeroconf wants it."""
    try:
        return ipaddress.ip_address(where).packed
    except ValueError:
        return socket.inet_aton(socket.gethostbyname(where))


class Browser:
    """Tables nearby, kept up to date on zeroconf's threads; `tables()` is the frame thread's copy."""

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self._lock = threading.Condition()
        self._tables: dict[str, Nearby] = {}
        self.changes = 0  # each table heard or gone
        self._zc: Any = None
        self._browser: Any = None
        if not available():
            return
        from zeroconf import ServiceBrowser, Zeroconf

        self._zc = Zeroconf(interfaces=list(interfaces)) if interfaces else Zeroconf()
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._heard])

    def _heard(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceInfo, ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self._set(name, None)
            return
        info = ServiceInfo(service_type, name)
        if not info.request(zeroconf, RESOLVE_MS):
            return
        table = _nearby(name, info)
        if table is not None:
            self._set(name, table)

    def _set(self, name: str, table: Nearby | None) -> None:
        with self._lock:
            if table is None:
                if self._tables.pop(name, None) is None:
                    return
            elif len(self._tables) < MAX_TABLES or name in self._tables:
                self._tables[name] = table
            self.changes += 1
            self._lock.notify_all()

    def tables(self) -> list[Nearby]:
        """The tables heard, by name."""
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: t.name)

    def wait_for(self, test: Callable[[list[Nearby]], bool], timeout: float) -> bool:
        """Wait until `test(tables)` holds (tests; the screen reads `tables()` each frame)."""
        with self._lock:
            return self._lock.wait_for(
                lambda: test(sorted(self._tables.values(), key=lambda t: t.name)), timeout
            )

    def close(self) -> None:
        """Stop listening (in the background: closing zeroconf waits for its threads)."""
        zc, browser, self._zc, self._browser = self._zc, self._browser, None, None
        if zc is None:
            return

        def stop() -> None:
            browser.cancel()
            zc.close()

        threading.Thread(target=stop, name="cardtable-browse-close", daemon=True).start()


def _nearby(name: str, info: Any) -> Nearby | None:
    """A table from what zeroconf resolved (None when it says too little to join)."""
    addresses = info.parsed_addresses()
    props = {
        (k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): (
            v.decode("utf-8", "replace") if isinstance(v, bytes) else ""
        )
        for k, v in (info.properties or {}).items()
    }
    if not addresses or not info.port:
        return None
    free = props.get("free", "0")
    label = name[: -len(SERVICE) - 1] if name.endswith("." + SERVICE) else name
    return Nearby(
        label[:80],
        addresses[0],
        int(info.port),
        props.get("game", "")[:60] or label[:60],
        props.get("variant", "")[:60],
        int(free) if free.isdigit() and len(free) < 4 else 0,
    )


def browse(interfaces: Sequence[str] | None = None) -> Browser:
    """Start listening for tables nearby (a Browser that lists none without zeroconf)."""
    return Browser(interfaces)
