"""An action costs the same at any length of game: `Rules.apply` shares the log, talk and hand
history of the state it was given (engine/trail.py) instead of copying them, older states stay
as they were, and an autosave's frame writes one journal line while a new base of a long game is
written in the background. Work is counted (entries copied, bytes written), never timed."""

import json
import random

from conftest import VARIANTS
from test_saves_journal import calm_action, play

from cardtable.catalog import loaded
from cardtable.engine import Rules
from cardtable.engine.trail import Trail, json_default
from cardtable.saves import SaveStore, journal
from cardtable.saves import store as journal_store
from cardtable.saves.store import read_file
from cardtable.session import GameSession

LONG = {"chips": 1_000_000, "blind": 2, "hands": 0}


def long_state(rules, entries, seed=1):
    """A calm game of at least `entries` log entries (applied in place: cheap to make)."""
    st = rules.new_game([{"name": f"P{i}", "kind": "bot"} for i in range(3)], seed, LONG)
    rng = random.Random(seed)
    while len(st["log"]) < entries:
        seat = rules.to_move(st)
        legal = [t for t in rules.legal_actions(st, seat) if t["type"] in ("check", "call")]
        rules.apply_in_place(st, {"seat": seat, "type": legal[0]["type"]})
    assert not st["over"]
    return st, rng


def calm(rules, st, rng):
    """A check, call or smallest bet or raise: the game goes on."""
    seat = rules.to_move(st)
    legal = [t for t in rules.legal_actions(st, seat) if t["type"] in ("check", "call", "bet", "raise")]
    t = rng.choice(legal)
    return {"seat": seat, "type": t["type"], **({"amount": t["min"]} if "min" in t else {})}


def copied_per_action(rules, st, rng, actions=30):
    """Entries of the growing lists copied by `apply` over some actions (and the states made)."""
    before, states = Trail.copied, [st]
    for _ in range(actions):
        st = rules.apply(st, calm(rules, st, rng))
        states.append(st)
    return Trail.copied - before, states


def test_apply_copies_none_of_the_log_talk_or_history_at_any_length(variants):
    rules = Rules(variants["texas_holdem"])
    for entries in (50, 4_000):
        st, rng = long_state(rules, entries)
        copied, states = copied_per_action(rules, st, rng)
        assert copied == 0, f"{copied} entries copied at {entries} entries"
        # every state of the line shares one list of log entries, each seeing its own length
        assert len({id(s["log"]._items) for s in states}) == 1
        assert [len(s["log"]) for s in states] == sorted(len(s["log"]) for s in states)


def test_older_states_stay_as_they_were_when_play_goes_on_from_them_twice(variants):
    """An undo takes an older state up again: play going on from it, on two lines, changes no
    state made before; the second line copies the shared entries once, not once per action."""
    rules = Rules(variants["texas_holdem"])
    st, rng = long_state(rules, 600)
    _, first = copied_per_action(rules, st, rng, 20)
    made = [json.dumps(s, sort_keys=True, default=json_default) for s in first]
    branch_at = first[5]
    before = Trail.copied
    _, second = copied_per_action(rules, branch_at, random.Random(99), 20)
    # (the history is copied only if a hand ends on the second line)
    shared = len(branch_at["log"]) + len(branch_at["events"])
    assert shared <= Trail.copied - before <= shared + len(branch_at["history"])
    assert [json.dumps(s, sort_keys=True, default=json_default) for s in first] == made
    # each line replays to its own states from the log it holds
    seats = [{"name": s["name"], "kind": s["kind"]} for s in st["seats"]]
    for line in (first, second):
        assert rules.replay(seats, 1, st["options"], list(line[-1]["log"])) == line[-1]


def test_a_trail_is_a_sequence_like_a_list():
    a = Trail([1, 2, 3])
    b = a.fork()
    b.append(4)
    c = a.fork()
    c.append(5)  # another line from the same state: copied, a's entries untouched
    assert list(a) == [1, 2, 3] and b == [1, 2, 3, 4] and c == [1, 2, 3, 5] and c == [1, 2, 3, 5]
    assert b[-1] == 4 and b[1:] == [2, 3, 4] and b[::-2] == [4, 2] and list(reversed(b)) == [4, 3, 2, 1]
    assert a + [9] == [1, 2, 3, 9] and len(c) == 4 and c != b and Trail() == []
    assert json.dumps({"x": b}, default=json_default) == '{"x": [1, 2, 3, 4]}'


def counting_writes(monkeypatch):
    """Bytes written per file kind: 'line' (journal appends and rewrites), 'base' (a save written
    whole), each with whether the frame that plays wrote it or the background work did."""
    written = []
    where = {"background": False}
    real_append, real_atomic = journal.append, journal_store.atomic_write

    def append(path, text, size):
        written.append(("line", where["background"], len(text.encode())))
        real_append(path, text, size)

    def atomic(path, text, publish=None):
        kind = "base" if path.name.endswith(".json") else "line"
        written.append((kind, where["background"], len(text.encode() if isinstance(text, str) else text)))
        return real_atomic(path, text, publish)

    monkeypatch.setattr(journal, "append", append)
    monkeypatch.setattr(journal_store, "atomic_write", atomic)
    return written, where


