"""The desktop program: the window, its scenes (menu, new game, table...) and the crash handler.

pygame lives here and under cardtable/render only; the engine never sees it.
"""
