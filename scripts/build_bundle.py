"""Build Cardtable for people without Python, on the platform this runs on (PyInstaller does not
cross-compile): a zipped folder (starts fast) and one stripped file (unpacks itself on every start),
named with the version and the platform, in dist/.

    python -m pip install ".[bundle]"     # Cardtable itself and PyInstaller, not in editable mode
    python scripts/build_bundle.py [--onedir-only]

Run it from the source tree with Cardtable installed in the active Python. It prints the paths it made.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def platform_name() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--onedir-only", action="store_true", help="build only the folder (as CI does)")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="where to put the results (default dist/)")
    args = parser.parse_args()
    from cardtable import __version__

    installed = Path(__import__("cardtable").__file__).resolve().parent
    if installed.parent == ROOT:
        print(
            "Cardtable is imported from the source tree: install it first, pip install '.[bundle]'",
            file=sys.stderr,
        )
        return 2
    dist = Path(args.dist)
    dist.mkdir(parents=True, exist_ok=True)
    stem = f"cardtable-{__version__}-{platform_name()}"
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, CARDTABLE_ONEDIR_ONLY="1" if args.onedir_only else "")
        command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
        command += [
            "--distpath",
            f"{work}/dist",
            "--workpath",
            f"{work}/build",
            str(ROOT / "packaging" / "cardtable.spec"),
        ]
        subprocess.run(command, check=True, cwd=work, env=env)  # cwd: never the source tree's package
        made = [shutil.make_archive(str(dist / stem), "zip", f"{work}/dist", "cardtable")]
        folder = dist / stem
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(f"{work}/dist/cardtable", folder, symlinks=True)
        made.append(str(folder))
        if not args.onedir_only:
            suffix = ".exe" if sys.platform == "win32" else ""
            onefile = dist / f"{stem}-onefile{suffix}"
            shutil.copy2(f"{work}/dist/cardtable-onefile{suffix}", onefile)
            made.append(str(onefile))
    print("\n".join(made))
    return 0


if __name__ == "__main__":
    sys.exit(main())
