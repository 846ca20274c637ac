"""The frozen program's entry: the same as the installed `cardtable` command."""

import multiprocessing
import sys

# `simulate --jobs` starts its workers from a fork server (commands/runners.py): the frozen program
# is started again to run it (and multiprocessing's resource tracker), with arguments that
# PyInstaller's freeze_support recognises and runs before the command line is read.
multiprocessing.freeze_support()

from cardtable.cli import main  # noqa: E402 (after freeze_support: a helper process never gets here)

sys.exit(main())
