"""Run by `startup` in a fresh interpreter: `python -m cardtable.bench.first_frame menu|VARIANT`
opens the program's window on the menu (or on a variant's deck browser), draws one frame, exits."""

from __future__ import annotations

import os
import sys


def main(what: str) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from ..app.display import open_window
    from ..app.scene import App

    screen = open_window((1920, 1080), resizable=False)
    app = App(screen)
    if what == "menu":
        from ..app.menu import MenuScene

        app.push(MenuScene(app))
    else:
        from ..app.browse import BrowserScene
        from ..catalog import resolve

        app.push(BrowserScene(app, resolve(what)))
    app.step([])
    pygame.display.flip()


if __name__ == "__main__":
    main(sys.argv[1])
