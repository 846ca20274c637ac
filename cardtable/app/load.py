"""The Load screen: the user's save slots and the shipped examples, each with its summary.

Open, replay, save as, delete (after a confirmation), export and import (a path typed in), by
keyboard or mouse. A save that cannot be read is listed with its message and is never written or
removed by anything but an explicit delete. A save made under an older version of its variant
file opens "under the new rules" only when its log still replays legally; otherwise the screen
says which action fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from ..saves import SavedGame, SaveError, SaveStore, dumps
from ..saves.store import AUTOSAVE, SUFFIX, atomic_write, read_file
from . import ui
from .scene import App, Scene

ROW_H = 62


@dataclass
class LoadEntry:
    """One listed save: a slot of the user's or a shipped example, readable or with its error."""

    name: str
    path: Path
    example: bool
    game: SavedGame | None
    error: str | None = None
    variant: Any = None
    variant_error: str | None = None
    check: Any = None  # session.ReplayCheck, made when first needed for a changed variant

    @property
    def changed(self) -> bool:
        return bool(self.game and self.variant and self.variant.digest != self.game.variant_digest)

    def title(self) -> str:
        if self.name == AUTOSAVE and not self.example:
            return "Autosave (the last game played)"
        return f"Example: {self.name.replace('_', ' ')}" if self.example else self.name.replace("_", " ")

    def summary(self) -> str:
        if self.game is None:
            return self.error or "unreadable"
        s = self.game.summary
        players = s.get("players") or [seat.get("name", "?") for seat in self.game.seats]
        parts = [
            str(s.get("game") or self.game.variant_name),
            ", ".join(str(p) for p in players),
            f"hand {s.get('hand', '?')}",
            f"{s.get('actions', sum(1 for a in self.game.log if a.get('seat') is not None))} actions",
            str(s.get("saved_at", "")).replace("T", " "),
            "finished" if s.get("over") else "in progress",
        ]
        return "  ·  ".join(p for p in parts if p)


_VARIANTS: dict[tuple[str, int], Any] = {}  # (path, mtime) -> Variant or why it does not load


def _variant(vid: str, files: dict[str, Path]) -> Any:
    """The variant with this id (cached while its file is unchanged), or the text of why not."""
    from ..errors import VariantError
    from ..variant import load_variant

    path = files.get(vid)
    if path is None:
        return f"no variant '{vid}' is installed"
    try:
        key = (str(path), path.stat().st_mtime_ns)
    except OSError:
        return f"no variant '{vid}' is installed"
    if key not in _VARIANTS:
        try:
            _VARIANTS[key] = load_variant(path)
        except VariantError:
            _VARIANTS[key] = f"the variant file {path} has errors"
    return _VARIANTS[key]


def list_saves(store: SaveStore, examples: Path | None) -> list[LoadEntry]:
    """The user's slots (newest first), then the examples (by name)."""
    from ..catalog import variant_files

    entries = [LoadEntry(s.name, s.path, False, s.game, s.error) for s in store.slots()]
    if examples is not None and examples.is_dir():
        for path in sorted(examples.glob(f"*{SUFFIX}")):
            try:
                entries.append(LoadEntry(path.name[: -len(SUFFIX)], path, True, read_file(path)))
            except SaveError as exc:
                entries.append(LoadEntry(path.name[: -len(SUFFIX)], path, True, None, str(exc)))
    files = {vid: path for vid, path, _ in variant_files()} if any(e.game for e in entries) else {}
    for e in entries:
        if e.game is not None:
            found = _variant(e.game.variant_id, files)
            if isinstance(found, str):
                e.variant_error = found
            else:
                e.variant = found
    return entries


