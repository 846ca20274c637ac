"""Long games stay fast: an autosave adds a line to the game's journal (saves/journal.py) instead
of writing the whole file again, and the file holds sealed checkpoints, so opening a game replays
only the entries after the last one. Work is counted here (actions replayed, bytes written),
never timed; a kill is simulated by cutting the journal at every byte."""

import json
import random

import pytest
from conftest import VARIANTS
from test_saves_hidden import SEATS

from cardtable.catalog import loaded
from cardtable.engine import Rules
from cardtable.engine.bots import fill, random_action
from cardtable.saves import SaveStore, journal
from cardtable.saves import store as journal_store
from cardtable.saves.store import read_file
from cardtable.session import GameSession

TEXAS = VARIANTS / "texas_holdem.yaml"
LONG = {"chips": 1_000_000, "blind": 2, "hands": 0}  # a game that lasts


def calm_action(game, seat, rng):
    """Mostly checks and calls, the smallest bets, no all-in: hands that last (bench.reopen)."""
    legal = game.rules.legal_actions(game.full_state_for_tests(), seat)
    calm = [t for t in legal if t["type"] in ("check", "call")]
    keep = [t for t in legal if t["type"] not in ("fold", "all_in")] or legal
    t = rng.choice(calm if calm and rng.random() < 0.9 else keep)
    action = fill(game.rules, game.view(seat), t, rng)
    if t["type"] in ("bet", "raise"):
        action["amount"] = t["min"]
    action.pop("showdown", None)
    action.pop("reveal", None)
    return action


def play(store, decisions, seed=1, path=TEXAS, options=None, calm=True):
    """A game of `decisions` decisions (fewer if it ends), autosaved after each one: calm ones
    (a long game), or random ones (`calm` False)."""
    variant = loaded(path)  # one per file for the run: a variant is never changed
    rules = Rules(variant)
    opts = {k: v for k, v in (LONG if options is None else options).items() if k in rules.options}
    n = max(variant.min_players, min(3, variant.max_players))
    game = GameSession(variant, SEATS[:n], seed, opts, store)
    game.autosave()
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = game.to_move()
        if seat is None:
            break
        st = game.full_state_for_tests()
        action = calm_action(game, seat, rng) if calm else random_action(game.rules, st, seat, rng)
        game.act(action)
    return game


def count_replayed(monkeypatch):
    """A counter of the decisions the engine applies in place (what a replay costs)."""
    calls = [0]
    real = Rules.apply_in_place

    def counting(self, st, action):
        calls[0] += 1
        return real(self, st, action)

    monkeypatch.setattr(Rules, "apply_in_place", counting)
    return calls


def longest_hand(log):
    """The most log entries between two shuffles (a hand's length)."""
    starts = [i for i, a in enumerate(log) if a.get("seat") is None] + [len(log)]
    return max(b - a for a, b in zip(starts, starts[1:]))


@pytest.mark.parametrize("decisions", [150, 600])
def test_opening_a_long_game_replays_at_most_a_hand(tmp_path, monkeypatch, decisions):
    store = SaveStore(tmp_path)
    game = play(store, decisions)
    game.close()
    saved = read_file(store.path(game.slot))
    assert saved.log == game.log and saved.trusted
    calls = count_replayed(monkeypatch)
    again = GameSession.resume(saved, game.variant, store)
    assert again.full_state_for_tests() == game.full_state_for_tests()
    assert calls[0] <= min(longest_hand(game.log), journal.CHECKPOINT_EVERY)
    # the old way, for comparison: the whole log
    calls[0] = 0
    whole = GameSession(game.variant, game.seats, game.seed, game.options, log=game.log)
    assert whole.full_state_for_tests() == game.full_state_for_tests()
    assert calls[0] == len(game.decisions()) > 4 * longest_hand(game.log)


