"""Draws by the variant's own ranking: in deuce-to-seven lowball the computer players break their
pairs (a pair is a poor low), in a high game they keep them: no game is named, the ranking decides."""

from __future__ import annotations

from collections import Counter

from conftest import ROOT

from cardtable.catalog import resolve
from cardtable.engine import Rules
from cardtable.engine.bots import decide
from cardtable.engine.bots.seen import hand_cards


def pairs_kept(path: str, attribute: str, deals: int, level: str = "easy") -> tuple[int, int]:
    """(draws with a pair in hand where a draw is possible, how many of them kept a pair of it),
    over `deals` hands of three computer players."""
    rules = Rules(resolve(path))
    deck = rules.variant.deck

    def rank(c: int) -> object:
        value = deck.value(c, attribute)
        assert value is not None
        return value.id

    draws = kept = 0
    for deal in range(deals):
        state = rules.new_game([{"name": f"P{i}", "kind": "bot"} for i in range(3)], deal, {"hands": 1})
        n = 0
        while (seat := rules.to_move(state)) is not None:
            view = rules.view(state, seat)
            action = decide(rules, view, deal * 1000 + n, level)
            if view["phase"] == "draw" and view["legal"][0]["max"] > 0:
                hand = hand_cards(view)
                paired = {r for r, k in Counter(map(rank, hand)).items() if k >= 2}
                if paired:
                    left = Counter(rank(c) for c in hand if c not in action["cards"])
                    draws += 1
                    kept += any(left[r] >= 2 for r in paired)
            state = rules.apply(state, action)
            n += 1
    return draws, kept


def test_lowball_breaks_pairs():
    # before: a pair was kept in 35 of 35 such draws (the draw kept the high hand's made cards)
    draws, kept = pairs_kept(str(ROOT / "variants/examples/deuce_to_seven.yaml"), "rank", 40)
    assert draws >= 20 and kept < 0.1 * draws


def test_a_high_game_keeps_pairs():
    draws, kept = pairs_kept(str(ROOT / "variants/examples/jacks_or_better.yaml"), "rank", 16)
    assert draws >= 10 and kept >= 0.9 * draws


def test_a_way_of_drawing_that_cannot_catch_up_is_not_valued_further(monkeypatch):
    """Ways of keeping cards are valued deal by deal; one that could not beat the best so far even
    winning every deal left is dropped: the same draws as valuing every way in full, less work."""
    import random

    from cardtable.engine.bots import Thinker, drawing
    from cardtable.engine.bots.randomly import random_action

    rules = Rules(resolve(str(ROOT / "variants" / "examples" / "deuce_to_seven.yaml")))
    views = []
    for seed in range(4):
        rng, state = random.Random(seed), rules.new_game([{"name": "A"}, {"name": "B"}], seed, {})
        while (seat := rules.to_move(state)) is not None and len(views) < seed + 1:
            view = rules.view(state, seat)
            if view["phase"] == "draw" and view["legal"][0]["max"] > 0:
                views.append(view)
            state = rules.apply(state, random_action(rules, state, seat, rng))

    def draws() -> tuple[list[dict], int]:
        made, units = [], 0
        for n, view in enumerate(views):
            thinker = Thinker(rules, view, n, "normal")
            units += 1
            while not thinker.step(0.0):
                units += 1
            made.append(thinker.action)
        return made, units

    pruned, less = draws()
    monkeypatch.setattr(drawing, "_behind", lambda *_: False)  # every way valued in full
    whole, more = draws()
    assert len(views) == 4 and pruned == whole and less < 0.9 * more, (less, more)
