"""Network play: a table hosted by one program, its remote seats played in others.

`host.HostedTable.start(session, remote_seats, ...)` serves a GameSession (`.links`: each remote
seat's join link); `client.connect(link)` returns a RemoteSession at once, connecting in the
background. `protocol` is the wire, `wire` the variant sent whole, `leakcheck` the tests' checker.
The `net` extra (websockets, zeroconf) is needed only once a table is hosted or joined: `missing()`
says how to add it.
"""

from __future__ import annotations

import importlib.util

INSTALL = 'network play needs the net extra: pip install "cardtable[net]"'


def missing() -> str | None:
    """None when network play can run here, else one line saying how to add it."""
    try:
        found = importlib.util.find_spec("websockets") is not None
    except (ImportError, ValueError):
        found = False
    return None if found else INSTALL
