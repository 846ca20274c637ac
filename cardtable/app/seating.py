"""What New game and the menu remember of the games played (in settings.py's file): the last
seating (each seat's name, person or computer, and any choice a seat carries, such as a level),
offered again at New game; and which games were played most recently, listed first in the menu."""

from __future__ import annotations

from . import settings

MAX_RECENT = settings.MAX_RECENT


def last_seating(most: int) -> list[dict[str, str]]:
    """The last seating, its first `most` seats (a game seating fewer), or [] when none was
    remembered."""
    return [dict(s) for s in settings.load().get("seating", [])[:most]]


def remember_seating(seats: list[dict[str, str]]) -> None:
    """The seating a game just started with: New game offers it first next time."""
    if settings.seating_ok(seats):
        settings.save(seating=[dict(s) for s in seats])


def played(variant_id: str) -> None:
    """A game of `variant_id` is being played: first in the menu from now on."""
    recent = [v for v in settings.load().get("recent", []) if v != variant_id]
    if settings.recent_ok([variant_id]):
        settings.save(recent=[variant_id, *recent][:MAX_RECENT])


def recent() -> list[str]:
    """Variant ids played, newest first."""
    return list(settings.load().get("recent", []))


def menu_order(games: list[tuple[str, str]]) -> list[int]:
    """The menu's order of `games` ((variant id, name) each): the most recently played first,
    then the rest by name."""
    rank = {vid: i for i, vid in enumerate(recent())}
    return sorted(
        range(len(games)),
        key=lambda i: (rank.get(games[i][0], len(rank)), games[i][1].casefold(), games[i][0]),
    )
