"""Where things live: shipped data (inside the installed package or the source tree) and the
user's folders (platformdirs)."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
APP = "cardtable"


def shipped(name: str) -> Path:
    """A shipped data folder: `variants`, `sprites` or `saves`.

    An installed wheel carries them in `cardtable/_data/`; a source checkout has them at the top.
    """
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def user_data() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def user_variants() -> Path:
    return user_data() / "variants"


def user_saves() -> Path:
    return user_data() / "saves"


def user_cache() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def user_log() -> Path:
    import platformdirs

    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def user_config() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False))
