"""The Load screen: every game's autosave, the named copies and the shipped examples, each with
its date, game, players and progress (load_list.py), drawn by load_draw.py.

Open, replay, play a copy, save as, delete (after a confirmation), export and import (a path
typed in), by keyboard or mouse. Opening a game's autosave plays on in it; opening anything else
plays on in a copy (a new game with its own autosave), so no unfinished game is ever written over.
A save that cannot be read is listed with its reason and is never written or removed by anything
but an explicit delete. A save changed outside Cardtable opens only as a replay. A game another
window holds is offered as a replay or a copy. A save made under an older version of its variant
file opens "under the new rules" only when its log still replays legally.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from ..errors import VariantError
from ..saves import SaveError, SaveStore, locks
from ..saves.store import SUFFIX
from . import load_draw, ui
from .load_draw import ROW_H
from .load_list import LoadEntry, list_saves
from .scene import App, Scene

__all__ = ["LoadEntry", "LoadScene", "list_saves"]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


class LoadScene(Scene):
    def __init__(
        self,
        app: App,
        store: SaveStore | None = None,
        examples: Path | None = None,
        select: str | None = None,
        message: str = "",
        **table: Any,
    ) -> None:
        """`table`: options passed on to the table of a game opened from here."""
        super().__init__(app)
        from ..paths import shipped, user_saves

        self.store = store or SaveStore(user_saves())
        self.examples = examples if examples is not None else shipped("saves")
        self.table_options = table
        self.entries: list[LoadEntry] = []
        self.selected = 0
        self.scroll = 0
        self.message = message
        self.error = False
        self.confirm_delete = False
        self.prompt: tuple[str, str] | None = None  # (what, the question) while a path/name is typed
        self.field = ui.TextInput("", max_len=300)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons = [
            ui.Button("Open", self.open, pygame.K_RETURN, hint="Enter"),
            ui.Button("Open under new rules", self.open_changed, pygame.K_u, hint="U"),
            ui.Button("Replay", self.replay, pygame.K_v, hint="V"),
            ui.Button("Play a copy", self.play_copy, pygame.K_c, hint="C"),
            ui.Button("Save as…", lambda: self.ask("save_as"), pygame.K_s, hint="S"),
            ui.Button("Export…", lambda: self.ask("export"), pygame.K_e, hint="E"),
            ui.Button("Import…", lambda: self.ask("import"), pygame.K_i, hint="I"),
            ui.Button("Delete", self.delete, pygame.K_DELETE, hint="Del"),
            ui.Button("Back", self.app.pop, pygame.K_ESCAPE, hint="Esc"),
        ]
        self.refresh(select)

    # ------------------------------------------------------------------ the list
    def refresh(self, select: str | None = None) -> None:
        keep = select if select is not None else (self.entry.name if self.entry else None)
        self.entries = list_saves(self.store, self.examples)
        names = [e.name for e in self.entries]
        self.selected = names.index(keep) if keep in names else 0
        self.select(self.selected)

    @property
    def entry(self) -> LoadEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def select(self, index: int) -> None:
        if not self.entries:
            self.selected = 0
        else:
            self.selected = max(0, min(len(self.entries) - 1, index))
            visible = max(1, self.list_rect.height // ROW_H)
            if self.selected < self.scroll:
                self.scroll = self.selected
            elif self.selected >= self.scroll + visible:
                self.scroll = self.selected - visible + 1
        self.confirm_delete = False
        self.enable_buttons()

    def checked(self, e: LoadEntry) -> Any:
        """Whether a changed variant's save still replays (computed once, when first needed)."""
        if e.check is None and e.changed and e.game is not None:
            from ..session import GameSession

            e.check = GameSession.check_saved(e.game, e.variant)
        return e.check

    def replayable(self, e: LoadEntry | None) -> bool:
        if e is None or e.game is None or e.variant is None:
            return False
        return not e.changed or bool(self.checked(e).ok)

    def enable_buttons(self) -> None:
        e = self.entry
        playable = e is not None and bool(e.game and e.variant) and e.outside is None
        self.buttons[0].enabled = e is not None  # open() says why when it cannot
        self.buttons[1].enabled = e is not None and playable and e.changed
        self.buttons[2].enabled = self.replayable(e)
        self.buttons[3].enabled = playable and self.replayable(e)
        self.buttons[4].enabled = bool(e and e.game)
        self.buttons[5].enabled = bool(e and e.game)
        self.buttons[7].enabled = bool(e and not e.example and e.holder is None)

    def say(self, message: str, error: bool = False) -> None:
        self.message, self.error = message, error

    # ------------------------------------------------------------------ opening
    def play_entry(self, e: LoadEntry, copy: bool = False, accept_changed: bool = False) -> Scene | None:
        """The scene a save opens on (the table; the replay of a finished game or of a save
        changed outside Cardtable), or None with the reason said."""
        from ..session import GameSession

        if e.game is None:
            self.say(f"This save cannot be opened: {e.error}", error=True)
            return None
        if e.variant is None:
            self.say(f"This save cannot be opened: {e.variant_error}", error=True)
            return None
        if e.outside is not None:
            self.say(f"This save was {e.outside}: it opens only as a replay.", error=True)
            return self.replay_scene(e)
        if e.holder is not None and not copy:
            self.say(
                f"This game is open in another Cardtable window ({e.holder.describe()}): "
                "V watches it as a replay, C plays on in a copy.",
                error=True,
            )
            return None
        if e.changed and not accept_changed:
            check = self.checked(e)
            if not check.ok:
                self.say(f"The rules of {e.variant.name} changed since this save: {check.reason}", error=True)
                return None
            accept_changed = True
        in_place = e.autosave and not copy
        try:
            session = GameSession.resume(
                e.game,
                e.variant,
                self.store,
                slot=e.name if in_place else None,
                accept_changed=accept_changed,
                copy=not in_place,
                trust_file=e.example,
            )
        except SaveError as exc:
            self.say(_sentence(str(exc)), error=True)
            return None
        except VariantError as exc:  # its rules fail when replayed (BrokenRules): said, never a crash
            self.say(f"This game cannot go on: {exc.problems[0] if exc.problems else exc}", error=True)
            return None
        if session.is_over():
            return self.replay_scene(e)  # nothing is left to play: step through it instead
        if in_place and e.path is not None and locks.claim(e.path) is not None:
            self.say("Another window took this game just now: play on in a copy (C).", error=True)
            return None
        session.autosave()  # Continue now resumes this game
        from .launch import table_for

        if in_place:  # a game hosted over the network is hosted again: its players' links work
            from .remote_seats import host_again

            hosted = host_again(session)
            if isinstance(hosted, str):
                session.close()
                self.say(hosted, error=True)
                return None
            return table_for(self.app, hosted or session, **self.table_options)
        return table_for(self.app, session, **self.table_options)

    def _go(self, scene: Scene | None) -> None:
        if scene is None:
            return
        if type(scene).__name__ == "ReplayScene":
            self.app.push(scene)  # Esc comes back here
        else:
            self.app.replace(scene)

    def open(self) -> None:
        if self.entry is not None:
            self._go(self.play_entry(self.entry))

    def open_changed(self) -> None:
        e = self.entry
        if e is None or not e.changed:
            return
        self._go(self.play_entry(e, accept_changed=True))

    def play_copy(self) -> None:
        e = self.entry
        if e is None or not self.buttons[3].enabled:
            return
        self._go(self.play_entry(e, copy=True))
        if self.app.scene is not self:
            self.say("")

    def replay_scene(self, e: LoadEntry) -> Scene | None:
        if e.game is None or e.variant is None:
            return None
        if e.changed and not self.checked(e).ok:
            self.say(f"The rules changed and this save no longer replays: {e.check.reason}", error=True)
            return None
        from .replay_view import ReplayScene

        return ReplayScene(self.app, e.game, e.variant)

    def replay(self) -> None:
        if self.entry is not None:
            self._go(self.replay_scene(self.entry))

    # ------------------------------------------------------------------ deleting
    def delete(self) -> None:
        e = self.entry
        if e is None or e.example:
            return
        if e.holder is not None:
            self.say("This game is open in another window: it cannot be deleted now.", error=True)
            return
        self.confirm_delete = True
        self.say(f"Delete '{e.title()}'? Press Y to delete it, N to keep it.")

    def really_delete(self) -> None:
        from ..saves.journal import journal_path

        e = self.entry
        self.confirm_delete = False
        if e is None or e.example:
            return
        e.path.unlink(missing_ok=True)  # the listed file itself, even when its name is unusual
        journal_path(e.path).unlink(missing_ok=True)  # (and what its autosaves added beside it)
        self.say(f"Deleted '{e.title()}'.")
        self.refresh(None)

    # ------------------------------------------------------------------ save as, export, import
    QUESTIONS = {
        "save_as": "Save a copy as (a name):",
        "export": "Export to (a file or folder path):",
        "import": "Import the save file at (a path):",
    }

    def ask(self, what: str) -> None:
        if what != "import" and (self.entry is None or self.entry.game is None):
            return
        self.prompt = (what, self.QUESTIONS[what])
        self.field.value = ""
        self.field.focused = True
        self.say("Type, then Enter; Esc cancels.")

    def answer(self, what: str, value: str) -> None:
        value = value.strip()
        e = self.entry
        if not value:
            self.say("Nothing was typed: nothing done.")
            return
        try:
            if what == "import":
                name = self.store.import_file(Path(value).expanduser())
                self.refresh(name)
                self.say(f"Imported as '{name}'.")
                return
            if e is None or e.game is None:
                return
            if what == "save_as":
                target = self.store.path(value)
            else:
                target = Path(value).expanduser()
                if target.is_dir():
                    target = target / f"{e.name}{SUFFIX}"
            if target.exists():  # nothing is overwritten from here: delete it first if meant
                self.say(f"{target.name} already exists: choose another name.", error=True)
                return
            self.store.copy(e.path, target)  # the bytes as they are: a copy keeps its signature
            if what == "save_as":
                self.refresh(target.name[: -len(SUFFIX)])
                self.say(f"Saved as '{target.name[: -len(SUFFIX)]}'.")
            else:
                self.say(f"Exported to {target}.")
        except SaveError as exc:
            self.say(str(exc), error=True)
        except OSError as exc:
            self.say(f"Cannot write {value}: {exc.strerror or exc}", error=True)

    # ------------------------------------------------------------------ scene
    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        step = max(36, min(56, (h - 130 - 70) // len(self.buttons)))
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(40, 130 + i * step, 300, step - 8)
        self.list_rect = pygame.Rect(372, 130, w - 404, h - 270)
        self.field.rect = pygame.Rect(372, h - 100, w - 404, 40)
        self.select(self.selected)

    def _handle_prompt(self, event: pygame.event.Event) -> None:
        assert self.prompt is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.prompt = None
            self.say("Cancelled.")
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            what, _ = self.prompt
            self.prompt = None
            self.answer(what, self.field.value)
        else:
            self.field.focused = True
            self.field.handle(event)

    def handle(self, event: pygame.event.Event) -> None:
        if self.prompt is not None:
            self._handle_prompt(event)
            return
        if self.confirm_delete:
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_y:
                    self.really_delete()
                else:
                    self.confirm_delete = False
                    self.say("Kept.")
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.confirm_delete = False
                self.say("Kept.")
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.select(self.selected + (-1 if event.key == pygame.K_UP else 1))
                return
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                page = max(1, self.list_rect.height // ROW_H)
                self.select(self.selected + (-page if event.key == pygame.K_PAGEUP else page))
                return
            if event.key == pygame.K_BACKSPACE:
                self.delete()
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.entries) - 1), self.scroll - event.y))
            return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.list_rect.collidepoint(event.pos)
        ):
            row = (event.pos[1] - self.list_rect.top) // ROW_H + self.scroll
            if 0 <= row < len(self.entries):
                if row == self.selected and self.buttons[0].enabled:
                    self.open()  # a click on the chosen row opens it
                else:
                    self.select(row)
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.FELT)
        w, h = surface.get_size()
        ui.text(surface, "Load a game", (40, 36), 64, ui.WHITE, bold=True)
        ui.text(surface, f"Your saves are in {self.store.folder}", (44, 94), 20, (200, 220, 210))
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, hovered=b.rect.collidepoint(mouse))
        load_draw.draw_list(self, surface)
        load_draw.draw_details(self, surface)
        if self.prompt is not None:
            ui.text(surface, self.prompt[1], (self.field.rect.left, self.field.rect.top - 26), 22, ui.WHITE)
            self.field.draw(surface)
        colour = (255, 170, 170) if self.error else ui.ACCENT
        for i, line in enumerate(ui.wrap(self.message, 22, w - 80)[:2]):
            ui.text(surface, line, (40, h - 52 + i * 22), 22, colour)
