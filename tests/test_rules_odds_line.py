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
    played = [t for t in texts if t.startswith("as played")]
    assert played, texts
    for t in played:
        ranked = re.search(r"#\d+\b(.*)$", t)
        assert ranked is not None, t  # the rank is always shown
        rest = ranked.group(1)
        if rest:  # a rank's words are whole, on this line or on the next drawn text
            whole = rest.endswith("by frequency") or texts[texts.index(t) + 1] == "frequency"
            assert whole, (t, texts)


def test_ellipsize_never_cuts_words_that_fit(fresh_user):
    """A text just narrower than its room was cut: the room kept for the '…' was taken first."""
    from cardtable.app import ui
    from cardtable.app.headless import start

    start(None, scene="menu", size=(800, 600))  # fonts ready
    words = "as played: too rare · #1"
    width = ui.font(15).size(words)[0]
    assert ui.ellipsize(words, 15, width) == words
    assert ui.ellipsize(words, 15, width - 1).endswith("…")
