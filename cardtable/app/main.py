"""Start the desktop program: window, menu, main loop, and a readable crash screen."""

from __future__ import annotations


def run_app(start_variant: str | None = None, players: str | None = None, seed: int | None = None) -> int:
    from .crash import show_crash, write_crash_log
    from .display import open_window

    surface = open_window()
    try:
        from .menu import MenuScene
        from .scene import App

        app = App(surface)
        app.push(MenuScene(app))
        app.run()
    except Exception as exc:  # a crash is shown and logged, never a silent exit
        show_crash(exc, write_crash_log(exc))
        return 1
    finally:
        import pygame

        pygame.quit()
    return 0
