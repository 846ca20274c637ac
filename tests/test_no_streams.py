"""A windowed program has no standard output or error: PyInstaller's windowed bundles and Windows'
pythonw.exe (the cardtable-gui.exe that pip installs) start Python with sys.stdout and sys.stderr set
to None. Every normal quit then ended in "'NoneType' object has no attribute 'flush'"."""

import os
import signal
import subprocess
import sys
import time

import pytest


def _no_streams() -> None:
    os.close(1)
    os.close(2)


def _env(tmp_path, **extra):
    return dict(
        os.environ,
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        **extra,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--version"],
        ["list"],
        ["validate", "texas_holdem"],
        ["simulate", "texas_holdem", "--games", "1", "--json"],
    ],
    ids=lambda a: a[0],
)
def test_commands_end_cleanly_with_no_streams(tmp_path, args):
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", *args], preexec_fn=_no_streams, env=_env(tmp_path)
    )
    assert done.returncode == 0
    assert not (tmp_path / "state").exists()  # no crash log written


def test_the_window_opens_and_quits_cleanly_with_no_streams(tmp_path):
    frames = tmp_path / "frames.tsv"
    window = subprocess.Popen(
        [sys.executable, "-m", "cardtable"],
        preexec_fn=_no_streams,
        env=_env(tmp_path, CARDTABLE_FRAME_LOG=str(frames)),
    )
    try:
        give_up = time.monotonic() + 120  # only so that a broken start cannot hang the suite
        while window.poll() is None and time.monotonic() < give_up:
            if frames.exists() and frames.read_text().count("\tmenu\t") >= 5:
                break
            time.sleep(0.05)
        assert window.poll() is None, "the window stopped by itself"
        window.send_signal(signal.SIGTERM)  # SDL turns it into a quit, as closing the window does
        assert window.wait(timeout=120) == 0
    finally:
        if window.poll() is None:
            window.kill()
    assert frames.read_text().count("\tmenu\t") >= 5
    assert not (tmp_path / "state").exists()  # no crash log written
