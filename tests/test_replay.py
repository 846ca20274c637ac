"""`cardtable replay`: hand histories of saved games, checked by replaying every action."""

import json
import re

import pytest
from conftest import VARIANT_IDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from replay_helpers import saved_game, states, unfinished

from cardtable.cli import main
from cardtable.commands.replay import find_save
from cardtable.engine import Rules
from cardtable.engine.replay import Replay
from cardtable.saves import SaveStore, dumps
from cardtable.saves.store import SUFFIX


def run_json(capsys, *args):
    code = main(["replay", *args, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def write(tmp_path, saved, name="game"):
    path = tmp_path / f"{name}{SUFFIX}"
    path.write_text(dumps(saved), encoding="utf-8")
    return path


@pytest.mark.parametrize("vid", VARIANT_IDS)
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 300))
def test_every_variant_replays_valid(variants, tmp_path_factory, capsys, vid, seed, moves):
    saved, final = saved_game(variants[vid], seed, moves)
    path = write(tmp_path_factory.mktemp("r"), saved)
    code, data = run_json(capsys, str(path))
    assert code == 0 and data["valid"] is True
    assert data["variant"] == vid
    assert data["actions"] == sum(1 for a in saved.log if a.get("seat") is not None)
    assert data["over"] == final["over"] and data["hand"] == final["hand"]
    # the linear replay reaches exactly the game's state
    run = Replay(Rules(variants[vid]), saved.seats, saved.seed, saved.options, saved.log).run()
    assert run.stop is None and run.state == final


def _private_lines(final):
    return {ev["private"] for ev in final["events"] if "private" in ev and ev["private"] != ev["text"]}


def test_text_history_is_the_public_table_talk(variants, tmp_path, capsys):
    """The hand history prints the table's public talk only: no seat's private line ('you are
    dealt ...'), for a game in progress or a finished one (where a folded hand stays hidden)."""
    variant = variants["texas_holdem"]
    saved, final = unfinished(variant, 12)
    public = Rules(variant).view(final, None)["log"]
    assert main(["replay", str(write(tmp_path, saved))]) == 0
    text = capsys.readouterr().out
    decisions = sum(1 for a in saved.log if a.get("seat") is not None)
    assert "is dealt two cards" in text and _private_lines(final)
    assert not any(line in text for line in _private_lines(final))
    body = [line[7:] for line in text.splitlines()[1:] if line.startswith("   ")]
    assert body and set(body) <= set(public)
    assert text.rstrip().endswith(f"valid: all {decisions} actions replay legally")
    finished, final = saved_game(variant, 4, 500)
    assert final["over"]
    assert main(["replay", str(write(tmp_path, finished, "done"))]) == 0
    text = capsys.readouterr().out
    assert "the game: " in text and "(the game is over)" in text and " shows " in text
    assert not any(line in text for line in _private_lines(final))
    # every decision is numbered once, in order
    numbers = [int(line.split()[0]) for line in text.splitlines() if line[:5].strip().isdigit()]
    assert numbers == list(range(1, sum(1 for a in finished.log if a.get("seat") is not None) + 1))


def test_illegal_action_is_named_and_file_kept(variants, tmp_path, capsys):
    saved, _ = saved_game(variants["texas_holdem"], 8, 6)
    index = [i for i, a in enumerate(saved.log) if a.get("seat") is not None][2]
    saved.log = [dict(a) for a in saved.log]
    saved.log[index] = {"seat": saved.log[index]["seat"], "type": "raise", "amount": 10**9}
    path = write(tmp_path, saved)
    before = path.read_bytes()
    code, data = run_json(capsys, str(path))
    assert code == 1 and data["valid"] is False
    assert data["failed_at"] == index and data["failed_action"]["amount"] == 10**9
    assert data["reason"].startswith(f"action {index + 1} (")
    assert path.read_bytes() == before
    assert main(["replay", str(path)]) == 1
    assert "NOT VALID: action" in capsys.readouterr().out


def test_changed_chance_step_is_found(variants, tmp_path, capsys):
    saved, _ = saved_game(variants["texas_holdem"], 8, 6)
    saved.log = [dict(a) for a in saved.log]
    chance = [i for i, a in enumerate(saved.log) if a.get("seat") is None]
    saved.log[chance[-1]]["n"] = 999
    code, data = run_json(capsys, str(write(tmp_path, saved)))
    assert code == 1 and data["failed_at"] == chance[-1]
    assert "chance step" in data["reason"] or "does not end" in data["reason"]


