"""The table's sounds: each thing that happens at the table makes its cue, the mixer's real output
holds each cue's samples (recorded with SDL's disk audio driver, in a process of its own so the
other tests keep the dummy driver), mute makes none and is remembered, and no audio device is
silence, never an error or a word on the terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections import Counter

import pygame

from cardtable.app import settings
from cardtable.app.headless import start
from cardtable.app.sound import CUES, make_samples
from cardtable.app.table.cues import Cues, cues, seen


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def _play(app, frames: int, want: set[str]) -> Counter:
    """Play on with keys only (Enter lifts curtains and hurries, H looks in peek mode, C and K call
    and check), dt a half second; the cues the table played, until all of `want` were."""
    heard: Counter = Counter()
    for i in range(frames):
        keys = [_key(pygame.K_RETURN)] if i % 4 == 0 else []
        if i % 4 == 2:
            keys = [_key(pygame.K_h), _key(pygame.K_c), _key(pygame.K_k)]
        app.step(keys, dt=0.5)
        heard.update(app.sound.heard)
        app.sound.heard = []
        if want <= set(heard):
            break
    return heard


def test_every_event_at_the_table_makes_its_cue_and_mute_makes_none(fresh_user):
    app = start("texas_holdem", players=["Ann", "bot"], seed=3, autosave=False)
    app.scene.bot_delay = 0
    app.sound.open()  # the dummy driver: a mixer that plays into nothing
    try:
        assert app.sound.state == "open"
        heard = _play(app, 200, {"deal", "flip", "chips", "win", "turn"})
        assert {"deal", "flip", "chips", "win", "turn"} <= set(heard), heard
        app.step([_key(pygame.K_v)])  # mute: said, remembered, and nothing more is played
        assert app.sound.muted and settings.load()["sound"] is False
        assert not _play(app, 40, set(CUES))
        app.step([_key(pygame.K_v)])
        assert not app.sound.muted and settings.load()["sound"] is True
        assert _play(app, 60, {"deal"})["deal"]  # on again, the table sounds again
    finally:
        app.sound.close()

    app = start("texas_holdem", players=["Ann", "Bob"], seed=3, autosave=False, privacy="peek")
    app.sound.open()
    try:
        assert _play(app, 60, {"pass"})["pass"]  # another person asked: the screen passes
    finally:
        app.sound.close()


def test_a_curtain_rising_is_the_screen_passing():
    app = start("texas_holdem", players=["Ann", "Bob"], seed=5, autosave=False)
    view = app.scene.view_for(None)
    before, now = seen(view, None, None), seen(view, 1, 1)
    assert cues(before, now, 0, False) == ["pass"]
    assert cues(before, seen(view, 1, None), None, False) == ["turn"]
    assert cues(now, now, 1, False) == []  # nothing changed: nothing heard
    first = Cues().hear(0, view, 0, None, False)  # the table as it opens: dealt, blinds in, a turn
    assert first == ["deal", "chips", "turn"]


RECORDER = textwrap.dedent(
    """
    import json, os, sys
    from cardtable.app.sound import CUES, Sound
    import pygame

    os.environ["SDL_AUDIODRIVER"] = "no-such-driver"  # no device: silence, and nothing said
    nothing = Sound()
    nothing.open()
    nothing.play(CUES)
    os.environ["SDL_AUDIODRIVER"] = "disk"
    os.environ["SDL_DISKAUDIOFILE"] = sys.argv[1]
    os.environ["SDL_DISKAUDIODELAY"] = "1"  # ms between buffers: 20 times faster than real time
    sound = Sound(muted=True)
    sound.open()
    sound.play(CUES)  # muted: none of these may sound
    sound.muted = False

    def finish():  # until the mixer has played it out (a bounded count of 1 ms waits, not a time)
        for _ in range(20000):
            if not pygame.mixer.get_busy():
                return
            pygame.time.wait(1)

    finish()
    for name in CUES:
        sound.play([name])
        finish()
    state = sound.state
    sound.close()  # the device closed: every buffer written
    print(json.dumps([nothing.state, state]))
    """
)


def test_the_mixer_plays_each_cue_and_nothing_when_muted_or_without_a_device(tmp_path):
    recording = tmp_path / "mixer.raw"
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", RECORDER, str(recording)], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # the missing device said nothing
    assert json.loads(done.stdout) == ["none", "open"]
    data = recording.read_bytes()
    samples = make_samples()
    at = 0
    for name in CUES:  # each cue's own samples, whole and in order: nothing mixed over them
        found = data.find(samples[name].tobytes(), at)
        assert found >= at, f"{name} was not recorded whole after byte {at}"
        at = found + 2 * len(samples[name])
    sounding = sum(1 for i in range(0, len(data) - 1, 2) if data[i : i + 2] != b"\0\0")
    assert sounding == sum(sum(1 for v in s if v) for s in samples.values())  # the muted plays: none
