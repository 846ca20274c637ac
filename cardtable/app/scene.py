"""Scenes and the loop that runs them. A scene handles events, advances time and draws a frame.

The loop can also be stepped by hand (`App.step`) with synthetic events, which is how the tests
drive the real screens headless (see `headless.start`); `App.manifest` says what the last frame
showed (see frame.py).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable
from typing import Any

import pygame

from . import frame, ui
from .sound import Sound

# Ctrl with these keys makes all text larger (+1) or smaller (-1)
TEXT_KEYS = {
    pygame.K_EQUALS: 1,
    pygame.K_PLUS: 1,
    pygame.K_KP_PLUS: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
}


class Scene:
    """One screen of the program. Subclasses override what they need.

    `manifest_scene` is the scene's name in the frame manifest: by default the class name without
    "Scene", in snake case ("NewGameScene" -> "new_game").
    """

    manifest_scene = "scene"
    scales_text = False  # text grows with the window (the scene lays itself out by ui.line and ui.scale)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "manifest_scene" not in cls.__dict__:
            name = cls.__name__.removesuffix("Scene") or cls.__name__
            cls.manifest_scene = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resized(self, size: tuple[int, int]) -> None:
        pass

    def blank_slots(self) -> int:
        """Visible card slots the last frame left undrawn (faces not made yet): the frame log's."""
        return 0


class App:
    """The window, a stack of scenes, and the main loop."""

    def __init__(self, surface: pygame.Surface, fps: int = 120) -> None:
        self.surface = surface
        self.scenes: list[Scene] = []
        self.running = True
        self.fps = fps
        self.clock = pygame.time.Clock()
        self.last_frame: frame.FrameRecord | None = None  # what the last drawn frame showed
        self.text_size = 1.0  # the user's text size setting, a factor on the window's own scale
        # the text a key that changed the scene also types (D opening the deck browser types "d"):
        # it belongs to the old scene, never to the new one's search or text boxes
        self._typed_by_last_key = ""
        self.sound = Sound()  # the table's cues: silent until `run` opens the mixer after a frame
        ui.set_scale(surface.get_size(), self.text_size)

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.resized(self.surface.get_size())

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop()
            self.scene.resized(self.surface.get_size())
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.scenes.pop()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    def step(self, events: Iterable[pygame.event.Event], dt: float = 1 / 60) -> None:
        """Handle events, advance time and draw one frame (without flipping)."""
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.surface = pygame.display.get_surface() or self.surface
                self.resized()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and event.key in TEXT_KEYS:
                self.step_text_size(TEXT_KEYS[event.key])
                continue
            if event.type == pygame.TEXTINPUT and self._typed_by_last_key:
                typed, self._typed_by_last_key = self._typed_by_last_key, ""
                if event.text == typed:
                    continue
            before = self.scene
            self.scene.handle(event)
            if not self.running or not self.scenes:
                return
            if event.type == pygame.KEYDOWN:
                changed = self.scene is not before
                self._typed_by_last_key = _typed(event) if changed else ""
        self.scene.update(dt)
        ui.set_scale(self.surface.get_size(), self.text_size, self.scene.scales_text)
        frame.begin(self.surface, self.scene.manifest_scene)
        try:
            self.scene.draw(self.surface)
        finally:
            self.last_frame = frame.end()

    def resized(self) -> None:
        """The window changed size: text scales, and every scene lays itself out again."""
        ui.set_scale(
            self.surface.get_size(), self.text_size, self.scenes[-1].scales_text if self.scenes else False
        )
        for scene in self.scenes:
            scene.resized(self.surface.get_size())

    def set_text_size(self, factor: float) -> None:
        self.text_size = factor
        self.resized()

    def step_text_size(self, step: int) -> None:
        """Ctrl+Plus / Ctrl+Minus: the next text size up or down, remembered."""
        from . import settings

        sizes = sorted(settings.TEXT_SIZES)
        at = min(range(len(sizes)), key=lambda i: abs(sizes[i] - self.text_size))
        factor = sizes[max(0, min(len(sizes) - 1, at + step))]
        self.set_text_size(factor)
        settings.save(text_size=factor)

    def toggle_fullscreen(self) -> None:
        """F11: full screen, or back to the window."""
        from .display import toggle_fullscreen

        self.surface = toggle_fullscreen() or self.surface
        self.resized()

    def manifest(self) -> dict[str, Any]:
        """What the last drawn frame showed, as a plain JSON-ready dict (see interfaces.md)."""
        if self.last_frame is None:  # nothing drawn yet: an empty frame of the current scene
            name = self.scene.manifest_scene if self.scenes else ""
            return frame.FrameRecord(self.surface.get_size(), name).as_dict()
        return self.last_frame.as_dict()

    def settle(self) -> None:
        """A new screen is up: collect the old one's garbage now, then set everything alive aside
        from the garbage collector (gc.freeze), so its full collections during play scan only
        what play makes; they cost 75-110 ms a frame with a game and its deck in memory."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def run(self) -> None:
        from .framelog import open_log

        shown: Scene | None = None
        log = open_log()  # CARDTABLE_FRAME_LOG: a line per frame, for measuring from outside
        try:
            while self.running:
                dt = self.clock.tick(self.fps) / 1000.0
                if log is not None:
                    log.begin()
                self.step(pygame.event.get(), dt)
                pygame.display.flip()
                self.sound.open()  # once, after the first frame: the window never waits for the mixer
                if self.scenes and self.scene is not shown:
                    shown = self.scene
                    self.settle()
                if log is not None and self.scenes:
                    log.end(self.scene.manifest_scene, self.scene.blank_slots())
        finally:
            if log is not None:
                log.close()


def _typed(event: pygame.event.Event) -> str:
    """The character a key press also sends as text ("" for keys that type nothing)."""
    char = getattr(event, "unicode", "") or pygame.key.name(event.key)
    return char if len(char) == 1 and char.isprintable() else ""
