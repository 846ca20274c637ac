"""A view's table talk and hands won are read off the game's append-only lists from where the last
view of that game ended (engine/talk.py), not from the start: a long match's decisions cost more and
more (3 ms a hand at hand 100 of a two-player draw match, 18 ms at hand 600). The views stay exactly
what reading every entry gives, whatever the order states are viewed in (older states after an undo,
two games in turn)."""

import random

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_text import ANY_CHARACTER

from cardtable.catalog import resolve
from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.engine.talk import _TALK
from cardtable.engine.trail import Trail

GAMES = sorted(str(p) for p in (ROOT / "variants").glob("*.yaml")) + sorted(
    str(p) for p in (ROOT / "variants" / "examples").glob("*.yaml")
)


def _talk_by_hand(st, seat):
    return [
        ev["private"] if seat is not None and "private" in ev and ev.get("seat") == seat else ev["text"]
        for ev in st["events"]
    ]


def _won_by_hand(st):
    return [sum(i in h["winners"] for h in st["history"]) for i in range(len(st["seats"]))]


def _states(rules, seed, actions):
    rng = random.Random(seed)
    st = rules.new_game(
        [{"name": f"P{i}", "kind": "human"} for i in range(rules.variant.min_players)], seed, {}
    )
    states = [st]
    while (seat := rules.to_move(st)) is not None and len(states) < actions:
        st = rules.apply(st, random_action(rules, st, seat, rng))
        states.append(st)
    return states


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.rsplit("/", 1)[-1][:-5])
def test_views_read_the_same_talk_and_wins_in_any_order(path):
    rules = Rules(resolve(path))
    one, other = _states(rules, 1, 120), _states(rules, 2, 120)
    rng = random.Random(0)
    order = [(one, i) for i in range(len(one))] + [(other, i) for i in range(len(other))]
    for _ in range(60):  # older states again (undos), the two games in turn
        states = rng.choice((one, other))
        order.append((states, rng.randrange(len(states))))
    for states, i in order:
        st = states[i]
        for seat in (None, *range(len(st["seats"]))):
            view = rules.view(st, seat)
            assert view["log"] == _talk_by_hand(st, seat)
            assert view["hands_won"] == _won_by_hand(st)


def test_a_view_after_one_more_action_reads_only_the_new_talk():
    rules = Rules(resolve("texas_holdem"))
    states = _states(rules, 3, 400)
    rules.view(states[0], 0)
    reader = _TALK[0]
    for before, after in zip(states, states[1:]):
        rules.view(before, 0)
        read = reader.entries_read
        rules.view(after, 0)
        assert reader.entries_read - read == len(after["events"]) - len(before["events"])


def test_views_made_earlier_keep_their_talk_whatever_is_viewed_after():
    """A view's talk shares the lines read before (never copied per view): views of later states,
    of older ones (undos) and of another game, made after it, leave it as it was."""
    rules = Rules(resolve("texas_holdem"))
    one, other = _states(rules, 4, 150), _states(rules, 5, 150)
    rng = random.Random(1)
    made = []
    for _ in range(300):
        states = rng.choice((one, other))
        st = (
            states[rng.randrange(len(states))]
            if rng.random() < 0.3
            else states[min(len(made), len(states) - 1)]
        )
        seat = rng.choice((None, 0, 1))
        made.append((rules.view(st, seat)["log"], _talk_by_hand(st, seat)))
    for log, talk in made:
        assert log == talk and list(log) == talk and len(log) == len(talk)


