"""What the table asks of a game (`TableSession`: a GameSession, or the replay viewer's frozen
step), and a computer player's decision made at once from its seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ...engine import Rules
from ...engine.types import Action, View

BOT_LEVEL = "normal"


class TableSession(Protocol):
    """What the table asks of a game (a GameSession, or the replay viewer's frozen step): the fixed
    rules, views, and these few calls. Never the full state."""

    rules: Rules

    @property
    def seats(self) -> Sequence[Mapping[str, str]]: ...

    def view(self, seat: int | None) -> View: ...

    def to_move(self) -> int | None: ...

    def is_over(self) -> bool: ...

    def check(self, action: object) -> str | None: ...

    def act(self, action: Action) -> None: ...

    def undo(self, seat: int) -> bool: ...

    def undo_refusal(self, seat: int) -> str | None: ...

    def bot_seed(self) -> int: ...


def elsewhere(session: TableSession) -> frozenset[int]:
    """The seats played on other screens (network play: a hosted table's remote seats, or every
    seat but a joining player's own): never asked nor played at this one."""
    return frozenset(getattr(session, "elsewhere", ()))


def computer_action(session: TableSession, seat: int, level: str = BOT_LEVEL) -> Action:
    """The computer player's decision for `seat`, made at once (the screenshot driver's moves):
    from that seat's view, a seed and its level and style (`level` for a seat given none), as the
    table's thinking makes it."""
    from ...engine.bots import decide

    return decide(session.rules, session.view(seat), session.bot_seed(), *seat_player(session, seat, level))


def seat_player(session: TableSession, seat: int, level: str = BOT_LEVEL) -> tuple[str, str]:
    """(level, style) the computer player at `seat` plays (app/seat_players.py)."""
    from ..seat_players import seat_player as of_seat

    return of_seat(session.seats[seat] if 0 <= seat < len(session.seats) else {}, level)


def cannot_go_on(session: TableSession, exc: Exception) -> str:
    """What the table says when the rules (or a computer player's thinking) fail mid-game: the
    file's line of the step being played and why. The game stays as it was before the failure."""
    from ...errors import VariantError

    if isinstance(exc, VariantError) and exc.problems:
        where = str(exc.problems[0])
    else:
        line = session.view(None).get("step") or 0
        where = f"{session.rules.variant.path}:{line}: {type(exc).__name__}: {exc}"
    return f"This game cannot go on: {where[:300]}. It is kept as it was before."