def test_no_action_writes_a_long_game_whole_on_its_frame(tmp_path, monkeypatch):
    """Once the journal outgrows its share, the new base is written by background work (here
    run when the test says), the journal going on meanwhile; the lines the base holds are then
    dropped from the journal's front. Each frame writes about one line whatever the game's
    length, the file reads back whole at every moment, and the game goes on from it."""
    monkeypatch.setattr(journal, "COMPACT_BYTES", 3_000)
    written, where = counting_writes(monkeypatch)
    jobs = []
    monkeypatch.setattr(GameSession, "background", staticmethod(jobs.append))
    store = SaveStore(tmp_path)
    game = play(store, 40)
    path = store.path(game.slot)
    rng = random.Random(5)
    folds = 0
    for step in range(260):
        game.act(calm_action(game, game.to_move(), rng))
        if jobs and step % 5 == 0:  # the background work finishes a few actions later
            assert read_file(path).log == game.log  # (before the base is in place)
            where["background"] = True
            jobs.pop()()
            where["background"] = False
            folds += 1
            assert read_file(path).log == game.log  # (the new base, the whole journal beside it)
    assert folds >= 3 and not jobs
    frame = [(kind, size) for kind, bg, size in written if not bg]
    assert all(kind == "line" for kind, _ in frame[1:])  # (the first save writes the file whole)
    sizes = [size for _, size in frame[1:]]
    early, late = sorted(sizes[10:90]), sorted(sizes[-80:])
    assert late[40] <= early[40] * 1.5 and late[-1] <= early[-1] * 2 + 8 * journal.COMPACT_BYTES // 6
    assert journal.journal_path(path).stat().st_size < 4 * journal.COMPACT_BYTES
    again = read_file(path)
    assert again.log == game.log and again.folded
    resumed = GameSession.resume(again, game.variant, store)
    assert resumed.full_state_for_tests() == game.full_state_for_tests()
    game.close()
    seat = resumed.to_move()
    resumed.act(calm_action(resumed, seat, rng))
    assert read_file(path).log == resumed.log


def test_a_background_base_not_wanted_any_more_is_never_put_in_place(tmp_path, monkeypatch):
    """The game ends (written whole) or is let go while a new base is being written: that base
    is dropped, and the file holds the game as it was last saved."""
    monkeypatch.setattr(journal, "COMPACT_BYTES", 4_000)
    jobs = []
    monkeypatch.setattr(GameSession, "background", staticmethod(jobs.append))
    store = SaveStore(tmp_path)
    game = play(store, 120)
    assert jobs
    game.close()
    jobs.pop()()
    got = read_file(store.path(game.slot))
    assert got.log == game.log and not got.folded
    assert not list(tmp_path.glob(".*.tmp"))


def test_an_undo_across_a_background_base_reads_back(tmp_path, monkeypatch):
    monkeypatch.setattr(journal, "COMPACT_BYTES", 4_000)
    store = SaveStore(tmp_path)
    variant = loaded(VARIANTS / "texas_holdem.yaml")
    game = GameSession(
        variant, [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}], 3, LONG, store
    )
    game.autosave()
    rng = random.Random(2)
    undone = 0
    for step in range(200):
        seat = game.to_move()
        game.act(calm_action(game, seat, rng))
        if step % 19 == 0 and game.undo(seat):
            undone += 1
    assert undone > 3
    got = read_file(store.path(game.slot))
    assert got.log == game.log and got.folded
    assert GameSession.resume(got, variant).full_state_for_tests() == game.full_state_for_tests()


def test_a_game_left_just_after_its_background_base_goes_on_appending(tmp_path, monkeypatch):
    """The window closed (or was killed) after the new base was put in place and before the
    journal's front was dropped, no line after it: the game reopens and each action appends one
    line again (the journal's old lines were counted as still there: the second action's save
    failed and the third wrote the whole game)."""
    monkeypatch.setattr(journal, "COMPACT_BYTES", 3_000)
    jobs = []
    monkeypatch.setattr(GameSession, "background", staticmethod(jobs.append))
    store = SaveStore(tmp_path)
    game = play(store, 0)
    rng = random.Random(4)
    while not jobs:
        game.act(calm_action(game, game.to_move(), rng))
    jobs.pop()()  # the base is in place; nothing acted after it
    path = store.path(game.slot)
    saved = read_file(path)
    assert saved.folded and saved.log == game.log
    written, _ = counting_writes(monkeypatch)
    again = GameSession.resume(saved, game.variant, store)
    game.close()
    for _ in range(4):
        again.act(calm_action(again, again.to_move(), rng))
        assert again.save_problem is None
    assert [kind for kind, _, _ in written] == ["line"] * 4
    assert read_file(path).log == again.log


def test_a_reopened_game_counts_its_decisions_without_reading_its_log(tmp_path):
    """The Load screen's count of actions after a game is taken up again: from the talk's marks
    (one a decision), not by reading the whole log at the first save (70 ms at 200,000 entries)."""
    store = SaveStore(tmp_path)
    game = play(store, 50)
    again = GameSession.resume(read_file(store.path(game.slot)), game.variant, store)
    game.close()
    assert again._decided == (len(again.log), 50)  # (counted already: nothing of the log to read)
    assert again.summary()["actions"] == len(game.decisions()) == 50
    again.act(calm_action(again, again.to_move(), random.Random(1)))
    assert again.decision_count() == 51 == len(again.decisions())
