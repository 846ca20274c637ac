"""A lock one thread of a process holds while a pool starts its workers, and a game set-up whose
unpickling passes through that lock (test_simulate_workers.py). A module of its own, light to
import: each worker imports it to unpickle the set-up (a test module would bring pytest and
hypothesis into every worker)."""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

from cardtable.commands.simulation import Setup

# A worker forked from the process inherits it held, with no thread there to release it; the call
# of every game passes through it (unpickled in the worker), so such a worker waits forever.
HELD = threading.Lock()


def _setup(fields: dict[str, Any]) -> Setup:
    with HELD:
        return Setup(**fields)


class LockedSetup(Setup):
    def __reduce__(self) -> Any:
        return (_setup, (dataclasses.asdict(self),))
