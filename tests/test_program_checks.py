"""Issue 28: a variant `validate` accepts never crashes or hangs the program. Validation covers
what the engine needs (a game's hands, grids on the table, repeats that can end, hands that ask
someone, bounded steps and hand valuing, `exactly` within the deal); what still slips through
stops as BrokenRules naming the file's line, the game as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.engine import Rules, program
from cardtable.engine import rules as rules_module
from cardtable.errors import BrokenRules, VariantError
from cardtable.variant import load_variant_text

ROOT = Path(__file__).resolve().parent.parent
TEXAS = (ROOT / "variants" / "texas_holdem.yaml").read_text()
HAND = "    - {do: bet, first: {after: big_blind}}            # pre-flop: left of the big blind acts first\n"


def problems(text: str, path: str = "v.yaml") -> list[str]:
    try:
        load_variant_text(text, path)
    except VariantError as exc:
        return [f"{p.line}: {p.message}" for p in exc.problems]
    return []


def changed(old: str, new: str, text: str = TEXAS) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_the_shipped_variants_pass_every_check(variants):
    assert all(v.name for v in variants.values())  # every one loads (conftest loads them all)


def test_a_per_seat_grid_is_refused():
    """Crashed at Start before ('say whose' from the engine)."""
    text = changed(
        "hand: {owner: seat, visibility: owner, shape: fan,",
        "hand: {owner: seat, visibility: owner, shape: grid, size: [1, 2],",
    )
    found = problems(text)
    assert found == [f"{line_of(text, 'shape: grid')}: a grid lies on the table: give it 'owner: table'"]


def test_a_huge_fixed_grid_is_refused():
    """100,000 cards in a 316 x 316 grid: 4.2 s a frame before."""
    text = changed(
        "    board: {owner: table, visibility: everyone, shape: row, place: center}\n",
        "    board: {owner: table, visibility: everyone, shape: row, place: center}\n"
        "    grid: {owner: table, visibility: everyone, shape: grid, size: [316, 316]}\n",
    )
    found = problems(text)
    assert len(found) == 1 and "99,856 places; at most 400" in found[0]


def test_a_game_without_hands_is_refused_where_the_base_still_needs_them(tmp_path):
    """`extends: texas_holdem` with `hands: ~`: KeyError 'hands' at the first computer decision
    before, and again at every Continue."""
    path = tmp_path / "nohands.yaml"
    path.write_text("extends: texas_holdem\nname: No hands\nhands: ~\n")
    with pytest.raises(VariantError) as err:
        load_variant_text(path.read_text(), str(path))
    (problem,) = err.value.problems  # said at the designer's `hands: ~`, the base named as context
    assert problem.path == str(path) and problem.line == 3
    assert problem.message.startswith(
        "a game needs a 'hands' section: the showdown and the computer players value hands by it (inherited: "
        "texas_holdem.yaml:"
    )


def test_a_repeat_nothing_inside_can_end_is_refused():
    text = changed(HAND, "    - {do: repeat, until: [showdown_called], max: 30, steps: [{do: bet}]}\n")
    found = problems(text)
    assert found == [
        f"{line_of(text, 'do: repeat')}: nothing inside this repeat can end it ('showdown_called' needs "
        "a 'bet' with 'showdown_call'): it would always run its 30 rounds"
    ]


def test_a_repeat_one_of_whose_conditions_can_end_it_is_accepted():
    text = changed(
        HAND, "    - {do: repeat, until: [showdown_called, one_left], max: 30, steps: [{do: bet}]}\n"
    )
    assert problems(text) == []


def test_nested_repeats_are_bounded_by_their_product():
    """Three nested repeats of 10,000 rounds holding a reveal of 0 cards."""
    inner = "{do: repeat, until: [one_left], max: 10000, steps: [{do: bet}]}"
    nested = f"    - {{do: repeat, until: [one_left], max: 10000, steps: [{{do: repeat, until: [one_left], max: 10000, steps: [{inner}]}}]}}\n"
    found = problems(changed(HAND, nested))
    assert len(found) == 1 and "at most 100,000" in found[0] and "steps" in found[0]


def test_a_betting_hand_that_asks_nobody_anything_is_refused():
    """Played 10,000 hands by itself at New game before (3.6 s, 50,000 lines of table talk)."""
    text = TEXAS
    for line in [ln for ln in TEXAS.splitlines(keepends=True) if "{do: bet" in ln]:
        text = text.replace(line, "")
    found = problems(text)
    assert len(found) == 1 and "no step of a hand asks the players anything" in found[0]


def test_a_betting_hand_without_a_showdown_is_refused():
    text = changed("    - {do: showdown}\n", "")
    found = problems(text)
    assert len(found) == 1 and "a hand ends in a 'showdown' step" in found[0]


def test_exactly_more_cards_than_the_zone_is_dealt_is_refused():
    text = changed(
        "    from: [hand, board]", "    from: [{zone: hand, exactly: 3}, {zone: board, exactly: 2}]"
    )
    found = problems(text)
    assert found == [
        f"{line_of(text, 'exactly: 3')}: a hand takes exactly 3 of 'hand', but at most 2 are dealt there"
    ]


def test_valuing_one_hand_is_bounded_from_the_deals():
    """2 of 5 hole cards with 3 of a 9-card board: 840 hands valued per hand, refused."""
    text = changed(
        "    from: [hand, board]", "    from: [{zone: hand, exactly: 2}, {zone: board, exactly: 3}]"
    )
    text = changed("{do: deal, to: hand, count: 2}", "{do: deal, to: hand, count: 5}", text)
    text = changed("players: {min: 2, max: 10}", "players: {min: 2, max: 4}", text)
    text = text.replace("{do: deal, to: board, count: 1}", "{do: deal, to: board, count: 3}")
    found = problems(text)
    assert len(found) == 1 and "840 choices of cards (at most 500)" in found[0]


def _rules_with_every_step_automatic(monkeypatch) -> Rules:
    """Texas Hold'em whose bets are skipped by an option that is off: every check passes, and
    still nobody is ever asked anything."""
    text = changed("options:\n", "options:\n  betting_on: {label: Bets, default: false}\n")
    text = text.replace("{do: bet}", "{do: bet, when: betting_on}").replace(
        "{do: bet, first: {after: big_blind}}", "{do: bet, first: {after: big_blind}, when: betting_on}"
    )
    return Rules(load_variant_text(text, "auto.yaml"))


def test_a_game_that_plays_itself_stops_with_the_files_line(monkeypatch):
    rules = _rules_with_every_step_automatic(monkeypatch)
    with pytest.raises(BrokenRules) as err:
        rules.new_game([{"name": "A"}, {"name": "B"}], seed=1, options={"betting_on": False})
    problem = err.value.problems[0]
    assert problem.path == "auto.yaml" and problem.line > 0
    assert f"{rules_module.MAX_AUTO_HANDS + 1} hands by itself" in problem.message


def test_an_unexpected_failure_of_the_rules_is_broken_rules_at_the_step_and_the_state_is_kept(monkeypatch):
    rules = Rules(load_variant_text(TEXAS, "t.yaml"))
    state = rules.new_game([{"name": "A"}, {"name": "B"}], seed=3, options={})
    before = repr(state)
    action = rules.legal_actions(state, rules.to_move(state))[0]
    action = {**action, "seat": rules.to_move(state)}
    if action["type"] in ("bet", "raise"):
        action["amount"] = action["min"]

    def fail(*_a: object) -> None:
        raise KeyError("hands")

    monkeypatch.setattr(rules_module.outcome, "end_hand", fail)
    monkeypatch.setattr(rules_module.outcome, "showdown", fail)
    from cardtable.engine.verbs import REGISTRY

    monkeypatch.setattr(type(REGISTRY["bet"]), "act", lambda *a: fail())
    with pytest.raises(BrokenRules) as err:
        rules.apply(state, action)
    problem = err.value.problems[0]
    assert problem.path == "t.yaml" and problem.line == line_of(TEXAS, "{do: bet, first: {after: big_blind}}")
    assert "KeyError" in problem.message
    assert repr(state) == before


def test_the_step_bound_counts_repeats_without_running_them():
    steps = [
        (v["do"].value, n)
        for v, n in program.walk(load_variant_text(TEXAS, "t.yaml").root.value["phases"].value["hand"].value)
    ]
    assert steps[:3] == [("post", 1), ("post", 1), ("deal", 1)]


def _many(anchor: str, line: str, n: int) -> str:
    at = TEXAS.index(anchor) + len(anchor)
    return TEXAS[:at] + "".join(line.format(k=k) for k in range(n)) + TEXAS[at:]


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        (_many("  zones:\n", "    z{k}: {{owner: seat, visibility: owner, shape: fan}}\n", 20), 16),
        (_many("  roles:\n", "    r{k}: {{after: dealer, seats: 1}}\n", 20), 16),
        (_many("options:\n", "  o{k}: {{label: O, default: 1, min: 0, max: 5}}\n", 30), 24),
        (
            _many(
                "a hand counts in the first category it matches\n",
                "    - {{name: C{k}, count: 2, same: rank}}\n",
                300,
            ),
            256,
        ),
    ],
    ids=["zones", "roles", "options", "categories"],
)
def test_the_counts_a_file_sets_are_bounded(text, limit):
    """8,000 zones, roles or options validated in over a second and were laid out at every frame."""
    found = problems(text)
    assert len(found) == 1 and found[0].endswith(f"at most {limit} allowed"), found


def test_the_cards_a_hand_is_made_from_are_bounded():
    """A 1,500-card board: 50 ms for every hand valued, by every computer player's estimate."""
    text = changed("    - {rank: all, suit: all}", "    - {rank: all, suit: all, count: 40}")
    text = changed("{do: deal, to: board, count: 3}", "{do: deal, to: board, count: 1500}", text)
    found = problems(text)
    assert len(found) == 1 and "made from up to 1,504 cards here (at most 1,000)" in found[0]


