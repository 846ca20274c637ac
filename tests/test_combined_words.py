"""A hand of several sets is named as the rules page explains the combining rule (issue 32): nine
raised cards that count as an 8-card Match say so ("8-card Match (9 cards in several sets,
counted one smaller)"), in the showdown's line and the hand's own words; one set says its size."""

from __future__ import annotations

from test_hands_games import sig

from cardtable.hands import evaluate_pool
from cardtable.hands.explain import why


def test_nine_cards_in_two_sets_are_named_an_8_card_match_of_9_cards(variants):
    v = variants["sigilian_poker"]
    nine = sig(
        v, "1:evil", "2:good", "3:chaos", "4:law", "5:evil", "king:good", "king:evil", "king:law", "king"
    )
    both = evaluate_pool(v.hands, nine)
    assert len(both.made) == 9 and both.key[0] == 8 and both.category == "Match"
    assert both.detail == "8-card Match (9 cards in several sets, counted one smaller)"
    one = evaluate_pool(v.hands, sig(v, "1:evil", "2:good", "3:chaos", "4:law", "5:evil", "plane:good"))
    assert one.detail == "5-card Straight" and len(one.made) == 5
    said = why(v.hands, both, one)
    assert said.startswith(
        "8-card Match (9 cards in several sets, counted one smaller) beats 5-card Straight"
    )
    page = v.hands.reading
    assert "one card smaller than all their cards together" in page  # the rule the words follow


def test_the_showdown_says_the_combined_sizes_whole_at_800x600(tmp_path, monkeypatch):
    """The showdown's line names both hands in these words, wrapped, never cut."""
    from test_showdown_screen import play_until

    from cardtable.app.headless import start

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = start("sigilian_poker", players=["bot", "bot", "bot"], seed=1, size=(800, 600), autosave=False)
    table = app.scene
    table.bot_delay = 0.0
    play_until(app, lambda: table.showdown is not None, frames=3000)
    app.step([], dt=0.05)
    why = table.showdown.why
    assert "cards in several sets, counted one smaller" in why
    texts = app.manifest()["texts"]
    joined = " ".join(t["text"] for t in texts)
    assert why in joined
    assert all(t["rect"][0] >= 0 and t["rect"][0] + t["rect"][2] <= 800 for t in texts)