def test_bytes_written_per_action_do_not_grow_with_the_game(tmp_path, monkeypatch):
    """Each autosave appends one line whose size depends on the action, not on the log; the file
    is written whole only when its journal has grown to a quarter of it (so, amortised, a bounded
    number of bytes per action too)."""
    written = []  # (log length, bytes) of every write
    real_append, real_atomic = journal.append, journal_store.atomic_write

    def append(path, text, size):
        written.append(("line", len(text.encode())))
        real_append(path, text, size)

    def atomic(path, text, publish=None):
        size = len(text.encode() if isinstance(text, str) else text)
        written.append(("whole" if path.name.endswith(".json") else "line", size))
        return real_atomic(path, text, publish)

    monkeypatch.setattr(journal, "append", append)
    monkeypatch.setattr(journal_store, "atomic_write", atomic)
    store = SaveStore(tmp_path)
    game = play(store, 1500)
    lines = [b for kind, b in written if kind == "line"]
    early, late = lines[50:150], lines[-100:]
    assert len(lines) > 1400
    assert max(late) <= max(early) * 1.5  # (a checkpoint's line: the state, not the log)
    assert sorted(late)[50] <= sorted(early)[50] * 1.5
    wholes = [b for kind, b in written if kind == "whole"]
    final = len(store.path(game.slot).read_bytes())
    assert len(wholes) <= 6 and sum(wholes) <= 3 * final + 4 * journal.COMPACT_BYTES
    assert read_file(store.path(game.slot)).log == game.log


def test_a_kill_at_any_byte_of_a_journal_write_loses_no_earlier_action(tmp_path):
    """A kill mid-append leaves the journal cut anywhere: the game reads back with every action
    whose line was whole, and the next autosave goes on from there."""
    store = SaveStore(tmp_path / "game")
    game = play(store, 3, seed=3)
    path = store.path(game.slot)
    base, raw = path.read_bytes(), journal.journal_path(path).read_bytes()
    ends = [i + 1 for i, b in enumerate(raw) if b == ord("\n")]
    logs = {}  # whole lines -> the log they hold
    for n in range(len(ends) + 1):
        journal.journal_path(path).write_bytes(raw[: ends[n - 1]] if n else b"")
        logs[n] = read_file(path).log
    assert len(ends) == 3 and logs[3] == game.log and all(len(logs[n]) < len(logs[n + 1]) for n in range(3))
    for cut in range(len(raw) + 1):
        journal.journal_path(path).write_bytes(raw[:cut])
        got = read_file(path)
        whole = sum(1 for e in ends if e <= cut)
        assert got.trusted and got.log == logs[whole], cut
    # cut mid-line, then played on: the cut line is dropped, the new one kept
    journal.journal_path(path).write_bytes(raw[: ends[1] + 7])
    again = GameSession.resume(read_file(path), game.variant, store)
    seat = again.to_move()
    again.act(random_action(again.rules, again.full_state_for_tests(), seat, random.Random(1)))
    got = read_file(path)
    assert got.trusted and got.log == again.log and len(got.log) > len(logs[2])
    # a kill between writing the whole file and removing its journal: the new file holds all
    path.write_bytes(base)
    journal.journal_path(path).write_bytes(raw)
    store.write(game.slot, read_file(path))
    journal.journal_path(path).write_bytes(raw)  # (as if its removal never happened)
    assert read_file(path).log == game.log and read_file(path).trusted


def test_a_journal_changed_outside_cardtable_is_caught(tmp_path):
    store = SaveStore(tmp_path)
    game = play(store, 40, seed=5)
    path = store.path(game.slot)
    where = journal.journal_path(path)
    raw = where.read_bytes()
    lines = raw.splitlines(keepends=True)
    assert read_file(path).trusted
    checkpoint = next(i for i, ln in enumerate(lines) if len(ln) > 2 * min(map(len, lines)))
    changes = {
        "a byte of a checkpoint": b"".join(
            lines[:checkpoint]
            + [lines[checkpoint][:60] + bytes([lines[checkpoint][60] ^ 1]) + lines[checkpoint][61:]]
            + lines[checkpoint + 1 :]
        ),
        "two lines swapped": b"".join(lines[:1] + [lines[2], lines[1]] + lines[3:]),
        "a line dropped": b"".join(lines[:2] + lines[3:]),
        "a line twice": b"".join(lines[:3] + [lines[2]] + lines[3:]),
        "a line from another game": b"".join(lines[:-1]) + b"{}\t" + b"0" * 64 + b"\n",
    }
    for what, text in changes.items():
        where.write_bytes(text)
        got = read_file(path)
        assert got.trust == "changed", what
        with pytest.raises(Exception, match="opens only as a replay"):
            GameSession.resume(got, game.variant, store)
    where.write_bytes(raw)
    # the base's checkpoint is covered by the file's signature
    text = path.read_text()
    data = json.loads(text)
    box = data["checkpoint"]
    path.write_text(text.replace(box, box[:-8] + ("A" if box[-8] != "A" else "B") + box[-7:]))
    assert read_file(path).trust == "changed"