def test_a_hand_that_runs_too_many_steps_by_itself_stops_at_the_step(monkeypatch):
    """The last guard counts steps too: a hand running on without a decision stops at the step
    it had reached (here the guard is lowered to three steps: the blinds and the deal)."""
    monkeypatch.setattr(rules_module, "MAX_AUTO_STEPS", 3)
    rules = Rules(load_variant_text(TEXAS, "t.yaml"))
    with pytest.raises(BrokenRules) as err:
        rules.new_game([{"name": "A"}, {"name": "B"}], seed=1, options={})
    problem = err.value.problems[0]
    assert problem.line == line_of(TEXAS, "{do: bet, first: {after: big_blind}}")
    assert "3 steps by itself" in problem.message


def test_a_nested_repeat_runs_its_rounds_again_in_every_round_of_the_repeat_around_it():
    """Its count was kept from one round of the outer repeat to the next: the second and later
    rounds ran the inner repeat once (2 + 1 + 1 betting rounds here, not 3 x 2), unlike the
    bound validation counts (each repeat's max times the rounds around it)."""
    inner = "{do: repeat, until: [one_left], max: 2, steps: [{do: bet}]}"
    text = changed(HAND, f"    - {{do: repeat, until: [one_left], max: 3, steps: [{inner}]}}\n")
    rules = Rules(load_variant_text(text, "t.yaml"))
    st = rules.new_game([{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], 1, {})
    for hand in (1, 2):
        decisions = 0
        while not st["zones"]["board"]["cards"]:  # every betting round before the flop
            seat = rules.to_move(st)
            legal = {t["type"] for t in rules.legal_actions(st, seat)}
            st = rules.apply(st, {"seat": seat, "type": "check" if "check" in legal else "call"})
            decisions += 1
        assert decisions == 2 * 3 * 2, hand  # two players check or call once a round, six rounds
        while st["hand"] == hand:
            seat = rules.to_move(st)
            legal = {t["type"] for t in rules.legal_actions(st, seat)}
            st = rules.apply(st, {"seat": seat, "type": "check" if "check" in legal else "call"})


LIMBO = (ROOT / "variants" / "limbo_holdem.yaml").read_text()


@pytest.mark.parametrize(("flop", "pool"), [(8, 15), (30, 37)])
def test_the_cards_a_combined_sets_hand_is_made_from_are_bounded(flop, pool):
    """The search over collections of sets grows about fourfold with every two cards: a fuzzed
    Limbo Hold'em dealing its flop until the deck ran out valued ~60-card pools for minutes and
    15 GB. 12 cards (Limbo's own) stay allowed, up to 14."""
    text = changed("{do: deal, to: board, count: 5}", f"{{do: deal, to: board, count: {flop}}}", LIMBO)
    found = problems(text)
    assert len(found) == 1, found
    assert f"made from up to {pool} cards here (at most 14 when sets combine)" in found[0]
    assert found[0].startswith(f"{line_of(LIMBO, 'size: 9')}:"), found  # the hand's form


def test_a_combined_sets_hand_of_fourteen_cards_is_allowed():
    assert (
        problems(changed("{do: deal, to: board, count: 5}", "{do: deal, to: board, count: 7}", LIMBO)) == []
    )