def test_wrong_seed_is_not_valid(variants, tmp_path, capsys):
    """The same decisions with another seed meet other cards: the replay says where it breaks."""
    saved, _ = saved_game(variants["sevendeck_poker"], 3, 40)
    saved.seed += 1
    code, data = run_json(capsys, str(write(tmp_path, saved)))
    assert code == 1 and data["valid"] is False and data["failed_at"] is not None


@pytest.mark.parametrize(
    "damage, words",
    [
        (lambda t: t[: t.rindex("]")], "truncated"),
        (lambda t: t[: len(t) // 2], "the file is"),
        (lambda t: t.replace('"secret"', '"secret" x', 1), "corrupt"),
        (lambda t: re.sub(r"\"version\": \d+", '"version": 99', t), "newer than this Cardtable"),
        (lambda t: "", "empty"),
    ],
)
def test_unreadable_save_exits_2(variants, tmp_path, capsys, damage, words):
    path = write(tmp_path, saved_game(variants["texas_holdem"], 2, 4)[0])
    path.write_text(damage(path.read_text()))
    before = path.read_bytes()
    code, data = run_json(capsys, str(path))
    assert code == 2 and data["valid"] is False and words in data["error"]
    assert path.read_bytes() == before


def test_missing_variant_and_changed_digest(variants, tmp_path, capsys):
    saved, _ = saved_game(variants["texas_holdem"], 2, 4)
    saved.variant_digest = "0" * 64
    code, data = run_json(capsys, str(write(tmp_path, saved, "changed")))
    assert code == 0 and data["valid"] and data["variant_changed"] is True
    saved.variant_id = "no_such_game"
    code, data = run_json(capsys, str(write(tmp_path, saved, "missing")))
    assert code == 1 and not data["valid"] and "no_such_game" in data["reason"]


def test_save_by_slot_name_and_unknown_name(variants, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from cardtable.paths import user_saves

    store = SaveStore(user_saves())
    store.write("Friday night", saved_game(variants["texas_holdem"], 1, 5)[0])
    assert find_save("Friday night") == store.path("Friday night")
    code, data = run_json(capsys, "Friday night")
    assert code == 0 and data["valid"]
    assert main(["replay", "Friday nite", "--json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["valid"] is False
    assert "no save file, slot or example named 'Friday nite'" in captured.err


def test_each_step_is_the_state_after_its_decision(variants):
    """The replay's steps (applied in place) are the states a copy per decision gives."""
    variant = variants["poker_grid"]
    saved, _ = saved_game(variant, 6, 12)
    rules = Rules(variant)
    every = states(rules, saved)
    steps = [
        (step.index, step.action, step.state == expected, step.events)
        for step, expected in zip(Replay(rules, saved.seats, saved.seed, saved.options, saved.log), every)
    ]
    decisions = [(i, a) for i, a in enumerate(saved.log) if a.get("seat") is not None]
    assert [(i, a) for i, a, _, _ in steps] == [(-1, None), *decisions]
    assert all(same for _, _, same, _ in steps)
    assert [events for *_, events in steps] == [len(st["events"]) for st in every]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), amount=st.integers(-5, 5000))
def test_a_tampered_action_is_caught_where_it_is(variants, seed, pick, amount):
    """Change one decision: the replay is either still valid (the change was legal and changed
    nothing later) or fails at that decision or after it, never before."""
    variant = variants["texas_holdem"]
    saved, _ = saved_game(variant, seed, 40, hands=3)
    decisions = [i for i, a in enumerate(saved.log) if a.get("seat") is not None]
    if not decisions:
        return
    k = decisions[pick % len(decisions)]
    saved.log = [dict(a) for a in saved.log]
    saved.log[k] = {**saved.log[k], "type": "raise", "amount": amount}
    run = Replay(Rules(variant), saved.seats, saved.seed, saved.options, saved.log).run()
    if run.stop is None:
        assert run.state["log"] == saved.log
    else:
        assert run.stop.index >= k
