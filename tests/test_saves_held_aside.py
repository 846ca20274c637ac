"""A save another live window holds is never set aside at start, even if this one cannot read it."""

import os
import socket

from cardtable.saves import SaveStore
from cardtable.saves.locks import lock_path


def test_an_autosave_held_by_a_live_window_is_not_set_aside(tmp_path):
    """Two windows of two installations sharing the saves folder (or one whose save key was
    lost): the second start renamed the first window's game, while it was being played, to
    'unreadable-…' (it cannot check that installation's seal). A held game is left alone."""
    store = SaveStore(tmp_path)
    store.folder.mkdir(exist_ok=True)
    held, loose = store.path("autosave-20261124-033352-8e3b9dac"), store.path("autosave-20261124-0333-loose")
    held.write_text("{sealed elsewhere")
    loose.write_text("{broken")
    lock_path(held).write_text(f"{os.getppid()} {socket.gethostname()}\n")  # a live process, not us
    moved = store.set_aside_broken_autosaves()
    assert [p.name for p, _ in moved] != [] and held.exists()
    assert not loose.exists()
