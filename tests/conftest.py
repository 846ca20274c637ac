import os
import tempfile
from functools import cache
from pathlib import Path

import pytest

# Tests that open a pygame display do it headless.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# No test reads or writes the real user's saves, variants or settings: each test process has its
# own folders (a test that needs an empty one sets its own with monkeypatch).
_USER = tempfile.mkdtemp(prefix="cardtable-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_USER, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_USER, "config")
# The installation's save key (the config folder) of the tests is their own, never the user's.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="cardtable-test-config-")

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"
VARIANT_IDS = sorted(p.stem for p in VARIANTS.glob("*.yaml"))


@pytest.fixture(scope="session")
def variants():
    """Every built-in variant, loaded once."""
    from cardtable.variant import load_variant

    return {vid: load_variant(VARIANTS / f"{vid}.yaml") for vid in VARIANT_IDS}


@cache
def builtin(vid):
    """A built-in variant by id, loaded once (for tests that cannot take the fixture, e.g.
    hypothesis tests)."""
    from cardtable.variant import load_variant

    return load_variant(VARIANTS / f"{vid}.yaml")
