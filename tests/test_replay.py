"""`cardtable replay`: hand histories of saved games, checked by replaying every action."""

import json
import random

import pytest
from conftest import VARIANT_IDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.cli import main
from cardtable.commands.replay import check, find_save
from cardtable.engine import Rules
from cardtable.engine.bots import random_action
from cardtable.saves import SaveStore, dumps
from cardtable.saves.store import SUFFIX
from cardtable.session import GameSession

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot"}, {"name": "Cy", "kind": "bot"}]


def play(variant, seed, moves, hands=2):
    """A game of random legal moves (quick, and reaching every kind of action)."""
    opts = {"hands": hands} if "hands" in variant.sections.get("options", {}) else {}
    game = GameSession(variant, SEATS, seed, opts)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.rules.to_move(game.state)
        if seat is None:
            break
        game.act(random_action(game.rules, game.state, seat, rng))
    return game


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
    game = play(variants[vid], seed, moves)
    path = write(tmp_path_factory.mktemp("r"), game.saved())
    code, data = run_json(capsys, str(path))
    assert code == 0 and data["valid"] is True
    assert data["variant"] == vid
    assert data["actions"] == len(game.decisions())
    assert data["over"] == game.state["over"] and data["hand"] == game.state["hand"]
    # the walk reaches exactly the game's state
    result = check(game.rules, game.saved())
    assert result.valid and result.final == game.state


def test_text_history_hides_cards_until_the_game_is_over(variants, tmp_path, capsys):
    variant = variants["texas_holdem"]
    game = play(variant, 4, 3)
    assert not game.state["over"]
    path = write(tmp_path, game.saved())
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "is dealt 2 cards" in text and "you are dealt" not in text
    assert text.rstrip().endswith(f"valid: all {len(game.decisions())} actions replay legally")
    finished = play(variant, 4, 500)
    assert finished.state["over"]
    write(tmp_path, finished.saved(), "done")
    assert main(["replay", str(tmp_path / f"done{SUFFIX}")]) == 0
    text = capsys.readouterr().out
    assert "(Ann: you are dealt" in text and "game over" in text and "(the game is over)" in text
    # every decision is numbered once, in order
    numbers = [int(line.split()[0]) for line in text.splitlines() if line[:5].strip().isdigit()]
    assert numbers == list(range(1, len(finished.decisions()) + 1))


def test_illegal_action_is_named_and_file_kept(variants, tmp_path, capsys):
    game = play(variants["texas_holdem"], 8, 6)
    saved = game.saved()
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
    game = play(variants["texas_holdem"], 8, 6)
    saved = game.saved()
    saved.log = [dict(a) for a in saved.log]
    chance = [i for i, a in enumerate(saved.log) if a.get("seat") is None]
    saved.log[chance[-1]]["n"] = 999
    code, data = run_json(capsys, str(write(tmp_path, saved)))
    assert code == 1 and data["failed_at"] == chance[-1]
    assert "chance step" in data["reason"] or "does not end" in data["reason"]


def test_wrong_seed_is_not_valid(variants, tmp_path, capsys):
    """The same decisions with another seed meet other cards: the replay says where it breaks."""
    game = play(variants["sevendeck_poker"], 3, 40)
    saved = game.saved()
    saved.seed += 1
    code, data = run_json(capsys, str(write(tmp_path, saved)))
    assert code == 1 and data["valid"] is False and data["failed_at"] is not None


@pytest.mark.parametrize(
    "damage, words",
    [
        (lambda t: t[: t.rindex("]")], "truncated"),
        (lambda t: t[: len(t) // 2], "the file is"),
        (lambda t: t.replace('"seed"', '"seed" x', 1), "corrupt"),
        (lambda t: t.replace('"version": 1', '"version": 99'), "newer than this Cardtable"),
        (lambda t: "", "empty"),
    ],
)
def test_unreadable_save_exits_2(variants, tmp_path, capsys, damage, words):
    game = play(variants["texas_holdem"], 2, 4)
    path = write(tmp_path, game.saved())
    path.write_text(damage(path.read_text()))
    before = path.read_bytes()
    code, data = run_json(capsys, str(path))
    assert code == 2 and data["valid"] is False and words in data["error"]
    assert path.read_bytes() == before


def test_missing_variant_and_changed_digest(variants, tmp_path, capsys):
    saved = play(variants["texas_holdem"], 2, 4).saved()
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
    store.write("Friday night", play(variants["texas_holdem"], 1, 5).saved())
    assert find_save("Friday night") == store.path("Friday night")
    code, data = run_json(capsys, "Friday night")
    assert code == 0 and data["valid"]
    assert main(["replay", "Friday nite", "--json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["valid"] is False
    assert "no save file, slot or example named 'Friday nite'" in captured.err


def test_check_keeps_every_state(variants):
    game = play(variants["poker_grid"], 6, 12)
    result = check(Rules(variants["poker_grid"]), game.saved(), keep_states=True)
    assert result.valid
    assert len(result.steps) == len(game.decisions()) + 1
    assert [s.action for s in result.steps[1:]] == game.decisions()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), amount=st.integers(-5, 5000))
def test_a_tampered_action_is_caught_where_it_is(variants, seed, pick, amount):
    """Change one decision: the replay is either still valid (the change was legal and changed
    nothing later) or fails at that decision or after it, never before."""
    variant = variants["texas_holdem"]
    game = play(variant, seed, 40, hands=3)
    saved = game.saved()
    decisions = [i for i, a in enumerate(saved.log) if a.get("seat") is not None]
    if not decisions:
        return
    k = decisions[pick % len(decisions)]
    saved.log = [dict(a) for a in saved.log]
    saved.log[k] = {**saved.log[k], "type": "raise", "amount": amount}
    result = check(game.rules, saved)
    if result.valid:
        assert result.final["log"] == saved.log
    else:
        assert result.failed_at is not None and result.failed_at >= k
