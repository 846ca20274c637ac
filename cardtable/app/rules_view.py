"""The rules screen: a variant's description, deck, hand ranking (or points table) and how often
each hand really comes up, sampled a little every frame so the window never stalls."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from ..variant import Variant
from . import frame, ui
from .scene import App, Scene

SAMPLE_BUDGET = 0.006  # seconds of sampling per frame


class FrequencySampler:
    """How often random hands of a variant fall in each category, a few at a time."""

    LIMIT = 200_000

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.hands: Any = variant.sections.get("hands")
        self.counts: list[int] = [0] * (len(self.hands.categories) + 1) if self.hands else []
        self.samples = 0
        self.rng = random.Random(1)

    def step(self, budget: float = SAMPLE_BUDGET) -> None:
        """Sample for `budget` seconds."""
        if not self.hands or self.samples >= self.LIMIT:
            return
        from ..hands.api import evaluate_pool

        size, cards = self.hands.size, range(self.variant.deck.size)
        end = time.perf_counter() + budget
        while time.perf_counter() < end:
            self.counts[evaluate_pool(self.hands, self.rng.sample(cards, size), size).rank] += 1
            self.samples += 1

    def frequency(self, index: int) -> str:
        if not self.samples:
            return ""
        p = self.counts[index] / self.samples
        return f"{p:.4%}" if p else f"< 1 in {self.samples:,}"


class RulesScene(Scene):
    manifest_scene = "rules"

    def __init__(self, app: App, variant: Variant) -> None:
        super().__init__(app)
        self.variant = variant
        self.sampler = FrequencySampler(variant)
        self.hands = self.sampler.hands
        self.scroll = 0
        self.never = self.hands.never_counts if self.hands else {}

    @property
    def samples(self) -> int:
        return self.sampler.samples

    def update(self, dt: float) -> None:
        self.sampler.step()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_r, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 1 if event.key == pygame.K_DOWN else 10
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (1 if event.key == pygame.K_UP else 10))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 3)

    def lines(self) -> list[tuple[str, str, str]]:
        """(name, points, frequency) per category, best first."""
        out = []
        cats = self.hands.categories if self.hands else ()
        for i, cat in enumerate(cats):
            freq = (
                f"never: {cats[self.never[i]].name} ranks higher"
                if i in self.never
                else self.sampler.frequency(i)
            )
            out.append((cat.name, str(cat.points) if cat.points else "", freq))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.FELT_DARK)
        w, h = surface.get_size()
        v = self.variant
        ui.text(surface, v.name, (40, 24), 54, ui.WHITE, bold=True)
        y = 84
        for line in ui.wrap(v.description, 24, w - 80)[:3]:
            ui.text(surface, line, (42, y), 24, (215, 230, 220))
            y += 26
        deck = v.deck
        parts = [f"{len(a)} {a.label}s" for a in deck.attributes.values()]
        ui.text(
            surface,
            f"{v.min_players}-{v.max_players} players · {deck.size:,} cards · " + ", ".join(parts),
            (42, y + 6),
            22,
            ui.ACCENT,
        )
        y += 48
        frame.region("title", pygame.Rect(0, 0, w, y - 4))
        if not self.hands:
            ui.text(surface, "This variant declares no hands.", (42, y), 26, ui.WHITE)
            return
        points = any(c.points for c in self.hands.categories)
        header = f"Hands, best first ({self.hands.size} cards)" if not points else "Points table"
        ui.text(surface, header, (42, y), 30, ui.WHITE, bold=True)
        if self.samples:
            ui.text(
                surface,
                f"how often a random hand is each: {self.samples:,} hands sampled",
                (w - 40, y + 6),
                20,
                (200, 215, 205),
                anchor="topright",
            )
        y += 40
        rows = self.lines()
        room = max(1, (h - y - 40) // 26)
        frame.region("hands", pygame.Rect(40, y - 2, w - 80, room * 26))
        self.scroll = min(self.scroll, max(0, len(rows) - room))
        for i, (name, pts, freq) in enumerate(rows[self.scroll : self.scroll + room], start=self.scroll):
            shade = (30, 70, 50) if i % 2 else (24, 60, 42)
            pygame.draw.rect(surface, shade, (40, y - 2, w - 80, 26))
            ui.text(surface, f"{i + 1}.", (50, y), 22, (190, 210, 200))
            ui.text(surface, name, (100, y), 22, ui.WHITE)
            if pts:
                ui.text(surface, f"{pts} points", (w // 2 + 60, y), 22, ui.ACCENT)
            colour = (255, 190, 90) if i in self.never else (220, 235, 225)
            ui.text(surface, freq, (w - 50, y), 22, colour, anchor="topright")
            y += 26
        frame.region(
            "prompt", ui.text(surface, "Up/Down scroll  ·  Esc back", (42, h - 32), 20, (180, 200, 190))
        )
