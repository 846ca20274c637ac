"""What the command line accepts: argparse types for numbers (whole, in range, finite) and for
files to write (their folder checked before any work), each refusal one line in plain words.

argparse turns an `ArgumentTypeError` into "argument --games: MESSAGE"; `OneLineParser` prints
that (escaped, see terminal.py) as the command's one line of error, never a usage block.
"""

from __future__ import annotations

import argparse
import math
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from .terminal import shown

WHOLE = re.compile(r"[+-]?[0-9]{1,100}")  # ASCII digits only; never long enough to be slow to read


class CommandError(Exception):
    """A command refused its input or could not do its work: the message is the line shown."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose every error is one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {shown(message)} (see `{self.prog} --help`)\n")


def whole(lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from `lo` to `hi` (either end open when None)."""

    def parse(text: str) -> int:
        if not WHOLE.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(f"'{clip(text)}' is not a whole number{_range(lo, hi)}")
        value = int(text.strip())
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise argparse.ArgumentTypeError(f"{clip(text)} is out of range: a whole number{_range(lo, hi)}")
        return value

    return parse


def _range(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo:,} to {hi:,}"
    if lo is not None:
        return f" of at least {lo:,}"
    return f" of at most {hi:,}" if hi is not None else ""


def seed(text: str) -> int:
    """An argparse type: a seed, a whole number a save can seal (-2^255 to 2^255 - 1): larger
    ones are refused, not reduced, so a seed always names the game it says."""
    from ..saves.seal import SEED_MAX, SEED_MIN

    if WHOLE.fullmatch(text.strip()) and SEED_MIN <= int(text.strip()) <= SEED_MAX:
        return int(text.strip())
    raise argparse.ArgumentTypeError(f"'{clip(text)}' is not a seed: a whole number from -2^255 to 2^255 - 1")


def number(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse type: a finite number from `lo` to `hi` (never NaN or infinity)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 100 else math.nan
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and lo <= value <= hi):
            raise argparse.ArgumentTypeError(f"'{clip(text)}' is not a number from {lo:g} to {hi:g}")
        return value

    return parse


def output_file(text: str) -> Path:
    """An argparse type: a file that can be written, checked before any work: its folder is
    there and writable, and it is not a folder itself."""
    path = Path(text)
    folder = path.parent
    try:
        if not text or path.is_dir():
            raise argparse.ArgumentTypeError(f"'{clip(text)}' is a folder, not a file to write")
        if not folder.is_dir():
            raise argparse.ArgumentTypeError(f"cannot write '{clip(text)}': no folder '{clip(str(folder))}'")
        if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise argparse.ArgumentTypeError(f"cannot write '{clip(text)}': permission denied")
    except OSError as exc:  # a name too long for the system, say
        raise argparse.ArgumentTypeError(f"cannot write '{clip(text)}': {exc.strerror or exc}") from None
    return path


def clip(text: str, limit: int = 60) -> str:
    """A user's text quoted back in an error: its start only, escaped for the terminal."""
    return shown(text if len(text) <= limit else text[: limit - 1] + "…")
