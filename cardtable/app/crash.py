"""A crash never ends in silence: the traceback goes to a log file and the window says where."""

from __future__ import annotations

import datetime
import sys
import traceback
from pathlib import Path

from ..paths import user_log


def write_crash_log(exc: BaseException) -> Path | None:
    """Write the traceback to the platform log folder; returns the file, or None if impossible."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        folder = user_log()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{stamp}.log"
        path.write_text(text, encoding="utf-8")
    except OSError:
        path = None
    print(text, file=sys.stderr)
    return path


def save_sentence() -> tuple[str, bool]:
    """What the crash screen says about the game's save, true to what happened: (the sentence,
    whether the save is up to date). No game saved in this run: nothing is claimed."""
    from .. import session

    report = session.last_save
    if report is None:
        return "", True
    where = f" ({report.path})" if report.path is not None else ""
    if report.ok:
        return f"Your game was last saved at {report.when}{where}.", True
    return (
        f"Your game could not be saved ({report.problem.removeprefix('Not saved: ')}): "
        f"its last good save{where} is kept.",
        False,
    )


def show_crash(exc: BaseException, log: Path | None) -> None:
    """Show a readable message in the window until a key or click (best effort)."""
    try:
        import pygame

        from .ui import ERROR, FELT_DARK, WHITE, text, wrap

        surface = pygame.display.get_surface()
        if surface is None:
            return
        surface.fill(FELT_DARK)
        w, _ = surface.get_size()
        text(surface, "Cardtable stopped because of an error", (40, 40), 40, WHITE, bold=True)
        y = 100
        for line in wrap(f"{type(exc).__name__}: {exc}", 26, w - 80)[:8]:
            text(surface, line, (40, y), 26, (255, 200, 200))
            y += 30
        where = f"The details were written to {log}" if log else "The details were printed on the console."
        text(surface, where, (40, y + 20), 24, WHITE)
        saved, ok = save_sentence()
        if saved:
            for line in wrap(saved, 24, w - 80)[:2]:
                text(surface, line, (40, y + 56), 24, WHITE if ok else ERROR)
                y += 30
        text(surface, "Press any key to close.", (40, y + 56), 24, WHITE)
        pygame.display.flip()
        while True:
            event = pygame.event.wait(30_000)
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.NOEVENT):
                return
    except Exception:  # the crash screen itself must never raise
        return