def test_the_journal_shows_nothing_in_the_clear(tmp_path):
    """Its lines are sealed with the installation's key, like the seed: no log entry, no card."""
    store = SaveStore(tmp_path)
    game = play(store, 60, seed=2, path=VARIANTS / "sevendeck_poker.yaml")
    text = journal.journal_path(store.path(game.slot)).read_text()
    assert text.count("\n") >= 50
    for line in text.splitlines():
        data = json.loads(line.rsplit("\t", 1)[0])
        assert set(data) == {"after", "at", "box", "summary"}
        assert "seat" not in line and "cards" not in line and "zones" not in line


def test_undo_is_a_journal_line_too(tmp_path):
    store = SaveStore(tmp_path)
    variant = loaded(TEXAS)
    game = GameSession(variant, [{"name": "Ann"}, {"name": "Cy", "kind": "bot"}], 4, {}, store)
    game.autosave()
    rng = random.Random(4)
    undone = 0
    for _ in range(80):
        seat = game.to_move()
        if seat is None:
            break
        game.act(calm_action(game, seat, rng))
        if rng.random() < 0.3 and game.undo(0):
            undone += 1
        got = read_file(store.path(game.slot))
        assert got.log == game.log
    assert undone
    again = GameSession.resume(read_file(store.path(game.slot)), variant, store)
    assert again.full_state_for_tests() == game.full_state_for_tests()


# Every variant opens from its checkpoint as the same game: test_saves_hidden.py checks it on
# the unfinished random games it plays of every variant (each stops before its end, so there is a
# journal after the checkpoint to read; here 9 of the 16 games ended first).


def test_the_replay_command_replays_only_what_follows_the_last_checkpoint(tmp_path, monkeypatch):
    """`cardtable replay` of a save this installation signed starts from its checkpoint and says
    exactly what a replay of the whole log says."""
    from cardtable.commands.replay import report
    from cardtable.saves import restore

    store = SaveStore(tmp_path)
    game = play(store, 400, seed=9)
    game.close()
    path = store.path(game.slot)
    calls = count_replayed(monkeypatch)
    fast = report(path)
    assert fast[0] == 0 and calls[0] <= min(longest_hand(game.log), journal.CHECKPOINT_EVERY)
    monkeypatch.setattr(restore, "checkpoint_state", lambda saved: None)
    calls[0] = 0
    assert report(path) == fast and calls[0] == len(game.decisions())


def test_an_export_holds_what_the_journal_added(tmp_path):
    """Export, import and copies write one file holding the journal's lines too."""
    store = SaveStore(tmp_path / "saves")
    game = play(store, 12, seed=11)
    assert journal.journal_path(store.path(game.slot)).exists()
    target = tmp_path / "out.cardtable.json"
    store.export(game.slot, target)
    assert not journal.journal_path(target).exists()
    got = read_file(target)
    assert got.trusted and got.log == game.log
    name = store.import_file(target)
    assert read_file(store.path(name)).log == game.log


def test_every_journal_line_and_every_whole_save_is_put_on_the_disk(tmp_path, fsyncs):
    """A journal line is synced once; a whole file is synced, then the folder that names it."""
    path = tmp_path / "game.journal"
    path.write_text("")
    journal.append(path, "one\n", 0)
    assert len(fsyncs) == 1
    journal.append(path, "two\n", 4)
    assert len(fsyncs) == 2 and path.read_text() == "one\ntwo\n"
    journal_store.atomic_write(tmp_path / "whole.ctsave", "text")
    assert len(fsyncs) == 4
