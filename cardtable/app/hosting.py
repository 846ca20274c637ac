"""New game with remote seats: the game hosted (net.host.HostedTable), listed on the local network
(net.discovery) while its table is open, and its seats' links shown (app/invite.py).

`start_hosted` is to a hosted game what launch.start_game is to a game at one screen; the table's
Invite button (I) opens the links again (invite.open_invite).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..net.host import HostedTable
from .scene import App, Scene

INTERFACES: list[str] | None = None  # where hosted tables are announced (None: every one; tests: loopback)


class AdvertisedTable(HostedTable):
    """A hosted table that tables nearby list until it closes (`HostedTable.start` makes one)."""

    advert: Any = None  # net.discovery.Advert, or None (no zeroconf, or not listed)

    def close(self) -> None:
        if self.advert is not None:
            self.advert.close()  # (in the background: the goodbye never holds the frame)
            self.advert = None
        super().close()


def host_session(
    session: Any,
    remote: Sequence[int] | None,
    away_wait: float,
    away_level: str,
    port: int = 0,
    bind: str = "0.0.0.0",
    advertise: str | None = None,
    interfaces: Sequence[str] | None = None,
) -> AdvertisedTable:
    """`session` served with `remote` seats, and registered for tables nearby (ValueError for seats
    that cannot be remote, OSError when the port cannot be listened on)."""
    from ..net import discovery

    table = AdvertisedTable.start(session, remote, bind, port, advertise, away_wait, away_level)
    assert isinstance(table, AdvertisedTable)
    try:
        address = advertise or (bind if bind not in ("0.0.0.0", "::", "") else None)
        table.advert = discovery.register(
            session.variant.name, session.variant.id, len(table.remote), table.port, address, interfaces
        )
    except Exception:  # a network where tables cannot be listed: the links work all the same
        table.advert = None
    return table


def start_hosted(
    app: App,
    variant: Any,
    seats: list[dict[str, str]],
    seed: int | None,
    options: dict[str, Any],
    remote: Sequence[int],
    away_wait: float,
    away_level: str,
    privacy: str | None = None,
) -> Scene:
    """A new game hosted: its table, with the Invite page over it (each remote seat's link).
    ValueError when the rules refuse the set-up; OSError when no port can be listened on."""
    from ..paths import user_saves
    from ..saves import SaveStore
    from ..session import GameSession
    from .launch import table_for

    session = GameSession(variant, seats, seed, options, SaveStore(user_saves()))
    session.autosave()
    try:
        hosted = host_session(session, remote, away_wait, away_level, interfaces=INTERFACES)
    except BaseException:
        session.close()
        raise
    return table_for(app, hosted, privacy=privacy)
