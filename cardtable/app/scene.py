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

from . import frame


class Scene:
    """One screen of the program. Subclasses override what they need.

    `manifest_scene` is the scene's name in the frame manifest: by default the class name without
    "Scene", in snake case ("NewGameScene" -> "new_game").
    """

    manifest_scene = "scene"

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


class App:
    """The window, a stack of scenes, and the main loop."""

    def __init__(self, surface: pygame.Surface, fps: int = 120) -> None:
        self.surface = surface
        self.scenes: list[Scene] = []
        self.running = True
        self.fps = fps
        self.clock = pygame.time.Clock()
        self.last_frame: frame.FrameRecord | None = None  # what the last drawn frame showed

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
                self.scene.resized(self.surface.get_size())
                continue
            self.scene.handle(event)
            if not self.running or not self.scenes:
                return
        self.scene.update(dt)
        frame.begin(self.surface, self.scene.manifest_scene)
        try:
            self.scene.draw(self.surface)
        finally:
            self.last_frame = frame.end()

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
        shown: Scene | None = None
        while self.running:
            dt = self.clock.tick(self.fps) / 1000.0
            self.step(pygame.event.get(), dt)
            pygame.display.flip()
            if self.scenes and self.scene is not shown:
                shown = self.scene
                self.settle()
