"""A hosted game's seats and tokens kept in its save: which seats are remote in the clear, the
tokens sealed with the installation's key (`saves/seal.py`), so the game resumed and hosted again
accepts the same links and the save file alone (shared, exported) does not give them away."""

from __future__ import annotations

from collections.abc import Mapping

from ..saves import seal
from ..session import GameSession, store_key

SEALED_INDEX = -1  # the tokens' sealed box (seal_fields' entry index: no log entry has it)


def keep_tokens(session: GameSession, tokens: Mapping[int, str], port: int) -> None:
    """Note the seats' tokens in the game's save, sealed with the installation's key (the save's
    other fields say only which seats are remote, and the port the links name). Without a save
    folder they live in memory."""
    if session.store is None:
        return
    sealed = seal.seal_fields(
        store_key(), session.game_id, SEALED_INDEX, {"tokens": {str(s): t for s, t in tokens.items()}}
    )
    session.extra["net"] = {"remote": sorted(tokens), "sealed": sealed, "port": port}
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


def hosted_port(session: GameSession) -> int:
    """The port a resumed game was hosted on (0: none kept), which its links name."""
    net = session.extra.get("net")
    port = net.get("port") if isinstance(net, dict) else None
    return port if isinstance(port, int) and 0 < port < 65536 else 0
