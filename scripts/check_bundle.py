"""Start a built bundle and check it plays the same game as the installed program (CI runs this after
scripts/build_bundle.py): its version; the seven built-in games; `simulate` and two screenshots byte
for byte the installed program's; the window drawing frames with the dummy video driver and quitting
cleanly; and every command ending cleanly with no standard output or error (a windowed program's lot).

    python scripts/check_bundle.py dist/cardtable-VERSION-PLATFORM/cardtable

Prints a line per check; exits 1 at the first that fails.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BUILTIN = {
    "infinite_poker",
    "limbo_holdem",
    "poker_clash",
    "poker_grid",
    "sevendeck_poker",
    "sigilian_poker",
    "texas_holdem",
}


def main() -> int:
    bundle = Path(sys.argv[1]).resolve()
    installed = shutil.which("cardtable")
    if installed is None:
        print("the installed program (cardtable) is not on PATH", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as work:
        home = Path(work)
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        for name in ("DATA", "CONFIG", "CACHE", "STATE"):
            env[f"XDG_{name}_HOME"] = str(home / name.lower())

        def run(program: str | Path, *args: str, **kw: object) -> subprocess.CompletedProcess[bytes]:
            return subprocess.run([str(program), *args], env=env, capture_output=True, timeout=600, **kw)  # type: ignore[call-overload]

        def same(*args: str, outputs: tuple[str, ...] = ()) -> bool:
            """Both programs run `args` (OUT in them replaced per program); the files they write
            alike, or, when they write none, what they print."""
            made = []
            for who, program in (("bundle", bundle), ("installed", installed)):
                done = run(program, *(a.replace("OUT", f"{work}/{who}") for a in args))
                if done.returncode != 0:
                    print(f"  {who} failed: {done.stderr.decode(errors='replace')[-500:]}")
                    return False
                made.append([Path(f"{work}/{who}{o}").read_bytes() for o in outputs] or [done.stdout])
            return made[0] == made[1]

        checks = []
        version = run(bundle, "--version")
        checks.append(
            ("--version", version.returncode == 0 and version.stdout == run(installed, "--version").stdout)
        )
        import json

        listed = run(bundle, "list", "--json")
        games = {e["id"] for e in json.loads(listed.stdout or b"[]") if e["builtin"] and e["ok"]}
        checks.append(("list --json: the seven built-in games", listed.returncode == 0 and games == BUILTIN))
        checks.append(
            (
                "simulate texas_holdem --games 3 --seed 1 --json, byte for byte",
                same("simulate", "texas_holdem", "--games", "3", "--seed", "1", "--json"),
            )
        )
        for game in ("sevendeck_poker", "infinite_poker"):
            checks.append(
                (
                    f"screenshot of {game}'s table and its manifest, byte for byte",
                    same(
                        "screenshot",
                        game,
                        "OUT.png",
                        "--view",
                        "table",
                        "--size",
                        "800x600",
                        "--manifest",
                        "OUT.json",
                        outputs=(".png", ".json"),
                    ),
                )
            )
        checks.append(("the window draws frames and quits cleanly", window(bundle, env, home / "frames.tsv")))
        checks.append(("list ends cleanly with no standard output or error", no_streams(bundle, env)))
    for name, ok in checks:
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
    return 0 if all(ok for _, ok in checks) else 1


def window(bundle: Path, env: dict[str, str], frames: Path) -> bool:
    """The menu drawn at least five times, then SIGTERM (SDL makes it a quit): exit 0."""
    program = subprocess.Popen([str(bundle)], env=dict(env, CARDTABLE_FRAME_LOG=str(frames)))
    give_up = time.monotonic() + 120
    while program.poll() is None and time.monotonic() < give_up:
        if frames.exists() and frames.read_text().count("\tmenu\t") >= 5:
            break
        time.sleep(0.05)
    if program.poll() is not None:
        return False
    program.send_signal(signal.SIGTERM)
    return program.wait(timeout=120) == 0 and frames.read_text().count("\tmenu\t") >= 5


def no_streams(bundle: Path, env: dict[str, str]) -> bool:
    def close() -> None:
        os.close(1)
        os.close(2)

    return subprocess.run([str(bundle), "list"], env=env, preexec_fn=close, timeout=600).returncode == 0


if __name__ == "__main__":
    sys.exit(main())
