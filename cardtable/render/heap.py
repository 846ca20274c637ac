"""Giving freed pictures back to the system.

The renderer makes and drops many pictures of 64 KB to a few MB (atlas strips, tiles, glyphs).
glibc's malloc keeps freed memory in its heap, and a heap fragmented by pictures of many sizes
stays resident: touring the 12,000-card deck peaked about 50 MB higher than the pictures it held.
`trim` hands the free pages back (malloc_trim); the browser calls it after each few tens of MB of
pictures dropped. (Mapping every large block on its own instead, with mallopt, costs the first use
of every new picture its page faults: a zoom sweep's worst frame went from 12 to 50 ms.)
Elsewhere than glibc this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from typing import Any

_libc: Any = None


def _glibc() -> Any:
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                _libc = lib if hasattr(lib, "malloc_trim") else False
            except OSError:  # no C library by that name: nothing to do
                _libc = False
    return _libc


def trim() -> bool:
    """Return the heap's free pages to the system; True when glibc did (and had some)."""
    libc = _glibc()
    return bool(libc and libc.malloc_trim(0))
