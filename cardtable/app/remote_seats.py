"""New game's remote seats (network play): a third kind of seat beside Person and Computer, the
host's two choices for them (how long an away seat's turn waits, the computer level that plays it
meanwhile; remembered), and the game they start: hosted (app/hosting.py), its links shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import settings
from .seat_players import LEVEL_LABELS

if TYPE_CHECKING:
    from .hosting import AdvertisedTable

WAIT_LABELS = {30: "30 s", 60: "1 min", 120: "2 min", 300: "5 min"}


def wait_label(seconds: int) -> str:
    return WAIT_LABELS.get(seconds, f"{seconds} s")


class RemoteChoices:
    """How long an away remote seat's turn waits, and who plays it meanwhile (as last chosen)."""

    def __init__(self) -> None:
        remembered = settings.load()
        self.away_wait: int = remembered["away_wait"]
        self.away_level: str = remembered["away_level"]

    def cycle_wait(self) -> None:
        waits = sorted(settings.AWAY_WAITS)
        self.away_wait = waits[(waits.index(self.away_wait) + 1) % len(waits)]

    def cycle_level(self) -> None:
        levels = list(LEVEL_LABELS)
        self.away_level = levels[(levels.index(self.away_level) + 1) % len(levels)]

    def remember(self) -> None:
        settings.save(away_wait=self.away_wait, away_level=self.away_level)


def start_remote(scene: Any, seats: list[dict[str, str]], seed: int | None, values: dict[str, Any]) -> Any:
    """The hosted game's table (ValueError in one sentence when it cannot be hosted here)."""
    from .. import net

    need = net.missing()
    if need:
        raise ValueError(need[0].upper() + need[1:] + ".")
    from .hosting import start_hosted

    remote = [i for i, row in enumerate(scene.seats) if row.remote]
    choices: RemoteChoices = scene.remote_choices
    try:
        table = start_hosted(
            scene.app,
            scene.variant,
            seats,
            seed,
            values,
            remote,
            float(choices.away_wait),
            choices.away_level,
            scene.privacy,
        )
    except OSError as exc:
        raise ValueError(
            f"This computer cannot take players over the network: {exc.strerror or exc}."
        ) from None
    choices.remember()
    return table


def host_again(session: Any) -> AdvertisedTable | str | None:
    """A resumed game that was hosted, hosted again with its seats' links (the host's away
    choices as last made); None for a game at one screen; why not, in a sentence, when it cannot
    be hosted here (it is never played at one screen instead: its remote seats' cards would be)."""
    from ..net import missing
    from ..net.tokens import hosted_seats
    from .hosting import INTERFACES, host_session

    if not hosted_seats(session):
        return None
    need = missing()
    if need:
        return f"This game is hosted over the network, and {need}; or play on here in a copy (C)."
    choices = RemoteChoices()
    try:
        return host_session(
            session, None, float(choices.away_wait), choices.away_level, interfaces=INTERFACES
        )
    except (OSError, ValueError) as exc:
        return f"This game cannot be hosted again here ({exc}); play on here in a copy (C)."
