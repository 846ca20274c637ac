"""The rules screen's 'as played' line under each category never ends on a cut phrase."""

import re

import pytest


@pytest.mark.parametrize("size", [(1088, 612), (1280, 720)])
def test_the_rank_by_frequency_is_never_cut_to_a_dangling_word(fresh_user, size):
    """'as played 2.58% · #4 by frequency' did not fit one line at 1088x612, wrapped, and the
    row had room for its first line only: '… · #4 by' was left standing."""
    from cardtable.app.headless import start

    app = start("texas_holdem", scene="rules", size=size)
    texts = [t["text"] for t in app.manifest()["texts"]]
    assert any(t.startswith("as played") for t in texts), texts
    ranks = [t for t in texts if re.search(r"#\d+", t)]
    assert any("by frequency" in t or "freq" in t for t in ranks), texts
    assert any("by exact odds" in t or "exact" in t for t in ranks), texts
    for t in ranks:  # every rank's words whole: the last part ends on its whole name
        for part in t.split(" · "):
            if part.startswith("#"):
                assert re.fullmatch(r"#\d+ (by frequency|by exact odds|freq|exact)", part), (t, texts)


def test_ellipsize_never_cuts_words_that_fit(fresh_user):
    """A text just narrower than its room was cut: the room kept for the '…' was taken first."""
    from cardtable.app import ui
    from cardtable.app.headless import start

    start(None, scene="menu", size=(800, 600))  # fonts ready
    words = "as played: too rare · #1"
    width = ui.font(15).size(words)[0]
    assert ui.ellipsize(words, 15, width) == words
    assert ui.ellipsize(words, 15, width - 1).endswith("…")
