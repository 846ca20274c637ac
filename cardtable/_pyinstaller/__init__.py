"""PyInstaller finds Cardtable's hook here (the `pyinstaller40` entry point in pyproject.toml), as it
finds pygame-ce's: a frozen Cardtable then needs no extra flags. Only PyInstaller imports this."""

from __future__ import annotations

import os


def get_hook_dirs() -> list[str]:
    return [os.path.dirname(__file__)]
