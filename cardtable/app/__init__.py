"""The desktop program: the window, its scenes (menu, new game, table...) and the crash handler.

pygame lives here and under cardtable/render only; the engine never sees it.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any pygame import: stdout stays clean
