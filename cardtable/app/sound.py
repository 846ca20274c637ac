"""The table's sounds: made by the program itself at start-up (no sound files, no numpy: a few
short enveloped tones and noise bursts built with the `array` module), played by pygame's mixer,
opened after the first frame. Where there is no audio device the program is simply silent: the
mixer failing to open is never an error, and says nothing (SDL's and ALSA's own complaints on
standard error are kept off the terminal while it tries).

The cues (`CUES`): a card dealt, a card turned up, chips to the pot, chips to a winner, a
person's turn, and the screen passing to the next person. Mute is remembered (settings.py)."""

from __future__ import annotations

import cmath
import contextlib
import math
import os
from array import array
from collections.abc import Iterable, Iterator
from typing import Any

RATE = 22050  # samples a second: plenty for clicks and chimes, and half the work of 44.1 kHz
PEAK = 9000  # the loudest sample (of 32767): a table's sounds stay in the background
CUES = ("deal", "flip", "chips", "win", "turn", "pass")


def _tone(freqs: tuple[float, ...], ms: int, decay: float, attack_ms: float = 4.0) -> array:
    """A sum of sines with a short attack and an exponential decay (`decay` per second); each
    sine turned a step a sample as a complex number (a multiply, not a call of sin)."""
    n = RATE * ms // 1000
    attack = max(1, int(RATE * attack_ms / 1000))
    fall = math.exp(-decay / RATE)
    out = array("h", bytes(2 * n))
    scale = PEAK / len(freqs)
    for f in freqs:
        turn = cmath.exp(2j * math.pi * f / RATE) * fall  # the decay folded into the turn
        z = complex(0, scale)
        for i in range(n):
            out[i] += int(z.imag * i / attack) if i < attack else int(z.imag)
            z *= turn
    return out


def _noise(ms: int, decay: float, seed: int, smooth: int = 1) -> array:
    """A burst of noise (a fixed generator: the same sound every run), smoothed over `smooth`
    samples (duller), decaying `decay` per second."""
    n = RATE * ms // 1000
    out = array("h", bytes(2 * n))
    x, acc, env = seed, 0.0, 1.0
    fall = math.exp(-decay / RATE)
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        acc += ((x >> 16) / 32768.0 - 0.5 - acc) / smooth
        out[i] = int(acc * 2 * PEAK * env)
        env *= fall
    return out


def _then(*parts: array, gap_ms: int = 0) -> array:
    """The parts one after the other, `gap_ms` of silence between them."""
    out = array("h")
    for k, part in enumerate(parts):
        if k:
            out.extend(array("h", bytes(2 * (RATE * gap_ms // 1000))))
        out.extend(part)
    return out


def make_samples() -> dict[str, array]:
    """Every cue's samples (mono, signed 16-bit, RATE a second); a few ms of work."""
    return {
        "deal": _noise(45, 60.0, 7, smooth=2),  # a card sliding on the felt
        "flip": _then(_noise(12, 200.0, 11), _noise(18, 150.0, 13, smooth=2), gap_ms=25),  # a snap
        "chips": _then(_tone((2900.0, 4100.0), 35, 90.0, 1), _tone((3300.0, 4700.0), 45, 80.0, 1), gap_ms=30),
        "win": _then(*(_tone((f, 2 * f), 60, 14.0) for f in (523.3, 659.3, 784.0)), gap_ms=10),
        "turn": _tone((880.0, 1320.0), 160, 16.0),  # a soft bell: your decision
        "pass": _then(_tone((659.3,), 110, 9.0), _tone((493.9,), 170, 9.0)),  # a two-note chime
    }


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error sent nowhere meanwhile (ALSA prints its failures there itself)."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sound:
    """The cues, once the mixer is open; mute is the person's (V at the table), remembered."""

    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        self.state = "closed"  # "open", or "none" when there is no audio device (silent, as muted)
        self._sounds: dict[str, Any] = {}
        self.heard: list[str] = []  # the cues played since the mixer opened (newest last, the last 50)

    def open(self) -> None:
        """Open the mixer and make the cues (once); no device, or any failure: silence."""
        if self.state != "closed":
            return
        self.state = "none"
        try:
            import pygame

            with _quiet_stderr():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512, allowedchanges=0)
            self._sounds = {
                name: pygame.mixer.Sound(buffer=s.tobytes()) for name, s in make_samples().items()
            }
        except Exception:  # no device, no driver, a mixer that refuses the format: no sound
            self._sounds = {}
            return
        self.state = "open"

    def play(self, cues: Iterable[str]) -> None:
        """Play each cue named (unknown names are ignored), unless muted or without a device."""
        if self.muted or self.state != "open":
            return
        for name in dict.fromkeys(cues):  # a cue once a frame, however many cards it dealt
            sound = self._sounds.get(name)
            if sound is not None:
                sound.play()
                self.heard = [*self.heard[-49:], name]

    def toggle(self) -> bool:
        """Mute or unmute (remembered for the next run); True when the sound is now on."""
        from . import settings

        self.muted = not self.muted
        settings.save(sound=not self.muted)
        if self.muted and self.state == "open":
            import pygame

            with contextlib.suppress(Exception):
                pygame.mixer.stop()
        return not self.muted

    def close(self) -> None:
        if self.state == "open":
            import pygame

            with contextlib.suppress(Exception):
                pygame.mixer.quit()
        self.state, self._sounds = "closed", {}
