"""Thinking paced off the frame: a step never begins a unit of work that would not fit its budget
(only the pacing: the decision is the same however the work is split)."""

from cardtable.catalog import resolve
from cardtable.engine import Rules
from cardtable.engine.bots import Thinker, decide


def _decision_view():
    variant = resolve("texas_holdem")
    rules = Rules(variant)
    seats = [{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}]
    state = rules.new_game(seats, 3, {})
    seat = rules.to_move(state)
    assert seat is not None
    return rules, rules.view(state, seat)


def count_units(thinker: Thinker) -> list[int]:
    calls = []
    one = thinker._one_unit

    def counted() -> bool:
        calls.append(1)
        return one()

    thinker._one_unit = counted  # type: ignore[method-assign]
    return calls


def test_a_step_does_not_begin_a_unit_slower_than_what_is_left_of_its_budget():
    rules, view = _decision_view()
    thinker = Thinker(rules, view, 7, "hard")
    calls = count_units(thinker)
    thinker._unit_s = 10.0  # units have lately taken 10 s: a 1 s step does one and stops
    assert not thinker.step(1.0)
    assert len(calls) == 1
    steps = 1
    while not thinker.step(1.0):
        steps += 1
        assert len(calls) == steps  # still one unit a step while units look slow
    assert thinker.action == decide(rules, view, 7, "hard")


def test_quick_units_fill_the_budget():
    rules, view = _decision_view()
    thinker = Thinker(rules, view, 7, "hard")
    calls = count_units(thinker)
    assert thinker.step(3600.0)  # plenty of time: decided in one step, many units
    assert len(calls) > 1 and thinker.action == decide(rules, view, 7, "hard")