class LoadScene(Scene):
    def __init__(
        self,
        app: App,
        store: SaveStore | None = None,
        examples: Path | None = None,
        select: str | None = None,
        message: str = "",
    ) -> None:
        super().__init__(app)
        from ..paths import shipped, user_saves

        self.store = store or SaveStore(user_saves())
        self.examples = examples if examples is not None else shipped("saves")
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

    def enable_buttons(self) -> None:
        e = self.entry
        playable = e is not None and bool(e.game and e.variant)
        self.buttons[0].enabled = e is not None  # open() says why when it cannot
        self.buttons[1].enabled = e is not None and playable and e.changed
        self.buttons[2].enabled = e is not None and playable and (not e.changed or self.checked(e).ok)
        self.buttons[3].enabled = bool(e and e.game)
        self.buttons[4].enabled = bool(e and e.game)
        self.buttons[6].enabled = bool(e and not e.example)

    @staticmethod
    def short_error(e: LoadEntry) -> str:
        """The error without the file's path in front (the row already names the save)."""
        return (e.error or "").removeprefix(f"{e.path}: ")

    def say(self, message: str, error: bool = False) -> None:
        self.message, self.error = message, error

    # ------------------------------------------------------------------ actions
    def _session(self, accept_changed: bool = False) -> Any:
        """The game of the selected save, playing on in the autosave slot (None: says why)."""
        from ..session import GameSession

        e = self.entry
        if e is None or e.game is None or e.variant is None:
            return None
        try:
            return GameSession.resume(e.game, e.variant, self.store, AUTOSAVE, accept_changed=accept_changed)
        except SaveError as exc:
            self.say(str(exc)[0].upper() + str(exc)[1:], error=True)
            return None

    def open(self) -> None:
        e = self.entry
        if e is None:
            return
        if e.game is None:
            self.say(f"This save cannot be opened: {e.error}", error=True)
            return
        if e.variant is None:
            self.say(f"This save cannot be opened: {e.variant_error}", error=True)
            return
        if e.changed:
            self.open_changed()
            return
        self._play(self._session())

    def open_changed(self) -> None:
        e = self.entry
        if e is None or not e.changed:
            return
        check = self.checked(e)
        if not check.ok:
            self.say(f"The rules of {e.variant.name} changed since this save: {check.reason}", error=True)
            return
        self._play(self._session(accept_changed=True))

    def _play(self, session: Any) -> None:
        if session is None:
            return
        if session.is_over():
            self.replay()  # nothing is left to play: step through it instead
            return
        session.autosave()  # Continue now resumes this game
        try:
            from .table import TableScene
        except ImportError:
            self.say("Playing a game is not available in this version yet.", error=True)
            return
        from .launch import remembered

        self.app.replace(TableScene(self.app, session, **remembered()))

    def replay(self) -> None:
        e = self.entry
        if e is None or e.game is None or e.variant is None:
            return
        if e.changed and not self.checked(e).ok:
            self.say(f"The rules changed and this save no longer replays: {e.check.reason}", error=True)
            return
        try:
            from .replay_view import ReplayScene
        except ImportError:
            self.say("The replay viewer is not available in this version yet.", error=True)
            return
        self.app.push(ReplayScene(self.app, e.game, e.variant))

    def delete(self) -> None:
        e = self.entry
        if e is None or e.example:
            return
        self.confirm_delete = True
        self.say(f"Delete '{e.title()}'? Press Y to delete it, N to keep it.")

    def really_delete(self) -> None:
        e = self.entry
        self.confirm_delete = False
        if e is None or e.example:
            return
        e.path.unlink(missing_ok=True)  # the listed file itself, even when its name is unusual
        self.say(f"Deleted '{e.title()}'.")
        self.refresh(None)

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
        game = self.entry.game if self.entry is not None else None
        if not value:
            self.say("Nothing was typed: nothing done.")
            return
        try:
            if what == "import":
                name = self.store.import_file(Path(value).expanduser())
                self.refresh(name)
                self.say(f"Imported as '{name}'.")
                return
            if game is None or self.entry is None:
                return
            if what == "save_as":
                target = self.store.path(value)
            else:
                target = Path(value).expanduser()
                if target.is_dir():
                    target = target / f"{self.entry.name}{SUFFIX}"
            if target.exists():  # nothing is overwritten from here: delete it first if meant
                self.say(f"{target.name} already exists: choose another name.", error=True)
                return
            atomic_write(target, dumps(game))
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
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(40, 130 + i * 56, 300, 46)
        self.list_rect = pygame.Rect(372, 130, w - 404, h - 270)
        self.field.rect = pygame.Rect(372, h - 100, w - 404, 40)
        self.select(self.selected)

    def handle(self, event: pygame.event.Event) -> None:
        if self.prompt is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.prompt = None
                self.say("Cancelled.")
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                what, _ = self.prompt
                self.prompt = None
                self.answer(what, self.field.value)
                return
            self.field.focused = True
            self.field.handle(event)
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
        self._draw_list(surface)
        self._draw_details(surface)
        if self.prompt is not None:
            ui.text(surface, self.prompt[1], (self.field.rect.left, self.field.rect.top - 26), 22, ui.WHITE)
            self.field.draw(surface)
        colour = (255, 170, 170) if self.error else ui.ACCENT
        for i, line in enumerate(ui.wrap(self.message, 22, w - 80)[:2]):
            ui.text(surface, line, (40, h - 52 + i * 22), 22, colour)

    def _draw_list(self, surface: pygame.Surface) -> None:
        area = self.list_rect
        if not self.entries:
            pygame.draw.rect(surface, ui.FELT_DARK, area.inflate(16, 16), border_radius=12)
            ui.text(surface, "No saves yet: play a game, or import one (I).", area.move(14, 14).topleft, 24)
            return
        ui.draw_rows(
            surface,
            area,
            len(self.entries),
            self.scroll,
            self.selected,
            ROW_H,
            lambda i, row, chosen: self._draw_row(surface, self.entries[i], row, chosen),
        )

    def _draw_row(self, surface: pygame.Surface, e: Any, row: pygame.Rect, chosen: bool) -> None:
        ink = ui.INK if chosen else ui.WHITE
        bad = e.game is None or e.variant is None
        title_ink = (ui.ERROR if chosen else (255, 170, 170)) if bad else ink
        ui.text(surface, e.title(), (row.left + 14, row.top + 6), 28, title_ink, bold=True)
        if e.changed:
            ui.text(surface, "rules changed", (row.right - 14, row.top + 8), 20, ui.ACCENT, anchor="topright")
        detail = e.summary() if e.game is not None else f"cannot be read: {self.short_error(e)}"
        if e.game is not None and e.variant is None:
            detail = f"{e.variant_error}  ·  {detail}"
        ui.text(
            surface,
            ui.ellipsize(detail, 20, row.width - 28),
            (row.left + 14, row.top + 34),
            20,
            ui.MUTED if chosen else (200, 220, 210),
        )

    def _draw_details(self, surface: pygame.Surface) -> None:
        """Under the list: the whole message of a bad or changed save."""
        e = self.entry
        if e is None:
            return
        lines: list[str] = []
        if e.game is None:
            lines = [
                f"This save cannot be read: {self.short_error(e)}. It is left as it is: only Delete removes it."
            ]
        elif e.variant is None:
            lines = [f"This save cannot be opened: {e.variant_error}."]
        elif e.changed:
            check = self.checked(e)
            if check.ok:
                lines = [
                    f"The rules of {e.variant.name} changed since this save, but every action is still "
                    "legal: it can be replayed under the new rules (U)."
                ]
            else:
                lines = [f"The rules of {e.variant.name} changed since this save: {check.reason}."]
        if not lines:
            return
        if self.prompt is not None:
            return
        box = pygame.Rect(self.list_rect.left, self.list_rect.bottom + 16, self.list_rect.width, 52)
        warning = e.changed and e.variant is not None and e.check is not None and e.check.ok
        pygame.draw.rect(surface, (60, 50, 20) if warning else (60, 20, 20), box, border_radius=8)
        y = box.top + 6
        for line in [w for text in lines for w in ui.wrap(text, 20, box.width - 20)][:2]:
            ui.text(surface, line, (box.left + 10, y), 20, (255, 225, 215))
            y += 22
