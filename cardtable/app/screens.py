"""Every screen that opens by name, registered once: the menu's buttons, `headless.start(scene=...)`
and `cardtable screenshot --view` all read this registry. A screen's module is imported only when
the screen opens, so the menu starts fast.

To add a screen: write its `Scene` in its own module and register it below with what it needs from
the menu's chosen entry ("game": a playable variant; "deck": any variant, a deck-only file too;
"nothing") and, to have a menu button, its label and key. Not here: the menu itself, the root every
screen opens from, and the table, which opens from New game, Continue or Load with seats and a seed
(`launch.start_game`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pygame

from ..variant import Variant
from .scene import App, Scene

Opener = Callable[[App, "Variant | None"], "Scene | None"]


@dataclass(frozen=True)
class Screen:
    name: str  # the manifest's scene name
    open: Opener  # the scene for the chosen variant, or None when it cannot open now
    needs: Literal["game", "deck", "nothing"]
    button: str = ""  # the menu's button; "" for a screen the menu does not offer
    key: int = 0  # its key on the menu
    ready: Callable[[], bool] | None = None  # whether it has anything to open now (Continue: a game)

    def opens_for(self, variant: Variant | None) -> bool:
        """Whether this screen can open for `variant` (the menu's chosen entry; None: none or broken)."""
        if self.ready is not None and not self.ready():
            return False
        if self.needs == "nothing":
            return True
        if variant is None:
            return False
        return self.needs == "deck" or not variant.deck_only


SCREENS: dict[str, Screen] = {}


def register(screen: Screen) -> Screen:
    if screen.name in SCREENS:
        raise ValueError(f"a screen named {screen.name!r} is registered already")
    SCREENS[screen.name] = screen
    return screen


def screen(name: str) -> Screen:
    """The screen called `name`; ValueError naming the screens there are."""
    if name not in SCREENS:
        raise ValueError(f"no screen {name!r}: choose one of {', '.join(SCREENS)}")
    return SCREENS[name]


def on_menu() -> list[Screen]:
    """The screens the menu offers, in its order."""
    return [s for s in SCREENS.values() if s.button]


def _a_game_to_continue() -> bool:
    from .load_continue import continue_target

    return continue_target() is not None


def _continue(app: App, variant: Variant | None) -> Scene | None:
    from .load_continue import continue_scene

    return continue_scene(app)


def _new_game(app: App, variant: Variant | None) -> Scene:
    from .new_game import NewGameScene

    assert variant is not None
    return NewGameScene(app, variant)


def _load(app: App, variant: Variant | None) -> Scene:
    from .load import LoadScene

    return LoadScene(app)


def _browser(app: App, variant: Variant | None) -> Scene:
    from .browse import BrowserScene

    assert variant is not None
    return BrowserScene(app, variant)


def _howto(app: App, variant: Variant | None) -> Scene:
    from .howto import HowToScene

    assert variant is not None
    return HowToScene(app, variant, lambda: _rules(app, variant))


def _rules(app: App, variant: Variant | None) -> Scene:
    from .rules_view import RulesScene

    assert variant is not None
    return RulesScene(app, variant)


def _join(app: App, variant: Variant | None) -> Scene:
    from .join import JoinScene

    return JoinScene(app)


register(Screen("continue", _continue, "nothing", "Continue", pygame.K_c, _a_game_to_continue))
register(Screen("new_game", _new_game, "game", "New game", pygame.K_n))
register(Screen("load", _load, "nothing", "Load", pygame.K_l))
register(Screen("join", _join, "nothing", "Join a table", pygame.K_j))
register(Screen("browser", _browser, "deck", "Deck browser", pygame.K_d))
register(Screen("howto", _howto, "game", "How to play", pygame.K_h))
register(Screen("rules", _rules, "game", "Rules", pygame.K_r))
