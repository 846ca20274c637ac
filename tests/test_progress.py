"""The progress bar of long commands (odds, simulate): one redrawn line on a terminal, whole lines
now and then in a log, the time left estimated from the pace so far."""

from __future__ import annotations

import io

from cardtable.commands.progress import LOG_EVERY, Bar, left, line


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_line_says_how_far_and_how_long_is_left():
    assert line("game", 1, 4, 10.0) == "game 1/4 [#######.......................]  25.0%  about 30 s left"
    assert line("", 4, 4, 10.0).endswith("100.0%")
    assert [left(s) for s in (9.6, 185, 7800)] == ["10 s", "3 min 05 s", "2 h 10 min"]


def test_on_a_terminal_one_line_is_redrawn_and_wiped_at_the_end():
    out, clock = Terminal(), Clock()
    bar = Bar("odds", out, delay=0.5, clock=clock)
    bar(1, 10)  # too soon: a short run shows nothing
    assert out.getvalue() == ""
    for i in range(2, 11):
        clock.now += 0.2
        bar(i, 10)
    text = out.getvalue()
    assert "\n" not in text and text.count("\r") >= 5 and "100.0%" in text
    bar.close()
    assert out.getvalue().endswith("\r") and out.getvalue().rsplit("\r", 2)[-2].strip() == ""


def test_into_a_log_whole_lines_now_and_then_never_a_carriage_return():
    out, clock = io.StringIO(), Clock()
    bar = Bar("odds", out, delay=0.5, clock=clock)
    for i in range(1, 601):  # 60 s of work, a step every 0.1 s
        clock.now += 0.1
        bar(i, 600)
    bar.close()
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    assert 60 / LOG_EVERY - 1 <= len(lines) <= 60 / LOG_EVERY + 2, lines
    assert lines[-1].startswith("odds 600/600") and "about" in lines[0]
