"""Issue 28: a deck's cost is bounded before the work. Exclusive sets of a multi-valued attribute
are tested as bitmasks and an enumeration too costly is refused at the file's line before it runs;
card-name templates are sized from the values' texts before any name is made."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.deck import exclusive
from cardtable.deck.exclusive import Exclusions
from cardtable.errors import VariantError
from cardtable.variant import load_variant_text

VALUES = [f"v{i}" for i in range(30)]


def _deck(attribute: str, cards: str = "    - {a: all}", extra: str = "") -> str:
    return f"name: D\ndeck:\n  attributes:\n    a:\n{attribute}{extra}  cards:\n{cards}\n"


def _multi(n: int, sets: list[tuple[int, ...]], max_: int | None = None) -> str:
    lines = ["      multi: true", "      values: [" + ", ".join(VALUES[:n]) + "]"]
    if max_ is not None:
        lines.append(f"      max: {max_}")
    if sets:
        lines.append("      exclusive:")
        lines += ["        - [" + ", ".join(VALUES[i] for i in s) + "]" for s in sets]
    return "\n".join(lines) + "\n"


def _problems(text: str) -> list:
    with pytest.raises(VariantError) as err:
        load_variant_text(text, "deck.yaml")
    return err.value.problems


def _reference(n: int, sets: list[frozenset[int]], size: int) -> list[int]:
    """Every allowed set, the slow obvious way: all subsets by size, in the values' order (a set
    inside the subset holds its own smallest value: only those are looked at)."""
    by_least: dict[int, list[frozenset[int]]] = {i: [] for i in range(n)}
    for s in sets:
        by_least[min(s)].append(s)
    out = []
    for k in range(size + 1):
        for combo in itertools.combinations(range(n), k):
            chosen = set(combo)
            if not any(s <= chosen for i in combo for s in by_least[i]):
                out.append(sum(1 << i for i in combo))
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.frozensets(st.integers(0, n - 1), min_size=1, max_size=4), max_size=12),
            st.integers(0, n),
        )
    )
)
def test_the_combinations_are_the_allowed_sets_in_order(case):
    n, sets, size = case
    ex = Exclusions.of(sets, n)
    assert ex.combinations(size, 10**6) == _reference(n, sets, size)
    for mask in range(1 << n):
        assert ex.allows(mask) == (not any(s <= {i for i in range(n) if mask >> i & 1} for s in sets))


def test_many_exclusive_sets_are_refused_at_the_cards_line_before_any_combination_is_made(monkeypatch):
    """30 values and every triple exclusive (4,060 sets): 44 s of validate before; now one error
    at the group's 'all', and not one combination enumerated."""
    made = []
    monkeypatch.setattr(Exclusions, "combinations", lambda *a: made.append(a) or [])
    triples = list(itertools.combinations(range(30), 3))
    text = _deck(_multi(30, triples))
    problems = _problems(text)
    assert made == []
    assert len(problems) == 1
    line = text.splitlines().index("    - {a: all}") + 1
    assert problems[0].line == line and "exclusive sets" in problems[0].message
    assert "'max'" in problems[0].message


def test_exclusive_pairs_cost_one_test_per_value_not_per_pair():
    """Pairs become one bitmask per value: 400 pairs cost what one pair costs."""
    pairs = list(itertools.combinations(range(30), 2))[:400]
    one = Exclusions.of([frozenset(pairs[0])], 30)
    many = Exclusions.of([frozenset(p) for p in pairs], 30)
    assert many.combination_cost(4, 100_000) == one.combination_cost(4, 100_000)
    variant = load_variant_text(_deck(_multi(30, pairs, max_=4)), "deck.yaml")
    assert variant.deck.size == len(_reference(30, [frozenset(p) for p in pairs], 4))


def test_listed_combinations_are_tested_within_the_budget(monkeypatch):
    """Each listed combination is charged its tests before they are made; past the budget the
    group is refused at the item's line."""
    monkeypatch.setattr(exclusive, "WORK_LIMIT", 100)
    triples = list(itertools.combinations(range(12), 3))  # 220 sets of three
    items = "\n".join(f"    - {{a: [[{VALUES[i]}, {VALUES[i + 1]}]]}}" for i in range(10))
    problems = _problems(_deck(_multi(12, triples), cards=items))
    assert len(problems) >= 1 and all("exclusive sets" in p.message for p in problems)
    charged = Exclusions.of([frozenset(t) for t in triples], 12).test_cost(0b11)
    assert charged > 0


def test_a_listed_combination_holding_an_exclusive_set_names_it():
    problems = _problems(_deck(_multi(5, [(0, 1, 2)]), cards="    - {a: [[v0, v1, v2], [v3]]}"))
    assert [p.message for p in problems] == ["v0 and v1 and v2 cannot be on one card ('exclusive')"]


LONG = "x" * 9_990


def test_a_template_repeating_a_long_name_is_refused_before_any_name_is_made():
    """A 9,990-character name repeated by the template: gigabytes of names before; now one error
    at the template's line."""
    text = (
        "name: D\ndeck:\n  attributes:\n"
        f"    r: {{values: [{{id: a, name: &n {LONG}}}, {{id: b, name: *n}}]}}\n"
        "    s: {values: 1..1000}\n"
        f'  name: "{"{r.name}" * 100}"\n'
        "  cards:\n    - {r: all, s: all}\n"
    )
    problems = _problems(text)
    assert [(p.line, p.message) for p in problems] == [
        (6, "this template makes names of up to 999,000 characters; at most 10,000")
    ]


def test_all_the_names_together_are_bounded():
    """Each name within the limit, but 100,000 of them too much text in all."""
    text = (
        "name: D\ndeck:\n  attributes:\n"
        f"    r: {{values: [{{id: a, name: {'y' * 5_000}}}]}}\n"
        "    s: {values: 1..10000}\n"
        "  cards:\n    - {r: all, s: all, count: 10}\n"
    )
    problems = _problems(text)
    assert len(problems) == 1 and "characters in all" in problems[0].message


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("{rnak.foo}", "'{rnak.foo}': a value's part is id, label or name"),
        ("{rank}", "'{rank}' names no attribute (did you mean 'rnak'?)"),
    ],
)
def test_a_template_field_that_names_nothing_is_an_error_not_a_crash_later(template, message):
    text = f'name: D\ndeck:\n  attributes:\n    rnak: {{values: 1..3}}\n  short: "{template}"\n  cards:\n    - {{rnak: all}}\n'
    problems = _problems(text)
    assert [(p.line, p.message) for p in problems] == [(5, message)]
