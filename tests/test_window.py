"""The first window fits the screen it opens on; later ones open as they were left (if they still
fit); the remembered geometry is read defensively."""

import json

from cardtable.app import settings
from cardtable.app.display import MIN_SIZE, first_size, fitted


def test_the_first_window_is_most_of_the_desktop_and_never_under_the_minimum():
    assert first_size((1366, 768)) == (1161, 652)
    assert first_size((1920, 1080)) == (1632, 918)
    assert first_size((800, 600)) == MIN_SIZE  # 85% would be too small


def test_a_remembered_window_opens_as_it_was_when_it_fits():
    saved = {"size": [1200, 700], "pos": [40, 30]}
    assert fitted(saved, (1920, 1080)) == ((1200, 700), (40, 30))
    assert fitted(saved, (1024, 768)) == (first_size((1024, 768)), None)  # a smaller screen now
    assert fitted({"size": [1200, 700], "pos": [5000, 30]}, (1920, 1080)) == ((1200, 700), None)
    assert fitted("nonsense", (1920, 1080)) == (first_size((1920, 1080)), None)


def test_the_window_setting_is_kept_only_when_well_formed(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    settings.save(window={"size": [1200, 700], "pos": [40, 30]}, text_size=1.15)
    assert settings.load()["window"] == {"size": [1200, 700], "pos": [40, 30]}
    assert settings.load()["text_size"] == 1.15
    path = settings.settings_file()
    path.write_text(json.dumps({"window": {"size": [True, "x"], "pos": [0, 0]}, "text_size": 9}))
    loaded = settings.load()
    assert "window" not in loaded and loaded["text_size"] == 1.0
