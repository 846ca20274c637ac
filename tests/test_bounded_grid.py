"""An open grid bounded to rows x cols (`size:` on an `open_grid`): the cards never spread beyond
it, a placement outside is refused with the reason, and the view carries the bound for the board."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_helpers import playout

from cardtable.engine import IllegalAction, Rules
from cardtable.errors import VariantError
from cardtable.variant import load_variant_text

GRID = (Path(__file__).resolve().parent.parent / "variants" / "poker_grid.yaml").read_text()
OPEN = "grid: {owner: table, visibility: everyone, shape: open_grid, max_line: 5, place: center}"
assert OPEN in GRID


def bounded(rows: int, cols: int) -> Rules:
    text = GRID.replace(OPEN, OPEN.replace("max_line: 5", f"max_line: 5, size: [{rows}, {cols}]"))
    return Rules(load_variant_text(text, "bounded.yaml"))


def span(st) -> tuple[int, int]:
    cells = st["zones"]["grid"]["cells"]
    rows = [r for r, *_ in cells]
    cols = [c for _, c, *_ in cells]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def test_random_games_stay_inside_the_bound_and_end():
    rules = bounded(3, 4)
    for seed in range(3):
        st = playout(rules, seed, 2, bot=False)
        assert st["over"]
        h, w = span(st)
        assert h <= 3 and w <= 4
        assert len(st["zones"]["grid"]["cells"]) <= 12
    assert rules.view(st, None)["zones"]["grid"]["bound"] == [3, 4]


def test_a_placement_beyond_the_bound_is_refused_with_the_reason():
    rules = bounded(1, 5)  # a single row of five
    st = rules.new_game([{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], 1, {})
    seat = rules.to_move(st)
    card = st["zones"]["hand"][seat]["cards"][0]
    spots = rules.legal_actions(st, seat)[0]["spots"]
    assert all(r == 0 for r, _ in spots)  # only along the row
    why = rules.check(st, {"seat": seat, "type": "place", "card": card, "at": [1, 0]})
    assert why and "bounded to 1 x 5" in why
    with pytest.raises(IllegalAction):
        rules.apply(st, {"seat": seat, "type": "place", "card": card, "at": [1, 0]})
    rng = random.Random(0)
    while not rules.is_over(st):
        s = rules.to_move(st)
        t = rules.legal_actions(st, s)[0]
        st = rules.apply(
            st, {"seat": s, "type": "place", "card": t["cards"][0], "at": rng.choice(t["spots"])}
        )
    assert span(st) == (1, 5)


def test_a_size_on_a_stack_is_still_an_error():
    text = GRID.replace(
        "deck: {owner: table, visibility: nobody, shape: stack, place: corner}",
        "deck: {owner: table, visibility: nobody, shape: stack, place: corner, size: [2, 2]}",
    )
    with pytest.raises(VariantError) as info:
        load_variant_text(text, "g.yaml")
    assert any("only a grid has a size" in str(p) for p in info.value.problems)


@pytest.mark.parametrize("kept", [256, 3])
def test_the_open_places_remembered_are_those_of_the_cards_and_rules_asked_about(kept, monkeypatch):
    """open_spots remembers the places it worked out (a decision's state asks several times): each
    answer is the one worked out afresh for these cards, line limit and bound, and is the caller's
    own list, also when the memory is full and begins again."""
    from cardtable.engine.verbs import place_grid
    from cardtable.engine.verbs.place_grid import _open, open_spots

    monkeypatch.setattr(place_grid, "SPOTS_KEPT", kept)

    rng = random.Random(5)
    cells = {(0, 0)}
    for _ in range(30):
        for limit, bound in ((None, None), (3, None), (5, (4, 4)), (5, (5, 4))):
            fresh = sorted(_open(cells, limit, bound))
            got = open_spots(cells, limit, bound)
            assert got == fresh
            got.append((99, 99))
            assert open_spots(frozenset(cells), limit, bound) == fresh
        cells = cells | {rng.choice(open_spots(cells, None, None))}
