"""CARDTABLE_FRAME_LOG: the real window's loop writes a line per frame (what an outside tour of
the program measures its frames and blank card slots by)."""

from __future__ import annotations

import pygame

from cardtable.app.headless import start


def _run_frames(app, frames: int) -> list[int]:
    """Run the program's own loop for `frames` frames; the blank slots each frame's draw left."""
    scene, drawn = app.scene, []
    draw = scene.draw

    def counting_draw(surface: pygame.Surface) -> None:
        draw(surface)
        drawn.append(sum(hi - lo for lo, hi in scene.browser.blank))
        if len(drawn) >= frames:
            app.quit()

    scene.draw = counting_draw
    app.run()
    return drawn


def _rows(path) -> list[dict[str, str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:]]


def test_each_frame_of_the_loop_is_logged_with_its_times_scene_and_blank_slots(tmp_path, monkeypatch):
    log = tmp_path / "frames.tsv"
    monkeypatch.setenv("CARDTABLE_FRAME_LOG", str(log))
    app = start("infinite_poker", scene="browser", size=(1280, 720))
    app.scene.browser.camera.jump(6)  # 48 px cards: more faces than one frame's budget makes
    drawn = _run_frames(app, 5)
    rows = _rows(log)
    assert len(rows) == 5
    assert [r["scene"] for r in rows] == ["browser"] * 5
    assert [int(r["blank"]) for r in rows] == drawn
    assert drawn[0] > 0  # the first frame of a cold view leaves slots to fill: the log shows it
    starts = [float(r["start"]) for r in rows]
    assert starts == sorted(starts)
    for r in rows:
        assert float(r["wall_ms"]) >= 0 and float(r["cpu_ms"]) >= 0


def test_no_log_is_written_without_the_variable(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDTABLE_FRAME_LOG", raising=False)
    monkeypatch.chdir(tmp_path)
    app = start("texas_holdem", scene="browser", size=(800, 600))
    _run_frames(app, 2)
    assert list(tmp_path.iterdir()) == []


def test_a_log_that_cannot_be_written_is_one_line_of_warning_and_the_program_runs(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("CARDTABLE_FRAME_LOG", str(tmp_path / "no-such-folder" / "frames.tsv"))
    app = start("texas_holdem", scene="browser", size=(800, 600))
    assert len(_run_frames(app, 3)) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "CARDTABLE_FRAME_LOG" in err[0] and "Traceback" not in err[0]
