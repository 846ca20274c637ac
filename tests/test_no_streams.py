"""A windowed program has no standard output or error: PyInstaller's windowed bundles and Windows'
pythonw.exe (the cardtable-gui.exe that pip installs) start Python with sys.stdout and sys.stderr set
to None. Every normal quit then ended in "'NoneType' object has no attribute 'flush'"."""

import json
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


COMMANDS = {
    "--version": ["--version"],
    "list": ["list"],
    "validate": ["validate", "texas_holdem"],
    "simulate": ["simulate", "texas_holdem", "--games", "1", "--json"],
}
# One real process with no streams runs every command, each as `python -m cardtable` would (its
# streams None again first, as Python starts a windowed program), and ends as that ends: one start
# of Python and of the program's imports instead of one per command. The codes go to a file.
RUN_EACH = """
import json, sys
from cardtable.cli import main
codes = {}
for name, args in json.loads(sys.argv[1]).items():
    sys.stdout = sys.stderr = None
    try:
        codes[name] = main(args)
    except SystemExit as exc:  # argparse's own ending (--version)
        codes[name] = exc.code
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump(codes, out)
raise SystemExit(max(codes.values()))
"""


@pytest.fixture(scope="module")
def no_stream_runs(tmp_path_factory):
    """Each command's exit code, the process's own code, and its folder (no crash log in it)."""
    home = tmp_path_factory.mktemp("no-streams")
    codes = home / "codes.json"
    done = subprocess.run(
        [sys.executable, "-c", RUN_EACH, json.dumps(COMMANDS), str(codes)],
        preexec_fn=_no_streams,
        env=_env(home),
    )
    return json.loads(codes.read_text(encoding="utf-8")), done.returncode, home


@pytest.mark.parametrize("name", COMMANDS)
def test_commands_end_cleanly_with_no_streams(no_stream_runs, name):
    codes, process_code, home = no_stream_runs
    assert codes[name] == 0
    assert process_code == 0  # and the program's normal quit after them
    assert not (home / "state").exists()  # no crash log written


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