def test_two_lines_of_play_from_one_state_each_read_their_own_talk():
    """Play taken up again from an earlier state (an undo) goes on along another line, whose trails
    copy the shared part (trail.py); views of the two lines, taken in turn, each read their own
    line's talk (a remembered read is continued without looking only on the same backing list)."""
    rules = Rules(resolve("texas_holdem"))
    fork = next(s for s in reversed(_states(rules, 6, 12)) if rules.to_move(s) is not None)
    lines = []
    for seed in range(2):  # (first line: the fork's own backing list; second: its copy)
        rng, st, line = random.Random(seed), fork, []
        while (seat := rules.to_move(st)) is not None and len(line) < 25:
            st = rules.apply(st, random_action(rules, st, seat, rng))
            line.append(st)
        lines.append(line)
    a, b = lines
    assert (
        _talk_by_hand(a[-1], None)[: len(b[-1]["events"])]
        != _talk_by_hand(b[-1], None)[: len(a[-1]["events"])]
    )
    for k in range(max(len(a), len(b))):
        for st in (a[min(k, len(a) - 1)], b[min(k, len(b) - 1)], a[-1], b[-1]):
            for seat in (None, 0):
                assert rules.view(st, seat)["log"] == _talk_by_hand(st, seat)


@given(st.data())
@settings(max_examples=200, deadline=None)
def test_a_view_talk_reads_as_the_list_it_stands_for(data):
    from cardtable.engine.talk import Lines

    shared = data.draw(st.lists(st.text(ANY_CHARACTER, max_size=3), max_size=12))
    n = data.draw(st.integers(0, len(shared)))
    lines, plain = Lines(shared, n), shared[:n]
    assert len(lines) == n and list(lines) == plain and lines == plain and lines == tuple(plain)
    # equal exactly when the lines are (a list, a tuple, other Lines or a Trail of them)
    near = [plain, plain + ["x"], plain[:-1], ["y", *plain[1:]] if plain else ["y"]]
    other = data.draw(st.sampled_from(near))
    longer = [*other, "w"]  # other Lines whose backing list is longer than they are
    same = other == plain
    assert (lines == other) == same and (lines == tuple(other)) == same
    assert (lines == Lines(longer, len(other))) == same and (lines != other) != same
    older = Trail(plain)
    older.fork().extend(shared[n:])  # a later state went on: the backing list is longer than `older`
    assert (older == other) == same and (older == tuple(other)) == same and (older == Trail(other)) == same
    start, stop = data.draw(st.integers(-15, 15)), data.draw(st.integers(-15, 15))
    step = data.draw(st.sampled_from([None, 1, 2, -1, -3]))
    assert lines[start:stop:step] == plain[start:stop:step]
    i = data.draw(st.integers(-15, 15))
    if -n <= i < n:
        assert lines[i] == plain[i]
    else:
        with pytest.raises(IndexError):
            lines[i]


def test_a_view_costs_the_same_memory_at_hand_300_as_at_hand_10():
    """Counted in bytes allocated, not time: a view of a long match made a copy of all the table
    talk so far (39 KB at hand 300 of a two-player draw match, 5.6 KB at hand 10)."""
    import tracemalloc

    rules = Rules(resolve(str(ROOT / "variants" / "examples" / "deuce_to_seven.yaml")))
    game = rules.new_game(
        [{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}], 0, {"chips": 10**6, "blind": 2}
    )

    def allocated(seat):
        rules.view(game, seat)  # the talk read up to here
        tracemalloc.start()
        try:
            rules.view(game, seat)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    sizes = []
    for hand in (10, 300):
        while game["hand"] < hand:
            seat = rules.to_move(game)
            # checks, calls and stands pat: the talk grows hand by hand and nobody goes broke
            # (computer players at 'normal' raised each other all in at hand 120 once their
            # draws broke pairs)
            types = {t["type"] for t in rules.legal_actions(game, seat)}
            kind = next(t for t in ("check", "call", "discard") if t in types)
            action = {"seat": seat, "type": kind, **({"cards": []} if kind == "discard" else {})}
            rules.apply_in_place(game, action)
        sizes.append(max(allocated(rules.to_move(game)), allocated(None)))
    assert sizes[1] < 2 * sizes[0], sizes


def test_the_sessions_view_still_gives_its_talk_as_a_plain_list():
    """Outside checks read the session's views (shared/interfaces.md) and may dump them as JSON."""
    import json

    from cardtable.session import GameSession

    game = GameSession(
        resolve("texas_holdem"), [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot"}], 1, {}
    )
    view = game.view(None)
    assert type(view["log"]) is list and json.loads(json.dumps(view["log"])) == view["log"]
