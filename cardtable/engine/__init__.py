"""The rules interpreter: one engine plays every variant from its YAML layout, betting and phases.

    from cardtable.engine import Rules, IllegalAction
    from cardtable.engine.bots import choose_action

See rules.py for the API and the state's shape, view.py for the per-seat view, verbs.py and
betting_round.py for the actions. Nothing here imports pygame.
"""

from .rules import IllegalAction, Rules

__all__ = ["IllegalAction", "Rules"]
