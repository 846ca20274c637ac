"""The rules interpreter: one engine plays every variant from its YAML layout, betting and phases.

    from cardtable.engine import Rules, IllegalAction
    from cardtable.engine.bots import decide

See rules.py for the API, types.py for the typed plain data (state, actions, views), view.py for
the per-seat view, verbs/ for the verbs a variant's phases are made of (one module each), replay.py
for rebuilding a game from its log and bots/ for computer players. Nothing here imports pygame.
"""

from ..errors import IllegalAction
from .rules import Rules

__all__ = ["IllegalAction", "Rules"]
