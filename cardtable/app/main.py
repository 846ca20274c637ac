"""Start the desktop program: window, menu, main loop, and a readable crash screen."""

from __future__ import annotations

from typing import Any


def run_app(
    variant: Any = None,
    seats: list[dict[str, str]] | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    table_session: Any = None,
) -> int:
    """Open the window on the menu, or straight on a new game of `variant` when one is given, or
    on the table of `table_session` (network play: a hosted table, a joined one)."""
    from . import settings
    from .crash import show_crash, write_crash_log
    from .display import open_window, remember_window

    surface = open_window()
    try:
        from .menu import MenuScene
        from .scene import App

        app = App(surface)
        remembered = settings.load()
        app.set_text_size(remembered["text_size"])
        app.sound.muted = not remembered["sound"]
        app.push(MenuScene(app))
        if variant is not None:
            from .launch import start_game

            table = start_game(app, variant, seats or [], seed, options or {})
            if table is not None:
                app.push(table)
        if table_session is not None:
            from .launch import table_for

            app.push(table_for(app, table_session))
        app.run()
    except Exception as exc:  # a crash is shown and logged, never a silent exit
        show_crash(exc, write_crash_log(exc))
        return 1
    finally:
        import pygame

        remember_window()
        pygame.quit()
    return 0
