"""The frozen program's entry: the same as the installed `cardtable` command."""

import sys

from cardtable.cli import main

sys.exit(main())
