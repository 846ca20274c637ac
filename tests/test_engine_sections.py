"""The layout/options/betting/phases sections: limits built from YAML, and problems reported at
their place with suggestions."""

from __future__ import annotations

import pytest
from conftest import VARIANTS

from cardtable.engine import IllegalAction, Rules
from cardtable.errors import VariantError
from cardtable.variant import load_variant_text

TEXAS = (VARIANTS / "texas_holdem.yaml").read_text(encoding="utf-8")


def texas_with(old: str, new: str):
    assert old in TEXAS
    return load_variant_text(TEXAS.replace(old, new, 1), "t.yaml", "t")


def problems_of(old: str, new: str) -> list[str]:
    with pytest.raises(VariantError) as err:
        texas_with(old, new)
    return [str(p) for p in err.value.problems]


def seats(n):
    return [{"name": f"P{i}"} for i in range(n)]


def test_pot_limit_caps_a_raise_at_the_pot():
    rules = Rules(texas_with("limit: no_limit", "limit: pot_limit"))
    st = rules.new_game(seats(3), seed=1, options={"chips": 1000, "blind": 10})
    raise_ = next(t for t in rules.legal_actions(st, 0) if t["type"] == "raise")
    # pot 15, call 10 -> the pot after calling is 25; raise to 10 + 25 = 35
    assert raise_["max"] == 35 and raise_["min"] == 20
    with pytest.raises(IllegalAction, match="largest raise"):
        rules.apply(st, {"seat": 0, "type": "raise", "amount": 36})


def test_fixed_limit_bets_exact_sizes_and_caps_raises():
    v = texas_with("limit: no_limit", "limit: fixed\n  bet_sizes: [1, 1, 2, 2]\n  max_raises: 3")
    rules = Rules(v)
    st = rules.new_game(seats(3), seed=1, options={"chips": 1000, "blind": 10})
    t = next(t for t in rules.legal_actions(st, 0) if t["type"] == "raise")
    assert t["min"] == t["max"] == 20
    st = rules.apply(st, {"seat": 0, "type": "raise", "amount": 20})  # raise 2 (the blind was 1)
    st = rules.apply(st, {"seat": 1, "type": "raise", "amount": 30})  # raise 3: the cap
    assert "raise" not in {t["type"] for t in rules.legal_actions(st, 2)}


def test_misspelt_zone_role_verb_and_option_are_reported_with_suggestions():
    found = problems_of("- {do: deal, to: board, count: 3}", "- {do: deal, to: bord, count: 3}")
    assert any("no zone named 'bord'" in p and "did you mean 'board'" in p for p in found)
    found = problems_of("{do: post, role: big_blind, amount: 1}", "{do: post, role: big_blnd, amount: 1}")
    assert any("did you mean 'big_blind'" in p for p in found)
    found = problems_of("- {do: showdown}", "- {do: showdwn}")
    assert any("showdwn" in p and "did you mean 'showdown'" in p for p in found)
    found = problems_of("blind: {option: blind}", "blind: {option: blnd}")
    assert any("did you mean 'blind'" in p for p in found)
    found = problems_of("- {do: bet}", "- {do: bet, frist: after_dealer}")
    assert any("unknown key 'frist'" in p and "did you mean 'first'" in p for p in found)
    assert all(p.startswith("t.yaml:") and p.split(":")[1] != "0" for p in found)


def test_options_are_checked_when_a_game_starts(variants):
    rules = Rules(variants["texas_holdem"])
    with pytest.raises(ValueError, match="did you mean 'chips'"):
        rules.new_game(seats(2), options={"chip": 10})
    with pytest.raises(ValueError, match="at least 2"):
        rules.new_game(seats(2), options={"blind": 1})
    with pytest.raises(ValueError, match="2 to 10 players"):
        rules.new_game(seats(11))


def test_replay_refuses_a_tampered_log(variants):
    rules = Rules(variants["texas_holdem"])
    st = rules.new_game(seats(2), seed=3)
    st = rules.apply(st, {"seat": 0, "type": "call"})
    log = [dict(a) for a in st["log"]]
    assert rules.replay(seats(2), 3, {}, log) == st
    log[-1] = {"seat": 0, "type": "check"}  # not legal facing the big blind
    with pytest.raises(IllegalAction):
        rules.replay(seats(2), 3, {}, log)
    log = [dict(a) for a in st["log"]]
    log[0] = {**log[0], "n": 99}  # a chance step that did not happen
    with pytest.raises(IllegalAction, match="chance"):
        rules.replay(seats(2), 3, {}, log)
